// The diff the API server appends to a refused pod update: cmp.Diff(oldPod.Spec, mungedPodSpec)
// of go-cmp over the internal core.PodSpec (pkg/apis/core/validation ValidatePodUpdate). Rendered
// in go-cmp's shape — `  core.PodSpec{`, `- ` / `+ ` lines with Go field names, two identical fields
// of context around a change and `... // N identical fields` for the rest, containers descended
// into — from the v1 objects the store holds. It is an approximation: go-cmp itself prints its
// spaces at random (U+0020 or U+00A0) so that nobody parses it, and values are written in a Go-like
// literal form without the Go types of every nested value.

import { deepEqual } from './objects';

/** core.PodSpec's fields in declaration order (v1 JSON names); host* live in SecurityContext there. */
const POD_SPEC_FIELDS = [
  'volumes',
  'initContainers',
  'containers',
  'ephemeralContainers',
  'restartPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'nodeSelector',
  'serviceAccountName',
  'automountServiceAccountToken',
  'nodeName',
  'securityContext',
  'imagePullSecrets',
  'hostname',
  'subdomain',
  'setHostnameAsFQDN',
  'affinity',
  'schedulerName',
  'tolerations',
  'hostAliases',
  'priorityClassName',
  'priority',
  'preemptionPolicy',
  'dnsConfig',
  'readinessGates',
  'runtimeClassName',
  'overhead',
  'enableServiceLinks',
  'topologySpreadConstraints',
  'os',
  'schedulingGates',
  'resourceClaims',
  'resources',
];

/** core.Container's fields in declaration order. */
const CONTAINER_FIELDS = [
  'name',
  'image',
  'command',
  'args',
  'workingDir',
  'ports',
  'envFrom',
  'env',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'imagePullPolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
];

/** v1 pod-level fields that the internal type keeps in PodSecurityContext. */
const IN_SECURITY_CONTEXT = ['hostNetwork', 'hostPID', 'hostIPC', 'shareProcessNamespace', 'hostUsers'];

/** Go names that are not the JSON name with its first letter raised. */
const GO_NAMES = new Map([
  ['dnsPolicy', 'DNSPolicy'],
  ['dnsConfig', 'DNSConfig'],
  ['setHostnameAsFQDN', 'SetHostnameAsFQDN'],
  ['os', 'OS'],
  ['tty', 'TTY'],
  ['hostPID', 'HostPID'],
  ['hostIPC', 'HostIPC'],
  ['httpGet', 'HTTPGet'],
  ['tcpSocket', 'TCPSocket'],
  ['grpc', 'GRPC'],
  ['podIP', 'PodIP'],
]);

function goName(field: string): string {
  return GO_NAMES.get(field) ?? field.charAt(0).toUpperCase() + field.slice(1);
}

/** The Go type of a slice field when one side is nil (go-cmp names it then). */
const SLICE_TYPES = new Map([
  ['env', '[]core.EnvVar'],
  ['envFrom', '[]core.EnvFromSource'],
  ['ports', '[]core.ContainerPort'],
  ['volumeMounts', '[]core.VolumeMount'],
  ['command', '[]string'],
  ['args', '[]string'],
  ['volumes', '[]core.Volume'],
  ['tolerations', '[]core.Toleration'],
  ['initContainers', '[]core.Container'],
  ['imagePullSecrets', '[]core.LocalObjectReference'],
  ['nodeSelector', 'map[string]string'],
]);

/** A pointer field of the internal type (a scalar behind it prints as `&30`). */
const POINTERS = new Set([
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'automountServiceAccountToken',
  'securityContext',
  'affinity',
  'priority',
  'preemptionPolicy',
  'dnsConfig',
  'runtimeClassName',
  'enableServiceLinks',
  'os',
  'setHostnameAsFQDN',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'restartPolicy@container',
]);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Semantic equality: the order of keys (which differs with the path that wrote the JSON) does not count. */
const same = deepEqual;

/** Fields whose value is a Go map (keys quoted and sorted), not a struct. */
const MAP_FIELDS = new Set([
  'nodeSelector',
  'labels',
  'annotations',
  'limits',
  'requests',
  'overhead',
  'volumeAttributes',
  'matchLabels',
]);

/**
 * The Go declaration order of the structs a field holds (for a list, of its elements), so a value
 * prints the same whichever path wrote its JSON; other structs list their fields by name.
 */
const FIELD_ORDER = new Map<string, readonly string[]>([
  ['containers', CONTAINER_FIELDS],
  ['initContainers', CONTAINER_FIELDS],
  ['ephemeralContainers', CONTAINER_FIELDS],
  ['ports', ['name', 'hostPort', 'containerPort', 'protocol', 'hostIP']],
  ['env', ['name', 'value', 'valueFrom']],
  ['resources', ['limits', 'requests', 'claims']],
  ['tolerations', ['key', 'operator', 'value', 'effect', 'tolerationSeconds']],
  [
    'volumeMounts',
    ['name', 'readOnly', 'recursiveReadOnly', 'mountPath', 'subPath', 'mountPropagation', 'subPathExpr'],
  ],
]);

function orderedKeys(v: Record<string, unknown>, field: string | undefined): string[] {
  const order = field !== undefined ? FIELD_ORDER.get(field) : undefined;
  const rank = (k: string) => {
    const i = order ? order.indexOf(k) : -1;
    return i < 0 ? Infinity : i;
  };
  return Object.keys(v).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A value as go-cmp writes one: strings quoted, zero fields left out, structs as `{Field: v}`. */
function literal(v: unknown, field?: string): string {
  if (v === undefined || v === null) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `{${v.map((x) => literal(x, field)).join(', ')}}`;
  if (isObject(v) && field !== undefined && MAP_FIELDS.has(field)) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${literal(v[k])}`).join(', ')}}`;
  }
  if (isObject(v)) {
    const parts = orderedKeys(v, field)
      .filter((k) => {
        const x = v[k];
        return x !== undefined && x !== null && x !== '' && x !== false && x !== 0;
      })
      .map((k) => `${goName(k)}: ${literal(v[k], k)}`);
    return `{${parts.join(', ')}}`;
  }
  return String(v);
}

