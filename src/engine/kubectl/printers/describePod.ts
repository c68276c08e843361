// `kubectl describe pod` (describePod in describe.go).

import { ownGet } from '../../api/own';
import { controllerRef } from '../../api/podutil';
import { parseQuantity } from '../../api/quantity';
import type { Container, ContainerStatus, Pod } from '../../api/types';
import type { Simulation } from '../../simulation';
import { formatRFC1123Z, translateTimestampSince } from './age';
import { tabbedString, writeEvents } from './describe';
import { describeContainers, describeVolumes } from './describeContainers';
import { eventsFor } from './events';
import {
  PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTolerationsMultiline,
} from './prefixWriter';

/** qos.GetPodQOS: status.qosClass when the kubelet set it, else computed from requests/limits. */
export function podQOS(pod: Pod): string {
  if (pod.status?.qosClass) return pod.status.qosClass;
  const containers: Container[] = [...(pod.spec.initContainers ?? []), ...pod.spec.containers];
  const supported = ['cpu', 'memory'];
  const nonZero = (m: Record<string, string> | undefined) =>
    Object.entries(m ?? {}).filter(([k, v]) => supported.includes(k) && parseQuantity(v) !== 0);
  let any = false;
  let guaranteed = true;
  const reqTotal = new Map<string, number>();
  const limTotal = new Map<string, number>();
  for (const c of containers) {
    const req = nonZero(c.resources?.requests);
    const lim = nonZero(c.resources?.limits);
    if (req.length || lim.length) any = true;
    for (const [k, v] of req) reqTotal.set(k, (reqTotal.get(k) ?? 0) + parseQuantity(v));
    for (const [k, v] of lim) limTotal.set(k, (limTotal.get(k) ?? 0) + parseQuantity(v));
    if (lim.length < supported.length) guaranteed = false;
  }
  if (!any) return 'BestEffort';
  if (guaranteed) {
    for (const [k, v] of reqTotal) if (v !== limTotal.get(k)) guaranteed = false;
  }
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function fieldPathValue(pod: Pod, path: string): string {
  let v: unknown = pod;
  for (const p of path.split('.'))
    v = v && typeof v === 'object' ? ownGet(v as Record<string, unknown>, p) : undefined;
  return v === undefined || v === null ? '' : String(v);
}

export function describePod(sim: Simulation, pod: Pod): string {
  const w = new PrefixWriter();
  const now = sim.now();
  const status = pod.status ?? {};
  w.write(0, `Name:\t${pod.metadata.name}\n`);
  w.write(0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
  // The Priority admission plugin always sets spec.priority (0 without a class).
  w.write(0, `Priority:\t${(pod.spec.priority as number | undefined) ?? 0}\n`);
  if (pod.spec.priorityClassName) w.write(0, `Priority Class Name:\t${pod.spec.priorityClassName}\n`);
  // The ServiceAccount admission plugin fills in `default`.
  w.write(0, `Service Account:\t${pod.spec.serviceAccountName || 'default'}\n`);
  w.write(0, pod.spec.nodeName ? `Node:\t${pod.spec.nodeName}/${status.hostIP ?? ''}\n` : 'Node:\t<none>\n');
  if (status.startTime) w.write(0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', pod.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
  if (pod.metadata.deletionTimestamp && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(
      0,
      `Status:\tTerminating (lasts ${translateTimestampSince(pod.metadata.deletionTimestamp, now)})\n`,
    );
    w.write(0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
  } else {
    w.write(0, `Status:\t${status.phase ?? ''}\n`);
  }
  if (status.reason) w.write(0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(0, `Message:\t${status.message}\n`);
  w.write(0, `IP:\t${status.podIP ?? ''}\n`);
  if (!status.podIPs?.length) w.write(0, 'IPs:\t<none>\n');
  else {
    w.write(0, 'IPs:\n');
    for (const ip of status.podIPs) w.write(1, `IP:\t${ip.ip}\n`);
  }
  const ref = controllerRef(pod);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  const nominated = (status as { nominatedNodeName?: string }).nominatedNodeName;
  if (nominated) w.write(0, `NominatedNodeName:\t${nominated}\n`);
  const resolve = (path: string) => fieldPathValue(pod, path);
  const initStatuses = (status as { initContainerStatuses?: ContainerStatus[] }).initContainerStatuses;
  if (pod.spec.initContainers?.length)
    describeContainers('Init Containers', pod.spec.initContainers, initStatuses, w, '', resolve);
  describeContainers('Containers', pod.spec.containers, status.containerStatuses, w, '', resolve);
  const ephemeral = pod.spec.ephemeralContainers;
  if (ephemeral?.length) {
    // describePod converts them to Containers and describes them under their own heading
    describeContainers('Ephemeral Containers', ephemeral, status.ephemeralContainerStatuses, w, '', resolve);
  }
  if (status.conditions?.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\n');
    for (const c of status.conditions) w.write(1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(pod.spec.volumes, w, '');
  w.write(0, `QoS Class:\t${podQOS(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', pod.spec.nodeSelector);
  printTolerationsMultiline(w, 'Tolerations', pod.spec.tolerations);
  writeEvents(eventsFor(sim.store, pod), w, now);
  return tabbedString(w.toString());
}
