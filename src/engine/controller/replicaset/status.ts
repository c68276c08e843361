// replica_set_utils.go: calculateStatus and the ReplicaFailure condition.

import { isPodAvailable, isPodReady } from '../../api/podutil';
import { matches, fromLabelSelector } from '../../api/labels';
import type { DeploymentCondition, Pod, ReplicaSet, ReplicaSetStatus } from '../../api/types';

export const REPLICA_FAILURE = 'ReplicaFailure';

/**
 * calculateStatus: replicas (active pods), fullyLabeledReplicas (pods carrying all the template's
 * labels), ready and available (ready for minReadySeconds) counts; the ReplicaFailure condition
 * set while creates or deletes fail, removed once they succeed.
 */
export function calculateStatus(
  rs: ReplicaSet,
  filteredPods: readonly Pod[],
  manageError: { error: Error; creating: boolean } | undefined,
  now: number,
  iso: string,
): ReplicaSetStatus {
  const templateLabels = fromLabelSelector({ matchLabels: rs.spec.template.metadata?.labels ?? {} })!;
  let fullyLabeled = 0;
  let ready = 0;
  let available = 0;
  const minReady = rs.spec.minReadySeconds ?? 0;
  for (let i = 0; i < filteredPods.length; i++) {
    const p = filteredPods[i];
    if (matches(templateLabels, p.metadata.labels)) fullyLabeled++;
    if (isPodReady(p)) {
      ready++;
      if (isPodAvailable(p, minReady, now)) available++;
    }
  }
  const status: ReplicaSetStatus = {
    replicas: filteredPods.length,
    fullyLabeledReplicas: fullyLabeled,
    readyReplicas: ready,
    availableReplicas: available,
    observedGeneration: rs.metadata.generation,
  };
  let conditions = (rs.status?.conditions ?? []).filter((c) => c.type !== REPLICA_FAILURE);
  const failure = rs.status?.conditions?.find((c) => c.type === REPLICA_FAILURE);
  if (manageError && !failure) {
    const reason = manageError.creating ? 'FailedCreate' : 'FailedDelete';
    const cond: DeploymentCondition = {
      type: REPLICA_FAILURE,
      status: 'True',
      lastTransitionTime: iso,
      reason,
      message: manageError.error.message,
    };
    conditions = [...conditions, cond];
  } else if (manageError && failure) {
    conditions = rs.status.conditions!;
  }
  if (conditions.length) status.conditions = conditions;
  return status;
}

/** The ReplicaSet's status fields in the order the API server serialises them, zero counts left out. */
export function trimStatus(s: ReplicaSetStatus): ReplicaSetStatus {
  const out: ReplicaSetStatus = { replicas: s.replicas };
  if (s.fullyLabeledReplicas) out.fullyLabeledReplicas = s.fullyLabeledReplicas;
  if (s.readyReplicas) out.readyReplicas = s.readyReplicas;
  if (s.availableReplicas) out.availableReplicas = s.availableReplicas;
  if (s.observedGeneration) out.observedGeneration = s.observedGeneration;
  if (s.conditions?.length) out.conditions = s.conditions;
  return out;
}
