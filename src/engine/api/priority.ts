// The Priority admission plugin (plugin/pkg/admission/priority/admission.go) for pods, with the two
// built-in PriorityClasses the API server creates (pkg/apis/scheduling SystemPriorityClasses):
// `priorityClassName` is resolved into spec.priority and spec.preemptionPolicy when a pod is created.

import { StatusError } from './errors';
import type { Pod } from './types';

/** scheduling.SystemCriticalPriority */
export const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

/** A PriorityClass's value and preemption policy. */
export interface PriorityClassInfo {
  value: number;
  preemptionPolicy: 'PreemptLowerPriority' | 'Never';
  description: string;
}

/** The built-in classes (SystemPriorityClasses), the only ones the playground serves. */
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

function forbidden(pod: Pod, message: string): StatusError {
  const name = pod.metadata.name || pod.metadata.generateName || '';
  return new StatusError(403, 'Forbidden', `pods "${name}" is forbidden: ${message}`);
}

/**
 * admitPod on create: no class → priority 0 (no global default class exists); a class → its value
 * and preemption policy; a class that does not exist, or a priority or policy in the spec that differs
 * from the class's, is refused with the plugin's words.
 */
export function admitPodPriority(pod: Pod): void {
  const spec = pod.spec;
  const className = spec.priorityClassName;
  let priority = 0;
  let policy: PriorityClassInfo['preemptionPolicy'] = 'PreemptLowerPriority';
  if (className) {
    const pc = SYSTEM_PRIORITY_CLASSES.get(className);
    if (!pc) throw forbidden(pod, `no PriorityClass with name ${className} was found`);
    priority = pc.value;
    policy = pc.preemptionPolicy;
  }
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== priority) {
    throw forbidden(
      pod,
      `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`,
    );
  }
  spec.priority = priority;
  if (className) {
    if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== policy) {
      throw forbidden(
        pod,
        `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`,
      );
    }
    spec.preemptionPolicy = policy;
  }
}

/** A pod's priority (corev1helpers.PodPriority): spec.priority, 0 when unset. */
export function podPriority(pod: Pod): number {
  return typeof pod.spec.priority === 'number' ? pod.spec.priority : 0;
}
