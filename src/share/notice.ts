// What the share layer has to tell the user: a link or file that could not be opened (an alert), or
// that a state was restored (a status line).

import { create } from 'zustand'
import type { ShareErrorCode } from './errors'

interface NoticeState {
  error: ShareErrorCode | null
  /** what the page shows instead: the default playground (a link at boot), or what it showed before */
  fallback: 'default' | 'unchanged'
  info: 'link' | 'file' | null
  show(code: ShareErrorCode, fallback?: 'default' | 'unchanged'): void
  showInfo(from: 'link' | 'file'): void
  dismiss(): void
}

export const useShareNotice = create<NoticeState>()((set) => ({
  error: null,
  fallback: 'default',
  info: null,
  show: (error, fallback = 'default') => set({ error, fallback, info: null }),
  showInfo: (info) => set({ info, error: null }),
  dismiss: () => set({ error: null, info: null }),
}))
