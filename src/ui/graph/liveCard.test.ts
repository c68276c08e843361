// Live cards: the graph the page builds carries node names only, and each card's content, read per
// node, is what the one-off builder shows. A pod change leaves the graph as it was.

import { describe, expect, it } from 'vitest';
import {
  buildGraph,
  createGraphBuilder,
  placePods,
  type NodeCardNode,
  type LiveCardNode,
  type LiveGraphObjects,
} from './system/buildGraph';
import { articleCluster, objectsOf, run } from './testing/testCluster';
import { nodeId } from './system/layout';
import { liveContent } from './liveCard';
import type { Session } from '../../engine';

const UI = { positions: {}, showPodEdges: false, selection: null };
const NONE: never[] = [];

function liveObjects(s: Session): LiveGraphObjects & { placed: ReturnType<typeof placePods> } {
  const o = objectsOf(s);
  const placed = placePods(o.Node, o.Pod);
  const nodeNames = Object.values(o.Node)
    .map((n) => n.metadata.name)
    .sort();
  return {
    nodeNames,
    DaemonSet: o.DaemonSet,
    ControllerRevision: o.ControllerRevision,
    lane: { pods: placed.lane, nodeGone: placed.nodeGone },
    placed,
  };
}

describe('live cards', () => {
  it('show what the one-off builder shows, read per node', () => {
    const s = articleCluster('kubeadm');
    run(s, 'sim node add gpu-1 --taint gpu=true:NoSchedule');
    run(s, 'sim settle');
    const full = buildGraph(objectsOf(s), UI);
    const o = liveObjects(s);
    const live = createGraphBuilder()(o, UI);
    for (const name of o.nodeNames) {
      const c = live.nodes.find((n) => n.id === nodeId(name)) as LiveCardNode;
      expect(c.data).toEqual({ live: true, name, level: 'full' });
      const node = objectsOf(s).Node[`/${name}`];
      const content = liveContent(
        name,
        node,
        o.placed.byNode.get(name) ?? [],
        o.placed.waitingPods.get(name) ?? [],
        live.context,
        undefined,
        'full',
      );
      expect(content).toEqual((full.nodes.find((n) => n.id === nodeId(name)) as NodeCardNode).data);
    }
  });

  it('keep the graph as it was when only pods changed; a card gets new content only for its own node', () => {
    const s = articleCluster('large', 4);
    const build = createGraphBuilder();
    const a = liveObjects(s);
    const g1 = build(a, UI);
    const node = (name: string) => objectsOf(s).Node[`/${name}`];
    const contentOf = (o: typeof a, name: string, ctx = g1.context) =>
      liveContent(name, node(name), o.placed.byNode.get(name) ?? NONE, NONE, ctx, undefined, 'full');
    const before = new Map(a.nodeNames.map((n) => [n, contentOf(a, n)]));
    const pod = a.placed.byNode.get('node-0002')![0];
    run(s, `sim pod fail ${pod.metadata.name} -n kube-system`);
    run(s, 'sim advance 5ms');
    const b = liveObjects(s);
    // as the mirror does: a node whose pods are the same objects keeps its array
    for (const [name, pods] of b.placed.byNode) {
      const old = a.placed.byNode.get(name);
      if (old && old.length === pods.length && old.every((p, i) => p === pods[i]))
        b.placed.byNode.set(name, old);
    }
    const g2 = build({ ...b, nodeNames: a.nodeNames }, UI);
    expect(g2).toBe(g1);
    expect(g2.context).toBe(g1.context);
    for (const name of a.nodeNames) {
      const after = contentOf(b, name, g2.context);
      if (name === 'node-0002') {
        expect(after).not.toBe(before.get(name));
        expect(after.pods[0].tone).toBe('failed');
      } else expect(after).toBe(before.get(name));
    }
  });
});
