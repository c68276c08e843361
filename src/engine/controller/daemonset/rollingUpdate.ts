// rollingUpdate (pkg/controller/daemon/update.go): replace old pods node by node within the budget.
//
// Invariants (checked by the property test):
// - maxSurge == 0: at most maxUnavailable desired nodes lack an available pod because of this
//   function; unavailable old pods are replaced first and regardless of the budget.
// - maxSurge > 0 (maxUnavailable is 0 by validation): an old available pod is deleted only once the new
//   pod on its node is available, so every node keeps an available pod; at most maxSurge nodes run a
//   surge pod that is not available yet.
// - Nodes are visited in name order (upstream iterates a Go map, i.e. in random order).

import { pushAll } from '../../api/objects';
import { isPodAvailable } from '../../api/podutil';
import type { Pod } from '../../api/types';
import type { SyncContext } from './syncContext';
import { syncNodes } from './manage';
import { isPodUpdated, templateGeneration, updatedDesiredNodeCounts } from './util';

export interface NodePods {
  newPod?: Pod;
  oldPod?: Pod;
  /** more than one new or old pod: manage will prune; counts as unavailable */
  ok: boolean;
}

/** findUpdatedPodsOnNode: at most one new and one old non-terminating pod. */
export function findUpdatedPodsOnNode(
  pods: readonly Pod[],
  hash: string,
  generation: string | undefined,
): NodePods {
  return findUpdatedPodsOnNodeInto(pods, hash, generation, { ok: true });
}

/** findUpdatedPodsOnNode writing into `out` (the incremental rolling update reuses one). */
export function findUpdatedPodsOnNodeInto(
  pods: readonly Pod[],
  hash: string,
  generation: string | undefined,
  out: NodePods,
): NodePods {
  out.newPod = undefined;
  out.oldPod = undefined;
  out.ok = false;
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    if (isPodUpdated(pod, hash, generation)) {
      if (newPod) return out;
      newPod = pod;
    } else {
      if (oldPod) return out;
      oldPod = pod;
    }
  }
  out.newPod = newPod;
  out.oldPod = oldPod;
  out.ok = true;
  return out;
}

export function rollingUpdate(ctx: SyncContext): boolean {
  const { ds, sim, hash } = ctx;
  const now = sim.now();
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  // The node→pods map extended with an empty entry for every node that should run a pod.
  const nodeNames = new Set<string>(ctx.nodeToDaemonPods.keys());
  let desired = 0;
  for (const [n, r] of ctx.shouldRun) {
    if (r.shouldRun) {
      desired++;
      nodeNames.add(n);
    }
  }
  const names = [...nodeNames].sort();
  const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ds, desired);
  const log = ctx.decisions;

  if (maxSurge === 0) {
    let numUnavailable = 0;
    const allowedReplacementPods: Pod[] = [];
    const candidates: { node: string; pod: Pod }[] = [];
    for (const node of names) {
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(
        ctx.nodeToDaemonPods.get(node) ?? [],
        hash,
        generation,
      );
      if (!ok) {
        numUnavailable++;
        continue;
      }
      if (!oldPod && !newPod) {
        numUnavailable++;
      } else if (!oldPod) {
        if (!isPodAvailable(newPod!, minReady, now)) numUnavailable++;
      } else if (newPod) {
        numUnavailable++;
      } else if (!isPodAvailable(oldPod, minReady, now)) {
        // An unavailable old pod is replaced at once: replacing it cannot make things worse.
        allowedReplacementPods.push(oldPod);
        numUnavailable++;
        log.add({
          node,
          action: 'delete',
          pod: oldPod.metadata.name,
          reason: 'rolling update: old pod is unavailable, replace it first',
        });
      } else {
        candidates.push({ node, pod: oldPod });
      }
    }
    const remaining = Math.max(0, maxUnavailable - numUnavailable);
    const chosen = candidates.slice(0, remaining);
    for (const c of chosen) {
      log.add({
        node: c.node,
        action: 'delete',
        pod: c.pod.metadata.name,
        reason: `rolling update: replace old pod (maxUnavailable ${maxUnavailable})`,
      });
    }
    for (const c of candidates.slice(remaining)) {
      log.add({
        node: c.node,
        action: 'wait',
        pod: c.pod.metadata.name,
        reason: `rolling update: waits, ${numUnavailable + chosen.length} of maxUnavailable ${maxUnavailable} nodes unavailable`,
      });
    }
    const toDelete = [...allowedReplacementPods, ...chosen.map((c) => c.pod)];
    if (toDelete.length) ctx.notes.push(`rolling update: ${toDelete.length} old pod(s) to replace`);
    return syncNodes(ctx, toDelete, []);
  }

  // maxSurge > 0: create the new pod first, delete the old one once the new one is available.
  let numSurge = 0;
  let numAvailable = 0;
  const allowedNewNodes: string[] = [];
  const candidateNewNodes: string[] = [];
  const shouldNotRunPodsToDelete: Pod[] = [];
  const oldPodsToDelete: Pod[] = [];
  for (const node of names) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(
      ctx.nodeToDaemonPods.get(node) ?? [],
      hash,
      generation,
    );
    if (!ok) {
      numSurge++;
      continue;
    }
    const shouldRun = ctx.shouldRun.get(node)?.shouldRun ?? false;
    if (
      oldPod ? isPodAvailable(oldPod, minReady, now) : newPod ? isPodAvailable(newPod, minReady, now) : false
    )
      numAvailable++;
    if (!oldPod) continue;
    if (!newPod) {
      if (!isPodAvailable(oldPod, minReady, now)) {
        if (!shouldRun) {
          oldPodsToDelete.push(oldPod);
          log.add({
            node,
            action: 'delete',
            pod: oldPod.metadata.name,
            reason: 'rolling update: unavailable old pod on a node that should not run one',
          });
        } else {
          allowedNewNodes.push(node);
          log.add({
            node,
            action: 'create',
            reason: 'rolling update: old pod is unavailable, surge a new one now',
          });
        }
      } else if (!shouldRun) {
        shouldNotRunPodsToDelete.push(oldPod);
      } else {
        candidateNewNodes.push(node);
      }
      continue;
    }
    if (!isPodAvailable(newPod, minReady, now)) {
      numSurge++;
      continue;
    }
    oldPodsToDelete.push(oldPod);
    log.add({
      node,
      action: 'delete',
      pod: oldPod.metadata.name,
      reason: 'rolling update: the new pod is available, remove the old one',
    });
  }
  const remainingSurge = Math.max(0, maxSurge - numSurge);
  const surgeNodes = candidateNewNodes.slice(0, remainingSurge);
  for (const node of surgeNodes)
    log.add({ node, action: 'create', reason: `rolling update: surge a new pod (maxSurge ${maxSurge})` });
  for (const node of candidateNewNodes.slice(remainingSurge)) {
    log.add({
      node,
      action: 'wait',
      reason: `rolling update: waits, ${numSurge + surgeNodes.length} of maxSurge ${maxSurge} surge pods not available yet`,
    });
  }
  const allowedShouldNotRun = Math.min(shouldNotRunPodsToDelete.length, Math.max(0, numAvailable - desired));
  pushAll(oldPodsToDelete, shouldNotRunPodsToDelete.slice(0, allowedShouldNotRun));
  const creates = [...allowedNewNodes, ...surgeNodes];
  if (creates.length || oldPodsToDelete.length) {
    ctx.notes.push(`rolling update: surge ${creates.length}, remove ${oldPodsToDelete.length} old pod(s)`);
  }
  return syncNodes(ctx, oldPodsToDelete, creates);
}
