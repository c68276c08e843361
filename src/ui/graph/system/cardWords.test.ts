import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../i18n/locales/en/graph.json';
import zh from '../../../i18n/locales/zh-CN/graph.json';
import { articleCluster, objectsOf, run } from '../testing/testCluster';
import { buildGraph, type Graph, type NodeCardNode } from './buildGraph';
import { nodeId } from './layout';
import {
  fullReason,
  isUnready,
  mainPod,
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
});
