// A pod's QoS class (pkg/apis/core/helper/qos GetPodQOS), as the API server sets it on create and
// the update validation keeps it (a change of class is refused). Its own file: the create strategy
// and the update checks both read it.

import type { Pod } from './types';

/** QoS class as the API server computes it on create. */
export function qosClass(pod: Pod): string {
  const cs = pod.spec?.containers ?? [];
  let anySet = false;
  let guaranteed = cs.length > 0;
  for (const c of cs) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) anySet = true;
    for (const r of ['cpu', 'memory']) {
      if (lim[r] === undefined || (req[r] !== undefined && req[r] !== lim[r])) guaranteed = false;
    }
  }
  if (!anySet) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
