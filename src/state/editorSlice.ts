// The manifest being edited, its markers and what was last applied.

import type { StateCreator } from 'zustand';
import type { EditorMarker } from './editorMarkers';
import type { LiveChanges } from './liveDrift';
import type { AppState } from './store';

export interface EditorSlice {
  editorText: string;
  /** the text of the last successful apply (dirty = editorText differs) */
  appliedText: string | null;
  /** the commands that changed the applied objects since (liveDrift.ts) */
  liveChanges: LiveChanges | null;
  markers: EditorMarker[];
  /** a readable summary of the last apply's errors, or null */
  applyError: string | null;
  setEditorText: (t: string) => void;
}

export const createEditorSlice: StateCreator<AppState, [], [], EditorSlice> = (set) => ({
  editorText: '',
  appliedText: null,
  liveChanges: null,
  markers: [],
  applyError: null,
  setEditorText: (t) => set({ editorText: t, markers: [] }),
});
