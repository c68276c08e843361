// Asking the engine again while what was asked about keeps changing (the Why panel during a rollout:
// a DaemonSet's status changes with every batch). A change asks at most once per `delayMs` — the first
// change starts the wait and later ones ride on it, so a stream of changes still asks — and an answer
// is shown only if no newer one has been (answers may arrive out of order). The plain alternative, a
// debounce that drops the answer in flight when anything changes, never shows an answer while the
// changes come faster than the wait plus the engine's round trip.

export interface LatestAnswer<Q> {
  /** What is asked about changed: ask about `query` (the newest one when the wait ends). */
  changed(query: Q): void;
  /** No more asking, no answer shown after this. */
  stop(): void;
}

export function latestAnswer<Q, A>(
  delayMs: number,
  ask: (query: Q) => Promise<A>,
  show: (query: Q, answer: { value: A } | { error: Error }) => void,
): LatestAnswer<Q> {
  let wanted: Q | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let asked = 0;
  let shown = 0;
  let stopped = false;
  const fire = () => {
    timer = null;
    if (stopped) return;
    const query = wanted as Q;
    const n = ++asked;
    const answer = (a: { value: A } | { error: Error }) => {
      if (stopped || n <= shown) return;
      shown = n;
      show(query, a);
    };
    ask(query).then(
      (value) => answer({ value }),
      (error: Error) => answer({ error }),
    );
  };
  return {
    changed(query) {
      wanted = query;
      if (timer === null && !stopped) timer = setTimeout(fire, delayMs);
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
