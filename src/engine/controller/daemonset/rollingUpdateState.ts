// rollingUpdate (update.go) for the incremental controller: each node's place in the rolling update
// (new pod available, old pod to replace, waiting candidate, …) is kept and recomputed only for nodes
// that changed, with counters and ordered sets per category, so a sync picks "the first k candidates
// in name order" without walking every node. Same decisions as rollingUpdate.ts; the decisions of
// the candidates (chosen or waiting) are not written per node but computed when asked (`sim why`),
// and syncNodes gets only as many pods as it may delete in one sync, plus one.

import type { Pod } from '../../api/types';
import { parseTime } from '../../clock';
import { DecisionLog, type Decision } from './decisions';
import { syncNodes } from './manage';
import { TIMINGS } from '../../timings';
import { findUpdatedPodsOnNodeInto, type NodePods } from './rollingUpdate';
import { SortedNames } from './sortedNames';
import type { TimerQueue } from './timerQueue';
import type { SyncContext } from './syncContext';
import { readyCondition, updatedDesiredNodeCounts } from './util';

type Cat =
  // maxSurge == 0
  | 'unavailable'
  | 'replace'
  | 'candidate'
  | 'done'
  // maxSurge > 0
  | 'surging'
  | 'deleteOld'
  | 'allowNew'
  | 'shouldNotRun'
  | 'surgeCandidate'
  | 'none';

interface Place {
  cat: Cat;
  pod?: Pod;
  /** counts towards numAvailable (maxSurge > 0) */
  available: boolean;
  reason?: string;
}

export interface RollingInputs {
  hash: string;
  generation: string | undefined;
  minReady: number;
  now: number;
  /** nodeShouldRunDaemonPod per node (absent: the node does not exist) */
  shouldRun: ReadonlyMap<string, { shouldRun: boolean }>;
  /** node → the DaemonSet's pods meant for it */
  pods: ReadonlyMap<string, readonly Pod[]>;
  /** where to ask to look at a node again at a time (a ready pod becomes available) */
  wakeups: TimerQueue;
}

/** The last rolling-update round: what it decided explicitly and what the waiting candidates read. */
interface LastRound {
  log: DecisionLog;
  waitReason: string;
  /** maxSurge 0: the chosen candidates' old pods are deleted; else a surge pod is created there */
  withPod: boolean;
  /** the candidates the round chose (their decision, like the waiting ones', is made when asked) */
  chosen: Set<string>;
  chosenReason: string;
}

/** Categories that count towards numUnavailable (maxSurge 0) or numSurge (maxSurge > 0). */
function counts(cat: Cat): boolean {
  return cat === 'unavailable' || cat === 'replace' || cat === 'surging';
}

/** Categories kept as ordered sets (the rounds pick from them in name order). */
function listed(cat: Cat): boolean {
  return cat !== 'unavailable' && cat !== 'done' && cat !== 'surging' && cat !== 'none';
}

export class RollingUpdateState {
  private surge: boolean | undefined;
  private readonly places = new Map<string, Place>();
  private readonly sets = new Map<Cat, SortedNames>();
  private counted = 0;
  private availableCount = 0;
  private last?: LastRound;
  private readonly scratch: NodePods = { ok: true };

  reset(): void {
    this.surge = undefined;
    this.places.clear();
    this.sets.clear();
    this.counted = 0;
    this.availableCount = 0;
    this.last = undefined;
  }

  /** The last round did not run (manage wrote, or the strategy is OnDelete). */
  skipped(): void {
    this.last = undefined;
  }

  private set(cat: Cat): SortedNames {
    let s = this.sets.get(cat);
    if (!s) this.sets.set(cat, (s = new SortedNames()));
    return s;
  }

