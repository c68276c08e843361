// The DaemonSet controller (pkg/controller/daemon/daemon_controller.go): event handlers that queue
// DaemonSets, and syncDaemonSet, which runs one reconcile round for one DaemonSet.

import { isEmptyLabelSelector, selectorMatches } from '../../api/labels';
import { deepEqual } from '../../api/objects';
import { namespacedName } from '../../api/namespacedName';
import type { Change } from '../../api/objectStore';
import type { DaemonSet, Node, Pod } from '../../api/types';
import type { ControllerHost } from '../../host';
import { TIMINGS } from '../../timings';
import { FailedPodsBackoff } from './backoff';
import { DecisionLog, type Decision } from './decisions';
import { DaemonSetInformer } from './informer';
import { IncrementalSync } from './incrementalSync';
import { DaemonSetSyncState } from './syncState';
import { cleanupHistory, constructHistory } from './history';
import { historyEvent } from './historyEvents';
import { RenumberedRevisions } from './renumbered';
import { manage } from './manage';
import { daemonTolerations, shouldRunFast } from './nodeShouldRunDaemonPod';
import { claimPods, controllerOf } from './podsByNode';
import { rollingUpdate } from './rollingUpdate';
import { updateDaemonSetStatus } from './status';
import type { SyncContext } from './syncContext';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY } from './util';

export const CONTROLLER = 'daemonset-controller';

export class DaemonSetController {
  private readonly backoff = new FailedPodsBackoff();
  /** the decisions of the last sync of each DaemonSet (key ns/name) */
  private readonly lastDecisions = new Map<string, { forNode(node: string): Decision[] }>();
  /** incremental mode: indexes kept from the change feed, and what each DaemonSet keeps between syncs */
  private readonly informer = new DaemonSetInformer();
  private readonly states = new Map<string, DaemonSetSyncState>();
  /** per DaemonSet uid: its work-queue key and the sync to run (made once, not per event) */
  private readonly queueKeys = new Map<string, { key: string; run: () => string }>();
  /** work-queue key → when its waiting sync runs (set on enqueue, cleared when the sync starts) */
  private readonly queuedAt = new Map<string, number>();
  /**
   * The revisions constructHistory renumbered, with their old numbers (renumbered.ts): kept beside
   * the objects, since a real ControllerRevision keeps no record of them.
   */
  readonly renumbered = new RenumberedRevisions();

  constructor(
    private readonly sim: ControllerHost,
    readonly mode: 'incremental' | 'fullPass' = 'incremental',
  ) {
    // one handler per informer, as upstream registers them (each is compiled on its own)
    sim.watch((c) => this.onDaemonSet(c), ['DaemonSet']);
    sim.watch(
      (c) => this.onPodChange(c, this.mode === 'incremental' ? this.informer.observePod(c) : undefined),
      ['Pod'],
    );
    sim.watch((c) => this.onHistory(c), ['ControllerRevision']);
    sim.watch((c) => this.onNode(c), ['Node']);
  }

  decisions(namespace: string, name: string): { forNode(node: string): Decision[] } | undefined {
    return this.lastDecisions.get(namespacedName(namespace, name));
  }

  private queueKey(ds: DaemonSet): { key: string; run: () => string } {
    let q = this.queueKeys.get(ds.metadata.uid);
    if (!q) {
      const key = namespacedName(ds.metadata.namespace, ds.metadata.name);
      this.queueKeys.set(ds.metadata.uid, (q = { key, run: () => this.syncDaemonSet(key) }));
    }
    return q;
  }

  /**
   * Whether enqueue would change the work queue: false when a sync of `ds` already waits for the
   * same time or earlier (the queue keeps that one, and its reason). Lets a pod event skip making
   * its reason.
   */
  private wouldQueue(ds: DaemonSet, delayMs: number = TIMINGS.controllerSyncDelayMs): boolean {
    const at = this.queuedAt.get(this.queueKey(ds).key);
    return at === undefined || at > this.sim.now() + Math.max(0, delayMs);
  }

  private enqueue(ds: DaemonSet, reason: string, delayMs: number = TIMINGS.controllerSyncDelayMs): void {
    const q = this.queueKey(ds);
    const at = this.sim.now() + Math.max(0, delayMs);
    const waiting = this.queuedAt.get(q.key);
    if (waiting === undefined || at < waiting) this.queuedAt.set(q.key, at);
    this.sim.enqueue(CONTROLLER, q.key, delayMs, reason, q.run);
  }

  private enqueueAll(reason: string): void {
    for (const ds of this.sim.store.list('DaemonSet')) this.enqueue(ds, reason);
  }

