// The overview (a large cluster zoomed out) draws its nodes on a canvas: the graph built for it makes
// no node cards, nor edges to them — no per-node work at all, where a share link's first render had
// made 1,000 card objects nobody drew (issue 24). The oracle is the simple path: the same build with
// the node cards made (`nodeCards: true`), less the node cards and their edges.

import { describe, expect, it } from 'vitest';
import { createGraphBuilder, placePods, type Graph, type LiveGraphObjects } from './buildGraph';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import type { Level } from './layout';

/** The live objects of a session, with a count of the reads of node names and of nodes' pods. */
function liveObjects(nodes: number) {
  const s = articleCluster('large', nodes);
  run(s, 'sim advance 5s');
  const o = objectsOf(s);
  const placed = placePods(o.Node, o.Pod);
  const names = Object.values(o.Node)
    .map((n) => n.metadata.name)
    .sort();
  const reads = { names: 0, pods: 0 };
  // every read of one node's name (names[i]), as a per-node loop makes
  const nodeNames = new Proxy(names, {
    get(t, k, r) {
      if (typeof k === 'string' && /^\d+$/.test(k)) reads.names++;
      return Reflect.get(t, k, r) as unknown;
    },
  });
  const objects: LiveGraphObjects = {
    nodeNames,
    DaemonSet: o.DaemonSet,
    ControllerRevision: o.ControllerRevision,
    lane: { pods: placed.lane, nodeGone: placed.nodeGone },
    podsOn: (name) => {
      reads.pods++;
      return placed.byNode.get(name) ?? [];
    },
  };
  return { objects, reads, names };
}

const ui = (level: Level, nodeCards?: boolean) => ({
  positions: {},
  showPodEdges: true,
  compact: level !== 'full',
  selection: null,
  level,
  columns: 40,
  ...(nodeCards === undefined ? {} : { nodeCards }),
});

/** What React Flow is given in the overview, from a graph with node cards: all but them and their edges. */
const withoutNodeCards = (g: Graph) => ({
  nodes: g.nodes.filter((n) => n.type !== 'k8sNode'),
  edges: g.edges.filter((e) => !e.target.startsWith('node:')),
});

describe('the graph in the overview', () => {
  it('makes no node card and reads no node: the rest is what the simple path gives', () => {
    const { objects, reads, names } = liveObjects(300);
    expect(names).toHaveLength(300);
    const g = createGraphBuilder()(objects, ui('overview'));
    expect(reads).toEqual({ names: 0, pods: 0 });
    expect(g.nodes.filter((n) => n.type === 'k8sNode')).toEqual([]);
    const simple = createGraphBuilder()(objects, ui('overview', true));
    expect(simple.nodes.filter((n) => n.type === 'k8sNode')).toHaveLength(300);
    expect({ nodes: g.nodes, edges: g.edges }).toEqual(withoutNodeCards(simple));
    expect(g.context.key).toBe(simple.context.key);
    expect(g.context.dsList).toEqual(simple.context.dsList);
  });

  it('makes none on the way through the overview, and all where they are drawn, as the simple path does', () => {
    const { objects, reads } = liveObjects(200);
    const build = createGraphBuilder();
    for (const level of ['full', 'overview', 'tiny', 'overview', 'compact'] as const) {
      const before = reads.names;
      const g = build(objects, ui(level));
      const read = reads.names - before;
      const simple = createGraphBuilder()(objects, ui(level, true));
      if (level === 'overview') {
        expect(read).toBe(0);
        expect({ nodes: g.nodes, edges: g.edges }).toEqual(withoutNodeCards(simple));
      } else {
        expect(g.nodes.filter((n) => n.type === 'k8sNode')).toHaveLength(200);
        expect({ nodes: g.nodes, edges: g.edges }).toEqual({ nodes: simple.nodes, edges: simple.edges });
      }
    }
  });

  it('leaves them out when asked (the page, before its first view is set)', () => {
    const { objects, reads } = liveObjects(20);
    const g = createGraphBuilder()(objects, ui('full', false));
    expect(reads).toEqual({ names: 0, pods: 0 });
    expect({ nodes: g.nodes, edges: g.edges }).toEqual(
      withoutNodeCards(createGraphBuilder()(objects, ui('full', true))),
    );
  });
});
