// Request bodies in protobuf (`application/vnd.kubernetes.protobuf`), as client-go's typed clients
// send built-in objects (`kubectl create deployment` does): the runtime.Unknown envelope
// (`k8s\0`, typeMeta, raw) and the generated.proto field numbers of the apps/v1 Deployment and the
// types it holds, as far as a generator fills them. gogo-protobuf writes every non-pointer field,
// zero or not: zero values are dropped as JSON's omitempty would drop them; a field this decoder
// does not know, when it is not zero, is refused by name instead of being lost.

import { StatusError, type KObject } from '../engine';

const UNKNOWN_FORMAT =
  'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf';

type FieldType = 'string' | 'int' | 'bool' | 'map' | 'skip' | Schema;
interface FieldSpec {
  name: string;
  type: FieldType;
  repeated?: boolean;
  /** a pointer field: its zero value is kept (replicas: 0) */
  ptr?: boolean;
}
interface Schema {
  message: string;
  fields: Record<number, FieldSpec>;
}

const LABEL_SELECTOR_REQUIREMENT: Schema = {
  message: 'LabelSelectorRequirement',
  fields: {
    1: { name: 'key', type: 'string' },
    2: { name: 'operator', type: 'string' },
    3: { name: 'values', type: 'string', repeated: true },
  },
};
const LABEL_SELECTOR: Schema = {
  message: 'LabelSelector',
  fields: {
    1: { name: 'matchLabels', type: 'map' },
    2: { name: 'matchExpressions', type: LABEL_SELECTOR_REQUIREMENT, repeated: true },
  },
};
const OBJECT_META: Schema = {
  message: 'ObjectMeta',
  fields: {
    1: { name: 'name', type: 'string' },
    2: { name: 'generateName', type: 'string' },
    3: { name: 'namespace', type: 'string' },
    8: { name: 'creationTimestamp', type: 'skip' },
    11: { name: 'labels', type: 'map' },
    12: { name: 'annotations', type: 'map' },
  },
};
const CONTAINER_PORT: Schema = {
  message: 'ContainerPort',
  fields: {
    1: { name: 'name', type: 'string' },
    2: { name: 'hostPort', type: 'int' },
    3: { name: 'containerPort', type: 'int' },
    4: { name: 'protocol', type: 'string' },
  },
};
const QUANTITY_MAP: FieldType = 'map';
const RESOURCES: Schema = {
  message: 'ResourceRequirements',
  fields: { 1: { name: 'limits', type: QUANTITY_MAP }, 2: { name: 'requests', type: QUANTITY_MAP } },
};
const ENV_VAR: Schema = {
  message: 'EnvVar',
  fields: { 1: { name: 'name', type: 'string' }, 2: { name: 'value', type: 'string' } },
};
const CONTAINER: Schema = {
  message: 'Container',
  fields: {
    1: { name: 'name', type: 'string' },
    2: { name: 'image', type: 'string' },
    3: { name: 'command', type: 'string', repeated: true },
    4: { name: 'args', type: 'string', repeated: true },
    5: { name: 'workingDir', type: 'string' },
    6: { name: 'ports', type: CONTAINER_PORT, repeated: true },
    7: { name: 'env', type: ENV_VAR, repeated: true },
    8: { name: 'resources', type: RESOURCES },
    13: { name: 'terminationMessagePath', type: 'string' },
    14: { name: 'imagePullPolicy', type: 'string' },
    20: { name: 'terminationMessagePolicy', type: 'string' },
  },
};
const POD_SPEC: Schema = {
  message: 'PodSpec',
  fields: {
    2: { name: 'containers', type: CONTAINER, repeated: true },
    3: { name: 'restartPolicy', type: 'string' },
    6: { name: 'dnsPolicy', type: 'string' },
    7: { name: 'nodeSelector', type: 'map' },
    8: { name: 'serviceAccountName', type: 'string' },
    19: { name: 'schedulerName', type: 'string' },
    20: { name: 'initContainers', type: CONTAINER, repeated: true },
  },
};
const POD_TEMPLATE_SPEC: Schema = {
  message: 'PodTemplateSpec',
  fields: { 1: { name: 'metadata', type: OBJECT_META }, 2: { name: 'spec', type: POD_SPEC } },
};
const INT_OR_STRING: Schema = {
  message: 'IntOrString',
  fields: {
    1: { name: 'type', type: 'int' },
    2: { name: 'intVal', type: 'int' },
    3: { name: 'strVal', type: 'string' },
  },
};
const ROLLING_UPDATE: Schema = {
  message: 'RollingUpdateDeployment',
  fields: {
    1: { name: 'maxUnavailable', type: INT_OR_STRING },
    2: { name: 'maxSurge', type: INT_OR_STRING },
  },
};
const STRATEGY: Schema = {
  message: 'DeploymentStrategy',
  fields: { 1: { name: 'type', type: 'string' }, 2: { name: 'rollingUpdate', type: ROLLING_UPDATE } },
};
const DEPLOYMENT_SPEC: Schema = {
  message: 'DeploymentSpec',
  fields: {
    1: { name: 'replicas', type: 'int', ptr: true },
    2: { name: 'selector', type: LABEL_SELECTOR },
    3: { name: 'template', type: POD_TEMPLATE_SPEC },
    4: { name: 'strategy', type: STRATEGY },
    5: { name: 'minReadySeconds', type: 'int' },
    6: { name: 'revisionHistoryLimit', type: 'int', ptr: true },
    7: { name: 'paused', type: 'bool' },
    9: { name: 'progressDeadlineSeconds', type: 'int', ptr: true },
  },
};
const DEPLOYMENT: Schema = {
  message: 'Deployment',
  fields: {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'spec', type: DEPLOYMENT_SPEC },
    3: { name: 'status', type: 'skip' },
  },
};

