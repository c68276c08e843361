import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../i18n/locales/en/graph.json';
import zh from '../../../i18n/locales/zh-CN/graph.json';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { buildGraph, type Graph, type NodeCardNode } from './buildGraph';
import { nodeId } from './layout';
import { workloadOf } from './model';
import {
  fullReason,
  isUnready,
  mainPod,
  othersWords,
  podStateWord,
  podWords,
  shortReason,
  taintKey,
  type Tr,
} from './cardWords';

const tr = (lng: string): Tr => {
  const i = i18next.createInstance();
  void i.init({
    lng,
    resources: { en: { graph: en }, 'zh-CN': { graph: zh } },
    defaultNS: 'graph',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i.t.bind(i) as unknown as Tr;
};
const card = (g: Graph, name: string) => g.nodes.find((n) => n.id === nodeId(name)) as NodeCardNode;
const UI = { positions: {}, showPodEdges: false, selection: null };

describe('card words', () => {
  it('say each pod state and revision as kubectl would, and why a node has no pod in a few words', () => {
    const s = articleCluster();
    run(s, 'sim node add gpu-1 --taint nvidia.com/gpu=present:NoSchedule');
    run(s, 'sim node add no-net-1 --no-network');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    const t = tr('en');
    const pod = mainPod(card(g, 'node-1').data.pods)!;
    expect(podWords(t, pod, pod.trouble)).toBe('Running · rev 1');
    expect(shortReason(t, card(g, 'gpu-1').data.reason)).toBe('taint not tolerated');
    expect(fullReason(t, card(g, 'gpu-1').data.reason)).toBe(
      'taint nvidia.com/gpu=present:NoSchedule not tolerated',
    );
    expect(shortReason(t, card(g, 'no-net-1').data.reason)).toBe('no network');
    expect(shortReason(tr('zh-CN'), card(g, 'no-net-1').data.reason)).toBe('无网络');
    expect(shortReason(t, undefined)).toBe('pod on its way');
    expect(shortReason(t, { kind: 'nodeSelector' })).toBe('selector');
  });

  it('call a running pod with unready containers "0/1 Running", like the READY and STATUS columns', () => {
    expect(isUnready('0/1')).toBe(true);
    expect(isUnready('1/1')).toBe(false);
    const s = articleCluster();
    const pod = mainPod(card(buildGraph(objectsOf(s), UI), 'node-1').data.pods)!;
    expect(podStateWord({ ...pod, readyText: '0/1' }, undefined)).toBe('0/1 Running');
    expect(podStateWord({ ...pod, status: 'Terminating' }, undefined)).toBe('Terminating');
  });

  it("reads a taint key from kubectl's taint text", () => {
    expect(taintKey('node.kubernetes.io/network-unavailable:NoSchedule')).toBe(
      'node.kubernetes.io/network-unavailable',
    );
    expect(taintKey('nvidia.com/gpu=present:NoSchedule')).toBe('nvidia.com/gpu');
  });

  it('name the other pods of a small card by their workload: a Deployment replica beside the daemon pod is `+1 web`', () => {
    const s = articleCluster();
    run(s, 'kubectl create deployment web --image=nginx:1.27 --replicas=2');
    run(s, 'kubectl run solo --image=busybox');
    run(s, 'sim settle');
    const g = buildGraph(objectsOf(s), UI);
    const t = tr('en');
    const withWeb = ['node-1', 'master']
      .map((n) => card(g, n).data.pods)
      .find((pods) => pods.some((p) => p.workload === 'web'))!;
    const main = mainPod(withWeb)!;
    expect(main.owner?.kind).toBe('DaemonSet');
    const others = withWeb.filter((p) => p !== main);
    const webOnly = others.filter((p) => p.workload === 'web');
    const w = othersWords(t, webOnly);
    expect(w.text).toBe(`+${webOnly.length} web`);
    expect(w.title).toMatch(
      /^Also on this node:\n {2}default\/web-[a-z0-9]+-[a-z0-9]{5}: Running \(ReplicaSet\/web-[a-z0-9]+\)/,
    );
    expect(othersWords(tr('zh-CN'), webOnly).title.split('\n')[0]).toBe('此节点上还有：');
    // two workloads: only the count
    const solo = Object.values(objectsOf(s).Pod).find((p) => p.metadata.name === 'solo')!;
    const soloView = {
      ...webOnly[0],
      name: 'solo',
      workload: workloadOf('solo', undefined),
      owner: undefined,
    };
    expect(solo.metadata.ownerReferences ?? []).toEqual([]);
    expect(othersWords(t, [webOnly[0], soloView]).text).toBe('+2');
  });

  it("takes a ReplicaSet's pod-template-hash off its name only when it is there", () => {
    expect(
      workloadOf('web-7c5ddbdf54-x8k2p', { kind: 'ReplicaSet', name: 'web-7c5ddbdf54' }, '7c5ddbdf54'),
    ).toBe('web');
    expect(workloadOf('frontend-x8k2p', { kind: 'ReplicaSet', name: 'frontend' }, undefined)).toBe(
      'frontend',
    );
    expect(workloadOf('my-rs-x8k2p', { kind: 'ReplicaSet', name: 'my-rs' }, 'abc')).toBe('my-rs');
    expect(workloadOf('agent-kvzp9', { kind: 'DaemonSet', name: 'agent' }, undefined)).toBe('agent');
    expect(workloadOf('solo', undefined)).toBe('solo');
  });
});
