// Per-kind write strategies (pkg/registry/*/strategy.go): what the server sets on create and update,
// and which validation runs.

import type { Clock } from '../clock';
import { invalid, type FieldError } from './errors';
import {
  defaultDaemonSet,
  defaultDeployment,
  defaultNode,
  defaultPod,
  defaultPodSpec,
  defaultReplicaSet,
} from './defaults';
import { deepEqual } from './objects';
import { admitPodPriority, admitPodPriorityUpdate, type PriorityClassLister } from './priority';
import { validatePodUpdate } from './podUpdate';
import { qosClass } from './qos';
import { podStatus } from './podStatusFields';
import { podSpec } from './podSpecFields';
import { validatePriorityClass, validatePriorityClassUpdate } from './priorityClassValidation';
import type {
  DaemonSet,
  Deployment,
  Kind,
  KObject,
  Node,
  Pod,
  PodDisruptionBudget,
  PriorityClass,
  ReplicaSet,
} from './types';
import {
  validateDaemonSet,
  validateDaemonSetUpdate,
  validateDeployment,
  validateDeploymentUpdate,
  validateContainerList,
  validateGeneric,
  validateNode,
  validatePod,
  validatePodDisruptionBudget,
  validateReplicaSet,
  validateReplicaSetUpdate,
} from './validation';

import { TEMPLATE_GENERATION_ANNOTATION } from './annotations';
import {
  validateEphemeralContainers,
  validateEphemeralContainersUpdate,
  validateNoEphemeralOnCreate,
} from './ephemeral';
export { TEMPLATE_GENERATION_ANNOTATION };

/** What the write strategies (and the admission plugins run with them) read besides the object. */
export interface StrategyContext {
  clock: Clock;
  /** the served PriorityClasses (the Priority admission plugin's lister) */
  priorityClasses: PriorityClassLister;
}

