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
  const cond: PodCondition = {
    type: next.type,
    status: next.status,
    lastProbeTime: null,
    lastTransitionTime:
      old && old.status === next.status && old.lastTransitionTime ? old.lastTransitionTime : now,
  };
  if (next.reason) cond.reason = next.reason;
  if (next.message) cond.message = next.message;
  return cond;
}
