// `kubectl expose (-f FILENAME | TYPE NAME) [--port=port] …` (kubectl 1.33 pkg/cmd/expose/expose.go,
// with polymorphichelpers' CanBeExposed, MapBasedSelectorForObject, PortsForObject and
// MultiProtocolsForObject): for each object, in RunExpose's order, the selector, the ports and their
// protocols and the labels are taken from the flags or from the object, and createService builds
// the Service. A client dry run prints it. The playground's API server serves no Services, so
// anything else ends where the real client ends against it: its RESTMapper finds no Service in v1.

import { StatusError } from '../../api/errors';
import { ownSet } from '../../api/own';
import type {
  Deployment,
  Kind,
  KObject,
  LabelSelectorRequirement,
  Pod,
  PodSpec,
  ReplicaSet,
} from '../../api/types';
import { RECORD_FLAG, changeCause, shouldRecord } from '../changeCause';
import { flagString } from '../argv';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { resourceInfo } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import {
  DRY_RUN_CLIENT_FLAG,
  filenameFlags,
  printClientObject,
  SAVE_CONFIG_FLAG,
  visitResources,
} from './clientObject';
import { dryRunStrategy, finish } from './common';

/** validation.DNS1035LabelMaxLength: a longer object name is cut to this for the Service's. */
const DNS1035_LABEL_MAX_LENGTH = 63;

/** polymorphichelpers.canBeExposed: the group kinds a Service can front (those served here). */
const EXPOSABLE = new Set<Kind>(['Pod', 'Deployment', 'ReplicaSet']);

/** schema.GroupKind's String(): `DaemonSet.apps`, `Node`. */
function groupKindString(kind: Kind): string {
  const { group } = resourceInfo(kind);
  return group ? `${kind}.${group}` : kind;
}

/** polymorphichelpers.MakeLabels: `k=v,k=v` (Go's map order, which no reader of the string sees). */
function makeLabels(labels: Record<string, string> | undefined): string {
  return Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/** `%+v` of []metav1.LabelSelectorRequirement, as the selector error prints it. */
function goRequirements(reqs: LabelSelectorRequirement[]): string {
  return `[${reqs.map((r) => `{Key:${r.key} Operator:${r.operator} Values:[${(r.values ?? []).join(' ')}]}`).join(' ')}]`;
}

/** polymorphichelpers.mapBasedSelectorForObject for the exposable kinds served here. */
function mapBasedSelectorForObject(kind: Kind, obj: KObject): string {
  if (kind === 'Pod') {
    const labels = obj.metadata.labels ?? {};
    if (Object.keys(labels).length === 0) throw new Error('the pod has no labels and cannot be exposed');
    return makeLabels(labels);
  }
  const what = kind === 'Deployment' ? 'deployment' : 'replicaset';
  const selector = (obj as Deployment | ReplicaSet).spec.selector;
  if (!selector || Object.keys(selector.matchLabels ?? {}).length === 0)
    throw new Error(`invalid ${what}: no selectors, therefore cannot be exposed`);
  if ((selector.matchExpressions ?? []).length > 0)
    throw new Error(
      `couldn't convert expressions - "${goRequirements(selector.matchExpressions!)}" to map-based selector format`,
    );
  return makeLabels(selector.matchLabels);
}

function podSpecOf(kind: Kind, obj: KObject): PodSpec {
  return kind === 'Pod' ? (obj as Pod).spec : (obj as Deployment | ReplicaSet).spec.template.spec;
}

/** polymorphichelpers getPorts: every container port, once each, in the order declared. */
function portsForObject(kind: Kind, obj: KObject): string[] {
  const out: string[] = [];
  for (const c of podSpecOf(kind, obj).containers ?? [])
    for (const p of c.ports ?? [])
      if (!out.includes(String(p.containerPort))) out.push(String(p.containerPort));
  return out;
}

/** polymorphichelpers getMultiProtocols: port → its protocols (TCP when unset), in the order declared. */
function multiProtocolsForObject(kind: Kind, obj: KObject): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of podSpecOf(kind, obj).containers ?? [])
    for (const p of c.ports ?? []) {
      const key = String(p.containerPort);
      out.set(key, [...(out.get(key) ?? []), p.protocol || 'TCP']);
    }
  return out;
}

/** expose.go makeProtocols: `port/PROTO,…`. */
function makeProtocols(protocols: Map<string, string[]>): string {
  return [...protocols].flatMap(([port, ps]) => ps.map((p) => `${port}/${p}`)).join(',');
}

/**
 * expose.go parseLabels (the selector and --labels): `k=v,k=v`, nothing else; a later key wins.
 * The keys come back sorted, as encoding/json writes a map[string]string.
 */
