// The node lifecycle controller (pkg/controller/nodelifecycle/node_lifecycle_controller.go): keeps
// each node's condition taints in step with its conditions and spec.unschedulable, marks the pods
// of a node that stopped reporting as not ready, and runs taint-based eviction.

import type { Change } from '../../api/objectStore';
import { getNodeCondition, isPodReady } from '../../api/podutil';
import type { Node, Taint } from '../../api/types';
import { type PodsByNode, podsByNodeOf, splitKey } from '../../scheduler/podsByNode';
import { setPodCondition } from '../../api/podCondition';
import { taintString } from '../../scheduler/taints';
import type { ControllerHost } from '../../host';
import { TIMINGS } from '../../timings';
import { TaintEvictionController } from './taintEviction';
import { reconcileConditionTaints } from './taints';

export { nodeConditionTaints, reconcileConditionTaints } from './taints';

export const NODE_LIFECYCLE = 'node-lifecycle-controller';
/** The event source of the node lifecycle controller. */
export const NODE_CONTROLLER = 'node-controller';

function readyStatus(node: Node | undefined): string | undefined {
  return node ? getNodeCondition(node, 'Ready')?.status : undefined;
}

function diff(before: readonly Taint[], after: readonly Taint[]): string {
  const key = (t: Taint) => `${t.key}:${t.effect}`;
  const b = new Set(before.map(key));
  const a = new Set(after.map(key));
  const added = after.filter((t) => !b.has(key(t))).map(taintString);
  const removed = before.filter((t) => !a.has(key(t))).map(taintString);
  return [
    added.length ? `added taint(s) ${added.join(', ')}` : '',
    removed.length ? `removed taint(s) ${removed.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

export class NodeLifecycleController {
  readonly pods: PodsByNode;
  readonly taintEviction: TaintEvictionController;
  /** Nodes whose Ready turned Unknown: their pods are marked not ready at the next reconcile. */
  private readonly lostContact = new Set<string>();

  constructor(private readonly sim: ControllerHost) {
    this.pods = podsByNodeOf(sim);
    this.taintEviction = new TaintEvictionController(sim, this.pods);
    sim.watch((c) => this.taintEviction.onPod(c), ['Pod']);
    sim.watch(
      (c) => {
        this.onNode(c);
        this.taintEviction.onNode(c);
      },
      ['Node'],
    );
  }

  private onNode(c: Change): void {
    const node = c.obj as Node;
    const name = node.metadata.name;
    if (c.type === 'DELETED') {
      this.lostContact.delete(name);
      return;
    }
    const wasUnknown = readyStatus(c.old as Node | undefined) === 'Unknown';
    const isUnknown = readyStatus(node) === 'Unknown';
    if (c.type === 'MODIFIED' && !wasUnknown && isUnknown) this.lostContact.add(name);
    if (!isUnknown) this.lostContact.delete(name);
    if (this.lostContact.has(name) || reconcileConditionTaints(node, '') !== undefined) {
      this.sim.enqueue(
        NODE_LIFECYCLE,
        name,
        TIMINGS.nodeLifecycleDelayMs,
        `node ${name} ${c.type === 'ADDED' ? 'added' : 'changed'}`,
        () => this.reconcile(name),
      );
    }
  }

  private reconcile(name: string): string {
    const node = this.sim.store.get('Node', undefined, name);
    if (!node) return 'node is gone';
    const out: string[] = [];
    const taints = reconcileConditionTaints(node, this.sim.iso());
    if (taints) {
      this.sim.store.update({ ...node, spec: { ...node.spec, taints } });
      out.push(diff(node.spec?.taints ?? [], taints));
    }
    if (this.lostContact.has(name)) {
      this.lostContact.delete(name);
      if (readyStatus(node) === 'Unknown') out.push(this.markPodsNotReady(node));
    }
    return out.join('; ') || 'nothing to do';
  }

  /** controllerutil.MarkPodsNotReady, after RecordNodeStatusChange(node, "NodeNotReady"). */
  private markPodsNotReady(node: Node): string {
    const name = node.metadata.name;
    this.sim.recorder.event(
      node,
      'Normal',
      'NodeNotReady',
      `Node ${name} status is now: NodeNotReady`,
      NODE_CONTROLLER,
    );
    let n = 0;
    for (const key of this.pods.keys(name)) {
      const [ns, podName] = splitKey(key);
      const pod = this.sim.store.get('Pod', ns, podName);
      if (!pod || !isPodReady(pod)) continue;
      const updated = this.sim.store.updateStatus<'Pod'>({
        ...pod,
        status: {
          ...pod.status,
          conditions: setPodCondition(
            pod.status.conditions,
            { type: 'Ready', status: 'False' },
            this.sim.iso(),
          ),
        },
      });
      this.sim.recorder.event(updated, 'Warning', 'NodeNotReady', 'Node is not ready', NODE_CONTROLLER);
      n++;
    }
    return `marked ${n} pod(s) not ready`;
  }
}
