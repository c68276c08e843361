// Taint-based eviction (pkg/controller/tainteviction/taint_eviction.go): pods bound to a node with a
// NoExecute taint they do not tolerate are deleted at once; pods tolerating it for
// tolerationSeconds are deleted when the smallest of those runs out; tolerating it forever keeps them.

import type { Change } from '../../api/objectStore';
import { deepEqual } from '../../api/objects';
import type { Node, Pod, Taint, Toleration } from '../../api/types';
import { withCondition } from '../../kubelet/podStatus';
import { namespacedName } from '../../api/namespacedName';
import { type PodsByNode, splitKey } from '../../scheduler/podsByNode';
import { taintString, toleratesTaint } from '../../scheduler/taints';
import type { ControllerHost } from '../../host';

export const TAINT_EVICTION = 'taint-eviction-controller';

export function noExecuteTaints(node: Node | undefined): Taint[] {
  return (node?.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** noExecuteTaints(node).length > 0, without the array */
function hasNoExecuteTaint(node: Node | undefined): boolean {
  const taints = node?.spec?.taints;
  if (taints) for (let i = 0; i < taints.length; i++) if (taints[i].effect === 'NoExecute') return true;
  return false;
}

/** v1helper.GetMatchingTolerations: the first toleration of each taint, or false if one is untolerated. */
export function matchingTolerations(
  taints: readonly Taint[],
  tolerations: readonly Toleration[] | undefined,
): { allTolerated: true; used: Toleration[] } | { allTolerated: false; untolerated: Taint } {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = (tolerations ?? []).find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, untolerated: taint };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/** getMinTolerationTime in ms; -1 means tolerated forever. */
export function minTolerationMs(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

interface ScheduledEviction {
  uid: string;
  createdAt: number;
  triggerAt: number;
}

function sameTaints(a: readonly Taint[], b: readonly Taint[]): boolean {
  const strip = (ts: readonly Taint[]) =>
    ts.map((t) => ({ key: t.key, value: t.value ?? '', effect: t.effect }));
  return deepEqual(strip(a), strip(b));
}

export class TaintEvictionController {
  private readonly scheduled = new Map<string, ScheduledEviction>();

  constructor(
    private readonly sim: ControllerHost,
    private readonly pods: PodsByNode,
  ) {}

  /** When each pending eviction fires (for the UI): pod key → ms. */
  pendingEvictions(): Map<string, number> {
    return new Map([...this.scheduled].map(([k, e]) => [k, e.triggerAt]));
  }

  onNode(c: Change): void {
    const node = c.obj as Node;
    const before = c.type === 'ADDED' ? [] : noExecuteTaints(c.old as Node | undefined);
    const after = c.type === 'DELETED' ? [] : noExecuteTaints(node);
    if (sameTaints(before, after)) return;
    const name = node.metadata.name;
    if (!this.pods.has(name)) return;
    this.sim.enqueue(TAINT_EVICTION, `node:${name}`, 0, `NoExecute taints of node ${name} changed`, () =>
      this.syncNode(name),
    );
  }

  onPod(c: Change): void {
    const pod = c.obj as Pod;
    if (c.type === 'DELETED') {
      this.scheduled.delete(namespacedName(pod.metadata.namespace, pod.metadata.name));
      return;
    }
    const nodeName = pod.spec.nodeName;
    if (!nodeName || pod.metadata.deletionTimestamp) return;
    const old = c.old as Pod | undefined;
    if (old && old.spec.nodeName === nodeName && deepEqual(old.spec.tolerations, pod.spec.tolerations))
      return;
    const node = this.sim.store.get('Node', undefined, nodeName);
    // (no eviction scheduled at all: no key to build to look one up)
    if (
      !hasNoExecuteTaint(node) &&
      (this.scheduled.size === 0 ||
        !this.scheduled.has(namespacedName(pod.metadata.namespace, pod.metadata.name)))
    )
      return;
    this.enqueue(
      namespacedName(pod.metadata.namespace, pod.metadata.name),
      0,
      `pod bound to node ${nodeName}, which has NoExecute taints`,
    );
  }

  private enqueue(key: string, delayMs: number, reason: string): void {
    this.sim.enqueue(TAINT_EVICTION, key, delayMs, reason, () => this.syncPod(key));
  }

  private syncNode(name: string): string {
    const out: string[] = [];
    for (const key of this.pods.keys(name)) {
      const r = this.syncPod(key);
      if (r !== 'nothing to do') out.push(`${key}: ${r}`);
    }
    return out.join('; ') || 'nothing to do';
  }

  /** processPodOnNode, re-evaluated from the current state each time it runs. */
  private syncPod(key: string): string {
    const [ns, name] = splitKey(key);
    const pod = this.sim.store.get('Pod', ns, name);
    if (!pod || !pod.spec.nodeName || pod.metadata.deletionTimestamp) {
      this.scheduled.delete(key);
      return 'nothing to do';
    }
    const taints = noExecuteTaints(this.sim.store.get('Node', undefined, pod.spec.nodeName));
    if (taints.length === 0) return this.cancel(pod);
    const m = matchingTolerations(taints, pod.spec.tolerations);
    if (!m.allTolerated) return this.evict(pod, `does not tolerate ${taintString(m.untolerated)}`);
    const min = minTolerationMs(m.used);
    if (min < 0) return this.cancel(pod);
    const now = this.sim.now();
    let e = this.scheduled.get(key);
    if (!e || e.uid !== pod.metadata.uid) {
      e = { uid: pod.metadata.uid, createdAt: now, triggerAt: now + min };
      this.scheduled.set(key, e);
    }
    if (now >= e.triggerAt) return this.evict(pod, `tolerationSeconds (${min / 1000}s) ran out`);
    this.enqueue(key, e.triggerAt - now, `tolerationSeconds (${min / 1000}s) run out`);
    return `eviction scheduled at ${this.sim.iso(e.triggerAt)}`;
  }

  private cancel(pod: Pod): string {
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    if (!this.scheduled.has(key)) return 'nothing to do';
    this.scheduled.delete(key);
    this.sim.recorder.event(
      pod,
      'Normal',
      'TaintManagerEviction',
      `Cancelling deletion of Pod ${key}`,
      TAINT_EVICTION,
    );
    return 'eviction cancelled';
  }

  private evict(pod: Pod, why: string): string {
    const key = namespacedName(pod.metadata.namespace, pod.metadata.name);
    this.scheduled.delete(key);
    this.sim.recorder.event(
      pod,
      'Normal',
      'TaintManagerEviction',
      `Marking for deletion Pod ${key}`,
      TAINT_EVICTION,
    );
    const updated = this.sim.store.updateStatus<'Pod'>({
      ...pod,
      status: withCondition(
        pod,
        {
          type: 'DisruptionTarget',
          status: 'True',
          reason: 'DeletionByTaintManager',
          message: 'Taint manager: deleting due to NoExecute taint',
        },
        this.sim.iso(),
      ),
    });
    this.sim.store.delete('Pod', updated.metadata.namespace, updated.metadata.name);
    return `evicted: ${why}`;
  }
}
