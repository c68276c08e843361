// Tables ported from pkg/controller/deployment/sync_test.go: TestScale (scaling events and
// proportional scaling), TestDeploymentController_cleanupDeployment and
// TestDeploymentController_cleanupDeploymentOrder (revisionHistoryLimit). Where upstream reads the fake
// client's actions, the port reads the store.

import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/types';
import { harness, newDeployment, type RSSpec } from '../../testing/deployments';
import { cleanupDeployment, scale } from './sync';
import { maxSurge, REVISION_ANNOTATION, setReplicasAnnotations } from './util';

interface ScaleCase {
  name: string;
  deployment: Deployment;
  oldDeployment: Deployment;
  /** oldest first; the last is the new ReplicaSet unless `noNewRS` */
  rss: [string, number][];
  noNewRS?: boolean;
  expected: Record<string, number>;
  /** the desired-replicas annotation of these ReplicaSets, instead of the old Deployment's replicas */
  desiredReplicasAnnotations?: Record<string, number>;
  /** status.availableReplicas of these */
  available?: Record<string, number>;
}

const d = (replicas: number, maxSurgeV?: number, maxUnavailableV?: number) =>
  newDeployment(replicas, { maxSurge: maxSurgeV, maxUnavailable: maxUnavailableV });

const SCALE_CASES: ScaleCase[] = [
  {
    name: 'normal scaling event: 10 -> 12',
    deployment: d(12),
    oldDeployment: d(10),
    rss: [['foo-v1', 10]],
    expected: { 'foo-v1': 12 },
  },
  {
    name: 'normal scaling event: 10 -> 5',
    deployment: d(5),
    oldDeployment: d(10),
    rss: [['foo-v1', 10]],
    expected: { 'foo-v1': 5 },
  },
  {
    name: 'proportional scaling: 5 -> 10',
    deployment: d(10),
    oldDeployment: d(5),
    rss: [
      ['foo-v1', 3],
      ['foo-v2', 2],
    ],
    expected: { 'foo-v2': 4, 'foo-v1': 6 },
  },
  {
    name: 'proportional scaling: 5 -> 3',
    deployment: d(3),
    oldDeployment: d(5),
    rss: [
      ['foo-v1', 3],
      ['foo-v2', 2],
    ],
    expected: { 'foo-v2': 1, 'foo-v1': 2 },
  },
  {
    name: 'proportional scaling: 9 -> 4',
    deployment: d(4),
    oldDeployment: d(9),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 8],
    ],
    expected: { 'foo-v2': 4, 'foo-v1': 0 },
  },
  {
    name: 'proportional scaling: 7 -> 10',
    deployment: d(10),
    oldDeployment: d(7),
    rss: [
      ['foo-v1', 2],
      ['foo-v2', 3],
      ['foo-v3', 2],
    ],
    expected: { 'foo-v3': 3, 'foo-v2': 4, 'foo-v1': 3 },
  },
  {
    name: 'proportional scaling: 13 -> 8',
    deployment: d(8),
    oldDeployment: d(13),
    rss: [
      ['foo-v1', 3],
      ['foo-v2', 8],
      ['foo-v3', 2],
    ],
    expected: { 'foo-v3': 1, 'foo-v2': 5, 'foo-v1': 2 },
  },
  {
    // scales up the new replica set
    name: 'leftover distribution: 3 -> 4',
    deployment: d(4),
    oldDeployment: d(3),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 1],
      ['foo-v3', 1],
    ],
    expected: { 'foo-v3': 2, 'foo-v2': 1, 'foo-v1': 1 },
  },
  {
    // scales down the older replica set
    name: 'leftover distribution: 3 -> 2',
    deployment: d(2),
    oldDeployment: d(3),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 1],
      ['foo-v3', 1],
    ],
    expected: { 'foo-v3': 1, 'foo-v2': 1, 'foo-v1': 0 },
  },
  {
    // scales up the latest replica set first
    name: 'proportional scaling (no new rs): 4 -> 5',
    deployment: d(5),
    oldDeployment: d(4),
    rss: [
      ['foo-v1', 2],
      ['foo-v2', 2],
    ],
    noNewRS: true,
    expected: { 'foo-v2': 3, 'foo-v1': 2 },
  },
  {
    name: 'proportional scaling: 6 -> 0',
    deployment: d(0),
    oldDeployment: d(6),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 2],
      ['foo-v3', 3],
    ],
    expected: { 'foo-v3': 0, 'foo-v2': 0, 'foo-v1': 0 },
  },
  {
    name: 'proportional scaling: 0 -> 6',
    deployment: d(6),
    oldDeployment: d(6),
    rss: [
      ['foo-v1', 0],
      ['foo-v2', 0],
      ['foo-v3', 0],
    ],
    expected: { 'foo-v3': 6, 'foo-v2': 0, 'foo-v1': 0 },
  },
  {
    // upstream makes foo-v2's update fail and ignores the others' updates; the sizes it expects are
    // the ones a successful round reaches as well (foo-v2, annotated for 3, takes the one to add)
    name: 'failed rs update (the sizes: foo-v2 annotated for 3 replicas takes the one to add)',
    deployment: d(5),
    oldDeployment: d(5),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 1],
      ['foo-v3', 2],
    ],
    desiredReplicasAnnotations: { 'foo-v2': 3 },
    expected: { 'foo-v3': 2, 'foo-v2': 2, 'foo-v1': 1 },
  },
  {
    name: 'deployment with surge pods',
    deployment: d(20, 2),
    oldDeployment: d(10, 2),
    rss: [
      ['foo-v1', 6],
      ['foo-v2', 6],
    ],
    expected: { 'foo-v2': 11, 'foo-v1': 11 },
  },
  {
    name: 'change both surge and size',
    deployment: d(50, 6),
    oldDeployment: d(10, 3),
    rss: [
      ['foo-v1', 8],
      ['foo-v2', 5],
    ],
    expected: { 'foo-v2': 22, 'foo-v1': 34 },
  },
  {
    // upstream: updatedTemplate(14), a template none of the ReplicaSets has
    name: 'change both size and template',
    deployment: d(14),
    oldDeployment: d(10),
    rss: [
      ['foo-v1', 3],
      ['foo-v2', 7],
    ],
    noNewRS: true,
    expected: { 'foo-v2': 10, 'foo-v1': 4 },
  },
  {
    name: 'saturated but broken new replica set does not affect old pods',
    deployment: d(2, 1, 1),
    oldDeployment: d(2, 1, 1),
    rss: [
      ['foo-v1', 1],
      ['foo-v2', 2],
    ],
    available: { 'foo-v2': 0 },
    expected: { 'foo-v2': 2, 'foo-v1': 1 },
  },
];

