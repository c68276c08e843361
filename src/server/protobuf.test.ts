import { describe, expect, it } from 'vitest';
import { StatusError } from '../engine';
import { decodeProtobuf } from './protobuf';

// The body kubectl 1.33 sends for `kubectl create namespace x` (its -v=8 dump).
const CREATE_NAMESPACE_X = Buffer.from(
  '6b3873000a0f0a0276311209 4e616d65737061636512190a110a01781200 1a00220 02a0032003800420012001a020a001a002200'.replace(
    /\s/g,
    '',
  ),
  'hex',
);
/** A length-delimited field (lengths under 128). */
function s(n: number, v: Buffer | string): Buffer {
  const b = Buffer.isBuffer(v) ? v : Buffer.from(v);
  return Buffer.concat([Buffer.from([(n << 3) | 2, b.length]), b]);
}

// `kubectl auth whoami`'s SelfSubjectReview: a kind this module does not decode.
const WHOAMI = Buffer.concat([
  Buffer.from('k8s\u0000'),
  s(1, Buffer.concat([s(1, 'authentication.k8s.io/v1'), s(2, 'SelfSubjectReview')])),
  s(2, s(1, '')),
]);

describe('decodeProtobuf', () => {
  it("reads kubectl's Namespace as the JSON object the handlers take", () => {
    expect(decodeProtobuf(CREATE_NAMESPACE_X)).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'x' },
    });
  });

  it('reads labels, annotations, finalizers and generateName', () => {
    const meta = Buffer.concat([
      s(2, 'team-'),
      s(11, Buffer.concat([s(1, 'a'), s(2, 'b')])),
      s(12, Buffer.concat([s(1, 'note'), s(2, 'hi')])),
    ]);
    const ns = Buffer.concat([s(1, meta), s(2, s(1, 'kubernetes'))]);
    const body = Buffer.concat([
      Buffer.from('k8s\u0000'),
      s(1, Buffer.concat([s(1, 'v1'), s(2, 'Namespace')])),
      s(2, ns),
    ]);
    expect(decodeProtobuf(body)).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { generateName: 'team-', labels: { a: 'b' }, annotations: { note: 'hi' } },
      spec: { finalizers: ['kubernetes'] },
    });
  });

  it('leaves other kinds to the caller (undefined) and refuses what is not the envelope', () => {
    expect(decodeProtobuf(WHOAMI)).toBeUndefined();
    expect(() => decodeProtobuf(Buffer.from('{"kind":"Namespace"}'))).toThrow(StatusError);
    expect(() => decodeProtobuf(Buffer.from('k8s\u0000\u000a\u00ff'))).toThrow(/runs past the end|varint/);
  });
});
