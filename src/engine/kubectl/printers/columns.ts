// Column definitions and cells of `kubectl get` per resource (the server-side table printers of
// pkg/printers/internalversion/printers.go, as kubectl renders them).

import { formatLabels, fromLabelSelector, selectorString } from '../../api/labels';
import { controllerRef } from '../../api/podutil';
import type {
  Container,
  ControllerRevision,
  DaemonSet,
  Deployment,
  KEvent,
  Kind,
  KObject,
  LabelSelector,
  Namespace,
  Node,
  Pod,
  PodDisruptionBudget,
  PriorityClass,
  ReplicaSet,
} from '../../api/types';
import { translateTimestampSince } from './age';
import { podCells } from './podStatus';

export interface PrintOptions {
  wide: boolean;
  now: number;
}

export interface ColumnSet {
  headers: string[];
  /** headers added by `-o wide` (appended), unless `wideAll` gives the full wide list */
  wideHeaders: string[];
  wideAll?: string[];
  row: (obj: KObject, o: PrintOptions) => string[];
}

/** metav1.FormatLabelSelector: requirements sorted by key, `<none>` when empty. */
export function formatLabelSelector(ls: LabelSelector | undefined): string {
  const sel = fromLabelSelector(ls);
  if (!sel || sel.length === 0) return '<none>';
  const sorted = [...sel].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return selectorString(sorted);
}

/** layoutContainerCells: comma-joined names and images. */
function containerCells(cs: Container[]): [string, string] {
  return [cs.map((c) => c.name).join(','), cs.map((c) => c.image ?? '').join(',')];
}

const age = (o: KObject, now: number) => translateTimestampSince(o.metadata.creationTimestamp, now);

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/** findNodeRoles: `node-role.kubernetes.io/<role>` keys and `kubernetes.io/role=<role>`, sorted. */
export function findNodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') roles.add(v);
  }
  return [...roles].sort();
}

