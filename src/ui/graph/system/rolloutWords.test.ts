import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../i18n/locales/en/trouble.json';
import zh from '../../../i18n/locales/zh-CN/trouble.json';
import type { ControllerRevision } from '../../../engine';
import { rolloutProgress } from '../../../state/rollout';
import { podTrouble } from '../../../state/podTrouble';
import { daemonPod, fluentd, NODES, T0 } from '../../../engine/testing';
import {
  budgetText,
  previousImageFixes,
  rolloutLine,
  rolloutWhy,
  stallReason,
  stallWords,
  troubleText,
  type Tr,
} from './rolloutWords';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { trouble: en }, 'zh-CN': { trouble: zh } },
  lng: 'en',
  defaultNS: 'trouble',
  interpolation: { escapeValue: false },
});
const tEn: Tr = i18n.getFixedT('en', 'trouble');
const tZh: Tr = i18n.getFixedT('zh-CN', 'trouble');
const NOW = T0 + 120_000;

function cr(revision: number, hash: string, image: string): ControllerRevision {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `fluentd-elasticsearch-${hash}`,
      namespace: 'kube-system',
      uid: `cr-${hash}`,
      resourceVersion: '1',
      labels: { 'controller-revision-hash': hash },
    },
    revision,
    data: { spec: { template: { spec: { containers: [{ name: 'fluentd-elasticsearch', image }] } } } },
  } as unknown as ControllerRevision;
}
const CRS = [
  cr(1, 'old', 'k8s.gcr.io/fluentd-elasticsearch:1.20'),
  cr(2, 'new', 'k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo'),
];
const hashOf = (c: ControllerRevision) => c.metadata.labels!['controller-revision-hash'];

function stalled() {
  const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 2 });
  const pods = [
    daemonPod(ds, 'node-1', 'new', 'imagePullBackOff'),
    daemonPod(ds, 'node-2', 'old', 'running'),
    daemonPod(ds, 'node-3', 'old', 'running'),
  ];
  return { ds, p: rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW }) };
}

