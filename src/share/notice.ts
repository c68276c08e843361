// What the share layer has to tell the user: a link or file that could not be opened (an alert), that
// a state is being restored, or that it was restored (a status line).

import { create } from 'zustand';
import type { BudgetDetail, ShareErrorCode } from './errors';
import { readSharedState, sharePayload } from './index';

/** A link or file being replayed: until the engine answers, the cluster on screen is not its cluster. */
export interface Restoring {
  from: 'link' | 'file';
  /** how many inputs the state replays (0: the user has done nothing in it yet) */
  inputs: number;
}

interface NoticeState {
  error: ShareErrorCode | null;
  /** what the page shows instead: the default playground (a link at boot), or what it showed before */
  fallback: 'default' | 'unchanged';
  info: 'link' | 'file' | null;
  restoring: Restoring | null;
  /** for `budget`: the input and the limit it goes over */
  budget: BudgetDetail | null;
  show(code: ShareErrorCode, fallback?: 'default' | 'unchanged', budget?: BudgetDetail): void;
  showRestoring(restoring: Restoring): void;
  showInfo(from: 'link' | 'file'): void;
  /** no state is restored after all (the page boots without one) */
  notRestoring(): void;
  dismiss(): void;
}

/**
 * The page's address holds a share link: it is replayed from the first frame on, so the page says so
 * from its first commit (the status line's place is kept, and nothing below it moves when the replay
 * is done, issue 24). A damaged link counts too: its error takes the line's place.
 */
export function restoringAtBoot(hash: string): Restoring | null {
  if (sharePayload(hash) === null) return null;
  try {
    return { from: 'link', inputs: readSharedState(hash)?.inputs.length ?? 0 };
  } catch {
    return { from: 'link', inputs: 0 };
  }
}

export const useShareNotice = create<NoticeState>()((set) => ({
  error: null,
  fallback: 'default',
  info: null,
  restoring: typeof location === 'undefined' ? null : restoringAtBoot(location.hash),
  budget: null,
  show: (error, fallback = 'default', budget) =>
    set({ error, fallback, info: null, restoring: null, budget: budget ?? null }),
  showRestoring: (restoring) => set({ restoring, info: null, error: null }),
  showInfo: (info) => set({ info, error: null, restoring: null }),
  notRestoring: () => set({ restoring: null }),
  dismiss: () => set({ error: null, info: null, restoring: null }),
}));
