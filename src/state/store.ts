// The one zustand store, made of slices (zustand's slices pattern).

import { create } from 'zustand';
import { createClusterSlice, type ClusterSlice } from './clusterSlice';
import { createConsoleSlice, type ConsoleSlice } from './consoleSlice';
import { createEditorSlice, type EditorSlice } from './editorSlice';
import { createUISlice, type UISlice } from './uiSlice';

export type AppState = ClusterSlice & EditorSlice & ConsoleSlice & UISlice;

export const useStore = create<AppState>()((...a) => ({
  ...createClusterSlice(...a),
  ...createEditorSlice(...a),
  ...createConsoleSlice(...a),
  ...createUISlice(...a),
}));
