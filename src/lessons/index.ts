import { articleLesson } from './article'
import type { Lesson } from './types'

export const LESSONS: Record<string, Lesson> = { [articleLesson.id]: articleLesson }

/** The lesson with this id (from `?lesson=`, a link, a message): own entries only, so `constructor` is no lesson. */
export function lessonById(id: string | undefined): Lesson | undefined {
  return id && Object.prototype.hasOwnProperty.call(LESSONS, id) ? LESSONS[id] : undefined
}

/** The scenario script of the first `upTo` steps (all by default), as the CLI replays it. */
export function lessonScript(lesson: Lesson, upTo = lesson.steps.length): string {
  const head = lesson.preset === 'article' ? '' : `sim cluster ${lesson.preset}\n`
  return head + lesson.steps.slice(0, upTo).map((s) => s.script).join('')
}
