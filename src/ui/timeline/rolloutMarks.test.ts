import { describe, expect, it } from 'vitest'
import { observe, pruneFuture, stalledAt, type RolloutMark } from './rolloutMarks'

const DS = 'kube-system/fluentd-elasticsearch'

describe('rollout marks', () => {
  it('marks where a rollout stalled and where it recovered, once each', () => {
    let m: readonly RolloutMark[] = []
    m = observe(m, DS, false, 1000)
    expect(m).toEqual([])
    m = observe(m, DS, true, 5000)
    const once = m
    m = observe(m, DS, true, 6000)
    expect(m).toBe(once)
    m = observe(m, DS, false, 30_000)
    expect(m).toEqual([
      { at: 5000, ds: DS, kind: 'stalled' },
      { at: 30_000, ds: DS, kind: 'recovered' },
    ])
    expect(stalledAt(m, DS, 10_000)).toBe(true)
    expect(stalledAt(m, DS, 40_000)).toBe(false)
  })

  it('keeps each DaemonSet apart', () => {
    let m = observe([], DS, true, 5000)
    m = observe(m, 'default/other', true, 7000)
    m = observe(m, DS, false, 9000)
    expect(m.map((x) => `${x.ds}:${x.kind}@${x.at}`)).toEqual([`${DS}:stalled@5000`, 'default/other:stalled@7000', `${DS}:recovered@9000`])
  })

  it('after going back, seeing the same again changes nothing; seeing otherwise replaces what was recorded after', () => {
    const m = observe(observe([], DS, true, 5000), DS, false, 30_000)
    // back at 10 s: stalled, as recorded
    expect(observe(m, DS, true, 10_000)).toBe(m)
    // back at 10 s, and this time it is not stalled (something else was done): a recovery at 10 s
    expect(observe(m, DS, false, 10_000)).toEqual([
      { at: 5000, ds: DS, kind: 'stalled' },
      { at: 10_000, ds: DS, kind: 'recovered' },
    ])
    // the timeline forked at 20 s: the recorded recovery at 30 s is gone
    expect(pruneFuture(m, 20_000)).toEqual([{ at: 5000, ds: DS, kind: 'stalled' }])
    expect(pruneFuture(m, 40_000)).toBe(m)
  })
})
