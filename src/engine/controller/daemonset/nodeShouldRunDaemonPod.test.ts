import { describe, expect, it } from 'vitest';
import { nodeShouldRunDaemonPod } from './nodeShouldRunDaemonPod';
import { newDaemonSet, newNode } from '../../testing/builders';
import type { Taint, Toleration } from '../../api/types';

// Cases after TestNodeShouldRunDaemonPod and the taint tests of daemon_controller_test.go.
const master: Taint = { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' };
const cases: {
  name: string;
  labels?: Record<string, string>;
  taints?: Taint[];
  unschedulable?: boolean;
  tolerations?: Toleration[];
  nodeSelector?: Record<string, string>;
  spec?: Record<string, unknown>;
  want: [boolean, boolean];
}[] = [
  { name: 'plain node', want: [true, true] },
  { name: 'untolerated NoSchedule taint keeps running pods', taints: [master], want: [false, true] },
  {
    name: 'untolerated NoExecute taint evicts',
    taints: [{ key: 'k', value: 'v', effect: 'NoExecute' }],
    want: [false, false],
  },
  {
    name: 'PreferNoSchedule is ignored',
    taints: [{ key: 'k', effect: 'PreferNoSchedule' }],
    want: [true, true],
  },
  {
    name: 'tolerated master taint',
    taints: [master],
    tolerations: [{ key: master.key, effect: 'NoSchedule' }],
    want: [true, true],
  },
  {
    name: 'Exists with empty key tolerates everything',
    taints: [master, { key: 'x', value: 'y', effect: 'NoExecute' }],
    tolerations: [{ operator: 'Exists' }],
    want: [true, true],
  },
  {
    name: 'Equal needs the same value',
    taints: [{ key: 'k', value: 'a', effect: 'NoSchedule' }],
    tolerations: [{ key: 'k', operator: 'Equal', value: 'b', effect: 'NoSchedule' }],
    want: [false, true],
  },
  {
    name: 'empty toleration effect matches every effect',
    taints: [{ key: 'k', value: 'a', effect: 'NoExecute' }],
    tolerations: [{ key: 'k', value: 'a' }],
    want: [true, true],
  },
  {
    name: 'cordoned node: injected unschedulable toleration',
    unschedulable: true,
    taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }],
    want: [true, true],
  },
  {
    name: 'not-ready NoExecute is tolerated, NoSchedule is not',
    taints: [
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
    ],
    want: [false, true],
  },
  {
    name: 'memory pressure tolerated',
    taints: [{ key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' }],
    want: [true, true],
  },
  {
    name: 'network-unavailable not tolerated without hostNetwork',
    taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }],
    want: [false, true],
  },
  {
    name: 'network-unavailable tolerated with hostNetwork',
    taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }],
    spec: { hostNetwork: true },
    want: [true, true],
  },
  {
    name: 'nodeSelector matches',
    labels: { gpu: 'true' },
    nodeSelector: { gpu: 'true' },
    want: [true, true],
  },
  {
    name: 'nodeSelector does not match',
    labels: { gpu: 'false' },
    nodeSelector: { gpu: 'true' },
    want: [false, false],
  },
  { name: 'template nodeName of another node', spec: { nodeName: 'other' }, want: [false, false] },
  { name: 'template nodeName of this node', spec: { nodeName: 'n' }, want: [true, true] },
  {
    name: 'required affinity NotIn on an absent label matches',
    spec: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }],
          },
        },
      },
    },
    want: [true, true],
  },
  {
    name: 'required affinity terms are ORed',
    labels: { zone: 'b' },
    spec: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
              { matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] },
            ],
          },
        },
      },
    },
    want: [true, true],
  },
  {
    name: 'Gt compares integers',
    labels: { cores: '8' },
    spec: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'cores', operator: 'Gt', values: ['16'] }] }],
          },
        },
      },
    },
    want: [false, false],
  },
  {
    name: 'matchFields metadata.name pins a node',
    spec: {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['other'] }] },
            ],
          },
        },
      },
    },
    want: [false, false],
  },
];

describe('nodeShouldRunDaemonPod', () => {
  for (const c of cases) {
    it(c.name, () => {
      const node = newNode('n', { labels: c.labels, taints: c.taints, unschedulable: c.unschedulable });
      const ds = newDaemonSet('ds', {
        tolerations: c.tolerations,
        nodeSelector: c.nodeSelector,
        spec: c.spec,
      });
      const r = nodeShouldRunDaemonPod(node, ds);
      expect([r.shouldRun, r.shouldContinueRunning]).toEqual(c.want);
    });
  }

  it('never modifies the template', () => {
    const ds = newDaemonSet('ds');
    const before = JSON.stringify(ds);
    nodeShouldRunDaemonPod(newNode('n', { taints: [master] }), ds);
    expect(JSON.stringify(ds)).toBe(before);
    expect(ds.spec.template.spec.tolerations).toBeUndefined();
  });

  it('explains a failing taint in plain words', () => {
    const r = nodeShouldRunDaemonPod(newNode('n', { taints: [master] }), newDaemonSet('ds'));
    const failed = r.checks.filter((c) => !c.passed);
    expect(failed).toHaveLength(1);
    expect(failed[0].message).toContain('node-role.kubernetes.io/master:NoSchedule is not tolerated');
    expect(failed[0].blocks).toBe('new');
  });
});

describe('shouldRunFast', () => {
  it('agrees with nodeShouldRunDaemonPod on every case', async () => {
    const { shouldRunFast, daemonTolerations } = await import('./nodeShouldRunDaemonPod');
    for (const c of cases) {
      const node = newNode('n', { labels: c.labels, taints: c.taints, unschedulable: c.unschedulable });
      const ds = newDaemonSet('ds', {
        tolerations: c.tolerations,
        nodeSelector: c.nodeSelector,
        spec: c.spec,
      });
      const slow = nodeShouldRunDaemonPod(node, ds);
      const fast = shouldRunFast(node, ds, daemonTolerations(ds));
      expect([fast.shouldRun, fast.shouldContinueRunning], c.name).toEqual([
        slow.shouldRun,
        slow.shouldContinueRunning,
      ]);
    }
  });
});
