// The kept PodTopologySpread counts against the full count they replace (countPodsMatchSelector over
// the node's pods, the oracle): a random change feed, same answers; and a Deployment's replicas land
// on the same nodes either way.

import { describe, expect, it } from 'vitest';
import { fromLabelSelector, type Selector } from '../api/labels';
import type { Change } from '../api/objectStore';
import { isPodTerminal } from '../api/podutil';
import type { Deployment, KObject, Node, Pod } from '../api/types';
import { Random } from '../random';
import { Simulation } from '../simulation';
import { applyPreset } from '../cluster/presets';
import { MAX_SELECTORS, MatchingPodCounts } from './matchingPodCounts';
import { countPodsMatchSelector } from './scoring';

const NODES = ['n1', 'n2', 'n3'];
const NAMESPACES = ['default', 'other'];
const APPS = ['web', 'db', 'agent'];

function randomPod(r: Random, name: string, ns: string): Pod {
  const phase = r.int(6) === 0 ? (r.int(2) === 0 ? 'Succeeded' : 'Failed') : 'Running';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: ns,
      labels: r.int(5) === 0 ? undefined : { app: APPS[r.int(APPS.length)], tier: String(r.int(2)) },
      ...(r.int(6) === 0 ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: {
      containers: [{ name: 'c', image: 'nginx' }],
      nodeName: r.int(4) === 0 ? undefined : NODES[r.int(3)],
    },
    status: { phase },
  } as Pod;
}

const SELECTORS: Selector[] = [
  fromLabelSelector({ matchLabels: { app: 'web' } })!,
  fromLabelSelector({ matchLabels: { app: 'db', tier: '1' } })!,
  fromLabelSelector({ matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'agent'] }] })!,
  fromLabelSelector({ matchExpressions: [{ key: 'tier', operator: 'Exists' }] })!,
];

/** The same selectors frozen (as a stored ReplicaSet's, converted once): their entry keys are kept. */
const FROZEN: Selector[] = SELECTORS.map((s) => Object.freeze([...s]) as Selector);

/** A selector of the list, frozen or not (the same entry either way). */
function pick(r: Random): Selector {
  const i = r.int(SELECTORS.length);
  return r.int(2) === 0 ? SELECTORS[i] : FROZEN[i];
}

/** A node list: `n1`–`n3` with a zone label of `zones[i]` (absent when undefined), `n3` left out when `short`. */
function nodeList(zones: (string | undefined)[], short: boolean): Node[] {
  return NODES.slice(0, short ? 2 : 3).map(
    (name, i) =>
      ({
        metadata: { name, labels: zones[i] === undefined ? {} : { 'topology.kubernetes.io/zone': zones[i] } },
      }) as unknown as Node,
  );
}

/** The oracle of topologySums: the counts of the list's nodes added up per value ('' without the key). */
function sumsOracle(pods: Map<string, Pod>, nodes: Node[], sel: Selector, ns: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const n of nodes) {
    const v = n.metadata.labels?.['topology.kubernetes.io/zone'] ?? '';
    m.set(v, (m.get(v) ?? 0) + oracle(pods, n.metadata.name, sel, ns));
  }
  return m;
}

/** countPodsMatchSelector over NodeInfo.Pods (bound, not terminal) */
function oracle(pods: Map<string, Pod>, node: string, sel: Selector, ns: string): number {
  const onNode = [...pods.values()].filter((p) => p.spec.nodeName === node && !isPodTerminal(p));
  return countPodsMatchSelector(onNode, sel, ns);
}

