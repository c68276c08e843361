import { describe, expect, it } from 'vitest';
import type { ReplicaSet } from '../../../engine';
import { createGraphBuilder, type DaemonSetNode, type DeploymentNode, type Graph } from './buildGraph';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { deployId, DS_X, geometry } from './layout';
import { replicaSetChain, wasRevision } from './deploymentModel';
import { deploymentMenuItems } from './menuItems';
import { ownerWord } from './cardWords';

const UI = { positions: {}, showPodEdges: true, selection: null };

const depCard = (g: Graph) => g.nodes.find((n) => n.type === 'deployment') as DeploymentNode | undefined;
const dsCard = (g: Graph) => g.nodes.find((n) => n.type === 'daemonSet') as DaemonSetNode;
/** `rev 2 3/3 current` per ReplicaSet, top to bottom, as the card lists them. */
const chain = (g: Graph) =>
  depCard(g)!.data.deployment.replicaSets.map(
    (r) =>
      `rev ${r.revision}${r.was !== undefined ? ` (was ${r.was})` : ''} ${r.images.join(',')} ${r.ready}/${r.desired}${r.current ? ' current' : ''}`,
  );

describe('the Deployment card', () => {
  it('is drawn only when there is a Deployment, after the DaemonSet in its column (full) or row (smaller levels)', () => {
    const s = articleCluster();
    const build = createGraphBuilder();
    expect(depCard(build(objectsOf(s), UI))).toBeUndefined();
    run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=3');
    run(s, 'sim settle');
    const g = build(objectsOf(s), UI);
    const d = depCard(g)!;
    expect(d.id).toBe(deployId('default/web'));
    expect(d.ariaLabel).toBe('deployment.apps/web (default)');
    expect(d.position.x).toBe(DS_X);
    expect(d.position.y).toBeGreaterThan(dsCard(g).position.y + 200);
    expect(d.data.deployment).toMatchObject({ name: 'web', desired: 3, ready: 3, upToDate: 3, available: 3 });
    expect(chain(g)).toEqual(['rev 1 nginx:1.27 3/3 current']);

    const compact = build(objectsOf(s), { ...UI, level: 'compact' });
    const cd = depCard(compact)!;
    expect(cd.position).toEqual({ x: geometry('compact').cellW, y: dsCard(compact).position.y });
    expect(cd.width).toBe(geometry('compact').w);
  });

  it('one ReplicaSet per version: set image adds rev 2 and scales rev 1 to 0; undo gives the old one rev 3, "was 1"', () => {
    const s = articleCluster();
    run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=3');
    run(s, 'sim settle');
    run(s, 'kubectl set image deployment/web nginx=nginx:1.28');
    run(s, 'sim settle');
    const build = createGraphBuilder();
    expect(chain(build(objectsOf(s), UI))).toEqual(['rev 2 nginx:1.28 3/3 current', 'rev 1 nginx:1.27 0/0']);
    run(s, 'kubectl rollout undo deployment/web');
    run(s, 'sim settle');
    const g = build(objectsOf(s), UI);
    expect(chain(g)).toEqual(['rev 3 (was 1) nginx:1.27 3/3 current', 'rev 2 nginx:1.28 0/0']);
    // The menu offers the other ReplicaSet's revision, as kubectl names it.
    const undo = deploymentMenuItems(depCard(g)!.data.deployment).filter((i) => i.id.startsWith('undo:'));
    expect(undo.map((i) => i.type === 'command' && i.command)).toEqual([
      'kubectl rollout undo deployment/web -n default --to-revision=2',
    ]);
  });

  it('keeps its object while its Deployment and ReplicaSets are the same, and is made again when a ReplicaSet changes', () => {
    const s = articleCluster();
    run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
    run(s, 'sim settle');
    const build = createGraphBuilder();
    const o = objectsOf(s);
    const a = depCard(build(o, UI))!;
    expect(depCard(build({ ...o }, UI))).toBe(a);
    run(s, 'kubectl scale deployment/web --replicas=3');
    run(s, 'sim settle');
    const b = depCard(build(objectsOf(s), UI))!;
    expect(b).not.toBe(a);
    expect(chain({ nodes: [b] } as Graph)).toEqual(['rev 1 nginx:1.27 3/3 current']);
  });

  it('the replica pods say whose they are; daemon pods say it with their revision', () => {
    const s = articleCluster();
    run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
    run(s, 'sim settle');
    const g = createGraphBuilder()(objectsOf(s), UI);
    const pods = g.nodes.flatMap((n) => (n.type === 'k8sNode' && 'pods' in n.data ? n.data.pods : []));
    expect(pods.filter((p) => ownerWord(p) === 'web')).toHaveLength(2);
    expect(pods.filter((p) => p.owner?.kind === 'DaemonSet').map(ownerWord)).toEqual([undefined, undefined]);
  });
});

describe('replicaSetChain', () => {
  const rs = (name: string, annotations: Record<string, string>, created: string): ReplicaSet =>
    ({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name,
        namespace: 'default',
        annotations,
        labels: { 'pod-template-hash': name.slice(4) },
        creationTimestamp: created,
      },
      spec: {
        replicas: 1,
        selector: {},
        template: { spec: { containers: [{ name: 'c', image: `i:${name}` }] } },
      },
      status: { replicas: 1, readyReplicas: 1 },
    }) as unknown as ReplicaSet;

  it('orders by revision, marks the highest current; an unnumbered one is rev 0 and never current; revision-history gives "was"', () => {
    const c = replicaSetChain([
      rs('web-aaa', { 'deployment.kubernetes.io/revision': '2' }, '2026-01-01T00:00:00Z'),
      rs('web-bbb', {}, '2026-01-01T00:00:01Z'),
      rs(
        'web-ccc',
        { 'deployment.kubernetes.io/revision': '5', 'deployment.kubernetes.io/revision-history': '1,3' },
        '2026-01-01T00:00:02Z',
      ),
    ]);
    expect(c.map((r) => [r.name, r.revision, r.current, r.was])).toEqual([
      ['web-ccc', 5, true, 3],
      ['web-aaa', 2, false, undefined],
      ['web-bbb', 0, false, undefined],
    ]);
    // Every ReplicaSet its own colour.
    expect(new Set(c.map((r) => r.color)).size).toBe(3);
  });

  it('reads revision-history as upstream writes it', () => {
    expect(wasRevision(rs('web-x', { 'deployment.kubernetes.io/revision-history': '4' }, ''))).toBe(4);
    expect(
      wasRevision(rs('web-x', { 'deployment.kubernetes.io/revision-history': 'x' }, '')),
    ).toBeUndefined();
    expect(wasRevision(rs('web-x', {}, ''))).toBeUndefined();
  });
});