/** `Ready` / `NotReady` (Ready condition not True) / `Unknown` (no Ready condition), `,SchedulingDisabled`. */
export function nodeStatus(node: Node): string {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  const status = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function nodeAddress(node: Node, type: string): string {
  return node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';
}

const POD_COLUMNS: ColumnSet = {
  headers: ['Name', 'Ready', 'Status', 'Restarts', 'Age'],
  wideHeaders: ['IP', 'Node', 'Nominated Node', 'Readiness Gates'],
  row: (obj, o) => {
    const pod = obj as Pod;
    const c = podCells(pod, o.now);
    const cells = [pod.metadata.name, c.ready, c.status, c.restarts, age(pod, o.now)];
    if (o.wide) {
      const gates = (pod.spec.readinessGates ?? []) as { conditionType: string }[];
      let readinessGates = '<none>';
      if (gates.length > 0) {
        const trueCount = gates.filter(
          (g) => pod.status?.conditions?.find((c2) => c2.type === g.conditionType)?.status === 'True',
        ).length;
        readinessGates = `${trueCount}/${gates.length}`;
      }
      const nominated = (pod.status as { nominatedNodeName?: string } | undefined)?.nominatedNodeName;
      cells.push(
        pod.status?.podIPs?.[0]?.ip || '<none>',
        pod.spec.nodeName || '<none>',
        nominated || '<none>',
        readinessGates,
      );
    }
    return cells;
  },
};

const DAEMONSET_COLUMNS: ColumnSet = {
  headers: ['Name', 'Desired', 'Current', 'Ready', 'Up-to-date', 'Available', 'Node Selector', 'Age'],
  wideHeaders: ['Containers', 'Images', 'Selector'],
  row: (obj, o) => {
    const ds = obj as DaemonSet;
    const s = ds.status ?? ({} as DaemonSet['status']);
    const cells = [
      ds.metadata.name,
      String(s.desiredNumberScheduled ?? 0),
      String(s.currentNumberScheduled ?? 0),
      String(s.numberReady ?? 0),
      String(s.updatedNumberScheduled ?? 0),
      String(s.numberAvailable ?? 0),
      formatLabels(ds.spec.template?.spec?.nodeSelector),
      age(ds, o.now),
    ];
    if (o.wide)
      cells.push(
        ...containerCells(ds.spec.template?.spec?.containers ?? []),
        formatLabelSelector(ds.spec.selector),
      );
    return cells;
  },
};

/** printDeployment: READY is readyReplicas/spec.replicas. */
const DEPLOYMENT_COLUMNS: ColumnSet = {
  headers: ['Name', 'Ready', 'Up-to-date', 'Available', 'Age'],
  wideHeaders: ['Containers', 'Images', 'Selector'],
  row: (obj, o) => {
    const d = obj as Deployment;
    const s = d.status ?? {};
    const cells = [
      d.metadata.name,
      `${s.readyReplicas ?? 0}/${d.spec.replicas ?? 0}`,
      String(s.updatedReplicas ?? 0),
      String(s.availableReplicas ?? 0),
      age(d, o.now),
    ];
    if (o.wide)
      cells.push(
        ...containerCells(d.spec.template?.spec?.containers ?? []),
        formatLabelSelector(d.spec.selector),
      );
    return cells;
  },
};

/** printReplicaSet */
const REPLICASET_COLUMNS: ColumnSet = {
  headers: ['Name', 'Desired', 'Current', 'Ready', 'Age'],
  wideHeaders: ['Containers', 'Images', 'Selector'],
  row: (obj, o) => {
    const rs = obj as ReplicaSet;
    const s = rs.status ?? ({} as ReplicaSet['status']);
    const cells = [
      rs.metadata.name,
      String(rs.spec.replicas ?? 0),
      String(s.replicas ?? 0),
      String(s.readyReplicas ?? 0),
      age(rs, o.now),
    ];
    if (o.wide)
      cells.push(
        ...containerCells(rs.spec.template?.spec?.containers ?? []),
        formatLabelSelector(rs.spec.selector),
      );
    return cells;
  },
};

const NODE_COLUMNS: ColumnSet = {
  headers: ['Name', 'Status', 'Roles', 'Age', 'Version'],
  wideHeaders: ['Internal-IP', 'External-IP', 'OS-Image', 'Kernel-Version', 'Container-Runtime'],
  row: (obj, o) => {
    const node = obj as Node;
    const roles = findNodeRoles(node).join(',') || '<none>';
    const info = node.status?.nodeInfo;
    const cells = [node.metadata.name, nodeStatus(node), roles, age(node, o.now), info?.kubeletVersion ?? ''];
    if (o.wide) {
      cells.push(
        nodeAddress(node, 'InternalIP'),
        nodeAddress(node, 'ExternalIP'),
        info?.osImage || '<unknown>',
        info?.kernelVersion || '<unknown>',
        info?.containerRuntimeVersion || '<unknown>',
      );
    }
    return cells;
  },
};

const CONTROLLER_REVISION_COLUMNS: ColumnSet = {
  headers: ['Name', 'Controller', 'Revision', 'Age'],
  wideHeaders: [],
  row: (obj, o) => {
    const cr = obj as ControllerRevision;
    const ref = controllerRef(cr);
    let controller = '<none>';
    if (ref) {
      const group = ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '';
      controller = `${ref.kind.toLowerCase()}${group ? `.${group}` : ''}/${ref.name}`;
    }
    return [cr.metadata.name, controller, String(cr.revision), age(cr, o.now)];
  },
};

const EVENT_COLUMNS: ColumnSet = {
  headers: ['Last Seen', 'Type', 'Reason', 'Object', 'Message'],
  wideHeaders: [],
  wideAll: [
    'Last Seen',
    'Type',
    'Reason',
    'Object',
    'Subobject',
    'Source',
    'Message',
    'First Seen',
    'Count',
    'Name',
  ],
  row: (obj, o) => {
    const e = obj as KEvent;
    const first = translateTimestampSince(e.firstTimestamp, o.now);
    const last = e.lastTimestamp ? translateTimestampSince(e.lastTimestamp, o.now) : first;
    const io = e.involvedObject;
    const target = io.name ? `${io.kind.toLowerCase()}/${io.name}` : io.kind.toLowerCase();
    if (!o.wide) return [last, e.type, e.reason, target, e.message.trim()];
    // formatEventSource: component (else reportingController), then `, host` (else reportingInstance)
    const component = e.source?.component || e.reportingComponent || '';
    const instance = e.source?.host || (e as { reportingInstance?: string }).reportingInstance || '';
    const source = instance ? `${component}, ${instance}` : component;
    return [
      last,
      e.type,
      e.reason,
      target,
      io.fieldPath ?? '',
      source,
      e.message.trim(),
      first,
      String(e.count || 1),
      e.metadata.name,
    ];
  },
};

const NAMESPACE_COLUMNS: ColumnSet = {
  headers: ['Name', 'Status', 'Age'],
  wideHeaders: [],
  row: (obj, o) => {
    const ns = obj as Namespace;
    return [ns.metadata.name, ns.status?.phase ?? 'Active', age(ns, o.now)];
  },
};

/** IntOrString.String(): an int as its digits, a string as it is. */
function intOrString(v: number | string | undefined): string {
  return v === undefined ? 'N/A' : String(v);
}

/** printPodDisruptionBudget: N/A for whichever of minAvailable / maxUnavailable is not set. */
const PDB_COLUMNS: ColumnSet = {
  headers: ['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age'],
  wideHeaders: [],
  row: (obj, o) => {
    const pdb = obj as PodDisruptionBudget;
    return [
      pdb.metadata.name,
      intOrString(pdb.spec?.minAvailable),
      intOrString(pdb.spec?.maxUnavailable),
      String(pdb.status?.disruptionsAllowed ?? 0),
      age(pdb, o.now),
    ];
  },
};

/**
 * printPriorityClass: VALUE, GLOBAL-DEFAULT (a bool, `false` when unset) and, since the column was
 * added without a priority, PREEMPTIONPOLICY after AGE in the default view.
 */
const PRIORITY_CLASS_COLUMNS: ColumnSet = {
  headers: ['Name', 'Value', 'Global-Default', 'Age', 'PreemptionPolicy'],
  wideHeaders: [],
  row: (obj, o) => {
    const pc = obj as PriorityClass;
    return [
      pc.metadata.name,
      String(pc.value),
      String(pc.globalDefault ?? false),
      age(pc, o.now),
      pc.preemptionPolicy ?? '',
    ];
  },
};

export function headersFor(c: ColumnSet, wide: boolean): string[] {
  if (!wide) return c.headers;
  return c.wideAll ?? [...c.headers, ...c.wideHeaders];
}

export const COLUMNS: Record<Kind, ColumnSet> = {
  Pod: POD_COLUMNS,
  DaemonSet: DAEMONSET_COLUMNS,
  Node: NODE_COLUMNS,
  ControllerRevision: CONTROLLER_REVISION_COLUMNS,
  Event: EVENT_COLUMNS,
  Namespace: NAMESPACE_COLUMNS,
  Deployment: DEPLOYMENT_COLUMNS,
  ReplicaSet: REPLICASET_COLUMNS,
  PodDisruptionBudget: PDB_COLUMNS,
  PriorityClass: PRIORITY_CLASS_COLUMNS,
};
