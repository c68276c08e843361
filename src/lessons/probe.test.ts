import { describe, expect, it } from 'vitest'
import { Session } from '../engine/script/session'
import { probeLines } from './probe'
import { parseLessonMessage } from '../embed/lessonMessages'

describe('expectations in the engine worker', () => {
  it('run read-only commands without changing the cluster, and refuse others', () => {
    const s = new Session()
    const before = s.sim.store.all().length
    const r = probeLines(s, ['kubectl get nodes -o name', 'kubectl delete node node-1', 'sim node add x'])
    expect(r[0]).toEqual({ text: 'node/master\nnode/node-1\n', exitCode: 0 })
    expect(r[1].exitCode).toBe(1)
    expect(r[1].text).toContain('not a read-only command')
    expect(r[2].exitCode).toBe(1)
    expect(s.sim.store.all().length).toBe(before)
  })
})

describe('the lesson message from a parent', () => {
  it('takes text or an object, and nothing else', () => {
    expect(parseLessonMessage({ type: 'lesson', lesson: 'a: 1' })).toEqual({ type: 'lesson', lesson: 'a: 1' })
    expect(parseLessonMessage({ type: 'lesson', lesson: { kind: 'Lesson' } })).toMatchObject({ type: 'lesson' })
    expect(parseLessonMessage({ type: 'lesson', lesson: 'x'.repeat(600_000) })).toBeNull()
    expect(parseLessonMessage({ type: 'lesson', lesson: [1] })).toBeNull()
    expect(parseLessonMessage({ type: 'load', script: '' })).toBeNull()
    expect(parseLessonMessage(null)).toBeNull()
  })
})
