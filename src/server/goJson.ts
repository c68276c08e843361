// JSON as a Go client encodes a map. `kubectl rollout undo` compares the bytes of a
// ControllerRevision's data with a patch it makes from the live DaemonSet (decoded into Go structs,
// encoded again, keys sorted): the server sends revision data in that same form, so the comparison
// holds when the templates are equal and client and controller encode them alike (both ≥ 1.34, or
// both < 1.34: a 1.33 kubectl still writes the template's `creationTimestamp: null`).

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
