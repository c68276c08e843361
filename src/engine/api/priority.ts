// PriorityClasses on the API server's side: the built-in classes it creates at start-up
// (pkg/apis/scheduling/v1 SystemPriorityClasses, pkg/registry/scheduling/rest), and the Priority
// admission plugin (plugin/pkg/admission/priority/admission.go): a new pod's priorityClassName is
// resolved into spec.priority and spec.preemptionPolicy from the served classes (the global default
// class, or 0, when it names none), and a PriorityClass may not become a second global default.

import { StatusError } from './errors';
import type { Pod, PriorityClass } from './types';

/** scheduling.SystemCriticalPriority */
export const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;
/** scheduling.HighestUserDefinablePriority: the largest value a class not named `system-` may have */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
/** scheduling.SystemPriorityClassPrefix: names reserved for the built-in classes */
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';
/** scheduling.DefaultPriorityWhenNoDefaultClassExists */
export const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS = 0;

export type PreemptionPolicy = 'PreemptLowerPriority' | 'Never';

/** A PriorityClass's value and preemption policy. */
export interface PriorityClassInfo {
  value: number;
  preemptionPolicy: PreemptionPolicy;
  description: string;
}

/** The built-in classes (SystemPriorityClasses), which every cluster serves from its start. */
export const SYSTEM_PRIORITY_CLASSES: ReadonlyMap<string, PriorityClassInfo> = new Map([
  [
    'system-node-critical',
    {
      value: SYSTEM_CRITICAL_PRIORITY + 1000,
      preemptionPolicy: 'PreemptLowerPriority',
      description: 'Used for system critical pods that must not be moved from their current node.',
    },
  ],
  [
    'system-cluster-critical',
    {
      value: SYSTEM_CRITICAL_PRIORITY,
      preemptionPolicy: 'PreemptLowerPriority',
      description:
        'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
    },
  ],
]);

/**
 * The objects the API server's post-start hook creates (AddSystemPriorityClasses), in its order,
 * as the input to a create: the store adds the metadata a create adds.
 */
export function systemPriorityClassObjects(): PriorityClass[] {
  return [...SYSTEM_PRIORITY_CLASSES].map(([name, info]) => ({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name } as PriorityClass['metadata'],
    value: info.value,
    description: info.description,
    preemptionPolicy: info.preemptionPolicy,
  }));
}

/**
 * IsKnownSystemPriorityClass: whether a class named `system-…` is one of the built-ins, with its
 * value and globalDefault (the description, labels and the rest may differ); else why not.
 */
export function isKnownSystemPriorityClass(
  name: string,
  value: number,
  globalDefault: boolean,
): { ok: true } | { ok: false; why: string } {
  const spc = SYSTEM_PRIORITY_CLASSES.get(name);
  if (!spc) return { ok: false, why: `${name} is not a known system priority class` };
  if (spc.value !== value) return { ok: false, why: `value of ${name} PriorityClass must be ${spc.value}` };
  // every built-in class has globalDefault false
  if (globalDefault) return { ok: false, why: `globalDefault of ${name} PriorityClass must be false` };
  return { ok: true };
}

/** What the plugin reads: the PriorityClass lister (the served classes). */
export interface PriorityClassLister {
  get(name: string): PriorityClass | undefined;
  list(): readonly PriorityClass[];
}

/**
 * getDefaultPriorityClass: the class marked globalDefault; if a race left several, the one with
 * the lowest value.
 */
export function getDefaultPriorityClass(lister: PriorityClassLister): PriorityClass | undefined {
  let dpc: PriorityClass | undefined;
  for (const pc of lister.list()) {
    if (pc.globalDefault && (dpc === undefined || dpc.value > pc.value)) dpc = pc;
  }
  return dpc;
}

function forbidden(resource: string, name: string, message: string): StatusError {
  return new StatusError(403, 'Forbidden', `${resource} "${name}" is forbidden: ${message}`);
}

/**
 * admitPod on create. No class: the global default class's name, value and policy, or priority 0
 * and PreemptLowerPriority when there is none. A class: its value and policy, or Forbidden when it
 * is not served. A priority or policy in the spec that differs from the computed one is refused.
 */
export function admitPodPriority(pod: Pod, lister: PriorityClassLister): void {
  const spec = pod.spec;
  const podName = pod.metadata.name || pod.metadata.generateName || '';
  let priority: number;
  let policy: PreemptionPolicy | undefined;
  if (!spec.priorityClassName) {
    const dpc = getDefaultPriorityClass(lister);
    if (dpc) {
      spec.priorityClassName = dpc.metadata.name;
      priority = dpc.value;
      policy = dpc.preemptionPolicy;
    } else {
      priority = DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS;
      policy = 'PreemptLowerPriority';
    }
  } else {
    const pc = lister.get(spec.priorityClassName);
    if (!pc)
      throw forbidden('pods', podName, `no PriorityClass with name ${spec.priorityClassName} was found`);
    priority = pc.value;
    policy = pc.preemptionPolicy;
  }
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== priority) {
    throw forbidden(
      'pods',
      podName,
      `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`,
    );
  }
  spec.priority = priority;
  if (policy !== undefined) {
    if (
      spec.preemptionPolicy !== undefined &&
      spec.preemptionPolicy !== null &&
      spec.preemptionPolicy !== policy
    ) {
      throw forbidden(
        'pods',
        podName,
        `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`,
      );
    }
    spec.preemptionPolicy = policy;
  }
}

/**
 * admitPod on update: the priority (and policy) set on create stay when the update leaves them
 * out; any other change of them is for ValidatePodUpdate to refuse.
 */
export function admitPodPriorityUpdate(pod: Pod, old: Pod): void {
  if (!pod.spec || typeof pod.spec !== 'object') return;
  if ((pod.spec.priority === undefined || pod.spec.priority === null) && old.spec.priority !== undefined)
    pod.spec.priority = old.spec.priority;
  if (
    (pod.spec.preemptionPolicy === undefined || pod.spec.preemptionPolicy === null) &&
    old.spec.preemptionPolicy !== undefined
  )
    pod.spec.preemptionPolicy = old.spec.preemptionPolicy;
}

/**
 * validatePriorityClass (the plugin's validating half, on create and update): a class marked
 * globalDefault is refused while another one is the default already.
 */
export function admitPriorityClass(
  pc: PriorityClass,
  operation: 'Create' | 'Update',
  lister: PriorityClassLister,
): void {
  if (!pc.globalDefault) return;
  const dpc = getDefaultPriorityClass(lister);
  if (dpc && (operation === 'Create' || dpc.metadata.name !== pc.metadata.name)) {
    throw forbidden(
      'priorityclasses.scheduling.k8s.io',
      pc.metadata.name,
      `PriorityClass ${dpc.metadata.name} is already marked as default. Only one default can exist`,
    );
  }
}

/** The priority class storage's Delete: the built-in classes cannot be deleted. */
export function checkPriorityClassDelete(name: string): void {
  if (SYSTEM_PRIORITY_CLASSES.has(name))
    throw forbidden(
      'priorityclasses.scheduling.k8s.io',
      name,
      'this is a system priority class and cannot be deleted',
    );
}

/** A pod's priority (corev1helpers.PodPriority): spec.priority, 0 when unset. */
export function podPriority(pod: Pod): number {
  return typeof pod.spec.priority === 'number' ? pod.spec.priority : 0;
}