  /** Sets one node's place (cat undefined: the node is not in the rollout); keeps the counters and sets. */
  private place(node: string, cat: Cat | undefined, pod?: Pod, available = false, reason?: string): void {
    const prev = this.places.get(node);
    if (prev) {
      if (prev.cat === cat && prev.available === available) {
        prev.pod = pod;
        prev.reason = reason;
        return;
      }
      if (counts(prev.cat)) this.counted--;
      if (prev.available) this.availableCount--;
      if (listed(prev.cat)) this.sets.get(prev.cat)?.delete(node);
    }
    if (cat === undefined) {
      if (prev) this.places.delete(node);
      return;
    }
    if (prev) {
      prev.cat = cat;
      prev.pod = pod;
      prev.available = available;
      prev.reason = reason;
    } else {
      this.places.set(node, { cat, pod, available, reason });
    }
    if (counts(cat)) this.counted++;
    if (available) this.availableCount++;
    if (listed(cat)) this.set(cat).add(node);
  }

  /** isPodAvailable; a ready pod that is not available yet asks to be looked at again when it is. */
  private avail(pod: Pod, node: string, inp: RollingInputs): boolean {
    const c = readyCondition(pod);
    if (c?.status !== 'True') return false;
    if (inp.minReady === 0) return true;
    const t = parseTime(c.lastTransitionTime);
    if (t === undefined) return false;
    if (t + inp.minReady * 1000 <= inp.now) return true;
    inp.wakeups.push(t + inp.minReady * 1000, node);
    return false;
  }

