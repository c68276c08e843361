// What the incremental controller keeps for one DaemonSet between syncs: nodeShouldRunDaemonPod per
// node (dropped when the node or the template changes), the nodes that changed since the last sync
// (one dirty set per consumer: manage, rolling update, status), the nodes manage must look at again
// (they still had something to do), the decisions of the last visit of each node, the status counters
// and the rolling-update places.

import { deepEqual } from '../../api/objects';
import type { DaemonSet, DaemonSetSpec, Node, Toleration } from '../../api/types';
import type { Decision } from './decisions';
import { daemonTolerations, shouldRunFast } from './nodeShouldRunDaemonPod';
import { RollingUpdateState } from './rollingUpdateState';
import { StatusCounters } from './statusCounters';
import { TimerQueue } from './timerQueue';
import { SortedNames } from './sortedNames';
import { surgeAllowed, templateGeneration } from './util';
import {
  TOUCH_MANAGE,
  TOUCH_MANAGE_IF_SURGE,
  TOUCH_ROLLING,
  TOUCH_STATUS,
  type PodListener,
} from './informer';

export type ShouldRun = { shouldRun: boolean; shouldContinueRunning: boolean };

export class DaemonSetSyncState implements PodListener {
  spec?: DaemonSetSpec;
  hash = '';
  generation: string | undefined;
  tolerations: Toleration[] = [];
  readonly shouldRun = new Map<string, ShouldRun>();
  desired = 0;
  /** next sync looks at every node (first sync, template or hash change) */
  allDirty = true;
  readonly nodeChanged = new Set<string>();
  manageDirty = new Set<string>();
  readonly rollingDirty = new Set<string>();
  rollingAll = true;
  readonly statusDirty = new Set<string>();
  statusAll = true;
  /**
   * nodes where manage decided to delete, or to wait for something other than a pod's termination
   * (a failed pod's back-off, a surge pod becoming available): visited again next sync. A wait for a
   * terminating pod ends with that pod's deletion, which touches the node.
   */
  readonly pending = new Set<string>();
  /** nodes where manage decided to create a pod: not visited again until they change */
  readonly needsPod = new SortedNames();
  /** maxSurge > 0 at the last sync: manage then reads readiness too (a template change makes every node dirty) */
  surge = false;
  /** owned pods (uids) new to the DaemonSet or with new labels since the last sync (checked against the selector) */
  readonly changedPods = new Set<string>();
  /** the decisions of manage at its last visit of each node */
  readonly manageDecisions = new Map<string, Decision[]>();
  readonly status = new StatusCounters();
  readonly rolling = new RollingUpdateState();
  /** nodes to look at again when a ready pod becomes available (rolling update) */
  readonly wakeups = new TimerQueue();

  constructor(readonly uid: string) {}

  /**
   * A pod or node changed on `node`. While the rolling update or the status will look at every node
   * anyway (rollingAll, statusAll: each is reset together with its dirty set), their sets are not
   * kept. Manage's is: a full pass's own writes mark nodes for the next sync.
   */
  touch(node: string): void {
    this.manageDirty.add(node);
    if (!this.rollingAll) this.rollingDirty.add(node);
    if (!this.statusAll) this.statusDirty.add(node);
  }

  /** A pod on `node` changed; `bits` (TOUCH_*) say which consumers must look again (see touch). */
  podTouched(node: string, bits: number): void {
    if (bits & TOUCH_MANAGE || (bits & TOUCH_MANAGE_IF_SURGE && this.surge)) this.manageDirty.add(node);
    if (bits & TOUCH_ROLLING && !this.rollingAll) this.rollingDirty.add(node);
    if (bits & TOUCH_STATUS && !this.statusAll) this.statusDirty.add(node);
  }

  podToCheck(uid: string): void {
    this.changedPods.add(uid);
  }

  nodeTouched(node: string): void {
    this.nodeChanged.add(node);
    this.touch(node);
  }

  private setShouldRun(name: string, r: ShouldRun | undefined): void {
    const prev = this.shouldRun.get(name);
    if (prev?.shouldRun) this.desired--;
    if (r) {
      this.shouldRun.set(name, r);
      if (r.shouldRun) this.desired++;
    } else {
      this.shouldRun.delete(name);
    }
  }

  /**
   * Brings the cache up to date with the DaemonSet and the nodes. Returns true when the selector
   * may have changed (the pod claim must then look at every pod).
   */
  prepare(
    ds: DaemonSet,
    hash: string,
    nodeNames: Iterable<string>,
    getNode: (name: string) => Node | undefined,
    now: number,
  ): boolean {
    const generation = templateGeneration(ds);
    const surge = surgeAllowed(ds);
    const specChanged = ds.spec !== this.spec;
    const selectorChanged =
      !this.spec ||
      (this.spec.selector !== ds.spec.selector && !deepEqual(this.spec.selector, ds.spec.selector));
    if (specChanged || hash !== this.hash || generation !== this.generation) {
      // Without surge, manage reads of the DaemonSet only what decides nodeShouldRunDaemonPod: a new
      // template that keeps that (a new image, say) changes nothing it decided. The rolling update
      // and the status read the hash: they look at every node again.
      if (!this.spec || surge || this.surge || !sameShouldRunInputs(this.spec, ds.spec)) this.allDirty = true;
      this.spec = ds.spec;
      this.hash = hash;
      this.generation = generation;
      this.rollingAll = true;
      this.statusAll = true;
      this.rollingDirty.clear();
      this.statusDirty.clear();
      this.wakeups.clear();
    }
    this.surge = surge;
    if (this.allDirty) {
      this.tolerations = daemonTolerations(ds);
      this.shouldRun.clear();
      this.desired = 0;
      for (const name of nodeNames)
        this.setShouldRun(name, shouldRunFast(getNode(name)!, ds, this.tolerations));
      this.nodeChanged.clear();
      this.manageDirty.clear();
      this.rollingDirty.clear();
      this.statusDirty.clear();
      this.rollingAll = true;
      this.statusAll = true;
      this.wakeups.clear();
    } else {
      for (const name of this.nodeChanged) {
        const node = getNode(name);
        this.setShouldRun(name, node ? shouldRunFast(node, ds, this.tolerations) : undefined);
      }
      this.nodeChanged.clear();
      for (let t = this.wakeups.peek(); t && t.at <= now; t = this.wakeups.peek()) {
        this.wakeups.pop();
        this.rollingDirty.add(t.node);
      }
      for (const node of this.status.due(now)) this.statusDirty.add(node);
    }
    return selectorChanged;
  }
}

/** Whether nodeShouldRunDaemonPod reads the same of both specs (shouldRunFast: nodeName, nodeSelector, affinity, tolerations, hostNetwork). */
function sameShouldRunInputs(a: DaemonSetSpec, b: DaemonSetSpec): boolean {
  const x = a.template.spec;
  const y = b.template.spec;
  return (
    x.nodeName === y.nodeName &&
    x.hostNetwork === y.hostNetwork &&
    deepEqual(x.nodeSelector, y.nodeSelector) &&
    deepEqual(x.affinity, y.affinity) &&
    deepEqual(x.tolerations, y.tolerations)
  );
}
