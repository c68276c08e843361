// Protobuf request bodies (`application/vnd.kubernetes.protobuf`), for the creates kubectl ≥ 1.32
// sends that way through its typed clients (`kubectl create namespace`). client-go does not fall
// back to JSON when the server answers 415 (checked with kubectl 1.33), so the served kinds it sends
// as protobuf are decoded here: the runtime.Unknown envelope (`k8s\0`, TypeMeta, raw bytes) and the
// generated.proto fields of ObjectMeta and Namespace, into the JSON object the handlers take. Other
// kinds are answered with the API server's 415, which names the media types it reads.

import { StatusError } from '../engine';
import { decodeProtobufObject, SCHEMAS } from './protobufSchema';

const MAGIC = Buffer.from('k8s\u0000');

/** One field of a message: its number and, for the length-delimited wire type, its bytes. */
interface Field {
  n: number;
  wire: number;
  bytes?: Buffer;
  varint?: number;
}

function malformed(what: string): StatusError {
  return new StatusError(400, 'BadRequest', `the object provided is unrecognized: protobuf: ${what}`);
}

/** The fields of one message, in order (the wire format: a varint key, then the value). */
function fields(b: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): number => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      if (i >= b.length || shift > 63) throw malformed('unexpected end of a varint');
      const c = b[i++];
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
    }
  };
  while (i < b.length) {
    const key = varint();
    const wire = key % 8;
    const n = Math.floor(key / 8);
    if (wire === 0) out.push({ n, wire, varint: varint() });
    else if (wire === 2) {
      const len = varint();
      if (i + len > b.length) throw malformed('a field runs past the end of the message');
      out.push({ n, wire, bytes: b.subarray(i, i + len) });
      i += len;
    } else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else throw malformed(`wire type ${wire} is not supported`);
  }
  return out;
}

const str = (f: Field | undefined) => (f?.bytes ? f.bytes.toString('utf8') : '');

/** Fields by number: the last one of each (a message's repeated fields are read with `all`). */
function byNumber(fs: Field[]): Map<number, Field> {
  return new Map(fs.map((f) => [f.n, f]));
}

function all(fs: Field[], n: number): Field[] {
  return fs.filter((f) => f.n === n);
}

function stringMap(fs: Field[], n: number): Record<string, string> | undefined {
  const entries = all(fs, n);
  if (entries.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const e of entries) {
    const kv = byNumber(fields(e.bytes ?? Buffer.alloc(0)));
    Object.defineProperty(out, str(kv.get(1)), {
      value: str(kv.get(2)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** metav1.ObjectMeta (generated.proto): the fields a create sets; empty ones are left out, as JSON omits them. */
function objectMeta(b: Buffer): Record<string, unknown> {
  const fs = fields(b);
  const f = byNumber(fs);
  const out: Record<string, unknown> = {};
  const names: [number, string][] = [
    [1, 'name'],
    [2, 'generateName'],
    [3, 'namespace'],
    [5, 'uid'],
    [6, 'resourceVersion'],
  ];
  for (const [n, key] of names) if (str(f.get(n))) out[key] = str(f.get(n));
  const labels = stringMap(fs, 11);
  if (labels) out.labels = labels;
  const annotations = stringMap(fs, 12);
  if (annotations) out.annotations = annotations;
  const finalizers = all(fs, 14).map(str);
  if (finalizers.length) out.finalizers = finalizers;
  return out;
}

/** core/v1 Namespace: metadata (1), spec (2: finalizers, 1), status (3: phase, 1). */
function namespace(b: Buffer): Record<string, unknown> {
  const f = byNumber(fields(b));
  const out: Record<string, unknown> = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: objectMeta(f.get(1)?.bytes ?? Buffer.alloc(0)),
  };
  const spec = fields(f.get(2)?.bytes ?? Buffer.alloc(0));
  const finalizers = all(spec, 1).map(str);
  if (finalizers.length) out.spec = { finalizers };
  const phase = str(byNumber(fields(f.get(3)?.bytes ?? Buffer.alloc(0))).get(1));
  if (phase) out.status = { phase };
  return out;
}

const DECODERS = new Map<string, (b: Buffer) => Record<string, unknown>>([['v1/Namespace', namespace]]);

/** The kinds whose protobuf bodies are read (`v1/Namespace`). */
export const PROTOBUF_KINDS = [...DECODERS.keys(), ...SCHEMAS.keys()];

/**
 * The JSON object of a protobuf body of one of PROTOBUF_KINDS, or undefined for another kind (the
 * caller answers 415). Throws a 400 for bytes that are not a runtime.Unknown.
 */
export function decodeProtobuf(body: Buffer): Record<string, unknown> | undefined {
  if (!body.subarray(0, 4).equals(MAGIC)) throw malformed('the body does not start with the k8s envelope');
  const unknown = byNumber(fields(body.subarray(4)));
  const typeMeta = byNumber(fields(unknown.get(1)?.bytes ?? Buffer.alloc(0)));
  const key = `${str(typeMeta.get(1))}/${str(typeMeta.get(2))}`;
  // the kinds with a field schema (a Deployment, which `kubectl create deployment` sends) are read by it
  if (SCHEMAS.has(key)) return decodeProtobufObject(body) as unknown as Record<string, unknown>;
  const decode = DECODERS.get(key);
  return decode?.(unknown.get(2)?.bytes ?? Buffer.alloc(0));
}