function parseLabels(spec: string): Record<string, string> {
  const pairs = new Map<string, string>();
  for (const item of spec.split(',')) {
    const kv = item.split('=');
    if (kv.length !== 2) throw new Error(`unexpected label spec: ${item}`);
    if (kv[0].length === 0) throw new Error('unexpected empty label key');
    pairs.set(kv[0], kv[1]);
  }
  const labels: Record<string, string> = {};
  for (const k of [...pairs.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    ownSet(labels, k, pairs.get(k)!);
  return labels;
}

/** expose.go parseProtocols: `port/PROTO,…` back into port → protocols. */
function parseProtocols(protocols: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const item of protocols.split(',')) {
    const pp = item.split('/');
    if (pp.length !== 2) throw new Error(`unexpected port protocol mapping: ${item}`);
    if (pp[0].length === 0) throw new Error('unexpected empty port');
    if (pp[1].length === 0) throw new Error('unexpected empty protocol');
    out.set(pp[0], [...(out.get(pp[0]) ?? []), pp[1]]);
  }
  return out;
}

const INT64_MAX = 2n ** 63n - 1n;

/** strconv.Atoi, then Go's int32() of the result (ServicePort.Port). */
function atoiInt32(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = BigInt(s);
  if (n > INT64_MAX || n < -INT64_MAX - 1n)
    throw new Error(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  return Number(BigInt.asIntN(32, n));
}

/** intstr.Parse: a number (as int32) when strconv.Atoi reads it, else the string. */
function intstrParse(s: string): number | string {
  try {
    return atoiInt32(s);
  } catch {
    return s;
  }
}

/** ExposeServiceOptions: the flags, and what RunExpose fills in from the objects it visits. */
interface ExposeOptions {
  name: string;
  defaultName: string;
  selector: string;
  port: string;
  ports: string;
  labels: string;
  externalIP: string;
  loadBalancerIP: string;
  type: string;
  protocol: string;
  protocols: string;
  targetPort: string;
  sessionAffinity: string;
  clusterIP: string;
}

interface ServicePort {
  name?: string;
  protocol: string;
  port: number;
  targetPort?: number | string;
}

/**
 * ExposeServiceOptions.createService: the Service as a typed corev1.Service, its keys in the Go
 * structs' order (ObjectMeta name, namespace, labels, annotations — its zero creationTimestamp left
 * out, omitzero since 1.34; ServiceSpec
 * ports, selector, clusterIP, type, externalIPs, sessionAffinity, loadBalancerIP; ServicePort name,
 * protocol, port, targetPort).
 */
export function createService(o: ExposeOptions): Record<string, unknown> {
  if (o.selector.length === 0) throw new Error('selector must be specified');
  const selector = parseLabels(o.selector);
  const labels = o.labels.length > 0 ? parseLabels(o.labels) : undefined;
  const name = o.name || o.defaultName;
  if (name.length === 0) throw new Error('name must be specified');
  const portProtocolMap = o.protocols !== '' ? parseProtocols(o.protocols) : new Map<string, string[]>();
  // ports (several introspected) takes precedence over port
  const portString = o.ports.length === 0 ? o.port : o.ports;
  const ports: ServicePort[] = [];
  if (portString.length !== 0) {
    const list = portString.split(',');
    list.forEach((one, i) => {
      const port = atoiInt32(one);
      const portName = list.length > 1 ? `port-${i + 1}` : '';
      let protocol = o.protocol;
      if (protocol.length === 0 && portProtocolMap.size === 0) protocol = 'TCP';
      else if (protocol.length === 0) {
        // no --protocol, and the exposed object says which: one port per protocol it serves
        protocol = 'TCP';
        const exposed = portProtocolMap.get(one);
        if (exposed && exposed.length === 1) protocol = exposed[0];
        else if (exposed) {
          for (const p of exposed)
            ports.push({ name: `port-${i + 1}-${p.toLowerCase()}`, protocol: p, port });
          return;
        }
      }
      ports.push({ ...(portName ? { name: portName } : {}), protocol, port });
    });
  }
  // the same target port for every port, else each port's own number
  const target = o.targetPort.length > 0 ? intstrParse(o.targetPort) : undefined;
  for (const p of ports) p.targetPort = target ?? p.port;
  let sessionAffinity = '';
  if (o.sessionAffinity.length !== 0) {
    if (o.sessionAffinity !== 'None' && o.sessionAffinity !== 'ClientIP')
      throw new Error(`unknown session affinity: ${o.sessionAffinity}`);
    sessionAffinity = o.sessionAffinity;
  }
  const spec: Record<string, unknown> = {};
  if (ports.length > 0) spec.ports = ports;
  spec.selector = selector;
  if (o.clusterIP) spec.clusterIP = o.clusterIP;
  if (o.type) spec.type = o.type;
  if (o.externalIP) spec.externalIPs = [o.externalIP];
  if (sessionAffinity) spec.sessionAffinity = sessionAffinity;
  if (o.type === 'LoadBalancer' && o.loadBalancerIP) spec.loadBalancerIP = o.loadBalancerIP;
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name, ...(labels ? { labels } : {}) },
    spec,
    status: { loadBalancer: {} },
  };
}

