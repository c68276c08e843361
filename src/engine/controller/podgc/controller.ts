// The pod garbage collector (pkg/controller/podgc/gc_controller.go), orphaned-pod part: every
// gcCheckPeriod it notices nodes that pods are bound to but that do not exist, waits the quarantine,
// checks again, then marks those pods Failed (DisruptionTarget, DeletionByPodGC) and force-deletes
// them. Only a check that has something to look at is queued, so an idle cluster stays quiet.

import type { Change } from '../../api/objectStore';
import type { Pod } from '../../api/types';
import { withCondition } from '../../kubelet/podStatus';
import { type PodsByNode, podsByNodeOf, splitKey } from '../../scheduler/podsByNode';
import type { ControllerHost } from '../../host';
import { TIMINGS } from '../../timings';

export const POD_GC = 'pod-garbage-collector';

export class PodGCController {
  private readonly pods: PodsByNode;
  /** The simulation's start: gc checks run on multiples of the period from here. */
  private readonly start: number;

  constructor(private readonly sim: ControllerHost) {
    this.start = sim.now();
    this.pods = podsByNodeOf(sim);
    sim.watch((c) => this.onPod(c), ['Pod']);
    sim.watch((c) => this.onNode(c), ['Node']);
  }

  private onPod(c: Change): void {
    const pod = c.obj as Pod;
    const node = pod.spec.nodeName;
    const newlyBound = c.type === 'ADDED' || (c.type === 'MODIFIED' && (c.old as Pod).spec.nodeName !== node);
    if (newlyBound && node && !this.sim.store.get('Node', undefined, node)) this.schedule(node);
  }

  private onNode(c: Change): void {
    if (c.type !== 'DELETED') return;
    const node = c.obj.metadata.name;
    if (this.pods.has(node)) this.schedule(node);
  }

  /** When a node missing now is confirmed gone: the next gc tick, plus the quarantine. */
  checkTime(now: number): number {
    const period = TIMINGS.podGCPeriodMs;
    const nextTick = this.start + (Math.floor((now - this.start) / period) + 1) * period;
    return nextTick + TIMINGS.podGCQuarantineMs;
  }

  private schedule(node: string): void {
    const now = this.sim.now();
    this.sim.enqueue(
      POD_GC,
      node,
      this.checkTime(now) - now,
      `pods are bound to node ${node}, which does not exist`,
      () => this.gcOrphaned(node),
    );
  }

  private gcOrphaned(node: string): string {
    if (this.sim.store.get('Node', undefined, node)) return `node ${node} exists again; nothing to do`;
    const deleted: string[] = [];
    for (const key of this.pods.keys(node)) {
      const [ns, name] = splitKey(key);
      const pod = this.sim.store.get('Pod', ns, name);
      if (!pod) continue;
      const failed = this.sim.store.updateStatus<'Pod'>({
        ...pod,
        status: {
          ...withCondition(
            pod,
            {
              type: 'DisruptionTarget',
              status: 'True',
              reason: 'DeletionByPodGC',
              message: 'PodGC: node no longer exists',
            },
            this.sim.iso(),
          ),
          phase: 'Failed',
        },
      });
      this.sim.store.remove('Pod', failed.metadata.namespace, failed.metadata.name);
      deleted.push(key);
    }
    return deleted.length
      ? `force-deleted ${deleted.join(', ')} (node ${node} no longer exists)`
      : 'nothing to do';
  }
}