export function prepareForCreate(kind: Kind, obj: KObject, ctx: StrategyContext): void {
  switch (kind) {
    case 'DaemonSet': {
      const ds = obj as DaemonSet;
      if (ds.spec && typeof ds.spec === 'object') defaultDaemonSet(ds);
      ds.status = {
        currentNumberScheduled: 0,
        numberMisscheduled: 0,
        desiredNumberScheduled: 0,
        numberReady: 0,
      };
      ds.metadata.generation = 1;
      ds.metadata.annotations = { ...ds.metadata.annotations, [TEMPLATE_GENERATION_ANNOTATION]: '1' };
      break;
    }
    case 'Deployment': {
      const d = obj as Deployment;
      if (d.spec && typeof d.spec === 'object') defaultDeployment(d);
      d.status = {};
      d.metadata.generation = 1;
      break;
    }
    case 'ReplicaSet': {
      const rs = obj as ReplicaSet;
      if (rs.spec && typeof rs.spec === 'object') defaultReplicaSet(rs);
      rs.status = { replicas: 0 };
      rs.metadata.generation = 1;
      break;
    }
    case 'PodDisruptionBudget': {
      // podDisruptionBudgetStrategy.PrepareForCreate: a fresh status, generation 1
      const pdb = obj as PodDisruptionBudget;
      pdb.status = { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
      pdb.metadata.generation = 1;
      break;
    }
    case 'Pod': {
      const pod = obj as Pod;
      if (pod.spec && typeof pod.spec === 'object') {
        // the Priority admission plugin: after the preemptionPolicy default the policy check sees it
        // as the pod's own, so resolve the class first
        admitPodPriority(pod, ctx.priorityClasses);
        defaultPod(pod);
        // laid out as every stored pod spec is (podSpecFields.ts)
        pod.spec = podSpec(pod.spec);
      }
      pod.status = podStatus(undefined, { phase: 'Pending', qosClass: qosClass(pod) });
      break;
    }
    case 'Node':
      defaultNode(obj as Node);
      break;
    case 'PriorityClass': {
      // SetDefaults_PriorityClass, then priorityClassStrategy.PrepareForCreate
      const pc = obj as PriorityClass;
      if (pc.preemptionPolicy === undefined || pc.preemptionPolicy === null)
        pc.preemptionPolicy = 'PreemptLowerPriority';
      pc.metadata.generation = 1;
      break;
    }
    case 'Namespace':
      obj.spec = { finalizers: ['kubernetes'] };
      obj.status = { phase: 'Active' };
      break;
    default:
      break;
  }
}

export function prepareForUpdate(kind: Kind, obj: KObject, old: KObject, _ctx: StrategyContext): void {
  if (kind === 'DaemonSet') {
    const ds = obj as DaemonSet;
    const prev = old as DaemonSet;
    if (ds.spec && typeof ds.spec === 'object') defaultDaemonSet(ds);
    const prevTG = Number(prev.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION] ?? '1');
    const templateChanged = !deepEqual(ds.spec?.template, prev.spec.template);
    ds.metadata.annotations = {
      ...ds.metadata.annotations,
      [TEMPLATE_GENERATION_ANNOTATION]: String(templateChanged ? prevTG + 1 : prevTG),
    };
    if (!deepEqual(ds.spec, prev.spec)) ds.metadata.generation = (prev.metadata.generation ?? 1) + 1;
  } else if (kind === 'Deployment' || kind === 'ReplicaSet') {
    // deployment/replicaset strategy PrepareForUpdate: generation follows spec changes
    if (obj.spec && typeof obj.spec === 'object') {
      if (kind === 'Deployment') defaultDeployment(obj as Deployment);
      else defaultReplicaSet(obj as ReplicaSet);
    }
    if (!deepEqual(obj.spec, old.spec)) obj.metadata.generation = (old.metadata.generation ?? 1) + 1;
  } else if (kind === 'PodDisruptionBudget') {
    // podDisruptionBudgetStrategy.PrepareForUpdate: any change of the spec is a new generation
    if (!deepEqual(obj.spec, old.spec)) obj.metadata.generation = (old.metadata.generation ?? 1) + 1;
  } else if (kind === 'Pod') {
    // podStrategy: the decoded spec gets its defaults, the Priority plugin keeps the priority and
    // policy set on create when the update leaves them out; ValidatePodUpdate then refuses any
    // change but the few it allows (podUpdate.ts). A spec the update did not touch stays as stored.
    const pod = obj as Pod;
    const prev = old as Pod;
    if (pod.spec === prev.spec) return;
    if (pod.spec && typeof pod.spec === 'object') {
      // a spec the update did not touch is the stored one (its frozen subtrees shared)
      if (deepEqual(pod.spec, prev.spec)) {
        pod.spec = prev.spec;
        return;
      }
      // ephemeral containers are written only through their subresource: an update keeps them
      if (prev.spec.ephemeralContainers !== undefined)
        pod.spec.ephemeralContainers = prev.spec.ephemeralContainers;
      else delete pod.spec.ephemeralContainers;
      // defaults only for lists of objects: any other shape is validation's to report
      const listsOfObjects = (['containers', 'initContainers'] as const).every((k) => {
        const l: unknown = pod.spec[k];
        return (
          l === undefined || l === null || (Array.isArray(l) && l.every((c) => c && typeof c === 'object'))
        );
      });
      if (listsOfObjects) defaultPodSpec(pod.spec);
      if (pod.spec.enableServiceLinks === undefined) pod.spec.enableServiceLinks = true;
      admitPodPriorityUpdate(pod, prev);
      if (deepEqual(pod.spec, prev.spec)) pod.spec = prev.spec;
    }
  } else if (kind === 'Node') {
    defaultNode(obj as Node);
  }
}

function check(kind: Kind, obj: KObject, errs: FieldError[]): void {
  if (errs.length) throw invalid(kind, obj.metadata.name || obj.metadata.generateName || '', errs);
}

