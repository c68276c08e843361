// Lesson messages between the embed and its parent page (issue 13). From the parent: `{type: 'lesson',
// lesson}` (YAML/JSON text or an object; same origin rules as `load`). To the parent: `answer`, `goal`
// and `score` (what an LMS records), and `error` with `request: 'lesson'` when a lesson fails to load.

import { onLessonEvent, type LessonEvent } from '../state/lessonProgress';
import { LESSON_LIMITS } from '../lessons/limits';
import { readRequestId, withRequestId, type RequestId } from './protocol';

export type LessonOutgoing =
  | LessonEvent
  | { type: 'error'; request: 'lesson'; message: string; problems: string[]; requestId?: RequestId }
  | { type: 'lesson'; lesson: string; steps: number; requestId?: RequestId };

export type LessonIncoming = {
  type: 'lesson';
  lesson: string | Record<string, unknown>;
  requestId?: RequestId;
};

/** The parent's lesson message, or null when it is not one (then the bridge looks at it). */
export function parseLessonMessage(data: unknown): LessonIncoming | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (!Object.hasOwn(d, 'type') || d.type !== 'lesson') return null;
  if (!Object.hasOwn(d, 'lesson')) return null;
  const l = d.lesson;
  const id = withRequestId(readRequestId(d));
  if (typeof l === 'string')
    return l.length <= LESSON_LIMITS.maxFileChars ? { type: 'lesson', lesson: l, ...id } : null;
  if (typeof l === 'object' && l !== null && !Array.isArray(l))
    return { type: 'lesson', lesson: l as Record<string, unknown>, ...id };
  return null;
}

/**
 * Wires lesson messages to a bridge: `send` posts to the parent (the bridge knows where), `open` opens
 * a lesson. Returns the handler for incoming messages (already origin-checked by the bridge) and a stop.
 */
export function startLessonMessages(
  send: (m: LessonOutgoing) => void,
  open: (
    lesson: string | Record<string, unknown>,
  ) => Promise<
    | { ok: true; lesson: { id: string; steps: unknown[] } }
    | { ok: false; message: string; problems: string[] }
  >,
): { handle: (data: unknown) => boolean; stop: () => void } {
  const stop = onLessonEvent((e) => send(e));
  const handle = (data: unknown): boolean => {
    const m = parseLessonMessage(data);
    if (!m) return false;
    void open(m.lesson).then((r) => {
      const id = withRequestId(m.requestId);
      if (r.ok) send({ type: 'lesson', lesson: r.lesson.id, steps: r.lesson.steps.length, ...id });
      else
        send({
          type: 'error',
          request: 'lesson',
          message: r.message,
          problems: r.problems.slice(0, 50),
          ...id,
        });
    });
    return true;
  };
  return { handle, stop };
}
