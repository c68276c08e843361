import { describe, expect, it } from 'vitest';
import { parseLessonMessage, startLessonMessages, type LessonOutgoing } from './lessonMessages';

describe('the lesson message from a parent', () => {
  it('takes text or an object, and nothing else', () => {
    expect(parseLessonMessage({ type: 'lesson', lesson: 'a: 1' })).toEqual({
      type: 'lesson',
      lesson: 'a: 1',
    });
    expect(parseLessonMessage({ type: 'lesson', lesson: { kind: 'Lesson' } })).toMatchObject({
      type: 'lesson',
    });
    expect(parseLessonMessage({ type: 'lesson', lesson: 'x'.repeat(600_000) })).toBeNull();
    expect(parseLessonMessage({ type: 'lesson', lesson: [1] })).toBeNull();
    expect(parseLessonMessage({ type: 'load', script: '' })).toBeNull();
    expect(parseLessonMessage(null)).toBeNull();
  });
});

describe('the lesson reply carries the requestId it was sent with', () => {
  it('on success and on a lesson that is not valid', async () => {
    const sent: LessonOutgoing[] = [];
    const m = startLessonMessages(
      (x) => sent.push(x),
      async (l) =>
        l === 'good'
          ? { ok: true, lesson: { id: 'l1', steps: [1, 2] } }
          : { ok: false, message: 'not a lesson', problems: ['kind: missing'] },
    );
    expect(m.handle({ type: 'lesson', lesson: 'good', requestId: 'open-1' })).toBe(true);
    expect(m.handle({ type: 'lesson', lesson: 'bad', requestId: 9 })).toBe(true);
    expect(m.handle({ type: 'lesson', lesson: 'good' })).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    m.stop();
    expect(sent).toEqual([
      { type: 'lesson', lesson: 'l1', steps: 2, requestId: 'open-1' },
      {
        type: 'error',
        request: 'lesson',
        message: 'not a lesson',
        problems: ['kind: missing'],
        requestId: 9,
      },
      { type: 'lesson', lesson: 'l1', steps: 2 },
    ]);
  });
});
