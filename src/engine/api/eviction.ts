// The eviction subresource (pkg/registry/core/pod/storage/eviction.go): a policy/v1 Eviction of a
// pod deletes it only if its PodDisruptionBudget allows one more disruption, and then takes that
// disruption from the budget (status.disruptionsAllowed − 1, the pod in status.disruptedPods) for
// the disruption controller to confirm; otherwise 429 TooManyRequests in the API server's words.

import { rfc3339 } from '../clock';
import { StatusError } from './errors';
import type { ObjectStore } from './objectStore';
import { getPodPodDisruptionBudgets, updateDisruptionAllowedCondition } from './pdbHelper';
import { setPodCondition } from './podCondition';
import { isPodReady } from './podutil';
import type { Pod, PodDisruptionBudget } from './types';

/**
 * MaxDisruptedPodSize: more evictions approved and not yet seen through by the controller than this
 * and the budget refuses.
 */
export const MAX_DISRUPTED_POD_SIZE = 2000;

export const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';
export const EVICTION_REFUSED_MESSAGE = "Cannot evict pod as it would violate the pod's disruption budget.";

export interface EvictionOptions {
  gracePeriodSeconds?: number;
  dryRun?: boolean;
}

/** createTooManyRequestsError and its twin in checkAndDecrement: a 429 with a DisruptionBudget cause. */
function tooManyRequests(cause: string, retryAfterSeconds: number): StatusError {
  const e = new StatusError(429, 'TooManyRequests', EVICTION_REFUSED_MESSAGE);
  e.causes = [{ reason: DISRUPTION_BUDGET_CAUSE, message: cause }];
  e.retryAfterSeconds = retryAfterSeconds;
  return e;
}

function forbidden(pdb: PodDisruptionBudget, why: string): StatusError {
  return new StatusError(
    403,
    'Forbidden',
    `poddisruptionbudget.policy "${pdb.metadata.name}" is forbidden: ${why}`,
  );
}

/** canIgnorePDB: a pod that is over, not yet running, or already being deleted costs no disruption. */
export function canIgnorePDB(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return (
    phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp
  );
}

/**
 * checkAndDecrement: refuses while the controller has not seen the budget's latest generation
 * (retry after 10 s), when the counts are broken, or when no disruption is allowed; otherwise
 * writes the decremented status (not on a dry run).
 */
export function checkAndDecrement(
  store: ObjectStore,
  podName: string,
  pdb: PodDisruptionBudget,
  dryRun: boolean,
  now: number,
): void {
  const s = pdb.status;
  if ((s.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0))
    throw tooManyRequests(
      `The disruption budget ${pdb.metadata.name} is still being processed by the server.`,
      10,
    );
  if (s.disruptionsAllowed < 0) throw forbidden(pdb, 'pdb disruptions allowed is negative');
  if (Object.keys(s.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE)
    throw forbidden(pdb, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  if (s.disruptionsAllowed === 0)
    throw tooManyRequests(
      `The disruption budget ${pdb.metadata.name} needs ${s.desiredHealthy} healthy pods and has ${s.currentHealthy} currently`,
      0,
    );
  let status = { ...s, disruptionsAllowed: s.disruptionsAllowed - 1 };
  if (status.disruptionsAllowed === 0) status = updateDisruptionAllowedCondition(status, rfc3339(now));
  if (dryRun) return;
  // The controller should not count the pod as available any more: it will be deleted shortly.
  status.disruptedPods = { ...s.disruptedPods, [podName]: rfc3339(now) };
  store.updateStatus({ ...pdb, status });
}

/**
 * addConditionAndDeletePod: the pod is marked DisruptionTarget (EvictionByEvictionAPI) and deleted
 * with the eviction's delete options.
 */
function deletePod(store: ObjectStore, pod: Pod, opts: EvictionOptions, now: number): void {
  const { namespace, name } = pod.metadata;
  if (!opts.dryRun && !pod.metadata.deletionTimestamp) {
    store.updateStatus<'Pod'>({
      ...pod,
      status: {
        ...pod.status,
        conditions: setPodCondition(
          pod.status?.conditions,
          {
            type: 'DisruptionTarget',
            status: 'True',
            reason: 'EvictionByEvictionAPI',
            message: 'Eviction API: evicting',
          },
          rfc3339(now),
        ),
      },
    });
  }
  store.delete('Pod', namespace, name, { gracePeriodSeconds: opts.gracePeriodSeconds, dryRun: opts.dryRun });
}

/**
 * EvictionREST.Create: evicts the pod or throws the API server's error (404 for a missing pod, 429
 * when the budget does not allow it, 500 for a pod with several budgets).
 */
export function evictPod(
  store: ObjectStore,
  namespace: string,
  name: string,
  opts: EvictionOptions,
  now: number,
): void {
  const pod = store.mustGet('Pod', namespace, name);
  if (canIgnorePDB(pod)) return deletePod(store, pod, opts, now);
  const pdbs = getPodPodDisruptionBudgets(store, pod);
  if (pdbs.length > 1)
    throw new StatusError(
      500,
      '',
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    );
  if (pdbs.length === 0) return deletePod(store, pod, opts, now);
  const pdb = pdbs[0];
  // An unready pod does not count as healthy: evicting it takes nothing from the budget when the
  // policy says AlwaysAllow, or when the budget is met without it.
  if (!isPodReady(pod)) {
    if (pdb.spec.unhealthyPodEvictionPolicy === 'AlwaysAllow') return deletePod(store, pod, opts, now);
    if (pdb.status.currentHealthy >= pdb.status.desiredHealthy && pdb.status.desiredHealthy > 0)
      return deletePod(store, pod, opts, now);
  }
  checkAndDecrement(store, pod.metadata.name, pdb, !!opts.dryRun, now);
  deletePod(store, pod, opts, now);
}
