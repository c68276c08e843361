import { describe, expect, it } from 'vitest';
import {
  addOrUpdateDaemonPodTolerations,
  newDaemonPod,
  replaceDaemonSetPodNodeNameNodeAffinity,
  updatedDesiredNodeCounts,
  getPodsPrefix,
} from './util';
import { newDaemonSet } from '../../testing/builders';
import type { PodSpec } from '../../api/types';

describe('daemon pod injections', () => {
  it('appends the default tolerations after the user ones, network-unavailable only with hostNetwork', () => {
    const spec: PodSpec = { containers: [], tolerations: [{ key: 'a', operator: 'Exists' }] };
    addOrUpdateDaemonPodTolerations(spec);
    expect(spec.tolerations!.map((t) => `${t.key}:${t.effect ?? ''}`)).toEqual([
      'a:',
      'node.kubernetes.io/not-ready:NoExecute',
      'node.kubernetes.io/unreachable:NoExecute',
      'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/memory-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule',
      'node.kubernetes.io/unschedulable:NoSchedule',
    ]);
    const hn: PodSpec = { containers: [], hostNetwork: true };
    addOrUpdateDaemonPodTolerations(hn);
    expect(hn.tolerations!.at(-1)!.key).toBe('node.kubernetes.io/network-unavailable');
  });

  it('replaces an equal user toleration in place, dropping its tolerationSeconds', () => {
    const spec: PodSpec = {
      containers: [],
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 60,
        },
        { key: 'z', operator: 'Exists' },
      ],
    };
    addOrUpdateDaemonPodTolerations(spec);
    expect(spec.tolerations![0]).toEqual({
      key: 'node.kubernetes.io/not-ready',
      operator: 'Exists',
      effect: 'NoExecute',
    });
    expect(spec.tolerations![1].key).toBe('z');
    expect(spec.tolerations).toHaveLength(7);
  });

  it('pins with matchFields metadata.name and replaces user required terms', () => {
    const spec: PodSpec = {
      containers: [],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }],
          },
          preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }],
        },
      },
    };
    replaceDaemonSetPodNodeNameNodeAffinity(spec, 'node-1');
    expect(spec.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution).toEqual({
      nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }],
    });
    expect(spec.affinity!.nodeAffinity!.preferredDuringSchedulingIgnoredDuringExecution).toHaveLength(1);
  });

  it('builds a pod with generateName, labels and one controller reference, leaving the template alone', () => {
    const ds = newDaemonSet('fluentd');
    ds.metadata.annotations = { 'deprecated.daemonset.template.generation': '3' };
    const pod = newDaemonPod(ds, 'node-1', '6d9d7c95f');
    expect(pod.metadata.generateName).toBe('fluentd-');
    expect(pod.metadata.labels).toEqual({
      name: 'fluentd',
      'pod-template-generation': '3',
      'controller-revision-hash': '6d9d7c95f',
    });
    expect(pod.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: 'fluentd',
        uid: 'uid-fluentd',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(pod.spec.nodeName).toBeUndefined();
    expect(ds.spec.template.spec.affinity).toBeUndefined();
  });

  it('pod prefix', () => {
    expect(getPodsPrefix('fluentd')).toBe('fluentd-');
  });
});

describe('updatedDesiredNodeCounts', () => {
  const table: [number | string, number | string, number, number, number][] = [
    // maxUnavailable, maxSurge, desired → want unavailable, surge
    [1, 0, 5, 1, 0],
    ['10%', 0, 5, 1, 0],
    ['10%', 0, 1000, 100, 0],
    ['25%', 0, 5, 2, 0],
    [0, '20%', 4, 0, 1],
    [0, 0, 3, 1, 0],
    ['0%', '0%', 3, 1, 0],
    [0, 0, 0, 0, 0],
  ];
  for (const [mu, ms, desired, wu, ws] of table) {
    it(`maxUnavailable=${mu} maxSurge=${ms} desired=${desired}`, () => {
      const ds = newDaemonSet('d');
      ds.spec.updateStrategy = { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: mu, maxSurge: ms } };
      expect(updatedDesiredNodeCounts(ds, desired)).toEqual({ maxUnavailable: wu, maxSurge: ws });
    });
  }
});
