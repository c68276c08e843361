import { describe, expect, it } from 'vitest';
import { parseLessonMessage } from './lessonMessages';

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
