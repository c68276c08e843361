import { describe, expect, it } from 'vitest';
import type { KEvent } from '../engine';
import { createFailedPulls, failedPulls } from './failedPulls';

const ev = (name: string, over: Partial<KEvent>): KEvent =>
  ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'kube-system' },
    involvedObject: { kind: 'Pod', name: 'fluentd-abc', namespace: 'kube-system' },
    reason: 'Failed',
    message: '',
    source: { component: 'kubelet' },
    firstTimestamp: '',
    lastTimestamp: '',
    count: 1,
    type: 'Warning',
    ...over,
  }) as KEvent;

describe('failedPulls: the images the Events say did not pull', () => {
  const events = {
    a: ev('a', {
      message:
        'Failed to pull image "k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo": rpc error: code = NotFound desc = failed to pull and unpack image',
    }),
    b: ev('b', { message: 'Error: ImagePullBackOff' }),
    c: ev('c', { reason: 'Pulled', message: 'Successfully pulled image "nginx:1.27" in 1.2s' }),
    d: ev('d', {
      metadata: { name: 'd', namespace: 'default' } as KEvent['metadata'],
      message: 'Failed to pull image "nginx:nope": rpc error: code = NotFound',
    }),
    e: ev('e', {
      message: 'Failed to pull image "k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo": again',
    }),
  };

  it('reads the kubelet’s Failed events, by namespace, each image once', () => {
    expect(failedPulls(Object.values(events))).toEqual([
      'default/nginx:nope',
      'kube-system/k8s.gcr.io/fluentd-elasticsearch:v9.9.9-typo',
    ]);
  });

  it('ignores other reasons and events about other objects', () => {
    expect(
      failedPulls([
        ev('x', {
          involvedObject: { kind: 'Node', name: 'n' },
          message: 'Failed to pull image "a:b": x',
        }),
      ]),
    ).toEqual([]);
  });

  it('keeps its list while the images are the same', () => {
    const f = createFailedPulls();
    const holder = {};
    const one = f(holder, 1, () => Object.values(events));
    expect(f(holder, 2, () => Object.values({ ...events }))).toBe(one);
    expect(f(holder, 3, () => [events.a])).not.toBe(one);
  });

  it('reads the events only when their holder or version moved', () => {
    const f = createFailedPulls();
    const holder = {};
    let reads = 0;
    const read = () => (reads++, Object.values(events));
    f(holder, 1, read);
    f(holder, 1, read);
    expect(reads).toBe(1);
    f(holder, 2, read);
    f({}, 2, read);
    expect(reads).toBe(3);
  });
});
