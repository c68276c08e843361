// Going back in time by replaying the recorded inputs up to the chosen moment (same engine, same seed,
// same inputs ⇒ same state), and telling when the user forks the timeline from there. Pure.

import type { Input } from '../wire/protocol';

/** The recorded history a rewind left behind, while it can still be returned to. */
export interface Branch {
  /** where we went back to (ms since the start) */
  at: number;
  /** the end of the recorded history before going back (ms since the start) */
  end: number;
  /** every input of the recorded history (the ones after `at` are not replayed) */
  inputs: Input[];
  /** how many of `inputs` were replayed (those at or before `at`) */
  kept: number;
}

/** Inputs that belong to the state at time `t` (ms since the start): everything run at or before it. */
export function inputsUpTo(inputs: readonly Input[], t: number): Input[] {
  return inputs.filter((i) => i.at <= t);
}

/** The branch after going back to `t`, from the current history (or the branch we are already on). */
export function rewind(
  current: { inputs: readonly Input[]; offset: number },
  branch: Branch | null,
  t: number,
): Branch {
  const inputs = branch ? branch.inputs : [...current.inputs];
  const end = Math.max(branch?.end ?? 0, current.offset);
  const at = Math.max(0, Math.min(t, end));
  return { at, end, inputs, kept: inputsUpTo(inputs, at).length };
}

/** Inputs after the rewind point: the ones a fork replaces. */
export function droppedInputs(b: Branch): Input[] {
  return b.inputs.slice(b.kept);
}

/**
 * True once the user continued from the rewind point: time moved past it (play, step) or a new
 * command ran (more inputs than were replayed).
 */
export function hasForked(b: Branch, inputs: readonly Input[], offset: number): boolean {
  return inputs.length > b.kept || offset > b.at;
}

/** The slider's upper bound: the recorded history, including a future we went back from. */
export function sliderMax(branch: Branch | null, offset: number): number {
  return Math.max(offset, branch?.end ?? 0);
}
