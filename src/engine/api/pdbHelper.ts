// The PodDisruptionBudget helpers both the disruption controller and the eviction API use
// (k8s.io/component-helpers/apps/poddisruptionbudget/helpers.go, the pdb lister's
// GetPodPodDisruptionBudgets, apimachinery meta.SetStatusCondition).

import { fromLabelSelector, isEmptyLabelSelector, matches } from './labels';
import type { ObjectStore } from './objectStore';
import type { MetaCondition, Pod, PodDisruptionBudget, PodDisruptionBudgetStatus } from './types';

export const DISRUPTION_ALLOWED_CONDITION = 'DisruptionAllowed';
export const SUFFICIENT_PODS_REASON = 'SufficientPods';
export const INSUFFICIENT_PODS_REASON = 'InsufficientPods';
export const SYNC_FAILED_REASON = 'SyncFailed';

/**
 * DeletionTimeout: how long an eviction's entry in status.disruptedPods keeps the pod out of the
 * healthy count while the controller waits to see it deleted (2 minutes upstream).
 */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * meta.SetStatusCondition: adds the condition, or updates it in place; lastTransitionTime moves only
 * when the status changes. Returns a new list.
 */
export function setStatusCondition(
  conditions: readonly MetaCondition[] | undefined,
  c: Omit<MetaCondition, 'lastTransitionTime'>,
  iso: string,
): MetaCondition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((x) => x.type === c.type);
  if (i < 0) {
    list.push(ordered({ ...c, lastTransitionTime: iso }));
    return list;
  }
  const old = list[i];
  list[i] = ordered({
    ...c,
    lastTransitionTime: old.status !== c.status ? iso : old.lastTransitionTime,
  });
  return list;
}

/** metav1.Condition's fields in the API's order (observedGeneration left out when 0). */
function ordered(c: MetaCondition): MetaCondition {
  return {
    type: c.type,
    status: c.status,
    ...(c.observedGeneration ? { observedGeneration: c.observedGeneration } : {}),
    lastTransitionTime: c.lastTransitionTime,
    reason: c.reason,
    message: c.message,
  };
}

/**
 * UpdateDisruptionAllowedCondition: DisruptionAllowed True (SufficientPods) while disruptions are
 * allowed, False (InsufficientPods) otherwise.
 */
export function updateDisruptionAllowedCondition(
  status: PodDisruptionBudgetStatus,
  iso: string,
): PodDisruptionBudgetStatus {
  const allowed = status.disruptionsAllowed > 0;
  return {
    ...status,
    conditions: setStatusCondition(
      status.conditions,
      {
        type: DISRUPTION_ALLOWED_CONDITION,
        status: allowed ? 'True' : 'False',
        observedGeneration: status.observedGeneration,
        reason: allowed ? SUFFICIENT_PODS_REASON : INSUFFICIENT_PODS_REASON,
        message: '',
      },
      iso,
    ),
  };
}

/** ConditionsAreUpToDate: the DisruptionAllowed condition agrees with the counts and the generation. */
export function conditionsAreUpToDate(pdb: PodDisruptionBudget): boolean {
  const cond = pdb.status?.conditions?.find((c) => c.type === DISRUPTION_ALLOWED_CONDITION);
  if (!cond) return false;
  if ((pdb.status.observedGeneration ?? 0) !== (pdb.metadata.generation ?? 0)) return false;
  if (pdb.status.disruptionsAllowed > 0)
    return cond.status === 'True' && cond.reason === SUFFICIENT_PODS_REASON;
  return cond.status === 'False' && cond.reason === INSUFFICIENT_PODS_REASON;
}

/**
 * GetPodPodDisruptionBudgets (the PDB lister's expansion): the budgets of the pod's namespace whose
 * selector matches its labels. A nil or empty selector matches nothing here.
 */
export function getPodPodDisruptionBudgets(store: ObjectStore, pod: Pod): PodDisruptionBudget[] {
  if (!pod.metadata.labels || store.count('PodDisruptionBudget') === 0) return [];
  const out: PodDisruptionBudget[] = [];
  for (const pdb of store.list('PodDisruptionBudget', pod.metadata.namespace)) {
    if (isEmptyLabelSelector(pdb.spec?.selector)) continue;
    const sel = fromLabelSelector(pdb.spec.selector);
    if (sel && matches(sel, pod.metadata.labels)) out.push(pdb);
  }
  return out;
}
