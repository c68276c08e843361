// What a scheduling cycle keeps or skips for speed, against the plain computation it replaces (the
// oracle): the scheduler's node list against the store's, ImageLocality's image summary against one
// made afresh, its kept NodeInfos (live usage, allocatable) against ones made from the snapshot, and
// the totals of a cycle's prioritizeNodes (kept NodeInfos, uniform scores added without a per-node
// pass, PodTopologySpread's kept per-zone sums) against the detailed one `sim why` shows, every
// plugin run on every node and the zone counts walked node by node — through node changes, a
// Deployment's scale-ups and a rolling update.

import { describe, expect, it } from 'vitest';
import type { KObject, Node, Pod } from '../api/types';
import { applyPreset } from '../cluster/presets';
import { Simulation } from '../simulation';
import { settleSteps } from '../testing/deployments';
import {
  CycleScratch,
  SCORE_PLUGINS,
  allocatableOf,
  computeImageStates,
  imageLocalityScore,
  imageStatesOf,
  nodeInfoOf,
  prioritizeNodes,
  prioritizeTotals,
  selectHost,
  selectHostOfTotals,
  taintTolerationScore,
} from './scoring';
import { Random } from '../random';

function deployment(replicas: number, image = 'nginx:1.27'): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [{ name: 'nginx', image, resources: { requests: { cpu: '50m', memory: '64Mi' } } }],
        },
      },
    },
  } as unknown as KObject;
}

/**
 * A replica's own ScheduleAnyway constraints on the zone and a `rack` label, neither honouring the
 * pod's node affinity: every node needs both keys to count (requireAllTopologies), so the kept
 * per-zone sums over every node do not apply.
 */
const OWN_CONSTRAINTS = ['topology.kubernetes.io/zone', 'rack'].map((topologyKey) => ({
  maxSkew: 1,
  topologyKey,
  whenUnsatisfiable: 'ScheduleAnyway',
  labelSelector: { matchLabels: { app: 'web' } },
  nodeAffinityPolicy: 'Ignore',
}));

/** The node list, image summary and totals a cycle would use now, each against its oracle. */
function check(sim: Simulation): void {
  const nodes = sim.scheduler.nodes();
  expect(nodes).toEqual(sim.store.list('Node'));
  expect(imageStatesOf(nodes)).toEqual(computeImageStates(sim.store.list('Node')));
  const replica = sim.store.list('Pod', 'default')[0];
  for (const spec of [
    { ...replica.spec, nodeName: undefined },
    { ...replica.spec, nodeName: undefined, topologySpreadConstraints: OWN_CONSTRAINTS },
  ])
    checkPod(sim, { ...replica, spec } as Pod);
}

/** buffers shared by every checkPod call (as a scheduler shares its own across its cycles) */
const SCRATCH = new CycleScratch();

function checkPod(sim: Simulation, pending: Pod): void {
  const nodes = sim.scheduler.nodes();
  const snap = sim.scheduler.snapshot();
  // the plain snapshot: PodTopologySpread walks every node for the zone counts
  const plain = { ...snap, topologySums: undefined };
  const kept = sim.scheduler.keptNodeInfos();
  expect(kept.map((k) => k.node)).toEqual(nodes);
  for (const k of kept) {
    const made = nodeInfoOf(k.node, plain);
    expect({ ...k.usage, ports: [...k.usage.ports] }).toEqual({
      ...made.usage,
      ports: [...made.usage.ports],
    });
    expect(k.allocatable).toEqual(made.allocatable);
    expect(k.allocatable).toEqual(allocatableOf(k.node));
  }
  // the feasible nodes: every other node from the second (a NodeInfo's index is its place in the
  // snapshot's list, not in the feasible list), 60 of them
  const picked = kept.filter((_, i) => i % 2 === 1).slice(0, 60);
  const feasible = picked.map((k) => k.node);
  const detailed = prioritizeNodes(pending, feasible, plain);
  const sums = detailed.nodes.map((n) => [n.name, n.scores.reduce((s, p) => s + p.weighted, 0)]);
  const totals = prioritizeNodes(pending, feasible, snap, undefined, false, picked);
  expect(totals.nodes.map((n) => [n.name, n.totalScore])).toEqual(sums);
  expect(totals.skipped).toEqual(detailed.skipped);
  // a cycle's totals (kept NodeInfos read by index, the kept per-node counts) and its pick
  const cycle = prioritizeTotals(pending, feasible, snap, picked);
  expect(feasible.map((f, i) => [f.metadata.name, cycle.totals[i]])).toEqual(sums);
  expect(cycle.skipped).toEqual(detailed.skipped);
  for (const seed of [1, 2, 3]) {
    const [a, b] = [new Random(seed), new Random(seed)];
    expect(selectHostOfTotals(feasible, cycle.totals, a)).toBe(selectHost(detailed.nodes, b));
    expect(a.getState()).toEqual(b.getState());
  }
  // the same totals from buffers kept across cycles (one CycleScratch for every check of the test),
  // through cycles of different sizes: what a longer cycle left behind is never read
  for (const size of [60, 7, 25, 60, 2]) {
    const part = picked.slice(0, size);
    const nodesOfPart = part.map((k) => k.node);
    const fresh = prioritizeTotals(pending, nodesOfPart, snap, part);
    const reused = prioritizeTotals(pending, nodesOfPart, snap, part, SCORE_PLUGINS, SCRATCH);
    expect([...reused.totals]).toEqual([...fresh.totals]);
    expect(reused.skipped).toEqual(fresh.skipped);
  }
  // a uniform score, where a plugin claims one, is what the plain pass gave every node
  for (const plugin of [taintTolerationScore, imageLocalityScore] as const) {
    const state = (plugin.preScore as (p: Pod, f: readonly Node[], s: typeof snap) => unknown)(
      pending,
      feasible,
      snap,
    );
    const uniform = (plugin.uniformScore as (s: unknown, f: readonly Node[]) => number | undefined)(
      state,
      feasible,
    );
    if (uniform === undefined) continue;
    for (const n of detailed.nodes)
      expect(n.scores.find((s) => s.plugin === plugin.name)?.normalized).toBe(uniform);
  }
}

