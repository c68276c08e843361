// The disruption controller's arithmetic (pkg/controller/disruption/disruption.go):
// getExpectedPodCount (how many pods the budget is about and how many must stay healthy),
// getExpectedScale with the controller finders (the scale of each pod's controller, a Deployment's
// through its ReplicaSet), countHealthyPods and buildDisruptedPodMap.

import { parseTime } from '../../clock';
import { SERVED } from '../../api/discovery';
import type { ObjectStore } from '../../api/objectStore';
import { controllerRef, isPodReady } from '../../api/podutil';
import type { OwnerReference, Pod, PodDisruptionBudget } from '../../api/types';
import { DELETION_TIMEOUT_MS } from '../../api/pdbHelper';

/** intstr.GetScaledValueFromIntOrPercent with roundUp: an int as it is, `N%` of total rounded up. */
export function getScaledValueFromIntOrPercent(v: number | string, total: number): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) throw new Error(`invalid value for IntOrString: invalid type: string is not a percentage`);
  return Math.ceil((Number(m[1]) * total) / 100);
}

interface ControllerAndScale {
  uid: string;
  scale: number;
}

type Finder = (ref: OwnerReference, namespace: string) => ControllerAndScale | undefined;

function group(apiVersion: string | undefined): string {
  const v = apiVersion ?? '';
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : '';
}

/** verifyGroupKind */
function isGroupKind(ref: OwnerReference, kind: string, groups: string[]): boolean {
  return ref.kind === kind && groups.includes(group(ref.apiVersion));
}

/**
 * The finders in upstream's order: ReplicationController (not served), Deployment (through the
 * pod's ReplicaSet), ReplicaSet (one no Deployment controls), StatefulSet (not served), and the
 * scale subresource for any other kind.
 */
function finders(store: ObjectStore): Finder[] {
  const getPodDeployment: Finder = (ref, ns) => {
    if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
    const rs = store.get('ReplicaSet', ns, ref.name);
    if (!rs || rs.metadata.uid !== ref.uid) return undefined;
    const dref = controllerRef(rs);
    if (!dref || !isGroupKind(dref, 'Deployment', ['apps', 'extensions'])) return undefined;
    const d = store.get('Deployment', ns, dref.name);
    if (!d || d.metadata.uid !== dref.uid) return undefined;
    return { uid: d.metadata.uid, scale: d.spec.replicas ?? 0 };
  };
  const getPodReplicaSet: Finder = (ref, ns) => {
    if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
    const rs = store.get('ReplicaSet', ns, ref.name);
    if (!rs || rs.metadata.uid !== ref.uid) return undefined;
    if (controllerRef(rs)?.kind === 'Deployment') return undefined;
    return { uid: rs.metadata.uid, scale: rs.spec.replicas ?? 0 };
  };
  const getScaleController: Finder = (ref, ns) => {
    // Scales.Get through the REST mapping: Deployments and ReplicaSets have the scale subresource;
    // another served kind does not; an unserved kind has no mapping at all.
    const served = SERVED.find((r) => r.kind === ref.kind && r.group === group(ref.apiVersion));
    if (!served) throw new Error(`no matches for kind "${ref.kind}" in version "${ref.apiVersion ?? ''}"`);
    if (!served.subresources.some((s) => s.name === 'scale')) {
      const gr = served.group ? `${served.plural}.${served.group}` : served.plural;
      throw new Error(`${gr} does not implement the scale subresource`);
    }
    const obj = store.get(served.kind, ns, ref.name) as
      { metadata: { uid: string }; spec: { replicas?: number } } | undefined;
    if (!obj || obj.metadata.uid !== ref.uid) return undefined;
    return { uid: obj.metadata.uid, scale: obj.spec.replicas ?? 0 };
  };
  return [getPodDeployment, getPodReplicaSet, getScaleController];
}

/**
 * getExpectedScale: the sum of the scales of the pods' controllers, each counted once; pods without
 * a controller come back as unmanaged. Throws what upstream returns as an error.
 */
