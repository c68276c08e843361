// Builders for tests (the shapes upstream's daemon_controller_test.go builds with newDaemonSet/newNode).

import type { DaemonSet, Node, Taint, Toleration, PodSpec } from '../api/types';
import type { EventRecordInput } from '../api/eventStore';
import { newNode as registeredNode } from '../cluster/nodeFactory';
import { defaultDaemonSet } from '../api/defaults';

export function newNode(
  name: string,
  o: { labels?: Record<string, string>; taints?: Taint[]; unschedulable?: boolean } = {},
): Node {
  const n = registeredNode(name, {
    index: 0,
    now: '2026-01-01T00:00:00Z',
    labels: o.labels,
    taints: o.taints,
  });
  if (o.unschedulable) n.spec.unschedulable = true;
  return n;
}

/** What the event recorder hands the store for a kubelet's Pulled event about pod `p`. */
export function newEventInput(name: string, namespace = 'default', message = 'pulled'): EventRecordInput {
  return {
    namespace,
    name,
    involvedObject: { kind: 'Pod', namespace, name: 'p', uid: 'u1', apiVersion: 'v1' },
    reason: 'Pulled',
    message,
    source: { component: 'kubelet', host: 'n1' },
    firstTimestamp: '2026-01-01T00:00:00Z',
    lastTimestamp: '2026-01-01T00:00:00Z',
    count: 1,
    type: 'Normal',
    reportingComponent: 'kubelet',
  };
}

export function newDaemonSet(
  name: string,
  o: {
    tolerations?: Toleration[];
    nodeSelector?: Record<string, string>;
    spec?: Partial<PodSpec>;
    namespace?: string;
  } = {},
): DaemonSet {
  const ds: DaemonSet = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: `uid-${name}`,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    spec: {
      selector: { matchLabels: { name } },
      template: {
        metadata: { labels: { name } },
        spec: {
          containers: [{ name: 'main', image: 'registry.k8s.io/pause:3.10' }],
          ...(o.tolerations ? { tolerations: o.tolerations } : {}),
          ...(o.nodeSelector ? { nodeSelector: o.nodeSelector } : {}),
          ...o.spec,
        },
      },
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  };
  defaultDaemonSet(ds);
  return ds;
}

export { ARTICLE_MANIFEST as FLUENTD_YAML } from '../cluster/manifests';