  private onDaemonSet(c: Change): void {
    const ds = c.obj as DaemonSet;
    if (c.type === 'DELETED') {
      if (this.mode === 'incremental') {
        // its sync state, and the informer's listener for its pods
        this.states.delete(ds.metadata.uid);
        this.informer.listen(ds.metadata.uid, undefined);
      }
      this.lastDecisions.delete(namespacedName(ds.metadata.namespace, ds.metadata.name));
      this.queueKeys.delete(ds.metadata.uid);
      return;
    }
    // A status-only write (our own) does not need another round.
    const old = c.old as DaemonSet | undefined;
    if (
      old &&
      old.metadata.generation === ds.metadata.generation &&
      deepEqual(old.metadata, { ...ds.metadata, resourceVersion: old.metadata.resourceVersion })
    )
      return;
    this.enqueue(ds, c.type === 'ADDED' ? 'DaemonSet added' : 'DaemonSet updated');
  }

  private onHistory(c: Change): void {
    if (c.type === 'DELETED') this.renumbered.forget(c.obj.metadata.uid);
    for (const w of historyEvent(this.sim, c)) this.enqueue(w.ds, w.reason);
  }

  private onNode(c: Change): void {
    const node = c.obj as Node;
    const old = c.old as Node | undefined;
    if (this.mode === 'incremental') {
      // the informer's node names, and every DaemonSet's dirty nodes when what the placement reads changed
      this.informer.observeNode(c);
      const same =
        old &&
        old.metadata.labels === node.metadata.labels &&
        old.spec.taints === node.spec.taints &&
        old.spec.unschedulable === node.spec.unschedulable;
      if (!same) for (const st of this.states.values()) st.nodeTouched(node.metadata.name);
    }
    if (c.type === 'MODIFIED') {
      if (
        deepEqual(old!.metadata.labels, node.metadata.labels) &&
        deepEqual(old!.spec.taints, node.spec.taints) &&
        old!.spec.unschedulable === node.spec.unschedulable
      )
        return;
      this.enqueueAll(`node ${node.metadata.name} changed`);
      return;
    }
    this.enqueueAll(`node ${node.metadata.name} ${c.type === 'ADDED' ? 'added' : 'deleted'}`);
  }

  /** `owner`: the uid of the pod's controller as the informer resolved it (undefined: not known). */
  private onPodChange(c: Change, owner: string | undefined): void {
    const pod = c.obj as Pod;
    if (owner !== undefined) {
      // A sync of the pod's DaemonSet already waits (the common case): the handler below would not
      // queue again, and without a label change it has nothing else to do. No lookups needed.
      const q = this.queueKeys.get(owner);
      const at = q && this.queuedAt.get(q.key);
      if (at !== undefined && at <= this.sim.now() + Math.max(0, TIMINGS.controllerSyncDelayMs)) {
        const old = c.old as Pod | undefined;
        if (!old || old.metadata.labels === pod.metadata.labels) return;
      }
    }
    const ref = controllerOf(pod);
    const what = c.type === 'ADDED' ? 'added' : c.type === 'DELETED' ? 'deleted' : 'updated';
    if (ref) {
      if (ref.kind !== 'DaemonSet') return;
      const ds = this.sim.store.get('DaemonSet', pod.metadata.namespace, ref.name);
      if (ds && ds.metadata.uid === ref.uid && this.wouldQueue(ds))
        this.enqueue(ds, `pod ${pod.metadata.name} ${what}`);
      const old = c.old as Pod | undefined;
      if (
        !old ||
        old.metadata.labels === pod.metadata.labels ||
        deepEqual(old.metadata.labels, pod.metadata.labels)
      )
        return;
    }
    if (c.type === 'DELETED') return;
    // Orphans (and pods whose labels changed) may be adopted by any DaemonSet whose selector matches.
    for (const ds of this.sim.store.list('DaemonSet', pod.metadata.namespace)) {
      if (ref && ref.uid === ds.metadata.uid) continue;
      if (selectorMatches(ds.spec.selector, pod.metadata.labels))
        this.enqueue(ds, `pod ${pod.metadata.name} ${what} matches its selector`);
    }
  }

