import { describe, expect, it } from 'vitest';
import { podView } from './model';
import { daemonPod, fluentd, T0 } from '../../../engine/testing';
import { NO_PROBE_READY_GRACE_MS } from '../../../state/podTrouble';

const ds = fluentd({});

describe('the graph’s pod view carries the trouble', () => {
  it('a crash loop: the word, class and restarts; the tone stays failed', () => {
    const v = podView(daemonPod(ds, 'node-1', 'new', 'crashLoop', { restarts: 4 }), undefined);
    expect(v.status).toBe('CrashLoopBackOff');
    expect(v.tone).toBe('failed');
    expect(v.trouble).toMatchObject({ class: 'crash', word: 'CrashLoopBackOff', restarts: 4 });
    expect(v.unreadyFrom).toBeUndefined();
    expect(v.images).toEqual(['k8s.gcr.io/fluentd-elasticsearch:1.20']);
  });

  it('not ready: from when it counts as trouble (the chip waits until then)', () => {
    const v = podView(daemonPod(ds, 'node-1', 'new', 'unready'), undefined);
    expect(v.trouble?.class).toBe('unready');
    expect(v.unreadyFrom).toBe(T0 + 5000 + NO_PROBE_READY_GRACE_MS);
  });

  it('a healthy pod has none', () => {
    const v = podView(daemonPod(ds, 'node-1', 'new', 'running'), undefined);
    expect(v.trouble).toBeUndefined();
  });
});
