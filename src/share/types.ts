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
}
