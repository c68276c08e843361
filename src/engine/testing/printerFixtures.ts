// Test fixture: the article's cluster (a tainted `master` and `node-1`, the fluentd-elasticsearch
// DaemonSet with one pod per node, its ControllerRevision and events) written straight into the
// store, so printer and command tests do not depend on the controllers. No work item is run: the
// clock is moved directly.

import { clone } from '../api/objects';
import type { ControllerRevision, DaemonSet, KObject, Pod, PodTemplateSpec } from '../api/types';
import { newNode } from '../cluster/nodeFactory';
import { Simulation } from '../simulation';

export const T0 = Date.parse('2026-01-01T00:00:00Z');
export const NS = 'kube-system';
export const DS = 'fluentd-elasticsearch';

export const TEMPLATE: PodTemplateSpec = {
  metadata: { labels: { name: DS } },
  spec: {
    tolerations: [{ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }],
    containers: [
      {
        name: DS,
        image: 'k8s.gcr.io/fluentd-elasticsearch:1.20',
        resources: { limits: { memory: '200Mi' }, requests: { cpu: '100m', memory: '200Mi' } },
        volumeMounts: [
          { name: 'varlog', mountPath: '/var/log' },
          { name: 'varlibdockercontainers', mountPath: '/var/lib/docker/containers', readOnly: true },
        ],
      },
    ],
    terminationGracePeriodSeconds: 30,
    volumes: [
      { name: 'varlog', hostPath: { path: '/var/log' } },
      { name: 'varlibdockercontainers', hostPath: { path: '/var/lib/docker/containers' } },
    ],
  },
};

/** Writes `.status` through the status subresource. */
function setStatus<T extends KObject>(sim: Simulation, obj: T, status: unknown): T {
  return sim.store.updateStatus({ ...obj, status }) as unknown as T;
}

const meta = (name: string, extra: Record<string, unknown> = {}) =>
  ({ name, ...extra }) as unknown as KObject['metadata'];

function runningPod(
  sim: Simulation,
  ds: DaemonSet,
  name: string,
  node: string,
  ip: string,
  hostIP: string,
): Pod {
  const tmpl = clone(ds.spec.template);
  const pod = sim.store.create<'Pod'>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: meta(name, {
      namespace: NS,
      generateName: `${DS}-`,
      labels: {
        ...tmpl.metadata!.labels,
        'controller-revision-hash': '64dc6799c9',
        'pod-template-generation': '1',
      },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: DS,
          uid: ds.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    }),
    spec: { ...tmpl.spec, nodeName: node },
  });
  const now = sim.iso();
  return setStatus(sim, pod, {
    phase: 'Running',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: now },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: now },
    ],
    hostIP,
    podIP: ip,
    podIPs: [{ ip }],
    startTime: now,
    qosClass: 'Burstable',
    containerStatuses: [
      {
        name: DS,
        image: 'k8s.gcr.io/fluentd-elasticsearch:1.20',
        imageID: 'k8s.gcr.io/fluentd-elasticsearch@sha256:0123',
        containerID: `containerd://${name}`,
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt: now } },
      },
    ],
  });
}

/** The article's cluster 53 minutes after the DaemonSet was created. */
export function articleCluster(): Simulation {
  const sim = new Simulation({ start: T0 });
  sim.store.create(
    newNode('master', {
      index: 0,
      now: sim.iso(),
      labels: { 'node-role.kubernetes.io/master': '' },
      taints: [{ key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }],
    }),
  );
  sim.store.create(newNode('node-1', { index: 1, now: sim.iso() }));
  const created = sim.store.create<'DaemonSet'>({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: meta(DS, { namespace: NS, labels: { 'k8s-app': 'fluentd-logging' } }),
    spec: { selector: { matchLabels: { name: DS } }, template: clone(TEMPLATE) },
  });
  const ds = setStatus(sim, created, {
    currentNumberScheduled: 2,
    numberMisscheduled: 0,
    desiredNumberScheduled: 2,
    numberReady: 2,
    observedGeneration: 1,
    updatedNumberScheduled: 2,
    numberAvailable: 2,
  });
  const cr: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: meta(`${DS}-64dc6799c9`, {
      namespace: NS,
      labels: { 'controller-revision-hash': '64dc6799c9', name: DS },
      annotations: { 'deprecated.daemonset.template.generation': '1' },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: DS,
          uid: ds.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    }),
    data: {
      spec: {
        template: {
          $patch: 'replace',
          ...clone(ds.spec.template),
          metadata: { creationTimestamp: null, labels: { name: DS } },
        },
      },
    },
    revision: 1,
  };
  sim.store.create(cr);
  sim.clock.set(T0 + 2_000);
  const p1 = runningPod(sim, ds, `${DS}-dqfv9`, 'master', '10.244.0.2', '10.0.0.2');
  const p2 = runningPod(sim, ds, `${DS}-pf9z5`, 'node-1', '10.244.1.2', '10.0.0.3');
  sim.recorder.event(
    ds,
    'Normal',
    'SuccessfulCreate',
    `Created pod: ${p1.metadata.name}`,
    'daemonset-controller',
  );
  sim.recorder.event(
    ds,
    'Normal',
    'SuccessfulCreate',
    `Created pod: ${p2.metadata.name}`,
    'daemonset-controller',
  );
  sim.recorder.event(
    p2,
    'Normal',
    'Scheduled',
    `Successfully assigned ${NS}/${p2.metadata.name} to node-1`,
    'default-scheduler',
  );
  sim.clock.set(T0 + 53 * 60_000);
  return sim;
}