/** ObjectMeta with the namespace and annotations in their places (after name; last). */
function withMeta(svc: Record<string, unknown>, namespace?: string, cause?: string): Record<string, unknown> {
  const { name, labels } = svc.metadata as Record<string, unknown>;
  const metadata: Record<string, unknown> = { name };
  if (namespace !== undefined) metadata.namespace = namespace;
  if (labels !== undefined) metadata.labels = labels;
  if (cause !== undefined) metadata.annotations = { 'kubernetes.io/change-cause': cause };
  return { ...svc, metadata };
}

const str = (ctx: CommandContext, name: string) => flagString(ctx.args, name) ?? '';

function runExpose(ctx: CommandContext): void {
  // ToOptions: the dry-run strategy and the printer, before any object is read
  const dry = dryRunStrategy(ctx);
  const printer = resolvePrinter(ctx);
  if (str(ctx, 'overrides'))
    throw new CommandError('the playground cannot decode --overrides into a Service (it serves no Services)');
  const o: ExposeOptions = {
    name: str(ctx, 'name'),
    defaultName: '',
    selector: str(ctx, 'selector'),
    port: str(ctx, 'port'),
    ports: '',
    labels: str(ctx, 'labels'),
    externalIP: str(ctx, 'external-ip'),
    loadBalancerIP: str(ctx, 'load-balancer-ip'),
    type: str(ctx, 'type'),
    protocol: str(ctx, 'protocol'),
    protocols: '',
    targetPort: str(ctx, 'target-port'),
    sessionAffinity: str(ctx, 'session-affinity'),
    clusterIP: str(ctx, 'cluster-ip'),
  };
  const errs: unknown[] = [];
  const printed = { count: 0 };
  for (const v of visitResources(ctx, 'expose')) {
    if ('error' in v) {
      errs.push(v.error);
      continue;
    }
    try {
      exposeOne(ctx, o, v.kind, v.obj, dry, printer, printed);
    } catch (e) {
      if (e instanceof StatusError || e instanceof CommandError) errs.push(e);
      else if (e instanceof Error) errs.push(new CommandError(e.message));
      else throw e;
    }
  }
  finish(errs);
}

/**
 * RunExpose's visitor for one object. O is shared by every object visited, as upstream's options
 * are: a selector, port or labels taken from the first object stay for the next.
 */
function exposeOne(
  ctx: CommandContext,
  o: ExposeOptions,
  kind: Kind,
  obj: KObject,
  dry: ReturnType<typeof dryRunStrategy>,
  printer: ReturnType<typeof resolvePrinter>,
  printed: { count: number },
): void {
  if (!EXPOSABLE.has(kind)) throw new Error(`cannot expose a ${groupKindString(kind)}`);
  o.defaultName = obj.metadata.name.slice(0, DNS1035_LABEL_MAX_LENGTH);
  if (o.selector.length === 0) {
    try {
      o.selector = mapBasedSelectorForObject(kind, obj);
    } catch (e) {
      throw new Error(
        `couldn't retrieve selectors via --selector flag or introspection: ${(e as Error).message}`,
      );
    }
  }
  if (o.port.length === 0) {
    const ports = portsForObject(kind, obj);
    if (ports.length === 0 && o.clusterIP !== 'None')
      throw new Error("couldn't find port via --port flag or introspection");
    if (ports.length === 1) o.port = ports[0];
    else if (ports.length > 1) o.ports = ports.join(',');
  }
  const protocols = makeProtocols(multiProtocolsForObject(kind, obj));
  if (protocols.length > 0) o.protocols = protocols;
  if (o.labels.length === 0) o.labels = makeLabels(obj.metadata.labels);
  const service = createService(o);
  const cause = shouldRecord(ctx) ? changeCause(ctx, 'expose') : undefined;
  if (dry === 'client') {
    const ns = ctx.namespaceExplicit ? ctx.namespace : undefined;
    printClientObject(ctx, printer, 'service', withMeta(service, ns, cause), 'exposed (dry run)', printed);
    return;
  }
  // the client's RESTMapping of the Service it would create: discovery lists no Services here
  throw new Error('no matches for kind "Service" in version "v1"');
}

