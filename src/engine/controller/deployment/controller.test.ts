// The Deployment and ReplicaSet controllers together, driven through kubectl as a learner would:
// RollingUpdate bounds (maxSurge / maxUnavailable) held at every step, Recreate never overlapping,
// proportional scaling mid-rollout, undo renumbering, revisionHistoryLimit, the progress deadline.

import { describe, expect, it } from 'vitest';
import { isPodReady } from '../../api/podutil';
import type { Deployment, Pod, ReplicaSet } from '../../api/types';
import { runKubectl } from '../../kubectl/index';
import { tokenize } from '../../kubectl/argv';
import { simWithNodes } from '../../testing/kubectl';
import type { Simulation } from '../../simulation';
import { revision, REVISION_HISTORY_ANNOTATION } from './util';

function kubectl(sim: Simulation, line: string): string {
  const r = runKubectl(sim, tokenize(line));
  const text = r.chunks.map((c) => c.text).join('');
  if (r.exitCode !== 0) throw new Error(`kubectl ${line}: ${text}`);
  return text;
}

const rsList = (sim: Simulation) => sim.store.list('ReplicaSet', 'default');
const livePods = (sim: Simulation) =>
  sim.store.list('Pod', 'default').filter((p) => !p.metadata.deletionTimestamp);
const deployment = (sim: Simulation) => sim.store.get('Deployment', 'default', 'web') as Deployment;

function setup(replicas: number, extra = ''): Simulation {
  const sim = simWithNodes(['n1', 'n2', 'n3']);
  kubectl(sim, `create deployment web --image=nginx:1.27 --replicas=${replicas} ${extra}`.trim());
  sim.settle();
  return sim;
}

