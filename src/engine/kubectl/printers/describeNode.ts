// `kubectl describe node` (describeNode and describeNodeResource in describe.go).

import { parseQuantity } from '../../api/quantity';
import type { Container, Node, Pod } from '../../api/types';
import type { Simulation } from '../../simulation';
import { formatRFC1123Z, translateTimestampSince } from './age';
import { findNodeRoles } from './columns';
import { tabbedString, writeEvents } from './describe';
import { eventsFor } from './events';
import {
  PrefixWriter,
  printAnnotationsMultiline,
  printLabelsMultiline,
  printTaintsMultiline,
} from './prefixWriter';
import { formatQuantity, quantityFormat, quantityString, type QuantityFormat } from './quantityString';

interface Amount {
  value: number;
  format: QuantityFormat;
}

/** null-prototype: resource names come from manifests (`constructor: 1` is just an unknown resource) */
type ResourceList = Record<string, Amount>;

function addTo(list: ResourceList, name: string, q: string | number): void {
  const cur = list[name];
  const v = parseQuantity(q);
  list[name] = cur ? { value: cur.value + v, format: cur.format } : { value: v, format: quantityFormat(q) };
}

/** resourcehelper.PodRequestsAndLimits: sum of containers, at least the largest init container. */
export function podRequestsAndLimits(pod: Pod): { reqs: ResourceList; limits: ResourceList } {
  const reqs: ResourceList = Object.create(null) as ResourceList;
  const limits: ResourceList = Object.create(null) as ResourceList;
  for (const c of pod.spec.containers) {
    for (const [k, v] of Object.entries(c.resources?.requests ?? {})) addTo(reqs, k, v);
    for (const [k, v] of Object.entries(c.resources?.limits ?? {})) addTo(limits, k, v);
  }
  const maxInit = (list: ResourceList, pick: (c: Container) => Record<string, string> | undefined) => {
    for (const c of pod.spec.initContainers ?? []) {
      for (const [k, v] of Object.entries(pick(c) ?? {})) {
        const n = parseQuantity(v);
        if (!list[k] || list[k].value < n) list[k] = { value: n, format: quantityFormat(v) };
      }
    }
  };
  maxInit(reqs, (c) => c.resources?.requests);
  maxInit(limits, (c) => c.resources?.limits);
  return { reqs, limits };
}

const show = (a: Amount | undefined) => (a ? formatQuantity(a.value, a.format) : '0');
const milli = (a: Amount | undefined) => Math.round((a?.value ?? 0) * 1000);
const pct = (num: number, den: number) => (den === 0 ? 0 : Math.trunc((num / den) * 100));