export function getExpectedScale(
  store: ObjectStore,
  pods: readonly Pod[],
): { expectedCount: number; unmanagedPods: string[] } {
  const controllerScale = new Map<string, number>();
  const unmanagedPods: string[] = [];
  const fs = finders(store);
  for (const pod of pods) {
    const ref = controllerRef(pod);
    if (!ref) {
      unmanagedPods.push(pod.metadata.name);
      continue;
    }
    if (controllerScale.has(ref.uid)) continue;
    let found = false;
    for (const finder of fs) {
      const cs = finder(ref, pod.metadata.namespace ?? 'default');
      if (cs) {
        controllerScale.set(cs.uid, cs.scale);
        found = true;
        break;
      }
    }
    if (!found) throw new Error(`found no controllers for pod "${pod.metadata.name}"`);
  }
  let expectedCount = 0;
  for (const n of controllerScale.values()) expectedCount += n;
  return { expectedCount, unmanagedPods };
}

/**
 * getExpectedPodCount: with maxUnavailable, the controllers' scale less the budget (at least 0);
 * with an integer minAvailable, the pods selected and that number; with a percentage, the
 * controllers' scale and that share of it, rounded up.
 */
export function getExpectedPodCount(
  store: ObjectStore,
  pdb: PodDisruptionBudget,
  pods: readonly Pod[],
): { expectedCount: number; desiredHealthy: number; unmanagedPods: string[] } {
  const spec = pdb.spec ?? {};
  if (spec.maxUnavailable !== undefined) {
    const { expectedCount, unmanagedPods } = getExpectedScale(store, pods);
    const maxUnavailable = getScaledValueFromIntOrPercent(spec.maxUnavailable, expectedCount);
    return { expectedCount, desiredHealthy: Math.max(0, expectedCount - maxUnavailable), unmanagedPods };
  }
  if (spec.minAvailable !== undefined) {
    if (typeof spec.minAvailable === 'number')
      return { expectedCount: pods.length, desiredHealthy: spec.minAvailable, unmanagedPods: [] };
    const { expectedCount, unmanagedPods } = getExpectedScale(store, pods);
    return {
      expectedCount,
      desiredHealthy: getScaledValueFromIntOrPercent(spec.minAvailable, expectedCount),
      unmanagedPods,
    };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}

/**
 * countHealthyPods: ready pods not being deleted and not recently evicted (an entry in
 * disruptedPods younger than DeletionTimeout).
 */
export function countHealthyPods(
  pods: readonly Pod[],
  disruptedPods: ReadonlyMap<string, string>,
  now: number,
): number {
  let healthy = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const t = parseTime(disruptedPods.get(pod.metadata.name));
    if (t !== undefined && t + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) healthy++;
  }
  return healthy;
}

/**
 * buildDisruptedPodMap: the entries of status.disruptedPods still worth keeping (the pod exists,
 * is not being deleted yet, and its DeletionTimeout has not passed), those that passed (the pod was
 * not deleted after all: a NotDeleted event), and when to look again.
 */
export function buildDisruptedPodMap(
  pods: readonly Pod[],
  pdb: PodDisruptionBudget,
  now: number,
): { disruptedPods: Map<string, string>; notDeleted: Pod[]; recheckTime: number | undefined } {
  const disruptedPods = new Map<string, string>();
  const notDeleted: Pod[] = [];
  let recheckTime: number | undefined;
  const prior = pdb.status?.disruptedPods;
  if (!prior) return { disruptedPods, notDeleted, recheckTime };
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (!Object.hasOwn(prior, pod.metadata.name)) continue;
    const at = prior[pod.metadata.name];
    const expectedDeletion = (parseTime(at) ?? 0) + DELETION_TIMEOUT_MS;
    if (expectedDeletion < now) notDeleted.push(pod);
    else {
      if (recheckTime === undefined || expectedDeletion < recheckTime) recheckTime = expectedDeletion;
      disruptedPods.set(pod.metadata.name, at);
    }
  }
  return { disruptedPods, notDeleted, recheckTime };
}
