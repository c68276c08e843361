// One syncDaemonSet round of the incremental controller: the same steps as the full pass (claim,
// manage, rollingUpdate, updateDaemonSetStatus) reading the informer's indexes and the DaemonSet's
// kept state, visiting only the nodes that changed since the last sync or still have work left.

import { fromLabelSelector, matches } from '../../api/labels';
import type { DaemonSet, DaemonSetStatus, Node, Pod } from '../../api/types';
import type { ControllerHost } from '../../host';
import { DecisionLog, type Decision } from './decisions';
import type { DaemonSetInformer, OwnerIndex } from './informer';
import { claimPods } from './podsByNode';
import type { SyncContext } from './syncContext';
import type { DaemonSetSyncState } from './syncState';
import { templateGeneration } from './util';

const EMPTY = new Map<string, Pod[]>();
const EMPTY_HASHES = new Map<string, number>();

/**
 * Whether `name` is a terminating pod among `pods`: manage's wait for it lasts until the pod is gone,
 * and its deletion touches the node (no need to visit it every sync meanwhile).
 */
function isTerminating(pods: readonly Pod[] | undefined, name: string | undefined): boolean {
  if (!pods || name === undefined) return false;
  for (const p of pods) if (p.metadata.name === name) return !!p.metadata.deletionTimestamp;
  return false;
}

export class IncrementalSync {
  /** the nodes manage visits this sync: existing ones in name order, then missing ones in claim order */
  private readonly visited: string[] = [];
  private readonly owner: () => OwnerIndex | undefined;

  constructor(
    private readonly sim: ControllerHost,
    private readonly informer: DaemonSetInformer,
    readonly state: DaemonSetSyncState,
    private readonly ds: DaemonSet,
    private readonly hash: string,
  ) {
    this.owner = () => informer.owner(ds.metadata.uid);
  }

  private byNode(): ReadonlyMap<string, readonly Pod[]> {
    return this.owner()?.byNode ?? EMPTY;
  }

  private getNode = (name: string): Node | undefined => this.sim.store.get('Node', undefined, name);

  /** Whether claimPods would adopt or release anything: orphans matching the selector, owned pods no longer matching. */
  private needsClaim(selectorChanged: boolean): boolean {
    const { ds, state } = this;
    const sel = fromLabelSelector(ds.spec.selector);
    if (!sel) return false;
    const ns = ds.metadata.namespace;
    const orphans = this.informer.orphans.get(ns ?? 'default');
    if (orphans)
      for (const pod of orphans.values())
        if (!pod.metadata.deletionTimestamp && matches(sel, pod.metadata.labels)) return true;
    const owner = this.owner();
    if (!owner) return false;
    if (selectorChanged) {
      for (const e of owner.pods.values()) if (!matches(sel, e.pod.metadata.labels)) return true;
      return false;
    }
    for (const uid of state.changedPods) {
      const e = owner.pods.get(uid);
      if (e && !matches(sel, e.pod.metadata.labels)) return true;
    }
    return false;
  }

  context(
    key: string,
    decisions: DecisionLog,
    requeueAfter: SyncContext['requeueAfter'],
    notes: string[],
  ): SyncContext {
    const { sim, ds, state, informer } = this;
    const selectorChanged = state.prepare(ds, this.hash, informer.nodeNames, this.getNode, sim.now());
    if (this.needsClaim(selectorChanged)) {
      const claim = claimPods(sim, ds);
      if (claim.adopted.length) notes.push(`adopted ${claim.adopted.join(', ')}`);
      if (claim.released.length) notes.push(`released ${claim.released.join(', ')}`);
    }
    state.changedPods.clear();
    const byNode = this.byNode();
    const names = this.visited;
    const missing: string[] = [];
    const nodeNames = informer.nodeNames;
    let visitedSet: ReadonlySet<string> | undefined;
    if (state.allDirty) {
      state.manageDecisions.clear();
      state.needsPod.clear();
      for (const n of nodeNames) names.push(n);
      for (const n of byNode.keys()) if (!nodeNames.has(n)) missing.push(n);
      state.manageDirty.clear();
    } else {
      const dirty = state.manageDirty;
      for (const n of state.pending) dirty.add(n);
      // Many dirty nodes: walk the node names in order instead of sorting them.
      if (dirty.size * 8 > nodeNames.size) {
        for (const n of nodeNames) if (dirty.has(n)) names.push(n);
      } else {
        for (const n of dirty) if (nodeNames.has(n)) names.push(n);
        names.sort();
      }
      if (names.length < dirty.size) {
        for (const n of dirty) {
          if (nodeNames.has(n)) continue;
          if (byNode.has(n)) missing.push(n);
          // A node that is gone and has no pods: the full pass has nothing to say about it.
          else {
            state.manageDecisions.delete(n);
            state.needsPod.delete(n);
          }
        }
      }
      visitedSet = dirty;
      // A new set now, before manage writes: the changes its own writes cause mark nodes for the next sync.
      state.manageDirty = new Set();
    }
    const existing = names.slice();
    if (missing.length > 1) {
      const owner = this.owner()!;
      missing.sort((a, b) => owner.seqOf(byNode.get(a)![0] as Pod) - owner.seqOf(byNode.get(b)![0] as Pod));
    }
    for (const n of missing) names.push(n);
    const needsPod = state.needsPod;
    const knownNeedingPods = visitedSet
      ? (function* (visited: ReadonlySet<string>) {
          for (const n of needsPod) if (!visited.has(n)) yield n;
        })(visitedSet)
      : undefined;
    return {
      sim,
      ds,
      key,
      nodeNames: existing,
      knownNeedingPods,
      missingNodes: missing.map((n) => [n, byNode.get(n)!] as [string, readonly Pod[]]),
      hash: this.hash,
      nodeToDaemonPods: byNode,
      shouldRun: state.shouldRun,
      decisions,
      requeueAfter,
      notes,
    };
  }