function describeNodeResource(pods: Pod[], node: Node, w: PrefixWriter, now: number): void {
  w.write(0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const alloc = Object.keys(node.status?.allocatable ?? {}).length
    ? node.status!.allocatable!
    : (node.status?.capacity ?? {});
  const allocCpu = alloc.cpu !== undefined ? Math.round(parseQuantity(alloc.cpu) * 1000) : 0;
  const allocMem = alloc.memory !== undefined ? parseQuantity(alloc.memory) : 0;
  const allocEph = alloc['ephemeral-storage'] !== undefined ? parseQuantity(alloc['ephemeral-storage']) : 0;
  const totalReqs: ResourceList = Object.create(null) as ResourceList;
  const totalLimits: ResourceList = Object.create(null) as ResourceList;
  for (const pod of pods) {
    const { reqs, limits } = podRequestsAndLimits(pod);
    for (const [k, a] of Object.entries(reqs))
      totalReqs[k] = totalReqs[k] ? { ...totalReqs[k], value: totalReqs[k].value + a.value } : a;
    for (const [k, a] of Object.entries(limits))
      totalLimits[k] = totalLimits[k] ? { ...totalLimits[k], value: totalLimits[k].value + a.value } : a;
    w.write(
      1,
      `${pod.metadata.namespace}\t${pod.metadata.name}\t\t${show(reqs.cpu)} (${pct(milli(reqs.cpu), allocCpu)}%)\t${show(limits.cpu)} (${pct(
        milli(limits.cpu),
        allocCpu,
      )}%)\t${show(reqs.memory)} (${pct(reqs.memory?.value ?? 0, allocMem)}%)\t${show(limits.memory)} (${pct(
        limits.memory?.value ?? 0,
        allocMem,
      )}%)\t${translateTimestampSince(pod.metadata.creationTimestamp, now)}\n`,
    );
  }
  w.write(0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(1, 'Resource\tRequests\tLimits\n');
  w.write(1, '--------\t--------\t------\n');
  const row = (name: string, num: (a: Amount | undefined) => number, den: number) =>
    w.write(
      1,
      `${name}\t${show(totalReqs[name])} (${pct(num(totalReqs[name]), den)}%)\t${show(totalLimits[name])} (${pct(num(totalLimits[name]), den)}%)\n`,
    );
  row('cpu', milli, allocCpu);
  row('memory', (a) => a?.value ?? 0, allocMem);
  row('ephemeral-storage', (a) => a?.value ?? 0, allocEph);
  const standard = new Set(['cpu', 'memory', 'ephemeral-storage', 'pods', 'storage']);
  const hugePages = Object.keys(alloc)
    .filter((r) => r.startsWith('hugepages-'))
    .sort();
  for (const r of hugePages) row(r, (a) => a?.value ?? 0, parseQuantity(alloc[r]));
  const ext = Object.keys(alloc)
    .filter((r) => !standard.has(r) && !r.startsWith('hugepages-'))
    .sort();
  for (const r of ext) w.write(1, `${r}\t${show(totalReqs[r])}\t${show(totalLimits[r])}\n`);
}

export function describeNode(sim: Simulation, node: Node): string {
  const w = new PrefixWriter();
  const now = sim.now();
  w.write(0, `Name:\t${node.metadata.name}\n`);
  const roles = findNodeRoles(node);
  w.write(0, `Roles:\t${roles.length ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', node.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
  w.write(0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata.creationTimestamp)}\n`);
  printTaintsMultiline(w, 'Taints', node.spec?.taints);
  w.write(0, `Unschedulable:\t${node.spec?.unschedulable ? 'true' : 'false'}\n`);
  // The kubelet's Lease in kube-node-lease, renewed every 10 s (not stored in the simulation).
  w.write(0, 'Lease:\n');
  w.write(1, `HolderIdentity:\t${node.metadata.name}\n`);
  w.write(1, 'AcquireTime:\t<unset>\n');
  w.write(1, `RenewTime:\t${formatRFC1123Z(sim.iso(Math.floor(now / 10_000) * 10_000))}\n`);
  const conditions = node.status?.conditions ?? [];
  if (conditions.length) {
    w.write(0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(
        1,
        `${c.type ?? ''} \t${c.status ?? ''} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${
          c.message ?? ''
        }\n`,
      );
    }
  }
  w.write(0, 'Addresses:\n');
  for (const a of node.status?.addresses ?? []) w.write(1, `${a.type}:\t${a.address}\n`);
  const printList = (title: string, list: Record<string, string> | undefined) => {
    const keys = Object.keys(list ?? {}).sort();
    if (keys.length === 0) return;
    w.write(0, `${title}:\n`);
    for (const k of keys) w.write(0, `  ${k}:\t${quantityString(list![k])}\n`);
  };
  printList('Capacity', node.status?.capacity);
  printList('Allocatable', node.status?.allocatable);
  const info = node.status?.nodeInfo;
  w.write(0, 'System Info:\n');
  w.write(0, `  Machine ID:\t${info?.machineID ?? ''}\n`);
  w.write(0, `  System UUID:\t${info?.systemUUID ?? ''}\n`);
  w.write(0, `  Boot ID:\t${info?.bootID ?? ''}\n`);
  w.write(0, `  Kernel Version:\t${info?.kernelVersion ?? ''}\n`);
  w.write(0, `  OS Image:\t${info?.osImage ?? ''}\n`);
  w.write(0, `  Operating System:\t${info?.operatingSystem ?? ''}\n`);
  w.write(0, `  Architecture:\t${info?.architecture ?? ''}\n`);
  w.write(0, `  Container Runtime Version:\t${info?.containerRuntimeVersion ?? ''}\n`);
  w.write(0, `  Kubelet Version:\t${info?.kubeletVersion ?? ''}\n`);
  w.write(0, `  Kube-Proxy Version:\t${info?.kubeProxyVersion ?? ''}\n`);
  if (node.spec?.podCIDR) w.write(0, `PodCIDR:\t${node.spec.podCIDR}\n`);
  const podCIDRs = (node.spec as { podCIDRs?: string[] } | undefined)?.podCIDRs;
  if (podCIDRs?.length) w.write(0, `PodCIDRs:\t${podCIDRs.join(',')}\n`);
  if (node.spec?.providerID) w.write(0, `ProviderID:\t${node.spec.providerID}\n`);
  const pods = sim.store
    .list('Pod')
    .filter(
      (p) =>
        p.spec.nodeName === node.metadata.name &&
        p.status?.phase !== 'Succeeded' &&
        p.status?.phase !== 'Failed',
    );
  describeNodeResource(pods, node, w, now);
  writeEvents(eventsFor(sim.store, node), w, now);
  return tabbedString(w.toString());
}
