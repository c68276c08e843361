// kubectl apply's bookkeeping: the last-applied-configuration annotation
// (pkg/util/apply.go GetModifiedConfiguration) and a three-way merge of last-applied (original),
// the manifest (modified) and the live object, with strategic-merge list keys for the fields a
// DaemonSet or Pod template uses (k8s.io/api patchMergeKey tags).

import { canonicalJSON, clone } from '../../api/objects';
import { hasOwn, ownGet, ownSet } from '../../api/own';
import type { KObject } from '../../api/types';

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * The annotation value kubectl stores: the object as read from the manifest, its own last-applied
 * annotation removed (leaving `"annotations":{}` if there were no others), encoded as compact JSON
 * with sorted keys and a trailing newline.
 */
export function lastAppliedConfiguration(obj: KObject): string {
  const o = clone(obj);
  const annotations = { ...o.metadata?.annotations };
  delete annotations[LAST_APPLIED_ANNOTATION];
  o.metadata = { ...o.metadata, annotations };
  return `${canonicalJSON(o)}\n`;
}

/** patchMergeKey of list fields (by field name). Lists not named here are replaced whole. */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
  ownerReferences: 'uid',
  hostAliases: 'ip',
};

type Json = unknown;

/** The patchMergeKey of a list field, or undefined when the list is replaced whole. */
export function mergeKeyOf(field: string): string | undefined {
  return ownGet(MERGE_KEYS, field);
}

function isMap(v: Json): v is Record<string, Json> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function mergeList(orig: Json, mod: Json[], live: Json[], key: string): Json[] {
  const keyOf = (x: Json) => JSON.stringify(isMap(x) ? x[key] : x);
  const liveBy = new Map(live.map((x) => [keyOf(x), x]));
  const origList = Array.isArray(orig) ? orig : [];
  const origBy = new Map(origList.map((x) => [keyOf(x), x]));
  const modKeys = new Set(mod.map(keyOf));
  const out: Json[] = mod.map((m) => {
    const k = keyOf(m);
    return liveBy.has(k) ? merge(origBy.get(k), m, liveBy.get(k), '') : clone(m);
  });
  // Items only the server (or another client) added stay; items removed from the manifest go.
  for (const l of live) {
    const k = keyOf(l);
    if (!modKeys.has(k) && !origBy.has(k)) out.push(l);
  }
  return out;
}

/**
 * Three-way merge: fields in `modified` win; fields present in `original` but gone from `modified`
 * are deleted from `live`; everything else in `live` (server defaults, other writers) is kept.
 */
export function merge(original: Json, modified: Json, live: Json, field = ''): Json {
  if (isMap(modified) && isMap(live)) {
    const out: Record<string, Json> = { ...live };
    if (isMap(original)) {
      for (const k of Object.keys(original)) if (!hasOwn(modified, k)) delete out[k];
    }
    for (const [k, v] of Object.entries(modified)) {
      if (v === null) {
        delete out[k];
        continue;
      }
      ownSet(out, k, merge(isMap(original) ? ownGet(original, k) : undefined, v, ownGet(live, k), k));
    }
    return out;
  }
  const key = ownGet(MERGE_KEYS, field);
  if (key && Array.isArray(modified) && Array.isArray(live) && [...modified, ...live].every(isMap)) {
    return mergeList(original, modified, live, key);
  }
  return clone(modified);
}