describe('the words of trouble', () => {
  it('keeps Kubernetes’ word and adds the page’s language only around it', () => {
    const ds = fluentd({});
    expect(troubleText(tEn, podTrouble(daemonPod(ds, 'n', 'h', 'crashLoop', { restarts: 4 }))!)).toBe(
      'CrashLoopBackOff ×4',
    );
    expect(troubleText(tEn, podTrouble(daemonPod(ds, 'n', 'h', 'unready'))!)).toBe('0/1 not ready');
    expect(troubleText(tZh, podTrouble(daemonPod(ds, 'n', 'h', 'unready'))!)).toBe('0/1 未就绪');
    expect(troubleText(tZh, podTrouble(daemonPod(ds, 'n', 'h', 'oomKilled'))!)).toBe('OOMKilled');
  });

  it('the DaemonSet card line: where the rollout stands and what holds it', () => {
    const { p } = stalled();
    expect(rolloutLine(tEn, p)).toEqual({
      progress: 'rolling 1 of 3',
      trouble: 'stalled: 1 unavailable — ImagePullBackOff on node-1',
      state: 'stalled',
    });
    expect(rolloutLine(tZh, p).trouble).toBe('卡住：1 个不可用 — ImagePullBackOff（node-1）');
    const ds = fluentd({});
    expect(rolloutLine(tEn, rolloutProgress({ ds, pods: [], nodes: NODES, hash: 'new', now: NOW }))).toEqual({
      progress: 'complete',
      state: 'complete',
    });
  });

  it('groups nodes by word and shortens long lists', () => {
    const ds = fluentd({ updatedNumberScheduled: 3, numberAvailable: 0 });
    const all = ['node-1', 'node-2', 'node-3'].map((n) => daemonPod(ds, n, 'new', 'imagePullBackOff'));
    const w = rolloutWhy(
      tEn,
      ds,
      rolloutProgress({ ds, pods: all, nodes: NODES, hash: 'new', now: NOW }),
      CRS,
      hashOf,
    );
    // the kubelet's message once per word, not once per pod
    expect(w.pods.map((x) => !!x.message)).toEqual([true, false, false]);
    const nodes = ['a', 'b', 'c', 'd'].map((n) => ({
      node: n,
      why: 'trouble' as const,
      trouble: podTrouble(
        daemonPod(ds, n, 'new', n === 'd' ? 'crashLoop' : 'imagePullBackOff', { restarts: 2 }),
      )!,
    }));
    expect(stallReason(tEn, nodes)).toBe('ImagePullBackOff on a, b +1; CrashLoopBackOff on d');
    expect(stallWords(tEn, nodes)).toBe('ImagePullBackOff, CrashLoopBackOff');
  });

  it('says the budget as the controller resolves it', () => {
    expect(budgetText(tEn, 'maxUnavailable', { value: 1, spec: 1, desired: 3 })).toBe('maxUnavailable 1');
    expect(budgetText(tEn, 'maxUnavailable', { value: 1, spec: '10%', desired: 3 })).toBe(
      'maxUnavailable 10% of 3 nodes → 1 (rounded up)',
    );
    expect(
      budgetText(
        tEn,
        'maxUnavailable',
        { value: 1, spec: 0, desired: 3, fallback: true },
        { value: 0, spec: 0, desired: 3 },
      ),
    ).toBe('maxUnavailable 0 and maxSurge 0 → the controller uses maxUnavailable 1');
  });

  it('why the rollout is not progressing: the arithmetic, the pod and its reason, and the fixes', () => {
    const { ds, p } = stalled();
    const w = rolloutWhy(tEn, ds, p, CRS, hashOf);
    expect(w.budget).toBe('maxUnavailable 1');
    expect(w.count).toBe('1 unavailable:');
    expect(w.pods).toEqual([
      {
        node: 'node-1',
        pod: { name: 'fluentd-elasticsearch-node-1', namespace: 'kube-system' },
        text: 'fluentd-elasticsearch-node-1 on node-1 — ImagePullBackOff',
        message: 'Back-off pulling image "k8s.gcr.io/fluentd-elasticsearch:1.20"',
      },
    ]);
    expect(w.so).toBe(
      '1 unavailable ≥ maxUnavailable 1: the controller will not delete another old pod (2 waiting) until one of these is available — and a failing pod will not become available by itself.',
    );
    expect(w.fixes).toEqual([
      { type: 'undo', id: 'undo', command: 'kubectl rollout undo ds/fluentd-elasticsearch -n kube-system' },
      {
        type: 'setImage',
        id: 'setImage:fluentd-elasticsearch',
        command:
          'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:1.20 -n kube-system',
        container: 'fluentd-elasticsearch',
        image: 'k8s.gcr.io/fluentd-elasticsearch:1.20',
        revision: 1,
      },
      { type: 'editImage', id: 'editImage' },
    ]);
  });

  it('maxSurge: the old pod stays until the new one is available', () => {
    const ds = fluentd({ updatedNumberScheduled: 1, numberAvailable: 3 }, { maxSurge: 1, maxUnavailable: 0 });
    const pods = [
      daemonPod(ds, 'node-1', 'old', 'running', { suffix: 'o' }),
      daemonPod(ds, 'node-1', 'new', 'oomLoop', { restarts: 2 }),
      daemonPod(ds, 'node-2', 'old', 'running'),
      daemonPod(ds, 'node-3', 'old', 'running'),
    ];
    const w = rolloutWhy(
      tEn,
      ds,
      rolloutProgress({ ds, pods, nodes: NODES, hash: 'new', now: NOW }),
      CRS,
      hashOf,
    );
    expect(w.budget).toBe('maxSurge 1');
    expect(w.count).toBe('1 new pod(s) not available yet:');
    expect(w.so).toContain('the old pod on each node stays until the new pod beside it is available');
    expect(w.so).toContain('2 other node(s)');
  });

  it('offers no image to go back to when the earlier revisions fail too', () => {
    const { ds, p } = stalled();
    const bad = {
      ...p,
      badRevisions: new Map([
        ...p.badRevisions,
        ['old', { count: 1, word: 'Error', class: 'crash' as const }],
      ]),
    };
    expect(previousImageFixes(ds, CRS, bad, hashOf)).toEqual([]);
  });
});