export function validateCreate(kind: Kind, obj: KObject): void {
  switch (kind) {
    case 'DaemonSet':
      return check(kind, obj, validateDaemonSet(obj as DaemonSet));
    case 'Deployment':
      return check(kind, obj, validateDeployment(obj as Deployment));
    case 'ReplicaSet':
      return check(kind, obj, validateReplicaSet(obj as ReplicaSet));
    case 'Pod': {
      const errs = validatePod(obj as Pod);
      validateNoEphemeralOnCreate(obj as Pod, errs);
      return check(kind, obj, errs);
    }
    case 'PodDisruptionBudget':
      return check(kind, obj, validatePodDisruptionBudget(obj as PodDisruptionBudget));
    case 'Node':
      return check(kind, obj, validateNode(obj as Node));
    case 'PriorityClass':
      return check(kind, obj, validatePriorityClass(obj as PriorityClass));
    case 'Namespace':
      return check(kind, obj, validateGeneric(obj, true));
    default:
      return check(kind, obj, validateGeneric(obj));
  }
}

export function validateUpdate(kind: Kind, obj: KObject, old: KObject): void {
  switch (kind) {
    case 'DaemonSet':
      return check(kind, obj, validateDaemonSetUpdate(obj as DaemonSet, old as DaemonSet));
    case 'Deployment':
      return check(kind, obj, validateDeploymentUpdate(obj as Deployment, old as Deployment));
    case 'ReplicaSet':
      return check(kind, obj, validateReplicaSetUpdate(obj as ReplicaSet, old as ReplicaSet));
    case 'Node':
      return check(kind, obj, validateNode(obj as Node));
    case 'Pod': {
      const pod = obj as Pod;
      const prev = old as Pod;
      if (pod.spec === prev.spec) return check(kind, obj, validateGeneric(obj));
      const errs = validatePod(pod);
      // a spec that is no object at all is validatePod's to report
      if (pod.spec && typeof pod.spec === 'object' && !Array.isArray(pod.spec))
        errs.push(...validatePodUpdate(pod, prev));
      return check(kind, obj, errs);
    }
    case 'PodDisruptionBudget':
      return check(kind, obj, validatePodDisruptionBudget(obj as PodDisruptionBudget));
    case 'PriorityClass':
      return check(kind, obj, validatePriorityClassUpdate(obj as PriorityClass, old as PriorityClass));
    default:
      return check(kind, obj, validateGeneric(obj, kind === 'Namespace'));
  }
}

/**
 * podEphemeralContainersStrategy: PrepareForUpdate keeps only `spec.ephemeralContainers` of the
 * request (dropNonEphemeralContainerUpdates: spec, status and metadata are the stored pod's), with
 * their defaults; ValidateUpdate checks the whole pod and that no existing one changed or went away.
 */
export function prepareEphemeralContainersUpdate(input: Pod, old: Pod): Pod {
  const ecs = input.spec && typeof input.spec === 'object' ? input.spec.ephemeralContainers : undefined;
  const spec = { ...old.spec } as Pod['spec'];
  if (ecs === undefined || ecs === null) delete spec.ephemeralContainers;
  else {
    spec.ephemeralContainers = ecs;
    defaultPodSpec({ containers: [], ephemeralContainers: ecs, hostNetwork: old.spec.hostNetwork });
  }
  return { ...old, metadata: { ...old.metadata }, spec } as Pod;
}

export function validateEphemeralContainersWrite(pod: Pod, old: Pod): void {
  if (old.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined)
    throw invalid('Pod', pod.metadata.name, [
      { field: '', type: 'Forbidden', detail: 'static pods do not support ephemeral containers' },
    ]);
  const errs = validatePod(pod);
  validateContainerList(pod.spec.ephemeralContainers, 'spec.ephemeralContainers', errs);
  validateEphemeralContainers(pod, errs);
  errs.push(...validateEphemeralContainersUpdate(pod, old));
  check('Pod', pod, errs);
}
