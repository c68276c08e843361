// The scale subresource of Deployments and ReplicaSets (autoscaling/v1 Scale): what `kubectl scale`
// reads and patches. spec.replicas is the object's; status carries the replicas counted and the
// selector as a string.

import { selectorString, fromLabelSelector, type Deployment, type KObject } from '../engine';

export interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
  };
  spec: { replicas?: number };
  status: { replicas: number; selector?: string };
}

/** scaleFromDeployment / scaleFromReplicaSet */
export function scaleOf(obj: KObject): Scale {
  const o = obj as Deployment;
  const md = o.metadata;
  const sel = fromLabelSelector(o.spec.selector);
  const spec: Scale['spec'] = {};
  if (o.spec.replicas) spec.replicas = o.spec.replicas;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: md.name,
      namespace: md.namespace,
      uid: md.uid,
      resourceVersion: md.resourceVersion,
      creationTimestamp: md.creationTimestamp,
    },
    spec,
    status: { replicas: o.status?.replicas ?? 0, ...(sel ? { selector: selectorString(sel) } : {}) },
  };
}

/** The object with the Scale's spec.replicas applied (the update the scale subresource makes). */
export function applyScale(obj: KObject, scale: { spec?: { replicas?: number } }): KObject {
  const o = obj as Deployment;
  return { ...o, spec: { ...o.spec, replicas: scale.spec?.replicas ?? 0 } } as KObject;
}