export const exposeCommand: CommandDef = {
  name: 'expose',
  // exposeResources' first words: pod, service, replicationcontroller, deployment, replicaset; served here:
  validArgs: ['Pod', 'Deployment', 'ReplicaSet'],
  short:
    'Take a replication controller, service, deployment or pod and expose it as a new Kubernetes service',
  long: `Expose a resource as a new Kubernetes service.

 Looks up a deployment, service, replica set, replication controller or pod by name and uses the selector for that resource as the selector for a new service on the specified port. A deployment or replica set will be exposed as a service only if its selector is convertible to a selector that service supports, i.e. when the selector contains only the matchLabels component. Note that if no port is specified via --port and the exposed resource has multiple ports, all will be re-used by the new service. Also if no labels are specified, the new service will re-use the labels from the resource it exposes.

 Possible resources include (case insensitive):

 pod (po), service (svc), replicationcontroller (rc), deployment (deploy), replicaset (rs)`,
  example: `  # Create a service for a replicated nginx, which serves on port 80 and connects to the containers on port 8000
  kubectl expose rc nginx --port=80 --target-port=8000
  
  # Create a service for a replication controller identified by type and name specified in "nginx-controller.yaml", which serves on port 80 and connects to the containers on port 8000
  kubectl expose -f nginx-controller.yaml --port=80 --target-port=8000
  
  # Create a service for a pod valid-pod, which serves on port 444 with the name "frontend"
  kubectl expose pod valid-pod --port=444 --name=frontend
  
  # Create a second service based on the above service, exposing the container port 8443 as port 443 with the name "nginx-https"
  kubectl expose service nginx --port=443 --target-port=8443 --name=nginx-https
  
  # Create a service for a replicated streaming application on port 4100 balancing UDP traffic and named 'video-stream'.
  kubectl expose rc streamer --port=4100 --protocol=UDP --name=video-stream
  
  # Create a service for a replicated nginx using replica set, which serves on port 80 and connects to the containers on port 8000
  kubectl expose rs nginx --port=80 --target-port=8000
  
  # Create a service for an nginx deployment, which serves on port 80 and connects to the containers on port 8000
  kubectl expose deployment nginx --port=80 --target-port=8000`,
  usage:
    'kubectl expose (-f FILENAME | TYPE NAME) [--port=port] [--protocol=TCP|UDP|SCTP] [--target-port=number-or-name] [--name=name] [--external-ip=external-ip-of-service] [--type=type] [options]',
  flags: [
    ...OBJECT_PRINT_FLAGS,
    RECORD_FLAG,
    {
      name: 'protocol',
      type: 'string',
      usage: "The network protocol for the service to be created. Default is 'TCP'.",
    },
    {
      name: 'port',
      type: 'string',
      usage:
        'The port that the service should serve on. Copied from the resource being exposed, if unspecified',
    },
    {
      name: 'type',
      type: 'string',
      usage:
        "Type for this service: ClusterIP, NodePort, LoadBalancer, or ExternalName. Default is 'ClusterIP'.",
    },
    {
      name: 'load-balancer-ip',
      type: 'string',
      usage:
        'IP to assign to the LoadBalancer. If empty, an ephemeral IP will be created and used (cloud-provider specific).',
    },
    {
      name: 'selector',
      type: 'string',
      usage:
        'A label selector to use for this service. Only equality-based selector requirements are supported. If empty (the default) infer the selector from the replication controller or replica set.)',
    },
    {
      name: 'labels',
      short: 'l',
      type: 'string',
      usage: 'Labels to apply to the service created by this call.',
    },
    {
      name: 'target-port',
      type: 'string',
      usage:
        'Name or number for the port on the container that the service should direct traffic to. Optional.',
    },
    {
      name: 'external-ip',
      type: 'string',
      usage:
        'Additional external IP address (not managed by Kubernetes) to accept for the service. If this IP is routed to a node, the service can be accessed by this IP in addition to its generated service IP.',
    },
    { name: 'name', type: 'string', usage: 'The name for the newly created object.' },
    {
      name: 'session-affinity',
      type: 'string',
      usage:
        "If non-empty, set the session affinity for the service to this; legal values: 'None', 'ClientIP'",
    },
    {
      name: 'cluster-ip',
      type: 'string',
      usage:
        "ClusterIP to be assigned to the service. Leave empty to auto-allocate, or set to 'None' to create a headless service.",
    },
    {
      name: 'field-manager',
      type: 'string',
      default: 'kubectl-expose',
      usage: 'Name of the manager used to track field ownership.',
    },
    {
      name: 'overrides',
      type: 'string',
      usage:
        'An inline JSON override for the generated object. If this is non-empty, it is used to override the generated object. Requires that the object supply a valid apiVersion field.',
    },
    {
      name: 'override-type',
      type: 'string',
      default: 'merge',
      usage: 'The method used to override the generated object: json, merge, or strategic.',
    },
    DRY_RUN_CLIENT_FLAG,
    SAVE_CONFIG_FLAG,
    ...filenameFlags('identifying the resource to expose a service'),
  ],
  run: runExpose,
};
