// manage / podsShouldBeOnNode / syncNodes (daemon_controller.go): one pod per eligible node.

import { isPodAvailable, isPodReady } from '../../api/podutil';
import type { Pod } from '../../api/types';
import { TIMINGS } from '../../timings';
import { comparePods } from './podsByNode';
import type { SyncContext } from './syncContext';
import {
  DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY,
  newDaemonPod,
  isPodUpdated,
  surgeAllowed,
  templateGeneration,
} from './util';
import type { FailedPodsBackoff } from './backoff';

export interface ManagePlan {
  nodesNeedingDaemonPods: string[];
  podsToDelete: Pod[];
}

/** podsShouldBeOnNode: which pods to create on and delete from one node (an existing one, by name). */
export function podsShouldBeOnNode(
  ctx: SyncContext,
  name: string,
  backoff: FailedPodsBackoff,
  plan: ManagePlan,
): void {
  const { shouldRun, shouldContinueRunning } = ctx.shouldRun.get(name)!;
  const daemonPods = ctx.nodeToDaemonPods.get(name) ?? [];
  const log = ctx.decisions;

  if (shouldRun && daemonPods.length === 0) {
    plan.nodesNeedingDaemonPods.push(name);
    log.add({ node: name, action: 'create', reason: 'node should run a daemon pod and has none' });
    return;
  }
  if (shouldContinueRunning) {
    const running: Pod[] = [];
    for (const pod of daemonPods) {
      if (pod.metadata.deletionTimestamp) {
        log.add({
          node: name,
          action: 'wait',
          pod: pod.metadata.name,
          reason: 'pod is terminating; a replacement waits until it is gone',
        });
        continue;
      }
      if (pod.status?.phase === 'Failed') {
        const key = backoff.key(ctx.ds, name);
        const now = ctx.sim.now();
        if (backoff.inBackoffSinceUpdate(key, now)) {
          const delay = backoff.get(key);
          ctx.requeueAfter(delay, `failed pod ${pod.metadata.name} in back-off`);
          log.add({
            node: name,
            action: 'wait',
            pod: pod.metadata.name,
            reason: `failed pod; deletion backs off ${delay / 1000}s`,
          });
          continue;
        }
        backoff.next(key, now);
        ctx.sim.recorder.event(
          ctx.ds,
          'Warning',
          'FailedDaemonPod',
          `Found failed daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to kill it`,
          'daemonset-controller',
        );
        plan.podsToDelete.push(pod);
        log.add({
          node: name,
          action: 'delete',
          pod: pod.metadata.name,
          reason: 'pod failed; it is deleted and replaced on the next sync',
        });
        continue;
      }
      if (pod.status?.phase === 'Succeeded') {
        ctx.sim.recorder.event(
          ctx.ds,
          'Normal',
          'SucceededDaemonPod',
          `Found succeeded daemon pod ${pod.metadata.namespace}/${pod.metadata.name} on node ${name}, will try to delete it`,
          'daemonset-controller',
        );
        plan.podsToDelete.push(pod);
        log.add({
          node: name,
          action: 'delete',
          pod: pod.metadata.name,
          reason: 'pod succeeded; a daemon pod must keep running',
        });
        continue;
      }
      running.push(pod);
    }
    if (!surgeAllowed(ctx.ds)) {
      if (running.length > 1) {
        running.sort(comparePods);
        for (const p of running.slice(1)) {
          plan.podsToDelete.push(p);
          log.add({
            node: name,
            action: 'delete',
            pod: p.metadata.name,
            reason: `duplicate: ${running[0].metadata.name} is kept (scheduled first, then oldest)`,
          });
        }
      }
      if (running.length >= 1) {
        log.add({
          node: name,
          action: 'keep',
          pod: running[0].metadata.name,
          reason: shouldRun
            ? 'node runs its daemon pod'
            : 'pod may keep running (an untolerated NoSchedule taint only blocks new pods)',
        });
      }
      return;
    }
    // Surge: keep the oldest pod of the current revision and the oldest old pod, delete the rest.
    let oldestNew: Pod | undefined;
    let oldestOld: Pod | undefined;
    const gen = templateGeneration(ctx.ds);
    for (const pod of running.slice().sort(comparePods)) {
      if (
        isPodUpdated(pod, ctx.hash, gen) &&
        pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] === ctx.hash
      ) {
        if (!oldestNew) {
          oldestNew = pod;
          continue;
        }
      } else if (!oldestOld) {
        oldestOld = pod;
        continue;
      }
      plan.podsToDelete.push(pod);
      log.add({ node: name, action: 'delete', pod: pod.metadata.name, reason: 'extra pod while surging' });
    }
    if (oldestNew && oldestOld) {
      const minReady = ctx.ds.spec.minReadySeconds ?? 0;
      if (!isPodReady(oldestOld)) {
        plan.podsToDelete.push(oldestOld);
        log.add({
          node: name,
          action: 'delete',
          pod: oldestOld.metadata.name,
          reason: 'old pod is not ready; its surge replacement exists',
        });
      } else if (isPodAvailable(oldestNew, minReady, ctx.sim.now())) {
        plan.podsToDelete.push(oldestOld);
        log.add({
          node: name,
          action: 'delete',
          pod: oldestOld.metadata.name,
          reason: 'surge replacement is available',
        });
      } else {
        log.add({
          node: name,
          action: 'wait',
          pod: oldestNew.metadata.name,
          reason: 'surge pod is not available yet; the old pod keeps serving',
        });
      }
    } else if (oldestNew || oldestOld) {
      log.add({
        node: name,
        action: 'keep',
        pod: (oldestNew ?? oldestOld)!.metadata.name,
        reason: 'node runs its daemon pod',
      });
    }
    return;
  }
  if (daemonPods.length > 0) {
    for (const pod of daemonPods) {
      if (pod.metadata.deletionTimestamp) continue;
      plan.podsToDelete.push(pod);
      log.add({
        node: name,
        action: 'delete',
        pod: pod.metadata.name,
        reason: 'node should no longer run this daemon pod',
      });
    }
    return;
  }
  log.add({ node: name, action: 'none', reason: 'node should not run a daemon pod' });
}