/** A field's value: pointers as `&…`, a nil slice or map named by its type on the changed side. */
function fieldValue(field: string, v: unknown, pointerKey: string, typed: boolean): string {
  if (v === undefined || v === null) return 'nil';
  const pointer = POINTERS.has(pointerKey);
  const typeName = typed ? SLICE_TYPES.get(field) : undefined;
  const body = literal(v, field);
  return `${pointer ? '&' : ''}${typeName ?? ''}${body}`;
}

interface Line {
  mark: ' ' | '-' | '+';
  depth: number;
  /** `Name:` (aligned within its group) or '' for a structural line */
  key: string;
  text: string;
  /** lines of one group have their values aligned */
  group: number;
}

const CONTEXT = 2;

/** The lines of a struct's fields: changes, context around them, identical runs elided. */
function structLines(
  fields: readonly string[],
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  depth: number,
  out: Line[],
  groups: { n: number },
  pointerSuffix: string,
  descend: (field: string, x: unknown, y: unknown, depth: number) => boolean,
): void {
  const changed = fields.map((f) => !same(a[f], b[f]));
  const shown = fields.map((_, i) => {
    for (let j = Math.max(0, i - CONTEXT); j <= Math.min(fields.length - 1, i + CONTEXT); j++)
      if (changed[j]) return true;
    return false;
  });
  let i = 0;
  while (i < fields.length) {
    if (!shown[i]) {
      let n = 0;
      while (i < fields.length && !shown[i]) {
        n++;
        i++;
      }
      groups.n++;
      out.push({
        mark: ' ',
        depth,
        key: '',
        text: `... // ${n} identical field${n === 1 ? '' : 's'}`,
        group: groups.n,
      });
      groups.n++;
      continue;
    }
    const f = fields[i];
    const key = `${goName(f)}:`;
    const pk = POINTERS.has(`${f}${pointerSuffix}`) ? `${f}${pointerSuffix}` : f;
    if (!changed[i]) {
      out.push({ mark: ' ', depth, key, text: `${fieldValue(f, a[f], pk, false)},`, group: groups.n });
    } else if (!descend(f, a[f], b[f], depth)) {
      out.push({ mark: '-', depth, key, text: `${fieldValue(f, a[f], pk, true)},`, group: groups.n });
      out.push({ mark: '+', depth, key, text: `${fieldValue(f, b[f], pk, true)},`, group: groups.n });
      // go-cmp aligns what follows a change apart from what led to it
      groups.n++;
    }
    i++;
  }
}

/** The internal view of a v1 spec: the host* fields inside securityContext. */
function internalSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const host = IN_SECURITY_CONTEXT.filter((k) => spec[k] !== undefined);
  if (host.length === 0) return spec;
  const sc: Record<string, unknown> = {};
  for (const k of host) sc[k] = spec[k];
  return {
    ...spec,
    securityContext: { ...sc, ...(isObject(spec.securityContext) ? spec.securityContext : {}) },
  };
}

/** cmp.Diff(old, new) of two pod specs, as lines ending in a newline. */
export function podSpecDiff(oldSpec: Record<string, unknown>, newSpec: Record<string, unknown>): string {
  const a = internalSpec(oldSpec);
  const b = internalSpec(newSpec);
  const out: Line[] = [{ mark: ' ', depth: 0, key: '', text: 'core.PodSpec{', group: 0 }];
  const groups = { n: 1 };
  const descendContainers = (field: string, x: unknown, y: unknown, depth: number): boolean => {
    if (field !== 'containers' && field !== 'initContainers') return false;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    groups.n++;
    out.push({ mark: ' ', depth, key: `${goName(field)}:`, text: '[]core.Container{', group: groups.n++ });
    x.forEach((c, i) => {
      if (same(c, y[i])) {
        out.push({ mark: ' ', depth: depth + 1, key: '', text: `${literal(c, field)},`, group: groups.n++ });
        return;
      }
      out.push({ mark: ' ', depth: depth + 1, key: '', text: '{', group: groups.n++ });
      structLines(CONTAINER_FIELDS, c, y[i], depth + 2, out, groups, '@container', () => false);
      groups.n++;
      out.push({ mark: ' ', depth: depth + 1, key: '', text: '},', group: groups.n++ });
    });
    out.push({ mark: ' ', depth, key: '', text: '},', group: groups.n++ });
    return true;
  };
  // a v1 field the internal type has elsewhere or not at all (serviceAccount) still shows its change
  // (a field holding undefined is absent: a stored pod spec has every v1 field, podSpecFields.ts)
  const others = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) =>
      !POD_SPEC_FIELDS.includes(k) &&
      !IN_SECURITY_CONTEXT.includes(k) &&
      (a[k] !== undefined || b[k] !== undefined),
  );
  structLines([...POD_SPEC_FIELDS, ...others.sort()], a, b, 1, out, groups, '', descendContainers);
  out.push({ mark: ' ', depth: 0, key: '', text: '}', group: groups.n + 1 });
  const width = new Map<number, number>();
  for (const l of out) if (l.key) width.set(l.group, Math.max(width.get(l.group) ?? 0, l.key.length));
  return out
    .map((l) => {
      const key = l.key ? `${l.key.padEnd(width.get(l.group)!)} ` : '';
      return `${l.mark} ${'\t'.repeat(l.depth)}${key}${l.text}\n`;
    })
    .join('');
}