describe('MatchingPodCounts', () => {
  it('answers as countPodsMatchSelector over the nodes’ pods after every change of a random feed', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = new Random(seed);
      const pods = new Map<string, Pod>();
      const counts = new MatchingPodCounts((ns, each) => {
        for (const p of pods.values()) if (p.metadata.namespace === ns) each(p);
      });
      let list: Node[] = [];
      for (let step = 0; step < 300; step++) {
        const ns = NAMESPACES[r.int(2)];
        const name = `p${r.int(12)}`;
        const key = `${ns}/${name}`;
        const old = pods.get(key);
        let c: Change;
        if (old && r.int(4) === 0) {
          pods.delete(key);
          c = { type: 'DELETED', kind: 'Pod', obj: old as KObject, old: old as KObject };
        } else {
          const pod = randomPod(r, name, ns);
          // sometimes only the labels change, the rest kept (a `kubectl label`)
          const next =
            old && r.int(3) === 0
              ? { ...old, metadata: { ...old.metadata, labels: pod.metadata.labels } }
              : pod;
          pods.set(key, next);
          c = old
            ? { type: 'MODIFIED', kind: 'Pod', obj: next as KObject, old: old as KObject }
            : { type: 'ADDED', kind: 'Pod', obj: next as KObject, old: undefined };
        }
        counts.onPodChange(c);
        // ask for a selector now and then: entries are built mid-feed
        const sel = pick(r);
        const qns = NAMESPACES[r.int(2)];
        const count = counts.counter(sel, qns);
        for (const node of NODES)
          expect(count(node), `seed ${seed} step ${step}`).toBe(oracle(pods, node, sel, qns));
        // the per-zone sums over a node list: kept while the (frozen) list stays, made afresh for a
        // new one (a node changed) or one that is not frozen
        if (step === 0 || r.int(25) === 0) {
          const zones = NODES.map(() => (r.int(4) === 0 ? undefined : `z${r.int(2)}`));
          list = nodeList(zones, r.int(3) === 0);
          if (r.int(5) !== 0) Object.freeze(list);
        }
        const zsel = pick(r);
        const zns = NAMESPACES[r.int(2)];
        expect(
          counts.topologySums(zsel, zns, list, 'topology.kubernetes.io/zone'),
          `seed ${seed} step ${step}`,
        ).toEqual(sumsOracle(pods, list, zsel, zns));
        // the counts laid out in the list's order: kept with the (frozen) list like the sums
        const hsel = pick(r);
        const hns = NAMESPACES[r.int(2)];
        expect([...counts.nodeCounts(hsel, hns, list)!], `seed ${seed} step ${step}`).toEqual(
          list.map((n) => oracle(pods, n.metadata.name, hsel, hns)),
        );
      }
      // every kept entry, not only the last asked, is still right
      for (const sel of [...SELECTORS, ...FROZEN])
        for (const ns of NAMESPACES)
          for (const node of NODES) expect(counts.counter(sel, ns)(node)).toBe(oracle(pods, node, sel, ns));
    }
  });

  it('keeps at most MAX_SELECTORS selectors, dropping the least recently asked', () => {
    const counts = new MatchingPodCounts(() => {});
    for (let i = 0; i < MAX_SELECTORS + 5; i++)
      counts.counter(fromLabelSelector({ matchLabels: { i: String(i) } }), 'default');
    expect(counts.size).toBe(MAX_SELECTORS);
  });

  it('an empty or nil selector counts nothing, as countPodsMatchSelector', () => {
    const counts = new MatchingPodCounts(() => {
      throw new Error('no walk for an empty selector');
    });
    expect(counts.counter([], 'default')('n1')).toBe(0);
    expect(counts.counter(null, 'default')('n1')).toBe(0);
    expect(counts.size).toBe(0);
  });
});

describe('kept counts against the full count (podTopologySpreadCounts)', () => {
  function placements(mode: 'kept' | 'fullPass', zones = false): string[] {
    const sim = new Simulation({ seed: 7, podTopologySpreadCounts: mode });
    applyPreset(sim, 'large', 12);
    // zones a, b, c round the nodes, the last two without one: the zone constraint then counts
    // per value (the kept sums, or a walk over every node)
    if (zones)
      sim.store.list('Node').forEach((n, i) => {
        if (i >= 10) return;
        const labels = { ...n.metadata.labels, 'topology.kubernetes.io/zone': 'abc'[i % 3] };
        sim.store.update({ ...n, metadata: { ...n.metadata, labels } });
      });
    const deploy = (name: string, replicas: number, image: string) => {
      const d = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name, namespace: 'default' },
        spec: {
          replicas,
          selector: { matchLabels: { app: name } },
          template: {
            metadata: { labels: { app: name } },
            spec: { containers: [{ name: 'c', image, resources: { requests: { cpu: '50m' } } }] },
          },
        },
      } as unknown as Deployment;
      const cur = sim.store.get('Deployment', 'default', name);
      if (cur) sim.store.update({ ...d, metadata: cur.metadata } as KObject);
      else sim.store.create(d as KObject);
      sim.settle();
    };
    deploy('web', 30, 'nginx:1.27');
    deploy('db', 7, 'postgres:16');
    deploy('web', 45, 'nginx:1.27');
    deploy('web', 45, 'nginx:1.28');
    deploy('db', 3, 'postgres:16');
    return sim.store
      .list('Pod')
      .map((p) => `${p.metadata.namespace}/${p.metadata.name} ${p.spec.nodeName ?? '-'}`)
      .sort();
  }

  it('a Deployment’s replicas land on the same nodes through scale-ups, a rollout and a scale-down', () => {
    const kept = placements('kept');
    expect(kept.length).toBe(48);
    expect(kept).toEqual(placements('fullPass'));
  });

  it('the same with zones: the kept per-zone sums place them as the walk over every node does', () => {
    const kept = placements('kept', true);
    expect(kept.length).toBe(48);
    expect(kept).toEqual(placements('fullPass', true));
    // the zones changed where they went
    expect(kept).not.toEqual(placements('kept'));
  });
});
