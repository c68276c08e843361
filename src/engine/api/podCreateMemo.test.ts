// The pod-create memo against the simple path (the oracle): random templates, valid and not, frozen
// and not (and changed in place between creates), per-node affinities valid and not. Every create
// must give the same bytes (JSON, key order included) or the same error, and the stores the same objects.

import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { generateName, Random } from '../random';
import { ObjectStore } from './objectStore';
import { deepFreeze } from './objects';
import { newDaemonPod } from '../controller/daemonset/util';
import type { DaemonSet, KObject, Pod, PodSpec } from './types';

function store(memo: boolean): ObjectStore {
  const s = new ObjectStore(new Clock(), new Random(11));
  const names = new Random(5);
  s.generateName = (base) => generateName(base, names);
  if (!memo) s.podCreateMemo = undefined;
  s.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } } as KObject);
  return s;
}

function pick<T>(r: Random, xs: readonly T[]): T {
  return xs[r.int(xs.length)];
}

/** A template spec: mostly valid, sometimes with one of the mistakes validation must report. */
function templateSpec(r: Random): PodSpec {
  const spec: Record<string, unknown> = {
    containers: [
      {
        name: pick(r, ['fluentd', 'c', 'Bad_Name', '']),
        image: pick(r, ['nginx', 'nginx:latest', 'quay.io/x/y:1.2', '']),
        ...(r.int(2) ? { ports: [{ containerPort: 80 + r.int(3) }] } : {}),
        ...(r.int(2)
          ? {
              resources: {
                limits: { cpu: '100m', memory: '200Mi' },
                ...(r.int(2) ? { requests: { cpu: '50m' } } : {}),
              },
            }
          : {}),
        ...(r.int(2)
          ? { volumeMounts: [{ name: pick(r, ['varlog', 'missing']), mountPath: '/var/log' }] }
          : {}),
      },
    ],
  };
  if (r.int(2)) spec.volumes = [{ name: 'varlog', hostPath: { path: pick(r, ['/var/log', '']) } }];
  if (r.int(3) === 0) spec.hostNetwork = true;
  if (r.int(3) === 0) spec.restartPolicy = pick(r, ['Always', 'Sometimes']);
  if (r.int(3) === 0)
    spec.tolerations = [
      {
        key: pick(r, ['node.kubernetes.io/not-ready', 'a', 'bad key!']),
        operator: 'Exists',
        effect: 'NoExecute',
      },
    ];
  if (r.int(3) === 0)
    spec.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [] } };
  if (r.int(4) === 0) spec.terminationGracePeriodSeconds = pick(r, [5, -1]);
  if (r.int(4) === 0) spec.nodeSelector = { [pick(r, ['disk', 'bad key!'])]: 'ssd' };
  return spec as unknown as PodSpec;
}

function daemonSet(r: Random, spec: PodSpec, frozen: boolean): DaemonSet {
  const ds = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: pick(r, ['fluentd', 'agent']),
      namespace: 'default',
      uid: 'u-1',
      annotations: { 'deprecated.daemonset.template.generation': '1' },
    },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      template: {
        metadata: { labels: { app: 'x' }, ...(r.int(3) ? {} : { annotations: { a: 'b' } }) },
        spec,
      },
    },
  } as unknown as DaemonSet;
  return frozen ? deepFreeze(ds) : ds;
}

/** A daemon pod, sometimes with its affinity broken the ways validation catches. */
function podFor(r: Random, ds: DaemonSet, node: string): Pod {
  const pod = newDaemonPod(ds, node, 'h1');
  const k = r.int(8);
  const na = pod.spec.affinity!.nodeAffinity!;
  const req = na.requiredDuringSchedulingIgnoredDuringExecution!;
  if (k === 0) na.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: [] };
  else if (k === 1)
    req.nodeSelectorTerms = [{ matchFields: [{ key: 'metadata.nam', operator: 'In', values: [node] }] }];
  else if (k === 2)
    req.nodeSelectorTerms = [{ matchExpressions: [{ key: 'a', operator: 'Gt', values: [] }] }];
  else if (k === 3) delete pod.spec.affinity;
  return pod;
}

function outcome(s: ObjectStore, pod: Pod): string {
  try {
    return JSON.stringify(s.create<'Pod'>(pod));
  } catch (e) {
    return `error: ${(e as Error).message} ${JSON.stringify((e as { details?: unknown }).details ?? null)}`;
  }
}

describe('PodCreateMemo', () => {
  it('creates the same pods, byte for byte, and the same errors as the simple path', () => {
    let hits = 0;
    let errors = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const r = new Random(seed);
      const fast = store(true);
      const slow = store(false);
      for (let t = 0; t < 3; t++) {
        const frozen = r.int(3) > 0;
        const ds = daemonSet(r, templateSpec(r), frozen);
        for (let i = 0; i < 12; i++) {
          if (!frozen && r.int(4) === 0) {
            // the caller changes its (unfrozen) template between creates: the memo must notice
            const c = (ds.spec.template.spec.containers as unknown as Record<string, unknown>[])[0];
            c.image = pick(r, ['nginx:1.27', 'redis', '']);
          }
          const node = `node-${r.int(5)}`;
          const a = outcome(fast, podFor(new Random(seed * 1000 + t * 50 + i), ds, node));
          const b = outcome(slow, podFor(new Random(seed * 1000 + t * 50 + i), ds, node));
          expect(a).toBe(b);
          if (a.startsWith('error')) errors++;
          else hits++;
        }
      }
      expect(JSON.stringify(fast.all())).toBe(JSON.stringify(slow.all()));
    }
    // both kinds of outcome were exercised
    expect(hits).toBeGreaterThan(100);
    expect(errors).toBeGreaterThan(100);
  });

  it('shares the template’s frozen parts between pods of one template and keeps them frozen', () => {
    const s = store(true);
    const ds = daemonSet(
      new Random(1),
      { containers: [{ name: 'c', image: 'nginx' }] } as unknown as PodSpec,
      true,
    );
    const a = s.create<'Pod'>(newDaemonPod(ds, 'n1', 'h'));
    const b = s.create<'Pod'>(newDaemonPod(ds, 'n2', 'h'));
    expect(b.spec.containers).toBe(a.spec.containers);
    expect(b.spec.affinity).not.toBe(a.spec.affinity);
    expect(
      b.spec.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms[0]
        .matchFields![0].values,
    ).toEqual(['n2']);
    expect(b.metadata.name).not.toBe(a.metadata.name);
    expect(Object.isFrozen(b.spec) && Object.isFrozen(b.spec.affinity) && Object.isFrozen(b.metadata)).toBe(
      true,
    );
  });
});
