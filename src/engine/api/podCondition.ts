// podutil.UpdatePodCondition: replace or append a pod condition; lastTransitionTime moves only when
// the status changes.

import type { PodCondition } from './types';

export function setPodCondition(
  conditions: readonly PodCondition[] | undefined,
  next: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>,
  now: string,
): PodCondition[] {
  const list = [...(conditions ?? [])];
  const i = list.findIndex((c) => c.type === next.type);
  const cond = nextPodCondition(i >= 0 ? list[i] : undefined, next, now);
  if (i >= 0) list[i] = cond;
  else list.push(cond);
  return list;
}

/** The condition that replaces `old` (of the same type, or none): its transition time kept while the status stays. */
export function nextPodCondition(
  old: PodCondition | undefined,
  next: Omit<PodCondition, 'lastTransitionTime' | 'lastProbeTime'>,
  now: string,
): PodCondition {
  // reason and message always own properties (undefined when empty, which every reader takes as
  // absent): a condition with them and one without are one hidden class, so the readers of
  // `status.conditions` (readiness, the informers, the controllers' counts) compiled on pods not
  // ready yet meet no new one when they become ready
  return {
    type: next.type,
    status: next.status,
    lastProbeTime: null,
    lastTransitionTime:
      old && old.status === next.status && old.lastTransitionTime ? old.lastTransitionTime : now,
    reason: next.reason || undefined,
    message: next.message || undefined,
  };
}
