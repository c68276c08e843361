// `kubectl describe daemonset` (describeDaemonSet in describe.go).

import { formatLabels, fromLabelSelector, matches, selectorString } from '../../api/labels';
import { controllerRef } from '../../api/podutil';
import type { DaemonSet } from '../../api/types';
import type { Simulation } from '../../simulation';
import { tabbedString, writeEvents, writePodTemplate } from './describe';
import { eventsFor } from './events';
import { PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './prefixWriter';

export function describeDaemonSet(sim: Simulation, ds: DaemonSet): string {
  const w = new PrefixWriter();
  const selector = fromLabelSelector(ds.spec.selector) ?? [];
  const sortedSelector = [...selector].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let running = 0;
  let waiting = 0;
  let succeeded = 0;
  let failed = 0;
  for (const pod of sim.store.list('Pod', ds.metadata.namespace)) {
    if (!matches(selector, pod.metadata.labels)) continue;
    if (controllerRef(pod)?.uid !== ds.metadata.uid) continue;
    switch (pod.status?.phase) {
      case 'Running':
        running++;
        break;
      case 'Pending':
        waiting++;
        break;
      case 'Succeeded':
        succeeded++;
        break;
      case 'Failed':
        failed++;
        break;
    }
  }
  const s = ds.status ?? ({} as DaemonSet['status']);
  w.write(0, `Name:\t${ds.metadata.name}\n`);
  w.write(0, `Namespace:\t${ds.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${selectorString(sortedSelector)}\n`);
  w.write(0, `Node-Selector:\t${formatLabels(ds.spec.template?.spec?.nodeSelector)}\n`);
  printLabelsMultiline(w, 'Labels', ds.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
  w.write(0, `Desired Number of Nodes Scheduled: ${s.desiredNumberScheduled ?? 0}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${s.currentNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Up-to-date Pods: ${s.updatedNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${s.numberAvailable ?? 0}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${s.numberMisscheduled ?? 0}\n`);
  w.write(
    0,
    `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`,
  );
  writePodTemplate(ds.spec.template, w);
  writeEvents(eventsFor(sim.store, ds), w, sim.now());
  return tabbedString(w.toString());
}
