// `kubectl describe deployment` and `kubectl describe replicaset` (describeDeployment,
// describeReplicaSet and printReplicaSetsByLabels in describe.go).

import { fromLabelSelector, matches } from '../../api/labels';
import { controllerRef } from '../../api/podutil';
import type { Deployment, DeploymentCondition, ReplicaSet } from '../../api/types';
import type { Simulation } from '../../simulation';
import { findNewReplicaSet, findOldReplicaSets } from '../../controller/deployment/util';
import { formatLabelSelector } from './columns';
import { tabbedString, writeEvents, writePodTemplate } from './describe';
import { eventsFor } from './events';
import { PrefixWriter, printAnnotationsMultiline, printLabelsMultiline } from './prefixWriter';
import { formatRFC1123Z } from './age';

function writeConditions(w: PrefixWriter, conditions: DeploymentCondition[] | undefined): void {
  if (!conditions?.length) return;
  w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(1, '----\t------\t------\n');
  for (const c of conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
}

/** printReplicaSetsByLabels */
function printReplicaSets(rss: readonly ReplicaSet[]): string {
  const list = rss
    .map(
      (rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec.replicas ?? 0} replicas created)`,
    )
    .join(', ');
  return list === '' ? '<none>' : list;
}

export function describeDeployment(sim: Simulation, d: Deployment): string {
  const w = new PrefixWriter();
  const s = d.status ?? {};
  w.write(0, `Name:\t${d.metadata.name}\n`);
  w.write(0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(d.metadata.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', d.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
  w.write(0, `Selector:\t${formatLabelSelector(d.spec.selector)}\n`);
  w.write(
    0,
    `Replicas:\t${d.spec.replicas ?? 0} desired | ${s.updatedReplicas ?? 0} updated | ${s.replicas ?? 0} total | ${s.availableReplicas ?? 0} available | ${s.unavailableReplicas ?? 0} unavailable\n`,
  );
  w.write(0, `StrategyType:\t${d.spec.strategy?.type ?? ''}\n`);
  w.write(0, `MinReadySeconds:\t${d.spec.minReadySeconds ?? 0}\n`);
  const ru = d.spec.strategy?.rollingUpdate;
  if (ru)
    w.write(
      0,
      `RollingUpdateStrategy:\t${ru.maxUnavailable ?? 0} max unavailable, ${ru.maxSurge ?? 0} max surge\n`,
    );
  writePodTemplate(d.spec.template, w);
  writeConditions(w, s.conditions);
  // GetAllReplicaSets: the controlled ReplicaSets, every old one listed
  const rsList = sim.store
    .list('ReplicaSet', d.metadata.namespace)
    .filter((rs) => controllerRef(rs)?.uid === d.metadata.uid);
  const newRS = findNewReplicaSet(d, rsList);
  const { allOldRSs } = findOldReplicaSets(d, rsList);
  if (rsList.length > 0) {
    w.write(0, `OldReplicaSets:\t${printReplicaSets(allOldRSs)}\n`);
    w.write(0, `NewReplicaSet:\t${printReplicaSets(newRS ? [newRS] : [])}\n`);
  }
  writeEvents(eventsFor(sim.store, d), w, sim.now());
  return tabbedString(w.toString());
}

export function describeReplicaSet(sim: Simulation, rs: ReplicaSet): string {
  const w = new PrefixWriter();
  const selector = fromLabelSelector(rs.spec.selector) ?? [];
  const counts = { Running: 0, Pending: 0, Succeeded: 0, Failed: 0 };
  for (const pod of sim.store.list('Pod', rs.metadata.namespace)) {
    if (!matches(selector, pod.metadata.labels) || controllerRef(pod)?.uid !== rs.metadata.uid) continue;
    const phase = pod.status?.phase;
    if (phase === 'Running' || phase === 'Pending' || phase === 'Succeeded' || phase === 'Failed')
      counts[phase]++;
  }
  w.write(0, `Name:\t${rs.metadata.name}\n`);
  w.write(0, `Namespace:\t${rs.metadata.namespace ?? ''}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(rs.spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rs.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rs.metadata.annotations);
  const ref = controllerRef(rs);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  w.write(0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec.replicas ?? 0} desired\n`);
  w.write(
    0,
    `Pods Status:\t${counts.Running} Running / ${counts.Pending} Waiting / ${counts.Succeeded} Succeeded / ${counts.Failed} Failed\n`,
  );
  writePodTemplate(rs.spec.template, w);
  writeConditions(w, rs.status?.conditions);
  writeEvents(eventsFor(sim.store, rs), w, sim.now());
  return tabbedString(w.toString());
}
