// UI state: selection, engine status, language, theme, layout.

import type { StateCreator } from 'zustand';
import type { Kind } from '../engine';
import type { AppState } from './store';
import type { SplitLayout, SplitSizes } from './split';

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
  /**
   * The graph cells of the node cards the user moved (only those), by node name: they keep them when
   * the grid is laid out again, and a share link or a reload brings them back.
   */
  placed: Readonly<Record<string, { col: number; row: number }>>;
  /** the console's height (px) the user chose with the separator, per layout (src/state/split.ts) */
  consoleSizes: SplitSizes;
  /** the graph panel's smallest height with every card's words still readable (null: no limit) */
  graphLegibleHeight: number | null;
  select: (s: Selection | null) => void;
  setTheme: (t: Theme) => void;
  setPresent: (on: boolean) => void;
  setConsoleWrap: (on: boolean) => void;
  /** the user moved a node card to a cell */
  placeNode: (name: string, cell: { col: number; row: number }) => void;
  /** the user moved the separator (null: back to the layout's default) */
  setConsoleSize: (layout: SplitLayout, px: number | null) => void;
  setGraphLegibleHeight: (px: number | null) => void;
}

export const createUISlice: StateCreator<AppState, [], [], UISlice> = (set) => ({
  selection: null,
  engineStatus: 'starting',
  engineMode: null,
  engineNotice: null,
  theme: 'light',
  present: false,
  consoleWrap: true,
  placed: {},
  consoleSizes: {},
  graphLegibleHeight: null,
  select: (selection) => set({ selection }),
  setTheme: (theme) => set({ theme }),
  setPresent: (present) => set({ present }),
  setConsoleWrap: (consoleWrap) => set({ consoleWrap }),
  placeNode: (name, cell) =>
    set((s) => ({ placed: { ...s.placed, [name]: { col: cell.col, row: cell.row } } })),
  setConsoleSize: (layout, px) =>
    set((s) => {
      const next = { ...s.consoleSizes };
      if (px === null) delete next[layout];
      else next[layout] = px;
      return { consoleSizes: next };
    }),
  setGraphLegibleHeight: (graphLegibleHeight) => set({ graphLegibleHeight }),
});
