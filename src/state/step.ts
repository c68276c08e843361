// The lesson step the page is at, shared by the lesson UI, share links and the embed bridge.
// The lesson UI calls reportStep(n) when the learner moves; the bridge tells the parent page. When the
// parent asks for a step ({type: 'step', step}), listeners see it with by = 'parent' and the lesson UI
// (when there is one) goes there.

export type StepSource = 'page' | 'parent' | 'link' | 'url';
type Listener = (step: number, by: StepSource) => void;

let current: number | undefined;
const listeners = new Set<Listener>();

/** Records the step the page is at and tells the listeners (the bridge sends a `step` message). */
export function reportStep(step: number, by: StepSource = 'page'): void {
  if (!Number.isInteger(step) || step < 0) return;
  current = step;
  for (const l of listeners) l(step, by);
}

export function currentStep(): number | undefined {
  return current;
}

export function onStep(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** For tests. */
export function resetStepForTest(): void {
  current = undefined;
  listeners.clear();
}