describe('scale (TestScale)', () => {
  for (const c of SCALE_CASES)
    it(c.name, () => {
      const specs: RSSpec[] = c.rss.map(([name, replicas]) => {
        const desired = c.desiredReplicasAnnotations?.[name] ?? c.oldDeployment.spec.replicas!;
        const annotations: Record<string, string> = {};
        setReplicasAnnotations(annotations, desired, desired + maxSurge(c.oldDeployment));
        return {
          name,
          replicas,
          statusReplicas: replicas,
          available: c.available?.[name] ?? replicas,
          annotations,
        };
      });
      const h = harness(c.deployment, specs);
      const newRS = c.noNewRS ? undefined : h.rss.at(-1);
      const oldRSs = c.noNewRS ? h.rss : h.rss.slice(0, -1);
      scale(h.ctx, newRS, oldRSs);
      const got = Object.fromEntries(Object.keys(c.expected).map((n) => [n, h.size(n)]));
      expect(got).toEqual(c.expected);
    });
});

describe('cleanupDeployment (TestDeploymentController_cleanupDeployment)', () => {
  // newRSWithStatus(name, specReplicas, statusReplicas): the old ReplicaSets, revisionHistoryLimit, expected deletions
  const cases: [string, [string, number, number, boolean?][], number | undefined, number][] = [
    [
      'limit 1 of 3 scaled-down: 2 deleted',
      [
        ['foo-1', 0, 0],
        ['foo-2', 0, 0],
        ['foo-3', 0, 0],
      ],
      1,
      2,
    ],
    [
      'only the one with spec and status replicas 0',
      [
        ['foo-1', 0, 0],
        ['foo-2', 0, 1],
        ['foo-3', 1, 0],
        ['foo-4', 1, 1],
      ],
      0,
      1,
    ],
    [
      'limit 0: both deleted',
      [
        ['foo-1', 0, 0],
        ['foo-2', 0, 0],
      ],
      0,
      2,
    ],
    [
      'limit 0, both with replicas: none',
      [
        ['foo-1', 1, 1],
        ['foo-2', 1, 1],
      ],
      0,
      0,
    ],
    ['already being deleted: not again', [['foo-1', 0, 0, true]], 0, 0],
    // upstream: math.MaxInt32; unset is the playground's way to say unlimited as well
    [
      'unlimited revisionHistoryLimit',
      [
        ['foo-1', 0, 0],
        ['foo-2', 0, 0],
        ['foo-3', 0, 0],
      ],
      2 ** 31 - 1,
      0,
    ],
  ];
  for (const [name, rss, limit, expected] of cases)
    it(name, () => {
      const h = harness(
        newDeployment(1, { revisionHistoryLimit: limit }),
        rss.map(([n, specReplicas, statusReplicas, deleting]) => ({
          name: n,
          replicas: specReplicas,
          statusReplicas,
          deleting,
        })),
      );
      const before = h.rss.filter((r) => !r.metadata.deletionTimestamp).length;
      cleanupDeployment(h.ctx, h.rss);
      const left = h.rss.filter((r) => {
        const s = h.host.store.get('ReplicaSet', 'default', r.metadata.name);
        return s && !s.metadata.deletionTimestamp;
      }).length;
      expect(before - left).toBe(expected);
    });
});

