import { describe, expect, it } from 'vitest';
import { goJSON, threeWayMergePatch } from './threeWayPatch';

describe('threeWayMergePatch', () => {
  it('deletes what left the manifest, adds and changes against the live object, orders merged lists', () => {
    const original = {
      metadata: { name: 'p', labelz: { tier: 'web' } },
      spec: { containers: [{ name: 'app', image: 'nginx' }] },
    };
    const modified = {
      metadata: { name: 'p', labels: { tier: 'web' } },
      spec: { containers: [{ name: 'app', image: 'nginx', imagePullPolicyy: 'Always' }] },
    };
    const live = {
      metadata: { name: 'p', uid: 'u' },
      spec: { containers: [{ name: 'app', image: 'nginx', imagePullPolicy: 'Always', resources: {} }] },
      status: {},
    };
    expect(goJSON(threeWayMergePatch(original, modified, live))).toBe(
      '{"metadata":{"labels":{"tier":"web"},"labelz":null},"spec":{"$setElementOrder/containers":[{"name":"app"}],"containers":[{"imagePullPolicyy":"Always","name":"app"}]}}',
    );
  });

  it('deletes list items by merge key and keeps what nobody changed out of the patch', () => {
    const c = (name: string, image = 'busybox') => ({ name, image });
    const original = { spec: { containers: [c('a'), c('b')] } };
    const modified = { spec: { containers: [c('a', 'busybox:2')] } };
    const live = { spec: { containers: [c('a'), c('b')] } };
    expect(goJSON(threeWayMergePatch(original, modified, live))).toBe(
      '{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"image":"busybox:2","name":"a"},{"$patch":"delete","name":"b"}]}}',
    );
    expect(
      threeWayMergePatch(modified, modified, {
        spec: { containers: [c('a', 'busybox:2')] },
        status: { x: 1 },
      }),
    ).toEqual({});
  });

  it('retains only the keys an updateStrategy is given', () => {
    const modified = { spec: { updateStrategy: { type: 'OnDelete' } } };
    const live = {
      spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } } },
    };
    expect(goJSON(threeWayMergePatch(undefined, modified, live))).toBe(
      '{"spec":{"updateStrategy":{"$retainKeys":["type"],"type":"OnDelete"}}}',
    );
  });

  it('encodes as Go does: sorted keys, HTML characters escaped', () => {
    expect(goJSON({ b: '<a&b>', a: [1, true, null] })).toBe(
      '{"a":[1,true,null],"b":"\\u003ca\\u0026b\\u003e"}',
    );
  });
});
