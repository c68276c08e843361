import type { Input } from '../wire/protocol';
import type { PresetName } from '../engine';

/** A situation to restore: the inputs that made it (never derived state) and the editor text. */
export interface SharedState {
  seed: number;
  preset: PresetName;
  nodes?: number;
  inputs: Input[];
  /** simulated ms since the start */
  until: number;
  editorText: string;
  lesson?: string;
  step?: number;
  /** grid cells of the node cards the user moved (only those), by node name */
  placed?: Placement[];
}

/** A node card the user moved: `[node name, column, row]` of the graph's grid. */
export type Placement = [name: string, col: number, row: number];
