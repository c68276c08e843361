// The kubectl console: its scrollback and input history.

import type { StateCreator } from 'zustand';
import type { AppState } from './store';

export interface ConsoleLine {
  id: number;
  kind: 'command' | 'stdout' | 'stderr' | 'info';
  text: string;
}

export interface ConsoleSlice {
  lines: ConsoleLine[];
  history: string[];
  busy: boolean;
  appendLine: (kind: ConsoleLine['kind'], text: string) => void;
  clearConsole: () => void;
}

const MAX_LINES = 5000;
let nextLineId = 1;

export const createConsoleSlice: StateCreator<AppState, [], [], ConsoleSlice> = (set) => ({
  lines: [],
  history: [],
  busy: false,
  appendLine: (kind, text) =>
    set((s) => {
      // Output arrives in chunks; a chunk continues the previous line of the same stream.
      const lines = s.lines.slice();
      const last = lines[lines.length - 1];
      if (last && last.kind === kind && kind !== 'command' && !last.text.endsWith('\n')) {
        lines[lines.length - 1] = { ...last, text: last.text + text };
      } else {
        lines.push({ id: nextLineId++, kind, text });
      }
      return { lines: lines.length > MAX_LINES ? lines.slice(-MAX_LINES) : lines };
    }),
  clearConsole: () => set({ lines: [] }),
});
