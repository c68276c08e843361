// Ephemeral containers on the API server's side (pkg/registry/core/pod/strategy.go
// podEphemeralContainersStrategy, pkg/apis/core/validation validateEphemeralContainers and
// ValidatePodEphemeralContainersUpdate): a pod gets them only through its `ephemeralcontainers`
// subresource, which takes nothing else from the request; once added they can be neither changed nor
// removed; their names are unique among all the pod's containers; and a debugging container may not
// claim what the pod's own containers rely on (ports, probes, resources, lifecycle hooks).

import type { FieldError } from './errors';
import { canonicalJSON } from './objects';
import type { EphemeralContainer, Pod } from './types';

/**
 * EphemeralContainerCommon's fields that validateFieldAllowList refuses, in the Go struct's order
 * (the order of the errors), by their JSON names (the Go name with its first letter lowered).
 */
const NOT_ALLOWED = [
  'ports',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
] as const;

/** Whether a field holds its Go zero value (an absent or empty struct, list or string). */
function isZero(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === false || v === 0) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.values(v as object).every(isZero);
  return false;
}

/**
 * validateEphemeralContainers' own checks (the container fields themselves are checked by the
 * caller as for any container): a name unique across containers, init containers and the ephemeral
 * containers before it; a target that is one of the pod's (non-ephemeral) containers; none of the
 * fields of NOT_ALLOWED; no subPath mounts.
 */
export function validateEphemeralContainers(pod: Pod, errs: FieldError[]): void {
  const ecs = pod.spec.ephemeralContainers ?? [];
  if (ecs.length === 0) return;
  const others = new Set<string>();
  for (const c of pod.spec.containers ?? []) others.add(c.name);
  for (const c of pod.spec.initContainers ?? []) others.add(c.name);
  const all = new Set(others);
  ecs.forEach((ec, i) => {
    const p = `spec.ephemeralContainers[${i}]`;
    if (!ec || typeof ec !== 'object') return;
    if (typeof ec.name === 'string' && ec.name !== '') {
      if (all.has(ec.name)) errs.push({ field: `${p}.name`, type: 'Duplicate value', value: ec.name });
      else all.add(ec.name);
    }
    const target = ec.targetContainerName;
    if (target && !others.has(target))
      errs.push({ field: `${p}.targetContainerName`, type: 'Not found', value: target });
    for (const f of NOT_ALLOWED) {
      if (!isZero(ec[f]))
        errs.push({
          field: `${p}.${f}`,
          type: 'Forbidden',
          detail: 'cannot be set for an Ephemeral Container',
        });
    }
    (ec.volumeMounts ?? []).forEach((m, j) => {
      for (const f of ['subPath', 'subPathExpr'] as const) {
        if ((m as unknown as Record<string, unknown>)[f])
          errs.push({
            field: `${p}.volumeMounts[${j}].${f}`,
            type: 'Forbidden',
            detail: 'cannot be set for an Ephemeral Container',
          });
      }
    });
  });
}

/**
 * ValidatePodEphemeralContainersUpdate, part 2: every ephemeral container of the old pod is still
 * there and unchanged (looked up by name: a patch need not keep the order). The message ends with a
 * newline, as upstream's does; where upstream appends go-cmp's diff of the internal structs, this
 * lists the changed fields as `-field: old` / `+field: new` lines of their JSON.
 */
export function validateEphemeralContainersUpdate(pod: Pod, old: Pod): FieldError[] {
  const errs: FieldError[] = [];
  const byName = new Map<string, EphemeralContainer>();
  for (const ec of pod.spec.ephemeralContainers ?? []) {
    if (ec && typeof ec === 'object') byName.set(ec.name, ec);
  }
  const path = 'spec.ephemeralContainers';
  for (const prev of old.spec.ephemeralContainers ?? []) {
    const now = byName.get(prev.name);
    if (now === undefined) {
      errs.push({
        field: path,
        type: 'Forbidden',
        detail: `existing ephemeral containers ${JSON.stringify(prev.name)} may not be removed\n`,
      });
    } else if (canonicalJSON(prev) !== canonicalJSON(now)) {
      errs.push({
        field: `${path}[${prev.name}]`,
        type: 'Forbidden',
        detail: `existing ephemeral containers ${JSON.stringify(prev.name)} may not be changed\n${fieldDiff(prev, now)}`,
      });
    }
  }
  return errs;
}

function fieldDiff(a: EphemeralContainer, b: EphemeralContainer): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const lines: string[] = [];
  for (const k of keys) {
    const x = a[k] === undefined ? undefined : canonicalJSON(a[k]);
    const y = b[k] === undefined ? undefined : canonicalJSON(b[k]);
    if (x === y) continue;
    if (x !== undefined) lines.push(`-\t${k}: ${x}`);
    if (y !== undefined) lines.push(`+\t${k}: ${y}`);
  }
  return lines.join('\n');
}

/** ValidatePodCreate: a pod is created without ephemeral containers. */
export function validateNoEphemeralOnCreate(pod: Pod, errs: FieldError[]): void {
  const ecs = pod.spec?.ephemeralContainers;
  if (Array.isArray(ecs) && ecs.length > 0)
    errs.push({ field: 'spec.ephemeralContainers', type: 'Forbidden', detail: 'cannot be set on create' });
}