/** policy/v1 PodDisruptionBudget, as `kubectl create pdb` sends it. */
const PDB_SPEC: Schema = {
  message: 'PodDisruptionBudgetSpec',
  fields: {
    1: { name: 'minAvailable', type: INT_OR_STRING, ptr: true },
    2: { name: 'selector', type: LABEL_SELECTOR },
    3: { name: 'maxUnavailable', type: INT_OR_STRING, ptr: true },
    4: { name: 'unhealthyPodEvictionPolicy', type: 'string' },
  },
};
const PDB: Schema = {
  message: 'PodDisruptionBudget',
  fields: {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'spec', type: PDB_SPEC },
    3: { name: 'status', type: 'skip' },
  },
};

/**
 * scheduling.k8s.io/v1 PriorityClass, as `kubectl create priorityclass` sends it: `value` is an
 * int32 without omitempty, so its zero is kept.
 */
const PRIORITY_CLASS: Schema = {
  message: 'PriorityClass',
  fields: {
    1: { name: 'metadata', type: OBJECT_META },
    2: { name: 'value', type: 'int', ptr: true },
    3: { name: 'globalDefault', type: 'bool' },
    4: { name: 'description', type: 'string' },
    5: { name: 'preemptionPolicy', type: 'string', ptr: true },
  },
};

/** The objects decoded from protobuf, by `apiVersion/kind` of the envelope. */
export const SCHEMAS = new Map<string, Schema>([
  ['apps/v1/Deployment', DEPLOYMENT],
  ['policy/v1/PodDisruptionBudget', PDB],
  ['scheduling.k8s.io/v1/PriorityClass', PRIORITY_CLASS],
]);

interface Raw {
  num: number;
  wire: number;
  /** varint value, or the bytes of a length-delimited field */
  value: number | Uint8Array;
}

function bad(message = UNKNOWN_FORMAT): StatusError {
  return new StatusError(415, 'BadRequest', message);
}

