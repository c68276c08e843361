// UI state: selection, engine status, language, theme, layout.

import type { StateCreator } from 'zustand';
import type { Kind } from '../engine';
import type { AppState } from './store';

export interface Selection {
  kind: Kind;
  namespace?: string;
  name: string;
}

export type EngineStatus = 'starting' | 'ready' | 'restarting' | 'failed';
export type Theme = 'light' | 'dark';

export interface UISlice {
  selection: Selection | null;
  engineStatus: EngineStatus;
  engineMode: 'worker' | 'main-thread' | null;
  /** a message about the engine the user should see (crash and recovery) */
  engineNotice: string | null;
  theme: Theme;
  /** presentation mode (`?present=1` or the toggle): projector-sized type, console and events collapsed */
  present: boolean;
  /** the console wraps long lines (on), or keeps each table row on one line and scrolls sideways (off) */
  consoleWrap: boolean;
  select: (s: Selection | null) => void;
  setTheme: (t: Theme) => void;
  setPresent: (on: boolean) => void;
  setConsoleWrap: (on: boolean) => void;
}

export const createUISlice: StateCreator<AppState, [], [], UISlice> = (set) => ({
  selection: null,
  engineStatus: 'starting',
  engineMode: null,
  engineNotice: null,
  theme: 'light',
  present: false,
  consoleWrap: true,
  select: (selection) => set({ selection }),
  setTheme: (theme) => set({ theme }),
  setPresent: (present) => set({ present }),
  setConsoleWrap: (consoleWrap) => set({ consoleWrap }),
});
