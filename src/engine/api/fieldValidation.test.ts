import { describe, expect, it } from 'vitest';
import { StatusError } from './errors';
import { decodeWithFieldValidation, dropFields, unknownFields } from './fieldValidation';

const ds = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'x', labels: { any: 'thing' }, annotations: { 'a/b': 'c' } },
  spec: {
    selector: { matchLabels: { a: 'b' } },
    template: {
      metadata: { labels: { a: 'b' } },
      spec: {
        containers: [
          { name: 'c', image: 'i', resources: { requests: { cpu: '1', 'example.com/gpu': '1' } } },
          { name: 'd', image: 'i', imagePullPolicyy: 'Always' },
        ],
        bogusField: 1,
        nodeSelector: { anything: 'goes' },
      },
    },
    updateStrategy: { rollingUpdate: { maxUnavailable: '10%' } },
  },
};

describe('unknownFields (strict decoding)', () => {
  it('reports unknown fields with their paths, list items indexed, maps left free', () => {
    expect(unknownFields('DaemonSet', ds)).toEqual([
      'spec.template.spec.containers[1].imagePullPolicyy',
      'spec.template.spec.bogusField',
    ]);
  });

  it('knows metadata and status fields, and every kind the server stores', () => {
    expect(
      unknownFields('Pod', {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', labelz: {} },
        spec: { containers: [] },
      }),
    ).toEqual(['metadata.labelz']);
    expect(
      unknownFields('Node', {
        metadata: { name: 'n' },
        spec: { taints: [{ key: 'k', effect: 'NoSchedule', valu: 'x' }] },
      }),
    ).toEqual(['spec.taints[0].valu']);
    expect(
      unknownFields('ControllerRevision', {
        metadata: { name: 'r' },
        data: { whatever: 1 },
        revision: 1,
        extra: 1,
      }),
    ).toEqual(['extra']);
    expect(unknownFields('Namespace', { metadata: { name: 'n' }, spec: { finalizers: [] } })).toEqual([]);
  });

  it('Strict throws the BadRequest kubectl prints', () => {
    try {
      decodeWithFieldValidation('DaemonSet', ds, 'Strict');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StatusError);
      expect((e as StatusError).message).toBe(
        'DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.template.spec.containers[1].imagePullPolicyy", unknown field "spec.template.spec.bogusField"',
      );
    }
  });

  it('Warn drops the fields and warns; Ignore drops them silently; the input is not changed', () => {
    const warn = decodeWithFieldValidation('DaemonSet', ds, 'Warn');
    expect(warn.warnings).toEqual([
      'unknown field "spec.template.spec.containers[1].imagePullPolicyy"',
      'unknown field "spec.template.spec.bogusField"',
    ]);
    expect(unknownFields('DaemonSet', warn.obj)).toEqual([]);
    expect(warn.obj.spec.template.spec.containers[1]).toEqual({ name: 'd', image: 'i' });
    expect(decodeWithFieldValidation('DaemonSet', ds, 'Ignore').warnings).toEqual([]);
    expect(ds.spec.template.spec.bogusField).toBe(1);
    expect(dropFields({ a: 1 }, [])).toEqual({ a: 1 });
  });
});

describe('dropFields on bodies from outside', () => {
  it('drops an unknown field of any depth without walking it, and copies only the way to it', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const obj = { kind: 'Pod', spec: { bogus: deep, containers: [{ name: 'a' }] } };
    const out = dropFields(obj, ['spec.bogus']);
    expect(out).toEqual({ kind: 'Pod', spec: { containers: [{ name: 'a' }] } });
    expect(obj.spec.bogus).toBe(deep);
    expect(out.spec.containers).toBe(obj.spec.containers);
  });

  it('treats a __proto__ key as data', () => {
    const obj = JSON.parse('{"spec":{"__proto__":{"x":1},"y":2}}') as Record<string, unknown>;
    const out = dropFields(obj, ['spec.__proto__.x']) as { spec: Record<string, unknown> };
    expect(Object.getPrototypeOf(out.spec)).toBe(Object.prototype);
    expect(Object.hasOwn(out.spec, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