describe('cleanupDeployment order (TestDeploymentController_cleanupDeploymentOrder)', () => {
  // creation order foo-1 < foo-2 < …; [name, replicas, revision]; limit; the deleted ones
  const cases: [string, [string, number, string][], number, string[]][] = [
    [
      'revision order rs1 < rs2: rs1 deleted',
      [
        ['foo-1', 0, '1'],
        ['foo-2', 0, '2'],
      ],
      1,
      ['foo-1'],
    ],
    [
      'revision order rs2 < rs1: rs2 deleted',
      [
        ['foo-1', 0, '2'],
        ['foo-2', 0, '1'],
      ],
      1,
      ['foo-2'],
    ],
    [
      'rs2 without a revision: rs2 deleted',
      [
        ['foo-1', 0, '1'],
        ['foo-2', 0, ''],
      ],
      1,
      ['foo-2'],
    ],
    [
      'rs1 without a revision: rs1 deleted',
      [
        ['foo-1', 0, ''],
        ['foo-2', 0, '2'],
      ],
      1,
      ['foo-1'],
    ],
    [
      'rs1 < rs2 < rs3 but rs1 has replicas: rs2 deleted',
      [
        ['foo-1', 1, '1'],
        ['foo-2', 0, '2'],
        ['foo-3', 0, '3'],
      ],
      1,
      ['foo-2'],
    ],
    [
      'rs1 and rs2 have replicas: none deleted',
      [
        ['foo-1', 1, '1'],
        ['foo-2', 1, '2'],
        ['foo-3', 0, '3'],
      ],
      1,
      [],
    ],
    [
      'revision order rs2 < rs4 < rs1 < rs3, limit 2: rs2 and rs4 deleted',
      [
        ['foo-1', 0, '3'],
        ['foo-2', 0, '1'],
        ['foo-3', 0, '4'],
        ['foo-4', 0, '2'],
      ],
      2,
      ['foo-2', 'foo-4'],
    ],
  ];
  for (const [name, rss, limit, expected] of cases)
    it(name, () => {
      const h = harness(
        newDeployment(1, { revisionHistoryLimit: limit }),
        rss.map(([n, replicas, rev]) => ({
          name: n,
          replicas,
          statusReplicas: replicas,
          annotations: rev ? { [REVISION_ANNOTATION]: rev } : undefined,
        })),
      );
      cleanupDeployment(h.ctx, h.rss);
      const deleted = h.rss
        .map((r) => r.metadata.name)
        .filter((n) => h.host.store.get('ReplicaSet', 'default', n) === undefined);
      expect(deleted).toEqual(expected);
    });
});
