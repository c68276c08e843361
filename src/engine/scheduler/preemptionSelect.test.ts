// TestSelectBestCandidate of default_preemption_test.go (pkg/scheduler/framework/plugins/
// defaultpreemption), every case: the dry run on each node (SelectVictimsOnNode: lowest priority
// first, as few victims as fit) and the choice among the candidates (pickOneNodeForPreemption: lowest
// highest-priority victim, lowest sum of priorities offset by MaxInt32+1, fewest victims, latest start
// of the most important victims), through the real `preempt`. Nodes of 500m cpu (veryLargeRes); the
// upstream requests' memory is proportional to their cpu and left out. Upstream's start times are
// nanoseconds apart (epochTime1…6); here whole seconds apart, in the same order.

import { describe, expect, it } from 'vitest';
import { newNode } from '../cluster/nodeFactory';
import type { Node, Pod, PodSpec } from '../api/types';
import { Random } from '../random';
import type { Diagnosis } from './fitError';
import { preempt } from './preemption';

const [NEG, LOW, MID, HIGH, VERY_HIGH] = [-100, 0, 100, 1000, 10000];
const SMALL = '100m';
const MEDIUM = '200m';
const LARGE = '300m';
const VERY_LARGE = '500m';
const epoch = (i: number) => `1970-01-01T00:00:0${i}Z`;

function pod(name: string, priority: number, cpu: string, node?: string, start = epoch(0)): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', uid: name },
    spec: {
      priority,
      containers: [{ name: 'c', image: 'nginx:1.27', resources: { requests: { cpu } } }],
      ...(node ? { nodeName: node } : {}),
    } as PodSpec,
    status: { phase: 'Running', startTime: start },
  } as Pod;
}

/** The node `preempt` nominates for `p` when every node failed with Insufficient cpu. */
function selectCandidate(nodeNames: string[], p: Pod, pods: Pod[]): string | undefined {
  const nodes = new Map<string, Node>(
    nodeNames.map((n) => [n, newNode(n, { index: 0, now: epoch(0), cpu: VERY_LARGE })]),
  );
  const d: Diagnosis = {
    numAllNodes: nodeNames.length,
    nodeToStatus: new Map(
      nodeNames.map((n) => [n, { reasons: ['Insufficient cpu'], code: 'Unschedulable' }]),
    ),
    absentNodes: 0,
  };
  const r = preempt(
    p,
    d,
    { node: (n) => nodes.get(n), pods: (n) => pods.filter((x) => x.spec.nodeName === n) },
    new Random(4),
  );
  return 'nominatedNode' in r ? r.nominatedNode : undefined;
}

