// One shape for a pod's metadata before and during its graceful deletion.
//
// A pod's metadata gains deletionTimestamp and deletionGracePeriodSeconds when it is deleted
// gracefully. Added then, they made a second hidden class in V8 for every deleting pod, and the
// transition from the first one threw out the code compiled for it: in the mixed case's rollout
// (3,000 of a Deployment's pods replaced) most of the ~115 TurboFan compiles were re-compiles of
// functions reading `pod.metadata` (the informers, the kubelet, the scheduler's counts, the list
// order). A pod's metadata now has both fields as its own properties from its create, `undefined`
// until it is deleted, which every reader takes as absent (`?.`, `??`, truthiness, deepEqual, the
// encoders, kubectl's printers); the graceful delete then sets them without changing the shape.

import type { ObjectMeta } from './types';

/**
 * Clears the deletion fields of `md` (an unfrozen copy being written). A Pod's keep their places as
 * own properties holding `undefined` (appended when absent: a `delete` of a property before the
 * last would turn the object into a dictionary); other kinds' are removed.
 */
export function clearDeletion(kind: string, md: ObjectMeta): void {
  if (kind === 'Pod') {
    md.deletionTimestamp = undefined;
    md.deletionGracePeriodSeconds = undefined;
  } else {
    delete md.deletionTimestamp;
    delete md.deletionGracePeriodSeconds;
  }
}

/**
 * `md[key] = value`, unless `md` has that value there already. V8 takes a field only ever given its
 * first value as constant and compiles its readers on that; storing into it again (even the value
 * it holds) marks the field mutable in every object sharing the hidden class's ancestry (all metadata
 * starting with the same key) and throws out the code compiled on it. An update's metadata copy
 * has the stored object's server-owned fields already, as a rule.
 */
export function keepField<K extends keyof ObjectMeta>(md: ObjectMeta, key: K, value: ObjectMeta[K]): void {
  if (md[key] !== value || !Object.hasOwn(md, key)) md[key] = value;
}
