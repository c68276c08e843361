import { describe, expect, it } from 'vitest';
import { podCells } from '../engine/predicates';
import {
  NO_PROBE_READY_GRACE_MS,
  podTrouble,
  readyGraceMs,
  troubleSeverity,
  troubleWord,
  unreadyFrom,
} from './podTrouble';
import { daemonPod, fluentd, T0 } from '../engine/testing';

const ds = fluentd({});
const pod = (state: Parameters<typeof daemonPod>[3], restarts = 0) =>
  daemonPod(ds, 'node-1', 'new', state, { restarts });

describe('podTrouble', () => {
  it('says nothing of a pod that is fine or on its way', () => {
    expect(podTrouble(pod('running'))).toBeUndefined();
    expect(podTrouble(pod('creating'))).toBeUndefined();
    expect(podTrouble(daemonPod(ds, 'node-1', 'new', 'crashLoop', { terminating: true }))).toBeUndefined();
  });

  it('names image pull errors with the word kubectl prints', () => {
    const a = podTrouble(pod('errImagePull'))!;
    expect(a).toMatchObject({
      class: 'pull',
      word: 'ErrImagePull',
      ready: '0/1',
      restarts: 0,
      container: 'fluentd-elasticsearch',
    });
    expect(a.message).toContain('not found');
    const b = podTrouble(pod('imagePullBackOff'))!;
    expect(b).toMatchObject({ class: 'pull', word: 'ImagePullBackOff' });
    expect(b.message).toBe('Back-off pulling image "k8s.gcr.io/fluentd-elasticsearch:1.20"');
    expect(troubleWord(b)).toBe('ImagePullBackOff');
    expect(troubleSeverity(b)).toBe('error');
  });

  it('counts the restarts of a crash loop and keeps how the container last ended', () => {
    const t = podTrouble(pod('crashLoop', 4))!;
    expect(t).toMatchObject({
      class: 'crash',
      word: 'CrashLoopBackOff',
      restarts: 4,
      last: { reason: 'Error', exitCode: 1 },
    });
    expect(troubleWord(t)).toBe('CrashLoopBackOff ×4');
  });

  it('tells an out-of-memory kill apart, in a crash loop and at the moment it happens', () => {
    const loop = podTrouble(pod('oomLoop', 2))!;
    expect(loop).toMatchObject({
      class: 'oom',
      word: 'CrashLoopBackOff',
      last: { reason: 'OOMKilled', exitCode: 137 },
    });
    const now = podTrouble(pod('oomKilled', 1))!;
    expect(now).toMatchObject({
      class: 'oom',
      word: 'OOMKilled',
      last: { reason: 'OOMKilled', exitCode: 137 },
    });
    expect(troubleWord(now)).toBe('OOMKilled ×1');
  });

  it('a container that exited with an error is a crash; a Failed pod too', () => {
    expect(podTrouble(pod('error', 1))).toMatchObject({ class: 'crash', word: 'Error' });
    expect(podTrouble(pod('failed'))).toMatchObject({
      class: 'crash',
      word: 'Error',
      last: { reason: 'Error', exitCode: 1 },
    });
  });

  it('a Running pod whose container is not ready shows its READY column', () => {
    const t = podTrouble(pod('unready'))!;
    expect(t).toMatchObject({ class: 'unready', word: 'Running', ready: '0/1' });
    expect(troubleWord(t)).toBe('0/1');
    expect(troubleSeverity(t)).toBe('warning');
  });

  it('not ready is trouble only once the container has had its time to become ready', () => {
    const p = pod('unready');
    const started = T0 + 5000;
    expect(unreadyFrom(p)).toBe(started + NO_PROBE_READY_GRACE_MS);
    expect(podTrouble(p, started + 3000)).toBeUndefined();
    expect(podTrouble(p, started + NO_PROBE_READY_GRACE_MS)).toMatchObject({ class: 'unready' });
    // With a readiness probe: its initial delay and one period.
    p.spec.containers[0].readinessProbe = {
      initialDelaySeconds: 20,
      periodSeconds: 5,
      exec: { command: ['true'] },
    };
    expect(readyGraceMs(p.spec.containers[0])).toBe(26_000);
    expect(podTrouble(p, started + 25_000)).toBeUndefined();
    expect(podTrouble(p, started + 26_000)).toMatchObject({ class: 'unready' });
    // A ready pod has no such moment.
    expect(unreadyFrom(pod('running'))).toBeUndefined();
  });

  it('the word is always kubectl’s STATUS column', () => {
    for (const s of [
      'errImagePull',
      'imagePullBackOff',
      'crashLoop',
      'oomLoop',
      'oomKilled',
      'error',
      'unready',
      'failed',
    ] as const) {
      const p = pod(s, 3);
      expect(podTrouble(p)!.word, s).toBe(podCells(p, 0).status);
    }
  });
});