  /** syncDaemonSet: one reconcile round. Returns what it did, for `sim step`. */
  syncDaemonSet(key: string): string {
    this.queuedAt.delete(key);
    const [namespace, name] = key.split('/');
    const sim = this.sim;
    const ds = sim.store.get('DaemonSet', namespace, name);
    if (!ds) return `DaemonSet ${key} not found; nothing to do`;
    if (isEmptyLabelSelector(ds.spec.selector)) {
      sim.recorder.event(
        ds,
        'Warning',
        'SelectingAll',
        'This daemon set is selecting all pods. A non-empty selector is required.',
        CONTROLLER,
      );
      return 'empty selector; skipped';
    }
    if (ds.metadata.deletionTimestamp) return 'DaemonSet is being deleted; skipped';

    const notes: string[] = [];
    let requeue: { ms: number; reason: string } | undefined;
    const requeueAfter = (ms: number, reason: string) => {
      if (!requeue || ms < requeue.ms) requeue = { ms, reason };
    };

    let history;
    try {
      history = constructHistory(sim, ds);
    } catch (e) {
      this.enqueue(ds, `retry: ${(e as Error).message}`, TIMINGS.controllerSyncDelayMs);
      return `constructHistory failed: ${(e as Error).message}`;
    }
    if (history.note) notes.push(history.note);
    if (history.renumberedFrom !== undefined) this.renumbered.record(ds, history.cur, history.renumberedFrom);
    const current = sim.store.get('DaemonSet', namespace, name)!;
    const decisions = new DecisionLog();

    if (this.mode === 'incremental') {
      const inc = new IncrementalSync(sim, this.informer, this.stateFor(current), current, history.hash);
      const ctx = inc.context(key, decisions, requeueAfter, notes);
      let wrote = manage(ctx, this.backoff);
      inc.afterManage(ctx);
      // Upstream runs the rolling update only when expectations are satisfied, i.e. once the creates
      // and deletes of the previous round have been observed; here: when manage wrote nothing.
      if (!wrote && current.spec.updateStrategy?.type === 'RollingUpdate')
        wrote = inc.rollingUpdate({ ...ctx, decisions: new DecisionLog() });
      else inc.state.rolling.skipped();
      const removed = cleanupHistory(sim, current, history.old, inc.liveHashes());
      if (removed.length) notes.push(`deleted old ControllerRevision ${removed.join(', ')}`);
      updateDaemonSetStatus(ctx, (fresh) => inc.calculateStatus(fresh, requeueAfter));
      this.lastDecisions.set(key, inc.decisions());
      if (requeue) this.enqueue(current, requeue.reason, requeue.ms);
      return notes.length ? notes.join('; ') : 'in sync; nothing to do';
    }

    const nodes = sim.store.list('Node');
    const nodesByName = new Map(nodes.map((n) => [n.metadata.name, n]));
    const shouldRun = new Map<string, { shouldRun: boolean; shouldContinueRunning: boolean }>();
    const tolerations = daemonTolerations(current);
    for (const n of nodes) shouldRun.set(n.metadata.name, shouldRunFast(n, current, tolerations));
    const claim = claimPods(sim, current);
    if (claim.adopted.length) notes.push(`adopted ${claim.adopted.join(', ')}`);
    if (claim.released.length) notes.push(`released ${claim.released.join(', ')}`);
    const ctx: SyncContext = {
      sim,
      ds: current,
      key,
      nodeNames: nodes.map((n) => n.metadata.name),
      missingNodes: [...claim.byNode].filter(([n]) => !nodesByName.has(n)),
      hash: history.hash,
      nodeToDaemonPods: claim.byNode,
      shouldRun,
      decisions,
      requeueAfter,
      notes,
    };

    let wrote = manage(ctx, this.backoff);
    if (!wrote && current.spec.updateStrategy?.type === 'RollingUpdate') wrote = rollingUpdate(ctx);

    const fresh = wrote || claim.adopted.length || claim.released.length ? claimPods(sim, current) : claim;
    const live = new Set<string>();
    for (const p of fresh.all) {
      const h = p.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
      if (h) live.add(h);
    }
    const removed = cleanupHistory(sim, current, history.old, live);
    if (removed.length) notes.push(`deleted old ControllerRevision ${removed.join(', ')}`);

    updateDaemonSetStatus({ ...ctx, nodeToDaemonPods: fresh.byNode });
    this.lastDecisions.set(key, decisions);
    if (requeue) this.enqueue(current, requeue.reason, requeue.ms);
    return notes.length ? notes.join('; ') : 'in sync; nothing to do';
  }

  private stateFor(ds: DaemonSet): DaemonSetSyncState {
    let st = this.states.get(ds.metadata.uid);
    if (!st) {
      this.states.set(ds.metadata.uid, (st = new DaemonSetSyncState(ds.metadata.uid)));
      this.informer.listen(ds.metadata.uid, st);
    }
    return st;
  }
}