/** manage: compute and carry out the creates and deletes for every node. Returns true if it wrote anything. */
export function manage(ctx: SyncContext, backoff: FailedPodsBackoff): boolean {
  const plan: ManagePlan = { nodesNeedingDaemonPods: [], podsToDelete: [] };
  const names = ctx.nodeNames;
  for (let i = 0; i < names.length; i++) podsShouldBeOnNode(ctx, names[i], backoff, plan);
  // getUnscheduledPodsWithoutNode: pending pods meant for a node that no longer exists.
  for (const [nodeName, pods] of ctx.missingNodes) {
    for (const pod of pods) {
      if (!pod.spec.nodeName && !pod.metadata.deletionTimestamp) {
        plan.podsToDelete.push(pod);
        ctx.decisions.add({
          node: nodeName,
          action: 'delete',
          pod: pod.metadata.name,
          reason: 'unscheduled pod for a node that no longer exists',
        });
      }
    }
  }
  if (ctx.knownNeedingPods)
    plan.nodesNeedingDaemonPods = mergeFirst(
      plan.nodesNeedingDaemonPods,
      ctx.knownNeedingPods,
      TIMINGS.burstReplicas + 1,
    );
  return syncNodes(ctx, plan.podsToDelete, plan.nodesNeedingDaemonPods);
}

/**
 * The first `k` names of two name-ordered sequences merged: syncNodes creates at most burstReplicas
 * pods and only needs to know whether more are waiting.
 */
function mergeFirst(a: readonly string[], b: Iterable<string>, k: number): string[] {
  const out: string[] = [];
  let i = 0;
  for (const name of b) {
    while (i < a.length && a[i] < name && out.length < k) out.push(a[i++]);
    if (out.length >= k) return out;
    out.push(name);
  }
  while (i < a.length && out.length < k) out.push(a[i++]);
  return out;
}

/** syncNodes: create pods (at most burstReplicas per sync) and delete pods. */
export function syncNodes(ctx: SyncContext, podsToDelete: Pod[], nodesNeedingDaemonPods: string[]): boolean {
  const { sim, ds } = ctx;
  const burst = TIMINGS.burstReplicas;
  const createDiff = Math.min(nodesNeedingDaemonPods.length, burst);
  const deleteDiff = Math.min(podsToDelete.length, burst);
  if (nodesNeedingDaemonPods.length > burst || podsToDelete.length > burst) {
    ctx.requeueAfter(0, 'more than burstReplicas changes pending');
  }
  let created = 0;
  for (const nodeName of nodesNeedingDaemonPods.slice(0, createDiff)) {
    try {
      const pod = sim.store.create<'Pod'>(newDaemonPod(ds, nodeName, ctx.hash));
      created++;
      sim.recorder.event(
        ds,
        'Normal',
        'SuccessfulCreate',
        `Created pod: ${pod.metadata.name}`,
        'daemonset-controller',
      );
    } catch (e) {
      sim.recorder.event(
        ds,
        'Warning',
        'FailedCreate',
        `Error creating: ${(e as Error).message}`,
        'daemonset-controller',
      );
      break; // slow start: the rest of the batch is skipped this round
    }
  }
  let deleted = 0;
  for (const pod of podsToDelete.slice(0, deleteDiff)) {
    try {
      sim.store.delete('Pod', pod.metadata.namespace, pod.metadata.name);
      deleted++;
      sim.recorder.event(
        ds,
        'Normal',
        'SuccessfulDelete',
        `Deleted pod: ${pod.metadata.name}`,
        'daemonset-controller',
      );
    } catch (e) {
      sim.recorder.event(
        ds,
        'Warning',
        'FailedDelete',
        `Error deleting: ${(e as Error).message}`,
        'daemonset-controller',
      );
    }
  }
  if (created) ctx.notes.push(`created ${created} pod${created === 1 ? '' : 's'}`);
  if (deleted) ctx.notes.push(`deleted ${deleted} pod${deleted === 1 ? '' : 's'}`);
  return created + deleted > 0;
}