  /** Remembers what manage decided for the nodes it visited; those with work left are visited again. */
  afterManage(ctx: SyncContext): void {
    const { state } = this;
    const { pending, needsPod, manageDecisions } = state;
    const byNode = this.byNode();
    for (const n of this.visited) {
      const d = ctx.decisions.forNode(n);
      if (d.length) manageDecisions.set(n, d);
      else manageDecisions.delete(n);
      let revisit = false;
      for (let i = 0; i < d.length; i++) {
        const a = d[i].action;
        if (a === 'delete' || (a === 'wait' && !isTerminating(byNode.get(n), d[i].pod))) revisit = true;
      }
      if (revisit) pending.add(n);
      else if (pending.size) pending.delete(n);
      if (d.length === 1 && d[0].action === 'create') needsPod.add(n);
      else if (needsPod.size) needsPod.delete(n);
    }
    if (pending.size) {
      for (const n of pending) if (!this.informer.nodeNames.has(n) && !byNode.has(n)) pending.delete(n);
    }
    state.allDirty = false;
  }

  /**
   * Whether every pod the DaemonSet controls carries the current controller-revision-hash: then
   * findUpdatedPodsOnNode finds no old pod anywhere, and rollingUpdate has nothing to delete, no
   * surge to make and no candidate to choose or keep waiting (right after an apply, say).
   */
  private noOldPods(): boolean {
    const owner = this.owner();
    if (!owner || owner.pods.size === 0) return true;
    const hashes = owner.hashes;
    return hashes.size === 1 && this.hash !== '' && hashes.get(this.hash) === owner.pods.size;
  }

  rollingUpdate(ctx: SyncContext): boolean {
    const { state, sim, ds } = this;
    if (this.noOldPods()) {
      // The round would decide nothing: it does not run, and the next round looks at every node.
      state.rollingDirty.clear();
      state.rollingAll = true;
      state.wakeups.clear();
      state.rolling.skipped();
      return false;
    }
    const byNode = this.byNode();
    const all = state.rollingAll;
    const dirty = all ? 'all' : [...state.rollingDirty];
    state.rollingDirty.clear();
    state.rollingAll = false;
    const informer = this.informer;
    const wrote = state.rolling.run(
      ctx,
      state.desired,
      dirty,
      function* () {
        yield* informer.nodeNames;
        for (const n of byNode.keys()) if (!informer.nodeNames.has(n)) yield n;
      },
      {
        hash: this.hash,
        generation: templateGeneration(ds),
        minReady: ds.spec.minReadySeconds ?? 0,
        now: sim.now(),
        shouldRun: state.shouldRun,
        pods: byNode,
        wakeups: state.wakeups,
      },
    );
    return wrote;
  }

  /** The controller-revision-hash values that controlled pods still carry (cleanupHistory keeps them). */
  liveHashes(): Set<string> {
    return new Set((this.owner()?.hashes ?? EMPTY_HASHES).keys());
  }

  calculateStatus(fresh: DaemonSet, requeueAfter: SyncContext['requeueAfter']): DaemonSetStatus {
    const { state, sim } = this;
    const byNode = this.byNode();
    const now = sim.now();
    const minReady = fresh.spec.minReadySeconds ?? 0;
    const generation = templateGeneration(fresh);
    const names = state.statusAll ? this.informer.nodeNames : state.statusDirty;
    if (state.statusAll) state.status.reset();
    for (const n of names)
      state.status.evaluate(
        n,
        state.shouldRun.get(n)?.shouldRun,
        byNode.get(n),
        this.hash,
        generation,
        minReady,
        now,
      );
    state.statusDirty.clear();
    state.statusAll = false;
    const next = state.status.nextAvailableAt();
    if (next !== undefined)
      requeueAfter(Math.max(0, next - now), 'a ready pod becomes available after minReadySeconds');
    return state.status.status(fresh);
  }

  /** The last sync's decisions, per node: manage's at its last visit, then the rolling update's. */
  decisions(): { forNode(node: string): Decision[] } {
    const state = this.state;
    return {
      forNode: (node) => {
        const m = state.manageDecisions.get(node) ?? [];
        const r = state.rolling.decisionsFor(node);
        return r.length ? [...m, ...r] : m;
      },
    };
  }
}
