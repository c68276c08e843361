// What the page tells the learner about the course platform (issue 25): reporting to it, none found
// (nothing is reported), part of the session left out of the saved progress, or an error from it.

import { create } from 'zustand';

export type LmsNoticeKind =
  'reporting' | 'none' | 'trimmedEditor' | 'trimmedCommands' | 'trimmedProgress' | 'badResume' | 'error';

export interface LmsNoticeState {
  /** the standard in force (`scorm12`…), null when the page was not launched by a platform */
  standard: string | null;
  kind: LmsNoticeKind | null;
  /** the platform's or the reader's words, for `error` and `badResume` */
  detail: string;
  dismissed: boolean;
}

export const useLmsNotice = create<LmsNoticeState>(() => ({
  standard: null,
  kind: null,
  detail: '',
  dismissed: false,
}));

export function showLmsNotice(kind: LmsNoticeKind, detail = ''): void {
  const cur = useLmsNotice.getState();
  if (cur.kind === kind && cur.detail === detail) return;
  useLmsNotice.setState({ kind, detail, dismissed: false });
}

export function dismissLmsNotice(): void {
  useLmsNotice.setState({ dismissed: true });
}
