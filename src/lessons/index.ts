import { articleLesson } from './article'
import type { Lesson } from './types'

export const LESSONS: Record<string, Lesson> = { [articleLesson.id]: articleLesson }

export function lessonById(id: string | undefined): Lesson | undefined {
  return id ? LESSONS[id] : undefined
}

/** The scenario script of the first `upTo` steps (all by default), as the CLI replays it. */
export function lessonScript(lesson: Lesson, upTo = lesson.steps.length): string {
  const head = lesson.preset === 'article' ? '' : `sim cluster ${lesson.preset}\n`
  return head + lesson.steps.slice(0, upTo).map((s) => s.script).join('')
}
