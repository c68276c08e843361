// A pod's trouble as of the simulated clock: a pod running but not ready is on its way until its
// grace is over (unreadyFrom), then it is trouble. Only such pods follow the clock, and only to flip once.

import { useCallback } from 'react';
import { useStore, type AppState } from '../../../state/store';
import type { PodTrouble } from '../../../state/podTrouble';
import type { PodView } from '../system/model';

export function useTrouble(pod: PodView): PodTrouble | undefined {
  const from = pod.trouble?.class === 'unready' ? pod.unreadyFrom : undefined;
  const due = useStore(useCallback((s: AppState) => from === undefined || s.now >= from, [from]));
  return pod.trouble && due ? pod.trouble : undefined;
}
