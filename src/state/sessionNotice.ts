// What the page says about the session saved in this browser: restored after a reload (with "start
// fresh"), or could not be restored.

import { create } from 'zustand';

interface SessionNoticeState {
  restored: { commands: number; until: number } | null;
  failed: string | null;
  showRestored(commands: number, until: number): void;
  showFailed(reason: string): void;
  dismiss(): void;
}

export const useSessionNotice = create<SessionNoticeState>()((set) => ({
  restored: null,
  failed: null,
  showRestored: (commands, until) => set({ restored: { commands, until }, failed: null }),
  showFailed: (failed) => set({ failed, restored: null }),
  dismiss: () => set({ restored: null, failed: null }),
}));
