/** A diagnostic shown in the editor: 1-based lines and columns, end column exclusive (Monaco's convention). */
export type EditorMarker = {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  severity: 'error' | 'warning';
};

/** A range in the editor's text: 1-based lines and columns, end column exclusive. */
export type TextRange = { line: number; column: number; endLine: number; endColumn: number };

/** Monaco marker owner of the markers that come from the engine (the simulated API server's validation). */
export const ENGINE_MARKER_OWNER = 'engine';
