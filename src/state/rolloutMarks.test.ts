import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../engine';
import { observe, pruneFuture, recoveryTime, stallStart, stalledAt, type RolloutMark } from './rolloutMarks';

const DS = 'kube-system/fluentd-elasticsearch';

describe('rollout marks', () => {
  it('marks where a rollout stalled and where it recovered, once each', () => {
    let m: readonly RolloutMark[] = [];
    m = observe(m, DS, false, 1000);
    expect(m).toEqual([]);
    m = observe(m, DS, true, 5000);
    const once = m;
    m = observe(m, DS, true, 6000);
    expect(m).toBe(once);
    m = observe(m, DS, false, 30_000);
    expect(m).toEqual([
      { at: 5000, ds: DS, kind: 'stalled' },
      { at: 30_000, ds: DS, kind: 'recovered' },
    ]);
    expect(stalledAt(m, DS, 10_000)).toBe(true);
    expect(stalledAt(m, DS, 40_000)).toBe(false);
  });

  it('keeps each DaemonSet apart', () => {
    let m = observe([], DS, true, 5000);
    m = observe(m, 'default/other', true, 7000);
    m = observe(m, DS, false, 9000);
    expect(m.map((x) => `${x.ds}:${x.kind}@${x.at}`)).toEqual([
      `${DS}:stalled@5000`,
      'default/other:stalled@7000',
      `${DS}:recovered@9000`,
    ]);
  });

  it('after going back, seeing the same again changes nothing; seeing otherwise replaces what was recorded after', () => {
    const m = observe(observe([], DS, true, 5000), DS, false, 30_000);
    // back at 10 s: stalled, as recorded
    expect(observe(m, DS, true, 10_000)).toBe(m);
    // back at 10 s, and this time it is not stalled (something else was done): a recovery at 10 s
    expect(observe(m, DS, false, 10_000)).toEqual([
      { at: 5000, ds: DS, kind: 'stalled' },
      { at: 10_000, ds: DS, kind: 'recovered' },
    ]);
    // the timeline forked at 20 s: the recorded recovery at 30 s is gone
    expect(pruneFuture(m, 20_000)).toEqual([{ at: 5000, ds: DS, kind: 'stalled' }]);
    expect(pruneFuture(m, 40_000)).toBe(m);
  });
});

const START = 1_000_000;
function ev(
  at: number,
  type: 'Normal' | 'Warning',
  reason: string,
  kind: string,
  name: string,
): RecordedEvent {
  return {
    time: START + at,
    type,
    reason,
    message: '',
    component: kind === 'Pod' ? 'kubelet' : 'daemonset-controller',
    object: { kind, namespace: 'kube-system', name },
  };
}

describe('placing a change seen after a long sim advance', () => {
  // set image at 20 s; the new pod on master fails to pull from 22 s; the page looks at 110 s;
  // undo at 110 s: the controller deletes the failing pod at once.
  const events = [
    ev(20_000, 'Normal', 'SuccessfulDelete', 'DaemonSet', 'fluentd-elasticsearch'),
    ev(21_000, 'Normal', 'SuccessfulCreate', 'DaemonSet', 'fluentd-elasticsearch'),
    ev(21_500, 'Normal', 'Pulling', 'Pod', 'f-new'),
    ev(22_000, 'Warning', 'Failed', 'Pod', 'f-new'),
    ev(32_000, 'Warning', 'Failed', 'Pod', 'f-new'),
    ev(40_000, 'Warning', 'Failed', 'Pod', 'f-other'),
    ev(110_000, 'Normal', 'SuccessfulDelete', 'DaemonSet', 'fluentd-elasticsearch'),
  ];
  const pods = ['kube-system/f-new'];

  it('a stall starts where its failing pods first failed (the last of them to)', () => {
    expect(stallStart(events, pods, 0, 110_000, START)).toBe(22_000);
    expect(stallStart(events, ['kube-system/f-new', 'kube-system/f-other'], 0, 110_000, START)).toBe(40_000);
    expect(stallStart(events, pods, 0, 21_000, START)).toBeUndefined();
  });

  it('a recovery is placed at the first thing the controller or the failing pods did after the stall', () => {
    expect(recoveryTime(events, DS, pods, 22_000, 150_000, START)).toBe(110_000);
    expect(recoveryTime(events, DS, pods, 110_000, 150_000, START)).toBeUndefined();
  });

  it('observe places the mark between the last one and the moment it was seen', () => {
    let m = observe([], DS, true, 110_000, (since) => ({
      at: stallStart(events, pods, since, 110_000, START) ?? 110_000,
      pods,
    }));
    expect(m).toEqual([{ at: 22_000, ds: DS, kind: 'stalled', pods }]);
    m = observe(m, DS, false, 170_000, (since, last) => ({
      at: recoveryTime(events, DS, last?.pods ?? [], since, 170_000, START) ?? 170_000,
    }));
    expect(m.map((x) => [x.kind, x.at])).toEqual([
      ['stalled', 22_000],
      ['recovered', 110_000],
    ]);
    // never before the last mark, never after the moment seen
    expect(observe([], DS, true, 50_000, () => ({ at: 90_000 }))[0].at).toBe(50_000);
    expect(
      observe([{ at: 30_000, ds: DS, kind: 'stalled' }], DS, false, 50_000, () => ({ at: 10_000 }))[1].at,
    ).toBe(30_000);
  });
});
