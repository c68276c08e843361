// JSON as a Go client re-encodes it. `kubectl rollout undo` compares the bytes of a
// ControllerRevision's data with a patch it makes from the live DaemonSet (decoded into Go structs,
// encoded again, keys sorted): the server sends revision data in that same form, so the comparison
// holds exactly when the templates are equal.

/** Go's json.Marshal of a map: keys sorted at every level, <, > and & escaped. */
export function goSortedJSON(v: unknown): string {
  const s = JSON.stringify(sortKeys(v));
  return s.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
  return out;
}

/**
 * What a round trip through the Go types adds to a pod template: fields that are structs, not
 * pointers, are always encoded (metadata.creationTimestamp as null, each container's resources).
 */
export function goPodTemplate(t: Record<string, unknown>): Record<string, unknown> {
  const md = { creationTimestamp: null, ...(t.metadata as Record<string, unknown> | undefined) };
  const spec = { ...(t.spec as Record<string, unknown> | undefined) };
  for (const list of ['initContainers', 'containers', 'ephemeralContainers']) {
    const cs = spec[list];
    if (Array.isArray(cs)) spec[list] = cs.map((c: Record<string, unknown>) => ({ resources: {}, ...c }));
  }
  return { ...t, metadata: md, spec };
}
