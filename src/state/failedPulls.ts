// The images the kubelets could not pull, read from the cluster's Events — the kubelet's `Failed`
// event, `Failed to pull image "X": …` (pkg/kubelet/images/image_manager.go), what `kubectl get events`
// shows — so a DaemonSet revision whose image did not pull is still marked on its card after
// `rollout undo` removed its pods (issue 22 item 4: "the bad revision marked"). Kept while the events
// are (their time to live), as on a real cluster. Pure.

import type { KEvent } from '../engine';

const PULL_FAILED = /^Failed to pull image "([^"]+)"/;

/** `namespace/image` for every image a Failed event says did not pull, sorted, each once. */
export function failedPulls(events: Readonly<Record<string, KEvent>>): string[] {
  const out = new Set<string>();
  for (const k of Object.keys(events)) {
    const e = events[k];
    if (e.reason !== 'Failed' || e.involvedObject?.kind !== 'Pod') continue;
    const m = PULL_FAILED.exec(e.message ?? '');
    if (m) out.add(`${e.metadata.namespace ?? 'default'}/${m[1]}`);
  }
  return [...out].sort();
}

/** The same list while the events say the same (a new array only when an image was added or went). */
export function createFailedPulls() {
  let lastEvents: unknown;
  let last: readonly string[] = [];
  return (events: Readonly<Record<string, KEvent>>): readonly string[] => {
    if (events === lastEvents) return last;
    lastEvents = events;
    const next = failedPulls(events);
    if (next.length !== last.length || next.some((x, i) => x !== last[i])) last = next;
    return last;
  };
}