const cases: { name: string; nodes: string[]; pod: Pod; pods: Pod[]; expected: string[] }[] = [
  {
    name: 'a pod that fits on both nodes when lower priority pods are preempted',
    nodes: ['node1', 'node2'],
    pod: pod('p', HIGH, LARGE),
    pods: [pod('p1', MID, LARGE, 'node1'), pod('p2', MID, LARGE, 'node2')],
    expected: ['node1', 'node2'],
  },
  {
    name: 'node with min highest priority pod is picked',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, MEDIUM, 'node1'),
      pod('p1.2', MID, LARGE, 'node1'),
      pod('p2.1', MID, MEDIUM, 'node2'),
      pod('p2.2', LOW, MEDIUM, 'node2'),
      pod('p3.1', LOW, MEDIUM, 'node3'),
      pod('p3.2', LOW, MEDIUM, 'node3'),
    ],
    expected: ['node3'],
  },
  {
    name: 'when highest priorities are the same, minimum sum of priorities is picked',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, MEDIUM, 'node1'),
      pod('p1.2', MID, LARGE, 'node1'),
      pod('p2.1', MID, LARGE, 'node2'),
      pod('p2.2', LOW, MEDIUM, 'node2'),
      pod('p3.1', MID, MEDIUM, 'node3'),
      pod('p3.2', MID, MEDIUM, 'node3'),
    ],
    expected: ['node2'],
  },
  {
    name: 'when highest priority and sum are the same, minimum number of pods is picked',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, SMALL, 'node1'),
      pod('p1.2', NEG, SMALL, 'node1'),
      pod('p1.3', MID, SMALL, 'node1'),
      pod('p1.4', NEG, SMALL, 'node1'),
      pod('p2.1', MID, LARGE, 'node2'),
      pod('p2.2', NEG, MEDIUM, 'node2'),
      pod('p3.1', MID, MEDIUM, 'node3'),
      pod('p3.2', NEG, SMALL, 'node3'),
      pod('p3.3', LOW, SMALL, 'node3'),
    ],
    expected: ['node2'],
  },
  {
    name: 'sum of adjusted priorities is considered',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, SMALL, 'node1'),
      pod('p1.2', NEG, SMALL, 'node1'),
      pod('p1.3', NEG, SMALL, 'node1'),
      pod('p2.1', MID, LARGE, 'node2'),
      pod('p2.2', NEG, MEDIUM, 'node2'),
      pod('p3.1', MID, MEDIUM, 'node3'),
      pod('p3.2', NEG, SMALL, 'node3'),
      pod('p3.3', LOW, SMALL, 'node3'),
    ],
    expected: ['node2'],
  },
  {
    name: 'non-overlapping lowest high priority, sum priorities, and number of pods',
    nodes: ['node1', 'node2', 'node3', 'node4'],
    pod: pod('p', VERY_HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, SMALL, 'node1'),
      pod('p1.2', LOW, SMALL, 'node1'),
      pod('p1.3', LOW, SMALL, 'node1'),
      pod('p2.1', HIGH, LARGE, 'node2'),
      pod('p3.1', MID, MEDIUM, 'node3'),
      pod('p3.2', LOW, SMALL, 'node3'),
      pod('p3.3', LOW, SMALL, 'node3'),
      pod('p3.4', LOW, MEDIUM, 'node3'),
      pod('p4.1', MID, MEDIUM, 'node4'),
      pod('p4.2', MID, SMALL, 'node4'),
      pod('p4.3', MID, SMALL, 'node4'),
      pod('p4.4', NEG, SMALL, 'node4'),
    ],
    expected: ['node1'],
  },
  {
    name: "same priority, same number of victims, different start time for each node's pod",
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, MEDIUM, 'node1', epoch(2)),
      pod('p1.2', MID, MEDIUM, 'node1', epoch(2)),
      pod('p2.1', MID, MEDIUM, 'node2', epoch(3)),
      pod('p2.2', MID, MEDIUM, 'node2', epoch(3)),
      pod('p3.1', MID, MEDIUM, 'node3', epoch(1)),
      pod('p3.2', MID, MEDIUM, 'node3', epoch(1)),
    ],
    expected: ['node2'],
  },
  {
    name: 'same priority, same number of victims, different start time for all pods',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', MID, MEDIUM, 'node1', epoch(4)),
      pod('p1.2', MID, MEDIUM, 'node1', epoch(2)),
      pod('p2.1', MID, MEDIUM, 'node2', epoch(5)),
      pod('p2.2', MID, MEDIUM, 'node2', epoch(1)),
      pod('p3.1', MID, MEDIUM, 'node3', epoch(3)),
      pod('p3.2', MID, MEDIUM, 'node3', epoch(6)),
    ],
    expected: ['node3'],
  },
  {
    name: 'different priority, same number of victims, different start time for all pods',
    nodes: ['node1', 'node2', 'node3'],
    pod: pod('p', HIGH, VERY_LARGE),
    pods: [
      pod('p1.1', LOW, MEDIUM, 'node1', epoch(4)),
      pod('p1.2', MID, MEDIUM, 'node1', epoch(2)),
      pod('p2.1', MID, MEDIUM, 'node2', epoch(6)),
      pod('p2.2', LOW, MEDIUM, 'node2', epoch(1)),
      pod('p3.1', LOW, MEDIUM, 'node3', epoch(3)),
      pod('p3.2', MID, MEDIUM, 'node3', epoch(5)),
    ],
    expected: ['node2'],
  },
];

describe('TestSelectBestCandidate (default_preemption_test.go)', () => {
  for (const c of cases)
    it(c.name, () => {
      const got = selectCandidate(c.nodes, c.pod, c.pods);
      expect(c.expected).toContain(got);
    });
});
