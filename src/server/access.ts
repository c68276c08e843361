// `POST /apis/authorization.k8s.io/v1/selfsubjectaccessreviews` (what `kubectl auth can-i` asks,
// in protobuf as client-go sends built-in types, or JSON): the playground has no RBAC — its
// authorizer allows everything, as AlwaysAllow does — so every review comes back with its spec and
// `status.allowed: true`, the answer the emulator's `auth can-i` gives.

import { formatFieldError, StatusError, type FieldError } from '../engine';

export const SELF_SUBJECT_ACCESS_REVIEWS = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';

const UNKNOWN_FORMAT =
  'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf';

/** The length-delimited fields of one protobuf message, by field number (the last one wins). */
function protoFields(b: Uint8Array): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>();
  let i = 0;
  const varint = (): number => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (i >= b.length) throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
      const c = b[i++];
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
      shift += 7;
    }
  };
  while (i < b.length) {
    const key = varint();
    const wire = key % 8;
    if (wire === 0) varint();
    else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else if (wire === 2) {
      const n = varint();
      if (i + n > b.length) throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
      out.set(Math.floor(key / 8), b.subarray(i, i + n));
      i += n;
    } else throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
  }
  return out;
}

const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);

function strings(b: Uint8Array | undefined, names: string[]): Record<string, string> | undefined {
  if (!b) return undefined;
  const f = protoFields(b);
  const out: Record<string, string> = {};
  names.forEach((n, i) => {
    const v = text(f.get(i + 1));
    if (v) out[n] = v;
  });
  return out;
}

/** The spec of a protobuf SelfSubjectAccessReview in the runtime.Unknown envelope (`k8s\0` …). */
function protobufSpec(body: Uint8Array): Record<string, unknown> {
  if (body.length < 4 || text(body.subarray(0, 4)) !== 'k8s\u0000')
    throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
  const raw = protoFields(body.subarray(4)).get(2);
  const spec = raw ? protoFields(raw).get(2) : undefined;
  if (!spec) return {};
  const f = protoFields(spec);
  const out: Record<string, unknown> = {};
  const resource = strings(f.get(1), [
    'namespace',
    'verb',
    'group',
    'version',
    'resource',
    'subresource',
    'name',
  ]);
  if (resource) out.resourceAttributes = resource;
  const nonResource = strings(f.get(2), ['path', 'verb']);
  if (nonResource) out.nonResourceAttributes = nonResource;
  return out;
}

export function selfSubjectAccessReview(body: Uint8Array, contentType: string | undefined): unknown {
  let spec: unknown;
  if ((contentType ?? '').includes('protobuf')) spec = protobufSpec(body);
  else {
    let review: { kind?: unknown; spec?: unknown } | null;
    try {
      review = JSON.parse(new TextDecoder().decode(body)) as typeof review;
    } catch {
      throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
    }
    if (!review || typeof review !== 'object' || review.kind !== 'SelfSubjectAccessReview')
      throw new StatusError(400, 'BadRequest', UNKNOWN_FORMAT);
    spec = review.spec && typeof review.spec === 'object' ? review.spec : {};
  }
  checkSpec(spec as Record<string, unknown>);
  return {
    kind: 'SelfSubjectAccessReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: {},
    spec,
    status: { allowed: true },
  };
}

/** ValidateSelfSubjectAccessReviewSpec: exactly one of resourceAttributes and nonResourceAttributes (a 422, as the API server answers). */
function checkSpec(spec: Record<string, unknown>): void {
  const resource = spec.resourceAttributes !== undefined && spec.resourceAttributes !== null;
  const nonResource = spec.nonResourceAttributes !== undefined && spec.nonResourceAttributes !== null;
  let err: FieldError | undefined;
  if (resource && nonResource) {
    err = {
      field: 'spec.nonResourceAttributes',
      type: 'Invalid value',
      value: spec.nonResourceAttributes,
      detail: 'cannot be specified in combination with resourceAttributes',
    };
  } else if (!resource && !nonResource) {
    // field.Invalid(…, spec.NonResourceAttributes (a nil pointer), …): ErrorBody prints it as "null"
    err = {
      field: 'spec.resourceAttributes',
      type: 'Invalid value',
      value: 'null',
      detail: 'exactly one of nonResourceAttributes or resourceAttributes must be specified',
    };
  }
  if (!err) return;
  const e = new StatusError(
    422,
    'Invalid',
    `SelfSubjectAccessReview.authorization.k8s.io "" is invalid: ${formatFieldError(err)}`,
    [err],
  );
  e.details = { kind: 'SelfSubjectAccessReview', name: '' };
  throw e;
}
