// `kubectl describe pdb` (pkg/describe describePodDisruptionBudgetV1): the budget, the selector,
// the four counts of its status, then the events.

import type { PodDisruptionBudget } from '../../api/types';
import type { Simulation } from '../../simulation';
import { formatLabelSelector } from './columns';
import { tabbedString, writeEvents } from './describe';
import { eventsFor } from './events';
import { PrefixWriter } from './prefixWriter';

export function describePodDisruptionBudget(sim: Simulation, pdb: PodDisruptionBudget): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${pdb.metadata.name}\n`);
  w.write(0, `Namespace:\t${pdb.metadata.namespace}\n`);
  if (pdb.spec.minAvailable !== undefined) w.write(0, `Min available:\t${pdb.spec.minAvailable}\n`);
  else if (pdb.spec.maxUnavailable !== undefined)
    w.write(0, `Max unavailable:\t${pdb.spec.maxUnavailable}\n`);
  w.write(0, `Selector:\t${pdb.spec.selector ? formatLabelSelector(pdb.spec.selector) : '<unset>'}\n`);
  const s = pdb.status;
  w.write(0, 'Status:\n');
  w.write(2, `Allowed disruptions:\t${s?.disruptionsAllowed ?? 0}\n`);
  w.write(2, `Current:\t${s?.currentHealthy ?? 0}\n`);
  w.write(2, `Desired:\t${s?.desiredHealthy ?? 0}\n`);
  w.write(2, `Total:\t${s?.expectedPods ?? 0}\n`);
  writeEvents(eventsFor(sim.store, pdb), w, sim.now());
  return tabbedString(w.toString());
}
