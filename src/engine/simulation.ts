// The simulation: an API server (object store), the controllers around it and a discrete-event
// queue driven by a simulated clock. Nothing here reads the wall clock or Math.random.

import { Clock, DEFAULT_START, rfc3339 } from './clock';
import { Random, generateName } from './random';
import { ObjectStore, type Change } from './api/objectStore';
import { systemPriorityClassObjects } from './api/priority';
import { EventRecorder } from './events';
import { WorkQueue, type WorkItem } from './workQueue';
import { TIMINGS } from './timings';
import type { Kind, KObject } from './api/types';
import type { KubeletHost } from './host';
import { DaemonSetController } from './controller/daemonset/controller';
import { Scheduler } from './scheduler/scheduler';
import { Kubelet } from './kubelet/kubelet';
import { NodeLifecycleController } from './controller/nodelifecycle/controller';
import { PodGCController } from './controller/podgc/controller';
import { GarbageCollector } from './controller/gc/controller';
import { Registry } from './registry/registry';
import { ReplicaSetController } from './controller/replicaset/controller';
import { DeploymentController } from './controller/deployment/controller';
import { DisruptionController } from './controller/disruption/controller';

export interface SimulationOptions {
  seed?: number;
  start?: number;
  /**
   * Which DaemonSet controller runs: the incremental one (default: a sync costs what changed) or
   * the full-pass one (every sync walks every node and pod, as upstream does), kept as the oracle
   * the property test and `npm run bench` compare against.
   */
  daemonSetController?: 'incremental' | 'fullPass';
  /**
   * PodTopologySpread's per-node counts of matching pods: kept per selector from the pod changes
   * (default; scheduler/matchingPodCounts.ts) or counted over every node's pods in each scheduling
   * cycle as upstream does (the oracle the tests and `npm run bench` compare against).
   */
  podTopologySpreadCounts?: 'kept' | 'fullPass';
}

/** What one work item did: shown by `sim step`, the timeline and the event log. */
export interface StepRecord {
  time: number;
  controller: string;
  key: string;
  reason: string;
  result: string;
}

export class Simulation implements KubeletHost {
  readonly seed: number;
  readonly clock: Clock;
  readonly rand: Random;
  readonly store: ObjectStore;
  readonly recorder: EventRecorder;
  readonly queue = new WorkQueue();
  readonly daemonsets: DaemonSetController;
  readonly replicaSets: ReplicaSetController;
  readonly deployments: DeploymentController;
  readonly disruption: DisruptionController;
  readonly scheduler: Scheduler;
  readonly kubelet: Kubelet;
  /** the image registry the kubelets pull from, with the `sim image` rules */
  readonly registry = new Registry();
  readonly nodeLifecycle: NodeLifecycleController;
  readonly podGC: PodGCController;
  readonly gc: GarbageCollector;
  /** Listeners of work items as they run. */
  readonly stepListeners: ((r: StepRecord) => void)[] = [];
  /**
   * The latest simulated time this simulation may reach (the session's time budget, script/budget.ts):
   * `step`, `advance` and `settle` stop there, whoever calls them.
   */
  horizon = Infinity;

  constructor(opts: SimulationOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.clock = new Clock(opts.start ?? DEFAULT_START);
    this.rand = new Random(this.seed);
    this.store = new ObjectStore(this.clock, new Random(this.seed ^ 0x5bd1e995));
    this.store.generateName = (base) => generateName(base, this.rand);
    this.recorder = new EventRecorder(this.store, this.clock);
    for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
      this.store.create({
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: ns } as KObject['metadata'],
      });
    }
    // the API server's post-start hook creates the built-in PriorityClasses in every cluster
    for (const pc of systemPriorityClassObjects()) this.store.createBootstrap(pc);
    this.gc = new GarbageCollector(this);
    this.nodeLifecycle = new NodeLifecycleController(this);
    // the scheduler's own generator (its tie-breaks), apart from the name generator's
    this.scheduler = new Scheduler(
      this,
      new Random(this.seed ^ 0x9e3779b9),
      opts.podTopologySpreadCounts ?? 'kept',
    );
    this.kubelet = new Kubelet(this);
    this.podGC = new PodGCController(this);
    this.daemonsets = new DaemonSetController(this, opts.daemonSetController ?? 'incremental');
    this.replicaSets = new ReplicaSetController(this);
    this.deployments = new DeploymentController(this);
    this.disruption = new DisruptionController(this);
  }

  now(): number {
    return this.clock.now();
  }

  iso(ms?: number): string {
    return rfc3339(ms ?? this.clock.now());
  }

  /** Queues a work item `delayMs` from now. Items with the same controller and key coalesce. */
  enqueue(controller: string, key: string, delayMs: number, reason: string, run: () => string | void): void {
    this.queue.add(controller, key, this.clock.now() + Math.max(0, delayMs), reason, run);
  }

  /** Subscribes to store changes (of the given kinds only, if `kinds` is given). */
  watch(fn: (c: Change) => void, kinds?: readonly Kind[]): () => void {
    return this.store.subscribe(fn, kinds);
  }

  /** Runs the next work item, moving the clock to its time. */
  step(): StepRecord | null {
    const t = this.queue.peekTime();
    if (t === undefined || t > this.horizon) return null;
    const item = this.queue.pop();
    if (!item) return null;
    return this.runItem(item);
  }

  private runItem(item: WorkItem): StepRecord {
    if (item.at > this.clock.now()) this.clock.set(item.at);
    const result = item.run() ?? '';
    const rec: StepRecord = {
      time: this.clock.now(),
      controller: item.controller,
      key: item.key,
      reason: item.reason,
      result,
    };
    for (const l of this.stepListeners) l(rec);
    return rec;
  }

  /** runItem for callers that drop the record (advance, settle): no record when nobody listens. */
  private runQuiet(item: WorkItem): void {
    if (this.stepListeners.length > 0) {
      this.runItem(item);
      return;
    }
    if (item.at > this.clock.now()) this.clock.set(item.at);
    item.run();
  }

  /** Runs every item due within `ms` from now; the clock ends exactly `ms` later. */
  advance(ms: number): number {
    const end = Math.min(this.clock.now() + ms, Math.max(this.clock.now(), this.horizon));
    let n = 0;
    for (let item = this.queue.popUntil(end); item; item = this.queue.popUntil(end)) {
      this.runQuiet(item);
      n++;
    }
    this.clock.set(end);
    return n;
  }

  /**
   * Runs until no work is queued; the clock stops at the last item. Gives up after `limitMs` of
   * simulated time (24 h by default) and returns false then.
   */
  settle(limitMs: number = TIMINGS.settleLimitMs): boolean {
    const end = Math.min(this.clock.now() + limitMs, this.horizon);
    for (;;) {
      const item = this.queue.popUntil(end);
      // nothing due by `end`: settled if nothing waits at all
      if (!item) return this.queue.peekTime() === undefined;
      this.runQuiet(item);
    }
  }

  /** Time of the next queued item this simulation may run (none past the horizon), if any. */
  nextAt(): number | undefined {
    const t = this.queue.peekTime();
    return t !== undefined && t <= this.horizon ? t : undefined;
  }
}
