// One shape for every pod metadata the API server stores (v1.ObjectMeta), made in one place.
//
// A stored pod's metadata was the create input's keys in their order, then the server's fields
// appended, and every later write copied it and stored into it: the binding and the status writes a
// new resourceVersion, the graceful delete deletionTimestamp and deletionGracePeriodSeconds. A store
// into a field an object was made with (a spread's copy holds the old value) is, for V8, a second
// store: the field is no longer constant, in every object of that hidden class, and the code compiled
// on it is thrown out. In the mixed case's rollout the first graceful delete did that to some dozen
// functions reading `pod.metadata` (the informers, the kubelet, the scheduler, the store's create).
// Here a pod's metadata is written out as one literal with ObjectMeta's fields in the Go struct's
// order, each given its value as the object is made (absent ones `undefined`, which every reader,
// deepEqual, the encoders and kubectl's printers take as absent), then any other field of the input:
// one hidden class, and no field stored twice.
//
// The workloads' metadata too (METADATA_LAID_OUT): the event recorder, the store's writes, its list
// order and the garbage collector read `obj.metadata` of pods, DaemonSets, Deployments and
// ReplicaSets alike. Each kind's metadata was its own hidden class, and the Deployment's two more
// after its update (the edited manifest's keys with `generation` stored in by prepareForUpdate, then
// the revision annotation): past V8's four maps per read those reads went megamorphic in the
// rollout, and the code compiled on four was thrown out. Laid out alike, the four kinds share one.

import type { ObjectMeta } from './types';
import { ownSet } from './own';

/** v1.ObjectMeta's fields in the Go struct's order (the API server's JSON encoder's, encode.ts). */
export const OBJECT_META_FIELDS: readonly string[] = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** The fields `podMetadata` lays out, in that order (selfLink, no longer set by the API server, left out). */
export const POD_METADATA_FIELDS: readonly string[] = OBJECT_META_FIELDS.filter((k) => k !== 'selfLink');

const KNOWN = new Set<string>(POD_METADATA_FIELDS);

/** The kinds whose stored metadata `podMetadata` lays out (on the create and every commit). */
export const METADATA_LAID_OUT: ReadonlySet<string> = new Set([
  'Pod',
  'DaemonSet',
  'Deployment',
  'ReplicaSet',
]);

/**
 * `{ ...md, resourceVersion, deletionTimestamp, deletionGracePeriodSeconds }` with every field of
 * POD_METADATA_FIELDS its own property in that order, undefined when `md` has none, then any other
 * own field of `md` in its own order. The three server-set fields are given, not defaulted: a
 * create clears the deletion fields, a graceful delete sets them, other writes pass `md`'s.
 */
export function podMetadata(
  md: ObjectMeta,
  resourceVersion: string,
  deletionTimestamp: string | undefined,
  deletionGracePeriodSeconds: number | undefined,
): ObjectMeta {
  const out: Record<string, unknown> = {
    name: md.name,
    generateName: md.generateName,
    namespace: md.namespace,
    uid: md.uid,
    resourceVersion,
    generation: md.generation,
    creationTimestamp: md.creationTimestamp,
    deletionTimestamp,
    deletionGracePeriodSeconds,
    labels: md.labels,
    annotations: md.annotations,
    ownerReferences: md.ownerReferences,
    finalizers: md.finalizers,
    managedFields: md.managedFields,
  };
  const extra = md as unknown as Record<string, unknown>;
  for (const k in extra) {
    if (!KNOWN.has(k) && Object.prototype.hasOwnProperty.call(extra, k) && extra[k] !== undefined)
      ownSet(out, k, extra[k]);
  }
  return out as unknown as ObjectMeta;
}
