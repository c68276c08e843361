// What the share layer has to tell the user: a link or file that could not be opened (an alert), or
// that a state was restored (a status line).

import { create } from 'zustand';
import type { BudgetDetail, ShareErrorCode } from './errors';

interface NoticeState {
  error: ShareErrorCode | null;
  /** what the page shows instead: the default playground (a link at boot), or what it showed before */
  fallback: 'default' | 'unchanged';
  info: 'link' | 'file' | null;
  /** for `budget`: the input and the limit it goes over */
  budget: BudgetDetail | null;
  show(code: ShareErrorCode, fallback?: 'default' | 'unchanged', budget?: BudgetDetail): void;
  showInfo(from: 'link' | 'file'): void;
  dismiss(): void;
}

export const useShareNotice = create<NoticeState>()((set) => ({
  error: null,
  fallback: 'default',
  info: null,
  budget: null,
  show: (error, fallback = 'default', budget) => set({ error, fallback, info: null, budget: budget ?? null }),
  showInfo: (info) => set({ info, error: null }),
  dismiss: () => set({ error: null, info: null }),
}));