function readFields(b: Uint8Array): Raw[] {
  const out: Raw[] = [];
  let i = 0;
  // A varint as the signed 64-bit integer it holds: a negative int32 or int64 comes as ten bytes of
  // two's complement, past a double's 53 bits, so those are summed exactly as a BigInt.
  const varint = (): number => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      if (i >= b.length) throw bad();
      const c = b[i++];
      v += BigInt(c & 0x7f) << shift;
      if (c < 0x80) return Number(BigInt.asIntN(64, v));
      shift += 7n;
    }
  };
  while (i < b.length) {
    const key = varint();
    const wire = key % 8;
    const num = Math.floor(key / 8);
    if (wire === 0) out.push({ num, wire, value: varint() });
    else if (wire === 2) {
      const n = varint();
      if (i + n > b.length) throw bad();
      out.push({ num, wire, value: b.subarray(i, i + n) });
      i += n;
    } else if (wire === 1) {
      out.push({ num, wire, value: b.subarray(i, i + 8) });
      i += 8;
    } else if (wire === 5) {
      out.push({ num, wire, value: b.subarray(i, i + 4) });
      i += 4;
    } else throw bad();
  }
  return out;
}

const utf8 = new TextDecoder();

function isZero(r: Raw): boolean {
  return typeof r.value === 'number' ? r.value === 0 : r.value.every((x) => x === 0) || r.value.length === 0;
}

function decodeMessage(b: Uint8Array, schema: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of readFields(b)) {
    const f = Object.hasOwn(schema.fields, r.num) ? schema.fields[r.num] : undefined;
    if (!f) {
      if (isZero(r)) continue;
      throw bad(
        `the playground's API server cannot decode field ${r.num} of a protobuf ${schema.message}: send the object as JSON`,
      );
    }
    if (f.type === 'skip') continue;
    let v: unknown;
    if (f.type === 'string') v = utf8.decode(r.value as Uint8Array);
    else if (f.type === 'int') v = r.value as number;
    else if (f.type === 'bool') v = r.value !== 0;
    else if (f.type === 'map') {
      const m = (out[f.name] as Record<string, string> | undefined) ?? {};
      const entry = readFields(r.value as Uint8Array);
      const k = entry.find((e) => e.num === 1);
      const val = entry.find((e) => e.num === 2);
      const key = k ? utf8.decode(k.value as Uint8Array) : '';
      // map<string, Quantity>: the value is a message whose field 1 is the string
      let value = val ? utf8.decode(val.value as Uint8Array) : '';
      if (
        val &&
        f.name !== 'labels' &&
        f.name !== 'annotations' &&
        f.name !== 'matchLabels' &&
        f.name !== 'nodeSelector'
      ) {
        const q = readFields(val.value as Uint8Array).find((e) => e.num === 1);
        value = q ? utf8.decode(q.value as Uint8Array) : '';
      }
      m[key] = value;
      out[f.name] = m;
      continue;
    } else v = decodeMessage(r.value as Uint8Array, f.type);
    if (!f.ptr && !f.repeated && (v === '' || v === 0 || v === false)) continue;
    if (f.repeated) {
      const list = (out[f.name] as unknown[] | undefined) ?? [];
      list.push(v);
      out[f.name] = list;
    } else out[f.name] = v;
  }
  // IntOrString: the int or the string it holds
  if (schema === INT_OR_STRING)
    return (out.type === 1 ? (out.strVal ?? '') : (out.intVal ?? 0)) as unknown as Record<string, unknown>;
  return out;
}

/** A protobuf request body as the JSON object it stands for. */
export function decodeProtobufObject(body: Uint8Array): KObject {
  if (body.length < 4 || utf8.decode(body.subarray(0, 4)) !== 'k8s\u0000') throw bad();
  const envelope = readFields(body.subarray(4));
  const typeMeta = envelope.find((f) => f.num === 1);
  const raw = envelope.find((f) => f.num === 2);
  if (!typeMeta || !raw) throw bad();
  const tm = readFields(typeMeta.value as Uint8Array);
  const apiVersion = utf8.decode(
    (tm.find((f) => f.num === 1)?.value as Uint8Array | undefined) ?? new Uint8Array(),
  );
  const kind = utf8.decode(
    (tm.find((f) => f.num === 2)?.value as Uint8Array | undefined) ?? new Uint8Array(),
  );
  const schema = SCHEMAS.get(`${apiVersion}/${kind}`);
  if (!schema)
    throw bad(`the playground's API server cannot decode a protobuf ${apiVersion} ${kind}: send it as JSON`);
  return { apiVersion, kind, ...decodeMessage(raw.value as Uint8Array, schema) } as KObject;
}