/** Which plugins a cycle adds as a uniform score now (feasible: the first 60 nodes). */
function uniformPlugins(sim: Simulation): string[] {
  const pod = sim.store.list('Pod', 'default')[0];
  const feasible = sim.scheduler.nodes().slice(0, 60);
  const snap = sim.scheduler.snapshot();
  const out: string[] = [];
  if (
    taintTolerationScore.uniformScore!(
      taintTolerationScore.preScore(pod, feasible, snap) as never,
      feasible,
    ) !== undefined
  )
    out.push('TaintToleration');
  if (
    imageLocalityScore.uniformScore!(imageLocalityScore.preScore(pod, feasible, snap) as never, feasible) !==
    undefined
  )
    out.push('ImageLocality');
  return out;
}

describe('a scheduling cycle’s kept and skipped work', () => {
  it('matches the plain computation through node changes, scale-ups and a rolling update', () => {
    const sim = new Simulation({ seed: 3 });
    applyPreset(sim, 'large', 120);
    sim.store.create(deployment(40));
    settleSteps(sim);
    check(sim);
    // no node has an image or a PreferNoSchedule taint yet: both plugins' scores are uniform
    expect(uniformPlugins(sim)).toEqual(['TaintToleration', 'ImageLocality']);
    // the same list while no node changed (what keeps ImageLocality's summary and the NodeInfos)
    expect(sim.scheduler.nodes()).toBe(sim.scheduler.nodes());
    expect(sim.scheduler.keptNodeInfos()).toBe(sim.scheduler.keptNodeInfos());
    // one zone for every node: the zone's count is the one value's kept sum
    for (const n of sim.store.list('Node'))
      sim.store.update({
        ...n,
        metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'topology.kubernetes.io/zone': 'z0' } },
      });
    check(sim);
    const before = sim.scheduler.nodes();
    // a node gets images (ImageLocality now has something to score), another a label, a third goes,
    // a fourth a PreferNoSchedule taint (TaintToleration scores per node again), and the nodes zones
    const [a, b, c, e] = sim.store.list('Node');
    sim.store.updateStatus<'Node'>({
      ...a,
      status: {
        ...a.status,
        images: [{ names: ['docker.io/library/nginx:1.27', 'nginx:1.27'], sizeBytes: 200 * 1024 * 1024 }],
      },
    } as Node);
    sim.store.update({ ...b, metadata: { ...b.metadata, labels: { ...b.metadata.labels, tier: 'edge' } } });
    sim.store.delete('Node', undefined, c.metadata.name);
    sim.store.update({ ...e, spec: { ...e.spec, taints: [{ key: 'spot', effect: 'PreferNoSchedule' }] } });
    // zones on three nodes in four, racks on four in five (some nodes have a zone and no rack)
    for (const [i, n] of sim.store.list('Node').entries()) {
      const labels: Record<string, string> = { ...n.metadata.labels };
      if (i % 4 !== 3) labels['topology.kubernetes.io/zone'] = `z${i % 3}`;
      if (i % 5 !== 0) labels.rack = `r${i % 2}`;
      sim.store.update({ ...n, metadata: { ...n.metadata, labels } });
    }
    expect(sim.scheduler.nodes()).not.toBe(before);
    check(sim);
    expect(uniformPlugins(sim)).toEqual([]);
    const withImages = imageStatesOf(sim.scheduler.nodes());
    expect(withImages.byNode.get(a.metadata.name)?.get('nginx:1.27')).toBe(200 * 1024 * 1024);
    // scale up, then roll to a new image
    const d = sim.store.get('Deployment', 'default', 'web')!;
    sim.store.update({ ...d, spec: { ...d.spec, replicas: 90 } });
    settleSteps(sim);
    check(sim);
    const d2 = structuredClone(sim.store.get('Deployment', 'default', 'web')!);
    d2.spec.template.spec.containers[0].image = 'nginx:1.28';
    sim.store.update(d2);
    settleSteps(sim);
    check(sim);
  });
});
