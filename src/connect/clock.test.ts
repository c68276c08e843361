import { describe, expect, it } from 'vitest'
import { ServedClock } from './clock'

describe('ServedClock', () => {
  it('is the wall clock without readings', () => {
    expect(new ServedClock().now(1234)).toBe(1234)
  })
  it('runs on from the last reading at the rate the readings show', () => {
    const c = new ServedClock()
    c.reading(1_000_000, 0)
    expect(c.now(500)).toBe(1_000_500) // rate 1 until a second reading
    c.reading(1_020_000, 1000) // 20 s of server time in 1 s: --speed 20
    expect(c.now(1500)).toBe(1_030_000)
    c.reading(1_020_000, 3000) // paced and idle: it stands still
    expect(c.now(9000)).toBe(1_020_000)
  })
  it('forgets its readings', () => {
    const c = new ServedClock()
    c.reading(5, 0)
    c.clear()
    expect(c.now(77)).toBe(77)
  })
})
