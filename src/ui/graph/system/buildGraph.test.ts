import { describe, expect, it } from 'vitest';
import { Session, type KEvent } from '../../../engine';
import {
  buildGraph,
  createGraphBuilder,
  type DaemonSetNode,
  type Graph,
  type LaneNode,
  type NodeCardNode,
} from './buildGraph';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { failedPulls } from '../../../state/failedPulls';
import { LANE_ID, placeNodes, nodeId } from './layout';

const UI = { positions: {}, showPodEdges: true, selection: null };

const card = (g: Graph, name: string) => g.nodes.find((n) => n.id === nodeId(name)) as NodeCardNode;
const dsCard = (g: Graph) => g.nodes.find((n) => n.type === 'daemonSet') as DaemonSetNode;

describe('buildGraph on the article cluster', () => {
  const s = articleCluster();
  const g = buildGraph(objectsOf(s), UI);

  it('draws one card per node, with role, status, taints and usage', () => {
    const master = card(g, 'master');
    expect(master.type).toBe('k8sNode');
    expect(master.data.summary.roles).toEqual(['master']);
    expect(master.data.summary.status).toBe('Ready');
    expect(master.data.summary.taints).toEqual([
      {
        key: 'node-role.kubernetes.io/master',
        effect: 'NoSchedule',
        text: 'node-role.kubernetes.io/master:NoSchedule',
      },
    ]);
    expect(master.data.summary.labels.map((l) => l.key)).toEqual(['node-role.kubernetes.io/master']);
    expect(master.data.summary.standardLabels).toBe(5);
    expect(master.data.summary.cpu).toEqual({ requested: 100, allocatable: 4000 });
    expect(master.data.summary.memory.requested).toBe(200 * 2 ** 20);
    expect(master.data.summary.pods).toEqual({ requested: 1, allocatable: 110 });
    expect(card(g, 'node-1').data.summary.roles).toEqual([]);
  });

  it('puts the daemon pod inside its node, with revision and injected tolerations', () => {
    const pods = card(g, 'node-1').data.pods;
    expect(pods).toHaveLength(1);
    const p = pods[0];
    expect(p.status).toBe('Running');
    expect(p.ready).toBe(true);
    expect(p.readyText).toBe('1/1');
    expect(p.owner).toEqual({ kind: 'DaemonSet', name: 'fluentd-elasticsearch' });
    expect(p.name).toBe(`fluentd-elasticsearch-${p.suffix}`);
    expect(p.suffix).toMatch(/^[a-z0-9]{5}$/);
    expect(p.revision).toMatchObject({ revision: 1, current: true });
    expect(p.revision!.hash).toMatch(/^[4-9bcdf]+$/);
    // The template's own toleration, then the six the controller injects.
    expect(p.tolerations[0]).toEqual({ text: 'node-role.kubernetes.io/master:NoSchedule', injected: false });
    expect(p.tolerations.filter((t) => t.injected)).toHaveLength(6);
    expect(p.tolerations.find((t) => t.text.startsWith('node.kubernetes.io/not-ready'))).toEqual({
      text: 'node.kubernetes.io/not-ready:NoExecute op=Exists',
      injected: true,
    });
    expect(card(g, 'node-1').data.hasDaemonPod).toBe(true);
  });

  it('draws the DaemonSet with its status counters and revision chain', () => {
    const d = dsCard(g).data.ds;
    expect(d).toMatchObject({
      name: 'fluentd-elasticsearch',
      namespace: 'kube-system',
      desired: 2,
      current: 2,
      ready: 2,
      upToDate: 2,
      available: 2,
      misscheduled: 0,
    });
    expect(d.revisions).toHaveLength(1);
    expect(d.revisions[0]).toMatchObject({
      revision: 1,
      current: true,
      images: ['k8s.gcr.io/fluentd-elasticsearch:1.20'],
    });
    expect(dsCard(g).position.x).toBeLessThan(0);
  });

  it('links the DaemonSet to each of its pods, through the pod handle', () => {
    expect(g.edges).toHaveLength(2);
    const e = g.edges.find((x) => x.target === nodeId('node-1'))!;
    expect(e.source).toBe(dsCard(g).id);
    expect(e.targetHandle).toBe('pod-0');
    expect(buildGraph(objectsOf(s), { ...UI, showPodEdges: false }).edges).toEqual([]);
    expect(
      buildGraph(objectsOf(s), { ...UI, compact: true }).edges.every((x) => x.targetHandle === 'in'),
    ).toBe(true);
  });

  it('marks the selection', () => {
    const pod = card(g, 'node-1').data.pods[0];
    const sel = buildGraph(objectsOf(s), {
      ...UI,
      selection: { kind: 'Pod', namespace: 'kube-system', name: pod.name },
    });
    expect(card(sel, 'node-1').data.selectedPod).toBe(pod.key);
    expect(card(sel, 'master').data.selectedPod).toBeUndefined();
    const selNode = buildGraph(objectsOf(s), { ...UI, selection: { kind: 'Node', name: 'master' } });
    expect(card(selNode, 'master').selected).toBe(true);
    expect(card(selNode, 'node-1').selected).toBe(false);
  });
});