  /** Recomputes one node's place (the node is in the rollout when it has pods or should run one). */
  evaluate(node: string, inp: RollingInputs): void {
    const pods = inp.pods.get(node);
    const shouldRun = inp.shouldRun.get(node)?.shouldRun ?? false;
    if (!(pods && pods.length) && !shouldRun) {
      this.place(node, undefined);
      return;
    }
    const { newPod, oldPod, ok } = findUpdatedPodsOnNodeInto(
      pods ?? [],
      inp.hash,
      inp.generation,
      this.scratch,
    );
    if (!this.surge) {
      if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) this.place(node, 'unavailable');
      else if (!oldPod) this.place(node, this.avail(newPod!, node, inp) ? 'done' : 'unavailable');
      else if (!this.avail(oldPod, node, inp)) this.place(node, 'replace', oldPod);
      else this.place(node, 'candidate', oldPod);
      return;
    }
    if (!ok) {
      this.place(node, 'surging');
      return;
    }
    const oldAvail = oldPod ? this.avail(oldPod, node, inp) : false;
    const newAvail = newPod ? this.avail(newPod, node, inp) : false;
    const available = oldPod ? oldAvail : newPod ? newAvail : false;
    if (!oldPod) this.place(node, 'none', undefined, available);
    else if (!newPod) {
      if (!oldAvail) {
        if (!shouldRun)
          this.place(
            node,
            'deleteOld',
            oldPod,
            available,
            'rolling update: unavailable old pod on a node that should not run one',
          );
        else this.place(node, 'allowNew', undefined, available);
      } else if (!shouldRun) this.place(node, 'shouldNotRun', oldPod, available);
      else this.place(node, 'surgeCandidate', undefined, available);
    } else if (!newAvail) this.place(node, 'surging', undefined, available);
    else
      this.place(
        node,
        'deleteOld',
        oldPod,
        available,
        'rolling update: the new pod is available, remove the old one',
      );
  }

  /**
   * One rolling-update round. `dirty` lists the nodes to look at again, or 'all'; `allNames` yields
   * every node name in the rollout (existing nodes and nodes that only have pods).
   */
  run(
    ctx: SyncContext,
    desired: number,
    dirty: Iterable<string> | 'all',
    allNames: () => Iterable<string>,
    inp: RollingInputs,
  ): boolean {
    const { maxSurge, maxUnavailable } = updatedDesiredNodeCounts(ctx.ds, desired);
    const surge = maxSurge !== 0;
    if (surge !== this.surge) dirty = 'all';
    if (dirty === 'all') {
      // Everything is looked at again: forget every place (nodes that are gone have none).
      this.reset();
      this.surge = surge;
    }
    for (const node of dirty === 'all' ? allNames() : dirty) this.evaluate(node, inp);
    const log = new DecisionLog();
    const burst = TIMINGS.burstReplicas;
    if (!surge) {
      const numUnavailable = this.counted;
      const remaining = Math.max(0, maxUnavailable - numUnavailable);
      const chosen = this.set('candidate').first(remaining);
      // syncNodes deletes burstReplicas pods and only needs to know whether more are waiting.
      const toDelete: Pod[] = [];
      const replace = this.set('replace');
      for (const node of replace) {
        const pod = this.places.get(node)!.pod!;
        toDelete.push(pod);
        log.add({
          node,
          action: 'delete',
          pod: pod.metadata.name,
          reason: 'rolling update: old pod is unavailable, replace it first',
        });
      }
      for (let i = 0; i < chosen.length && toDelete.length <= burst; i++)
        toDelete.push(this.places.get(chosen[i])!.pod!);
      this.last = {
        log,
        chosen: new Set(chosen),
        chosenReason: `rolling update: replace old pod (maxUnavailable ${maxUnavailable})`,
        withPod: true,
        waitReason: `rolling update: waits, ${numUnavailable + chosen.length} of maxUnavailable ${maxUnavailable} nodes unavailable`,
      };
      const total = replace.size + chosen.length;
      if (total) ctx.notes.push(`rolling update: ${total} old pod(s) to replace`);
      return syncNodes(ctx, toDelete, []);
    }
    const numSurge = this.counted;
    const remainingSurge = Math.max(0, maxSurge - numSurge);
    const surgeNodes = this.set('surgeCandidate').first(remainingSurge);
    const oldPodsToDelete: Pod[] = [];
    for (const node of this.set('deleteOld')) {
      const p = this.places.get(node)!;
      oldPodsToDelete.push(p.pod!);
      log.add({ node, action: 'delete', pod: p.pod!.metadata.name, reason: p.reason! });
    }
    const allowedNew = this.set('allowNew').toArray();
    for (const node of allowedNew)
      log.add({
        node,
        action: 'create',
        reason: 'rolling update: old pod is unavailable, surge a new one now',
      });
    const shouldNotRun = this.set('shouldNotRun');
    const allowedShouldNotRun = Math.min(shouldNotRun.size, Math.max(0, this.availableCount - desired));
    for (const node of shouldNotRun.first(allowedShouldNotRun))
      oldPodsToDelete.push(this.places.get(node)!.pod!);
    this.last = {
      log,
      chosen: new Set(surgeNodes),
      chosenReason: `rolling update: surge a new pod (maxSurge ${maxSurge})`,
      withPod: false,
      waitReason: `rolling update: waits, ${numSurge + surgeNodes.length} of maxSurge ${maxSurge} surge pods not available yet`,
    };
    const creates = [...allowedNew, ...surgeNodes];
    if (creates.length || oldPodsToDelete.length)
      ctx.notes.push(`rolling update: surge ${creates.length}, remove ${oldPodsToDelete.length} old pod(s)`);
    return syncNodes(ctx, oldPodsToDelete, creates);
  }

  /** What the last round decided for one node (explicit decisions, or the wait of a candidate). */
  decisionsFor(node: string): Decision[] {
    const last = this.last;
    if (!last) return [];
    const explicit = last.log.forNode(node);
    if (explicit.length) return explicit;
    const p = this.places.get(node);
    if (!p) return [];
    // Places change only in a round: what they say now is what the last round saw.
    if (last.chosen.has(node)) {
      return last.withPod
        ? [{ node, action: 'delete', pod: p.pod!.metadata.name, reason: last.chosenReason }]
        : [{ node, action: 'create', reason: last.chosenReason }];
    }
    if (p.cat === 'candidate')
      return [{ node, action: 'wait', pod: p.pod!.metadata.name, reason: last.waitReason }];
    if (p.cat === 'surgeCandidate') return [{ node, action: 'wait', reason: last.waitReason }];
    return [];
  }
}
