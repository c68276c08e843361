// Hand-made pods and DaemonSets in the shapes the kubelet and the DaemonSet controller write (pod
// status.containerStatuses[].state / lastState / ready / restartCount, DaemonSet status counters),
// for the tests of the trouble and rollout derivations and the graph. Test-only.

import type { ContainerStatus, DaemonSet, Node, Pod } from '../api/types';
import { newDaemonSet, newNode } from './builders';

export const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

export type PodState =
  | 'running'
  | 'creating'
  | 'errImagePull'
  | 'imagePullBackOff'
  | 'crashLoop'
  | 'oomLoop'
  | 'oomKilled'
  | 'error'
  | 'unready'
  | 'failed';

const IMAGE = 'k8s.gcr.io/fluentd-elasticsearch';

function containerStatus(state: PodState, image: string, restarts: number): ContainerStatus {
  const base = { name: 'fluentd-elasticsearch', image, imageID: '', restartCount: restarts, ready: false };
  switch (state) {
    case 'running':
      return { ...base, ready: true, started: true, state: { running: { startedAt: iso(5) } } };
    case 'creating':
      return { ...base, state: { waiting: { reason: 'ContainerCreating' } } };
    case 'errImagePull':
      return {
        ...base,
        state: {
          waiting: {
            reason: 'ErrImagePull',
            message: `rpc error: code = NotFound desc = failed to pull and unpack image "${image}": not found`,
          },
        },
      };
    case 'imagePullBackOff':
      return {
        ...base,
        state: { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${image}"` } },
      };
    case 'crashLoop':
      return {
        ...base,
        state: {
          waiting: {
            reason: 'CrashLoopBackOff',
            message: 'back-off 40s restarting failed container=fluentd-elasticsearch',
          },
        },
        lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: iso(20), finishedAt: iso(30) } },
      };
    case 'oomLoop':
      return {
        ...base,
        state: {
          waiting: {
            reason: 'CrashLoopBackOff',
            message: 'back-off 20s restarting failed container=fluentd-elasticsearch',
          },
        },
        lastState: {
          terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: iso(20), finishedAt: iso(30) },
        },
      };
    case 'oomKilled':
      return {
        ...base,
        state: {
          terminated: { exitCode: 137, reason: 'OOMKilled', startedAt: iso(20), finishedAt: iso(30) },
        },
      };
    case 'error':
      return {
        ...base,
        state: { terminated: { exitCode: 2, reason: 'Error', startedAt: iso(20), finishedAt: iso(30) } },
      };
    case 'unready':
      return { ...base, started: true, state: { running: { startedAt: iso(5) } } };
    case 'failed':
      return {
        ...base,
        state: { terminated: { exitCode: 1, reason: 'Error', startedAt: iso(5), finishedAt: iso(9) } },
      };
  }
}

/** A daemon pod of `ds` on `node`, of revision `hash`, in `state`. */
export function daemonPod(
  ds: DaemonSet,
  node: string,
  hash: string,
  state: PodState,
  o: { restarts?: number; image?: string; suffix?: string; terminating?: boolean } = {},
): Pod {
  const image = o.image ?? `${IMAGE}:1.20`;
  const ready = state === 'running';
  const phase = state === 'creating' ? 'Pending' : state === 'failed' ? 'Failed' : 'Running';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${ds.metadata.name}-${o.suffix ?? node}`,
      namespace: ds.metadata.namespace,
      uid: `uid-${node}-${hash}`,
      resourceVersion: '1',
      creationTimestamp: iso(0),
      labels: { ...ds.spec.template.metadata?.labels, 'controller-revision-hash': hash },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: ds.metadata.name,
          uid: ds.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      ...(o.terminating ? { deletionTimestamp: iso(60) } : {}),
    },
    spec: { nodeName: node, containers: [{ name: 'fluentd-elasticsearch', image }] },
    status: {
      phase,
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: iso(5) },
      ],
      containerStatuses: [containerStatus(state, image, o.restarts ?? 0)],
    },
  } as Pod;
}

/** The article's DaemonSet (kube-system/fluentd-elasticsearch) with a status, at generation `generation`. */
export function fluentd(
  status: Partial<NonNullable<DaemonSet['status']>>,
  o: {
    generation?: number;
    maxUnavailable?: number | string;
    maxSurge?: number | string;
    onDelete?: boolean;
  } = {},
): DaemonSet {
  const ds = newDaemonSet('fluentd-elasticsearch', {
    namespace: 'kube-system',
    spec: { containers: [{ name: 'fluentd-elasticsearch', image: `${IMAGE}:v9.9.9-typo` }] },
  });
  ds.metadata.generation = o.generation ?? 2;
  if (o.onDelete) ds.spec.updateStrategy = { type: 'OnDelete' };
  else if (o.maxUnavailable !== undefined || o.maxSurge !== undefined)
    ds.spec.updateStrategy = {
      type: 'RollingUpdate',
      rollingUpdate: { maxUnavailable: o.maxUnavailable ?? 0, maxSurge: o.maxSurge ?? 0 },
    };
  ds.status = {
    currentNumberScheduled: 3,
    numberMisscheduled: 0,
    desiredNumberScheduled: 3,
    numberReady: 3,
    observedGeneration: ds.metadata.generation,
    updatedNumberScheduled: 3,
    numberAvailable: 3,
    ...status,
  };
  return ds;
}

export const NODES: Node[] = ['node-1', 'node-2', 'node-3'].map((n) => newNode(n));