describe('the revision chain', () => {
  it('renumbers the reused revision to the top after an undo, keeping its colour', () => {
    const s = articleCluster();
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system --record',
    );
    run(s, 'sim settle');
    const g2 = buildGraph(objectsOf(s), UI);
    const chain2 = dsCard(g2).data.ds.revisions;
    expect(chain2.map((r) => [r.revision, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(chain2[0].changeCause).toContain('kubectl set image');
    expect(chain2[0].color).not.toBe(chain2[1].color);
    // Every pod runs revision 2 now.
    for (const n of ['master', 'node-1'])
      expect(card(g2, n).data.pods.map((p) => p.revision?.revision)).toEqual([2]);

    run(s, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system --to-revision=1');
    run(s, 'sim settle');
    const g3 = buildGraph(objectsOf(s), UI);
    const chain3 = dsCard(g3).data.ds.revisions;
    expect(chain3.map((r) => [r.revision, r.current])).toEqual([
      [3, true],
      [2, false],
    ]);
    // Same ControllerRevision object (same name and hash), new number, same colour.
    expect(chain3[0].name).toBe(chain2[1].name);
    expect(chain3[0].color).toBe(chain2[1].color);
    expect(chain3[0].changeCause).toBeUndefined();
    for (const n of ['master', 'node-1'])
      expect(card(g3, n).data.pods.map((p) => p.revision?.revision)).toEqual([3]);
  });
});

describe('pods that fit nowhere, bare pods, terminating pods', () => {
  it('lists an unschedulable daemon pod in the lane with the scheduler message', () => {
    const s = articleCluster();
    run(s, 'sim node add tiny --memory 100Mi');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    const lane = g.nodes.find((n) => n.id === LANE_ID) as LaneNode;
    expect(lane.data.pods).toHaveLength(1);
    const p = lane.data.pods[0];
    expect(p.status).toBe('Pending');
    expect(p.targetNode).toBe('tiny');
    expect(p.schedulingMessage).toMatch(/Insufficient memory/);
    expect(card(g, 'tiny').data.pods).toEqual([]);
    expect(card(g, 'tiny').data.waiting).toBe(1);
    expect(card(g, 'tiny').data.hasDaemonPod).toBe(false);
    expect(g.edges.some((e) => e.target === LANE_ID)).toBe(true);
  });

  it('shows a bare pod in its node, marked bare', () => {
    const s = articleCluster();
    run(s, 'kubectl run web --image=nginx');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    const pods = card(g, 'node-1').data.pods;
    expect(pods.map((p) => [p.name.startsWith('fluentd') ? 'ds' : p.name, p.bare])).toEqual([
      ['ds', false],
      ['web', true],
    ]);
  });

  it('shows a deleted pod as Terminating with its deadline', () => {
    const s = articleCluster();
    const pod = card(buildGraph(objectsOf(s), UI), 'node-1').data.pods[0];
    run(s, `kubectl delete pod ${pod.name} -n kube-system --wait=false`);
    const g = buildGraph(objectsOf(s), UI);
    const p = card(g, 'node-1').data.pods.find((x) => x.name === pod.name)!;
    expect(p.status).toBe('Terminating');
    expect(p.tone).toBe('terminating');
    // deletionTimestamp has second precision (RFC 3339), like the API server's.
    expect(p.deletionAt! - s.sim.now()).toBeGreaterThan(29_000);
    expect(p.deletionAt! - s.sim.now()).toBeLessThanOrEqual(30_000);
  });

  it('shows a NoExecute taint with its effect and the pod leaving', () => {
    const s = articleCluster();
    run(s, 'kubectl taint nodes node-1 dedicated=db:NoExecute');
    run(s, 'sim advance 100ms');
    const g = buildGraph(objectsOf(s), UI);
    const c = card(g, 'node-1');
    expect(c.data.summary.taints).toEqual([
      { key: 'dedicated', value: 'db', effect: 'NoExecute', text: 'dedicated=db:NoExecute' },
    ]);
    expect(c.data.pods.map((p) => p.status)).toEqual(['Terminating']);
    expect(c.data.hasDaemonPod).toBe(false);
    run(s, 'sim settle');
    expect(card(buildGraph(objectsOf(s), UI), 'node-1').data.pods).toEqual([]);
  });

  it('shows pressure conditions and NotReady', () => {
    const s = articleCluster();
    run(s, 'sim node condition node-1 MemoryPressure=True');
    run(s, 'sim node condition master Ready=False');
    run(s, 'kubectl cordon node-1');
    run(s, 'sim advance 1s');
    const g = buildGraph(objectsOf(s), UI);
    expect(card(g, 'node-1').data.summary.conditions).toMatchObject([
      { type: 'MemoryPressure', status: 'True' },
    ]);
    expect(card(g, 'node-1').data.summary.status).toBe('Ready,SchedulingDisabled');
    expect(card(g, 'master').data.summary.ready).toBe('NotReady');
  });
});

describe('createGraphBuilder keeps unchanged cards', () => {
  it('reuses node objects whose inputs did not change', () => {
    const s = articleCluster();
    const build = createGraphBuilder();
    const a = build(objectsOf(s), UI);
    const b = build(objectsOf(s), UI);
    expect(b.nodes).toHaveLength(a.nodes.length);
    b.nodes.forEach((n, i) => expect(n).toBe(a.nodes[i]));
    b.edges.forEach((e, i) => expect(e).toBe(a.edges[i]));
    // A DaemonSet status update (every sync during a rollout) rebuilds no card.
    const objs = objectsOf(s);
    const dsKey = Object.keys(objs.DaemonSet)[0];
    const ds = objs.DaemonSet[dsKey];
    const statusOnly = {
      ...objs,
      DaemonSet: { [dsKey]: { ...ds, status: { ...ds.status, observedGeneration: 99 } } },
    } as typeof objs;
    const d = build(statusOnly, UI);
    expect(card(d, 'master')).toBe(card(a, 'master'));
    expect(card(d, 'node-1')).toBe(card(a, 'node-1'));
    run(s, 'kubectl taint nodes node-1 k=v:NoSchedule');
    const c = build(objectsOf(s), UI);
    expect(card(c, 'master')).toBe(card(a, 'master'));
    expect(card(c, 'node-1')).not.toBe(card(a, 'node-1'));
  });

  it('builds 1,000 nodes with pods, and after a one-pod change rebuilds only that node (times printed, not tested: they are the machine’s)', () => {
    const s = new Session({ seed: 1, preset: 'large', nodes: 1000 });
    run(s, 'kubectl apply -f -', ARTICLE_NO_MASTER);
    run(s, 'sim settle');
    const objs = objectsOf(s);
    expect(Object.keys(objs.Pod)).toHaveLength(1000);
    const build = createGraphBuilder();
    let t = performance.now();
    const g = build(objs, UI);
    const first = performance.now() - t;
    expect(g.nodes).toHaveLength(1001);
    const pod = Object.values(objs.Pod)[0];
    const changed = {
      ...objs,
      Pod: {
        ...objs.Pod,
        [`${pod.metadata.namespace}/${pod.metadata.name}`]: {
          ...pod,
          metadata: { ...pod.metadata, resourceVersion: 'x' },
        },
      },
    };
    t = performance.now();
    const g2 = build(changed, UI);
    const second = performance.now() - t;
    const rebuilt = g2.nodes.filter((n, i) => n !== g.nodes[i]);
    expect(rebuilt).toHaveLength(1);
    console.info(
      `buildGraph 1,000 nodes: first ${first.toFixed(1)} ms, after one pod changed ${second.toFixed(1)} ms`,
    );
  });
});

describe('placeNodes', () => {
  it('gives new nodes the first free cell and keeps existing positions', () => {
    const p1 = placeNodes({}, ['node:a', 'node:b'], 4);
    expect(p1).toEqual({ 'node:a': { col: 0, row: 0 }, 'node:b': { col: 1, row: 0 } });
    const dragged = { ...p1, 'node:a': { col: 3, row: 2 } };
    const p2 = placeNodes(dragged, ['node:a', 'node:b', 'node:c'], 4);
    expect(p2['node:a']).toEqual({ col: 3, row: 2 });
    expect(p2['node:c']).toEqual({ col: 0, row: 0 });
    expect(placeNodes(p2, ['node:a', 'node:c'], 4)).toBe(p2);
  });
});

const ARTICLE_NO_MASTER = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  namespace: kube-system
spec:
  selector:
    matchLabels: {name: agent}
  template:
    metadata:
      labels: {name: agent}
    spec:
      containers:
      - name: agent
        image: registry.example.com/agent:1
        resources:
          requests: {cpu: 10m, memory: 20Mi}
`;

describe('teaching points on the card', () => {
  it('a node without a daemon pod says why in one line: the first failing check, or the scheduler', () => {
    const s = articleCluster();
    run(
      s,
      'sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule',
    );
    run(s, 'sim node add small-1 --cpu 50m');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    expect(card(g, 'gpu-1').data.reason).toEqual({
      kind: 'taint',
      taint: 'nvidia.com/gpu=present:NoSchedule',
    });
    expect(card(g, 'node-1').data.reason).toBeUndefined();
    expect(card(g, 'small-1').data.reason).toEqual({ kind: 'insufficient', resource: 'cpu' });
  });

  it("a revision renumbered by undo says its old number, from the engine's record, for as long as it lives", () => {
    const s = articleCluster();
    const build = createGraphBuilder();
    const chain = () =>
      (build(objectsOf(s), UI).nodes.find((n) => n.type === 'daemonSet') as DaemonSetNode).data.ds.revisions;
    expect(chain().map((r) => [r.revision, r.was])).toEqual([[1, undefined]]);
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system',
    );
    run(s, 'sim settle');
    expect(chain().map((r) => [r.revision, r.was])).toEqual([
      [2, undefined],
      [1, undefined],
    ]);
    run(s, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system');
    run(s, 'sim settle');
    expect(chain().map((r) => [r.revision, r.was])).toEqual([
      [3, 1],
      [2, undefined],
    ]);
    // Still remembered while nothing else changes.
    expect(chain()[0].was).toBe(1);
    // The chain built afresh (a reload) says the same: it reads the record, not the previous chain.
    const fresh = (
      createGraphBuilder()(objectsOf(s), UI).nodes.find((n) => n.type === 'daemonSet') as DaemonSetNode
    ).data.ds.revisions;
    expect(fresh.map((r) => [r.revision, r.was])).toEqual([
      [3, 1],
      [2, undefined],
    ]);
    // A new revision after it: revision 3 still was revision 1 (as a Deployment's revision-history says).
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v3 -n kube-system',
    );
    run(s, 'sim settle');
    expect(chain().map((r) => [r.revision, r.was])).toEqual([
      [4, undefined],
      [3, 1],
      [2, undefined],
    ]);
    // Without the record (a page that is given none) there is nothing to say.
    const bare = createGraphBuilder()({ ...objectsOf(s), renumbered: [] }, UI).nodes.find(
      (n) => n.type === 'daemonSet',
    ) as DaemonSetNode;
    expect(bare.data.ds.revisions.every((r) => r.was === undefined)).toBe(true);
  });

  it('a revision whose image did not pull stays marked after the undo removed its pods (the Failed events say so)', () => {
    const s = articleCluster();
    const build = createGraphBuilder();
    // what the page has: the chain built with the images the kubelets' Failed events name
    const chain = () => {
      const events = JSON.parse(run(s, 'kubectl get events -A -o json')) as { items: KEvent[] };
      return (
        build({ ...objectsOf(s), pullFailed: failedPulls(events.items) }, UI).nodes.find(
          (n) => n.type === 'daemonSet',
        ) as DaemonSetNode
      ).data.ds.revisions;
    };
    run(
      s,
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo -n kube-system',
    );
    for (let i = 0; i < 20; i++) run(s, 'sim advance 1s');
    run(s, 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system');
    run(s, 'sim settle');
    // no pod runs the typo'd revision any more; its card row still says its image did not pull
    expect(run(s, 'kubectl get pods -n kube-system')).not.toContain('ImagePull');
    expect(chain().map((r) => [r.revision, !!r.pullFailed])).toEqual([
      [3, false],
      [2, true],
    ]);
  });
});
