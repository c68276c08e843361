// flowcontrol.Backoff with the kubelet's constants: 10 s doubling to 300 s for both the image pull
// back-off and the crash-loop back-off, starting over after 2 × 300 s without an update.

import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../timings';
import { Backoff } from './backoff';

const S = 1000;

describe('Backoff (flowcontrol)', () => {
  it('uses the kubelet constants (kubelet.go: backOffPeriod 10s, MaxContainerBackOff and MaxImageBackOff 300s)', () => {
    expect([TIMINGS.crashBackoffMs, TIMINGS.crashBackoffMaxMs]).toEqual([10 * S, 300 * S]);
    expect([TIMINGS.imageBackoffMs, TIMINGS.imageBackoffMaxMs]).toEqual([10 * S, 300 * S]);
    expect(TIMINGS.podSyncBackoffMs).toBe(10 * S);
  });

  it('doubles from 10 s to the 300 s cap: 10, 20, 40, 80, 160, 300, 300', () => {
    const b = new Backoff(TIMINGS.crashBackoffMs, TIMINGS.crashBackoffMaxMs);
    expect(b.get('c')).toBe(0);
    const seen: number[] = [];
    let t = 0;
    for (let i = 0; i < 7; i++) {
      b.next('c', t, t);
      seen.push(b.get('c') / S);
      t += b.get('c');
    }
    expect(seen).toEqual([10, 20, 40, 80, 160, 300, 300]);
  });

  it('keys are independent', () => {
    const b = new Backoff(10 * S, 300 * S);
    b.next('a', 0, 0);
    b.next('a', 0, 0);
    b.next('b', 0, 0);
    expect([b.get('a'), b.get('b'), b.get('c')]).toEqual([20 * S, 10 * S, 0]);
  });

  it('IsInBackOffSinceUpdate: a pull is in back-off until the back-off has passed since the last failure', () => {
    const b = new Backoff(TIMINGS.imageBackoffMs, TIMINGS.imageBackoffMaxMs);
    expect(b.isInBackOffSinceUpdate('img', 0)).toBe(false);
    b.next('img', 5 * S, 5 * S);
    expect(b.isInBackOffSinceUpdate('img', 5 * S)).toBe(true);
    expect(b.isInBackOffSinceUpdate('img', 15 * S - 1)).toBe(true);
    expect(b.isInBackOffSinceUpdate('img', 15 * S)).toBe(false);
    b.next('img', 15 * S, 15 * S);
    expect(b.isInBackOffSinceUpdate('img', 34 * S)).toBe(true);
    expect(b.isInBackOffSinceUpdate('img', 35 * S)).toBe(false);
  });

  it('IsInBackOffSince: a restart waits the back-off after the container finished', () => {
    const b = new Backoff(TIMINGS.crashBackoffMs, TIMINGS.crashBackoffMaxMs);
    // the first exit: no entry, restart at once (Next starts it at 10 s)
    expect(b.isInBackOffSince('c', 100 * S, 100 * S)).toBe(false);
    b.next('c', 100 * S, 100 * S);
    // the second exit, 5 s later: 10 s of back-off from its finish
    expect(b.isInBackOffSince('c', 105 * S, 105 * S)).toBe(true);
    expect(b.isInBackOffSince('c', 105 * S, 115 * S - 1)).toBe(true);
    expect(b.isInBackOffSince('c', 105 * S, 115 * S)).toBe(false);
  });

  it('starts over after 2 × max (10 minutes) without an update: a container that ran that long is restarted at once, then 10 s', () => {
    const b = new Backoff(TIMINGS.crashBackoffMs, TIMINGS.crashBackoffMaxMs);
    let t = 0;
    for (let i = 0; i < 6; i++) b.next('c', t, (t += 1000));
    expect(b.get('c')).toBe(300 * S);
    const last = t;
    // finished 600 s after the last restart: still the old back-off
    expect(b.isInBackOffSince('c', last + 600 * S, last + 600 * S)).toBe(true);
    // finished more than 600 s after it: expired, no back-off, and Next starts over at 10 s
    const finished = last + 600 * S + 1;
    expect(b.isInBackOffSince('c', finished, finished)).toBe(false);
    b.next('c', finished, finished);
    expect(b.get('c')).toBe(10 * S);
  });

  it('GC forgets entries not updated for 2 × max', () => {
    const b = new Backoff(10 * S, 300 * S);
    b.next('old', 0, 0);
    b.next('new', 500 * S, 500 * S);
    b.gc(600 * S);
    expect(b.get('old')).toBe(10 * S);
    b.gc(600 * S + 1);
    expect([b.get('old'), b.get('new')]).toEqual([0, 10 * S]);
  });
});
