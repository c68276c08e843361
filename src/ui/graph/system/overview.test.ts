import { describe, expect, it } from 'vitest';
import { buildGraph, type NodeCardNode } from './buildGraph';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { cellAt, overviewCell, summarize } from './overview';
import { NODE_H, NODE_W } from './layout';

describe('the canvas overview', () => {
  it('colours each node by its worst pod and marks NotReady and cordoned nodes', () => {
    const s = articleCluster();
    run(s, 'sim node add empty-1 --taint k=v:NoSchedule');
    run(s, 'kubectl cordon node-1');
    run(s, 'sim node condition master Ready=False');
    run(s, 'sim advance 1s');
    const pod = s.sim.store.list('Pod', 'kube-system').find((p) => p.spec.nodeName === 'node-1')!;
    run(s, `sim pod fail ${pod.metadata.name} -n kube-system`);
    const g = buildGraph(objectsOf(s), { positions: {}, showPodEdges: false, selection: null });
    const cells = g.nodes.filter((n): n is NodeCardNode => n.type === 'k8sNode').map(overviewCell);
    const by = Object.fromEntries(cells.map((c) => [c.name, c]));
    expect(by['node-1'].fill).toBe('failed');
    expect(by['node-1'].border).toBe('cordoned');
    expect(by.master.border).toBe('notready');
    expect(by.master.fill).toBe('ok');
    expect(by['empty-1'].fill).toBe('none');
    expect(by['empty-1'].label).toBe('empty-1: Ready; no pods');
    expect(summarize(cells)).toMatchObject({ nodes: 3, notReady: 1 });

    const c = by['node-1'];
    expect(cellAt(cells, { x: c.x + NODE_W / 2, y: c.y + NODE_H / 2 })?.name).toBe('node-1');
    expect(cellAt(cells, { x: c.x - 5, y: c.y - 5 })).toBeUndefined();
  });
});
