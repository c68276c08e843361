// ValidatePodUpdate (pkg/apis/core/validation): what an update of a pod may change in its spec.
// Only the containers' and init containers' images, activeDeadlineSeconds (set, or lowered),
// added tolerations (and the tolerationSeconds of existing ones) and terminationGracePeriodSeconds
// from a negative value to 1; anything else is refused with the list of those fields and the diff
// of the specs after the allowed changes were taken back (podSpecDiff.ts).

import type { FieldError } from './errors';
import { deepEqual } from './objects';
import { podSpecDiff } from './podSpecDiff';
import type { Container, Pod, PodSpec, Toleration } from './types';
import { qosClass } from './qos';

const MAX_INT32 = 2147483647;

/** updatablePodSpecFieldsNoResources, joined with `,` as the message joins them. */
export const UPDATABLE_POD_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
].join(',');

/** validateOnlyAddedTolerations: every old toleration still there, its tolerationSeconds aside. */
function onlyAddedTolerations(next: Toleration[] = [], prev: Toleration[] = []): FieldError[] {
  for (const old of prev) {
    const found = next.some((t) => deepEqual({ ...old, tolerationSeconds: t.tolerationSeconds }, t));
    if (!found)
      return [
        {
          field: 'spec.tolerations',
          type: 'Forbidden',
          detail: 'existing toleration can not be modified except its tolerationSeconds',
        },
      ];
  }
  return [];
}

/** The errors of an update from `old` to `pod` that only ValidatePodUpdate finds. */
export function validatePodUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs: FieldError[] = [];
  const spec = pod.spec;
  const prev = old.spec;
  if ((spec.containers ?? []).length !== (prev.containers ?? []).length) {
    errs.push({
      field: 'spec.containers',
      type: 'Forbidden',
      detail: 'pod updates may not add or remove containers',
    });
    return errs;
  }
  if ((spec.initContainers ?? []).length !== (prev.initContainers ?? []).length) {
    errs.push({
      field: 'spec.initContainers',
      type: 'Forbidden',
      detail: 'pod updates may not add or remove containers',
    });
    return errs;
  }
  const ads = spec.activeDeadlineSeconds;
  if (ads !== undefined && ads !== null) {
    if (ads < 0 || ads > MAX_INT32) {
      errs.push({
        field: 'spec.activeDeadlineSeconds',
        type: 'Invalid value',
        value: ads,
        detail: `must be between 0 and ${MAX_INT32}, inclusive`,
      });
      return errs;
    }
    if (prev.activeDeadlineSeconds !== undefined && prev.activeDeadlineSeconds < ads) {
      errs.push({
        field: 'spec.activeDeadlineSeconds',
        type: 'Invalid value',
        value: ads,
        detail: 'must be less than or equal to previous value',
      });
      return errs;
    }
  } else if (prev.activeDeadlineSeconds !== undefined) {
    errs.push({
      field: 'spec.activeDeadlineSeconds',
      type: 'Invalid value',
      value: null,
      detail: 'must not update from a positive integer to nil value',
    });
  }
  errs.push(...onlyAddedTolerations(spec.tolerations, prev.tolerations));
  if (deepEqual(spec, prev)) return errs;
  if (qosClass(old) !== qosClass(pod))
    errs.push({
      field: 'metadata',
      type: 'Invalid value',
      value: old.status?.qosClass ?? qosClass(old),
      detail: 'Pod QOS is immutable',
    });
  // take the allowed changes back, then anything left is a change that is not allowed
  const munged: PodSpec = { ...spec };
  const images = (cs: Container[] | undefined, olds: Container[] | undefined) =>
    cs?.map((c, i) => ({ ...c, image: olds![i].image }));
  munged.containers = images(spec.containers, prev.containers)!;
  if (spec.initContainers) munged.initContainers = images(spec.initContainers, prev.initContainers);
  if (prev.activeDeadlineSeconds !== undefined) munged.activeDeadlineSeconds = prev.activeDeadlineSeconds;
  else delete munged.activeDeadlineSeconds;
  if (prev.tolerations !== undefined) munged.tolerations = prev.tolerations;
  else delete munged.tolerations;
  const oldGrace = prev.terminationGracePeriodSeconds;
  if (oldGrace !== undefined && oldGrace < 0 && munged.terminationGracePeriodSeconds === 1)
    munged.terminationGracePeriodSeconds = oldGrace;
  if (!deepEqual(munged, prev)) {
    errs.push({
      field: 'spec',
      type: 'Forbidden',
      detail: `pod updates may not change fields other than ${UPDATABLE_POD_SPEC_FIELDS}\n${podSpecDiff(prev, munged)}`,
    });
  }
  return errs;
}
