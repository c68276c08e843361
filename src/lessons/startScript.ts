// Where a lesson starts on a fresh cluster (no engine needed to say it).

import type { Lesson } from './types';

/** The lines that put a fresh page cluster where the lesson starts: its preset, then its setup. */
export function lessonStartScript(lesson: Lesson): string {
  return `sim cluster ${lesson.preset}${lesson.nodes !== undefined ? ` --nodes ${lesson.nodes}` : ''}\n${lesson.setup}`;
}
