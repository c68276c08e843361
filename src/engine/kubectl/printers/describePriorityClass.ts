// `kubectl describe priorityclass` (pkg/describe PriorityClassDescriber, describePriorityClass):
// value, global default, preemption policy and description, the annotations on one line
// (labels.FormatLabels), then the events.

import type { PriorityClass } from '../../api/types';
import type { Simulation } from '../../simulation';
import { tabbedString, writeEvents } from './describe';
import { eventsFor } from './events';
import { PrefixWriter } from './prefixWriter';

/** labels.FormatLabels: `k=v` pairs sorted by key, joined by commas; `<none>` when empty. */
function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${m![k]}`).join(',');
}

export function describePriorityClass(sim: Simulation, pc: PriorityClass): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${pc.metadata.name}\n`);
  w.write(0, `Value:\t${pc.value}\n`);
  w.write(0, `GlobalDefault:\t${pc.globalDefault ?? false}\n`);
  w.write(0, `PreemptionPolicy:\t${pc.preemptionPolicy ?? ''}\n`);
  w.write(0, `Description:\t${pc.description ?? ''}\n`);
  w.write(0, `Annotations:\t${formatLabels(pc.metadata.annotations)}\n`);
  writeEvents(eventsFor(sim.store, pc), w, sim.now());
  return tabbedString(w.toString());
}