describe('Deployment controller', () => {
  it('creates one ReplicaSet named after the pod-template-hash, with revision 1 and ready pods', () => {
    const sim = setup(3);
    const [rs] = rsList(sim);
    const hash = rs.metadata.labels!['pod-template-hash'];
    expect(rs.metadata.name).toBe(`web-${hash}`);
    expect(rs.spec.selector.matchLabels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(revision(rs)).toBe(1);
    expect(deployment(sim).metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(livePods(sim).every((p) => p.metadata.name.startsWith(`web-${hash}-`) && isPodReady(p))).toBe(
      true,
    );
    expect(deployment(sim).status).toMatchObject({
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    });
  });

  it('RollingUpdate 25 %/25 % of 10: never more than 13 pods, never fewer than 8 available', () => {
    const sim = setup(10);
    let maxPods = 0;
    let minAvailable = Infinity;
    let maxScaled = 0;
    sim.stepListeners.push(() => {
      maxPods = Math.max(maxPods, livePods(sim).length);
      minAvailable = Math.min(minAvailable, livePods(sim).filter(isPodReady).length);
      maxScaled = Math.max(
        maxScaled,
        rsList(sim).reduce((n, rs) => n + (rs.spec.replicas ?? 0), 0),
      );
    });
    kubectl(sim, 'set image deployment/web nginx=nginx:1.28');
    sim.settle();
    expect(maxScaled).toBe(13);
    expect(maxPods).toBeLessThanOrEqual(13);
    expect(minAvailable).toBeGreaterThanOrEqual(8);
    const rss = rsList(sim).sort((a, b) => revision(a) - revision(b));
    expect(rss.map((r) => [revision(r), r.spec.replicas])).toEqual([
      [1, 0],
      [2, 10],
    ]);
    expect(livePods(sim).every((p) => p.spec.containers[0].image === 'nginx:1.28')).toBe(true);
  });

  it('Recreate: the new ReplicaSet is created only once every old pod is gone', () => {
    const sim = setup(3);
    kubectl(
      sim,
      `patch deployment web --type=merge -p '{"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}}'`,
    );
    sim.settle();
    let overlap = false;
    sim.stepListeners.push(() => {
      const pods = sim.store.list('Pod', 'default');
      const images = new Set(pods.map((p) => p.spec.containers[0].image));
      if (images.size > 1) overlap = true;
    });
    kubectl(sim, 'set image deployment/web nginx=nginx:1.28');
    sim.settle();
    expect(overlap).toBe(false);
    expect(livePods(sim).map((p) => p.spec.containers[0].image)).toEqual([
      'nginx:1.28',
      'nginx:1.28',
      'nginx:1.28',
    ]);
  });

  it('scaling in the middle of a rollout spreads the new replicas over both ReplicaSets (proportional scaling)', () => {
    const sim = setup(10);
    // a new image that never pulls holds the rollout in the middle
    sim.registry.missing('nginx:9.99');
    kubectl(sim, 'set image deployment/web nginx=nginx:9.99');
    sim.advance(5_000);
    const before = rsList(sim).map((r) => r.spec.replicas ?? 0);
    expect(before.reduce((a, b) => a + b, 0)).toBe(13);
    kubectl(sim, 'scale deployment web --replicas=20');
    sim.advance(2_000);
    const after = new Map(rsList(sim).map((r) => [revision(r), r.spec.replicas ?? 0]));
    // stalled at old 8 + new 5 (maxUnavailable 2, maxSurge 3); 13 → 25 allowed (20 + 5 surge):
    // old 8 * 25 / 13 = 15.4 → 15, new 5 * 25 / 13 = 9.6 → 10
    expect(before.sort((a, b) => a - b)).toEqual([5, 8]);
    expect([...after.values()].reduce((a, b) => a + b, 0)).toBe(25);
    expect(after.get(1)).toBe(15);
    expect(after.get(2)).toBe(10);
  });

  it('undo scales the old ReplicaSet back up and gives it the next revision; the old number goes to revision-history', () => {
    const sim = setup(2);
    kubectl(sim, 'set image deployment/web nginx=nginx:1.28');
    sim.settle();
    kubectl(sim, 'rollout undo deployment/web');
    sim.settle();
    const byRev = new Map(rsList(sim).map((r) => [revision(r), r]));
    expect([...byRev.keys()].sort()).toEqual([2, 3]);
    const back = byRev.get(3) as ReplicaSet;
    expect(back.spec.template.spec.containers[0].image).toBe('nginx:1.27');
    expect(back.spec.replicas).toBe(2);
    expect(back.metadata.annotations?.[REVISION_HISTORY_ANNOTATION]).toBe('1');
    expect(deployment(sim).metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('3');
  });

  it('revisionHistoryLimit keeps that many old ReplicaSets', () => {
    const sim = setup(1);
    kubectl(sim, `patch deployment web --type=merge -p '{"spec":{"revisionHistoryLimit":1}}'`);
    for (const tag of ['1.28', '1.29', '1.30']) {
      kubectl(sim, `set image deployment/web nginx=nginx:${tag}`);
      sim.settle();
    }
    expect(rsList(sim).map(revision).sort()).toEqual([3, 4]);
  });

  it('a paused Deployment scales but does not roll out; resume rolls out', () => {
    const sim = setup(2);
    kubectl(sim, 'rollout pause deployment/web');
    kubectl(sim, 'set image deployment/web nginx=nginx:1.28');
    kubectl(sim, 'scale deployment/web --replicas=4');
    sim.settle();
    expect(rsList(sim).length).toBe(1);
    expect(livePods(sim).length).toBe(4);
    expect(deployment(sim).status.conditions?.find((c) => c.type === 'Progressing')?.reason).toBe(
      'DeploymentPaused',
    );
    kubectl(sim, 'rollout resume deployment/web');
    sim.settle();
    expect(livePods(sim).map((p: Pod) => p.spec.containers[0].image)).toEqual(Array(4).fill('nginx:1.28'));
  });

  it('a rollout that makes no progress for progressDeadlineSeconds is ProgressDeadlineExceeded, exactly then', () => {
    const sim = setup(2);
    kubectl(sim, `patch deployment web --type=merge -p '{"spec":{"progressDeadlineSeconds":30}}'`);
    sim.settle();
    sim.registry.missing('nginx:9.99');
    kubectl(sim, 'set image deployment/web nginx=nginx:9.99');
    const start = sim.now();
    let at: number | undefined;
    sim.stepListeners.push(() => {
      const c = deployment(sim).status.conditions?.find((x) => x.type === 'Progressing');
      if (at === undefined && c?.reason === 'ProgressDeadlineExceeded') at = sim.now();
    });
    sim.advance(120_000);
    expect(at).toBeDefined();
    expect(at! - start).toBeGreaterThan(30_000);
    expect(at! - start).toBeLessThanOrEqual(32_000);
  });
});
