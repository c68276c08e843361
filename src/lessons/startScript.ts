// Where a lesson starts on a fresh cluster (no engine needed to say it): its lines, and the inputs of the
// engine's `init` that puts a page's cluster there.

import { parseScript } from '../engine/scripts';
import type { Input } from '../wire/protocol';
import type { Lesson } from './types';

/** The lines that put a fresh page cluster where the lesson starts: its preset, then its setup. */
export function lessonStartScript(lesson: Lesson): string {
  return `sim cluster ${lesson.preset}${lesson.nodes !== undefined ? ` --nodes ${lesson.nodes}` : ''}\n${lesson.setup}`;
}

/** The inputs that put a fresh cluster where the lesson starts: its preset, then its setup (not shown). */
export function lessonStartInputs(lesson: Lesson): Input[] {
  return parseScript(lessonStartScript(lesson)).map((c) => ({
    at: 0,
    line: c.command,
    ...(c.stdin !== undefined ? { stdin: c.stdin } : {}),
  }));
}
