// The images the kubelets could not pull, read from the cluster's Events — the kubelet's `Failed`
// event, `Failed to pull image "X": …` (pkg/kubelet/images/image_manager.go), what `kubectl get events`
// shows — so a DaemonSet revision whose image did not pull is still marked on its card after
// `rollout undo` removed its pods (issue 22 item 4: "the bad revision marked"). Kept while the events
// are (their time to live), as on a real cluster. Pure.

import type { KEvent } from '../engine';

const PULL_FAILED = /^Failed to pull image "([^"]+)"/;

/** `namespace/image` for every image a Failed event says did not pull, sorted, each once. */
export function failedPulls(events: Iterable<KEvent>): string[] {
  const out = new Set<string>();
  for (const e of events) {
    if (e.reason !== 'Failed' || e.involvedObject?.kind !== 'Pod') continue;
    const m = PULL_FAILED.exec(e.message ?? '');
    if (m) out.add(`${e.metadata.namespace ?? 'default'}/${m[1]}`);
  }
  return [...out].sort();
}

/**
 * The same list while the events say the same (a new array only when an image was added or went). The
 * events are read only when their holder or its version moved (`eventsVersion` with the mirror's own Map:
 * no record of every Event is made, and a publish that changed no Event costs nothing).
 */
export function createFailedPulls() {
  let lastHolder: unknown;
  let lastVersion = -1;
  let last: readonly string[] = [];
  return (holder: object, version: number, events: () => Iterable<KEvent>): readonly string[] => {
    if (holder === lastHolder && version === lastVersion) return last;
    lastHolder = holder;
    lastVersion = version;
    const next = failedPulls(events());
    if (next.length !== last.length || next.some((x, i) => x !== last[i])) last = next;
    return last;
  };
}
