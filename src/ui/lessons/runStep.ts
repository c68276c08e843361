// Running a lesson step on the page: its commands, in order, through the console (so they are echoed).

import { parseScript } from '../../engine/script/parse'
import type { LessonStep } from '../../lessons/types'

export interface StepCommand {
  line: string
  echo: string
  stdin?: string
}

/**
 * The commands of a step. When catching up (opening a lesson at step N), watching commands are
 * replaced by `sim settle` so the earlier steps finish at once instead of playing out in real time.
 */
export function stepCommands(step: LessonStep, catchUp = false): StepCommand[] {
  return parseScript(step.script).map((c) => {
    if (catchUp && /^kubectl rollout status\b/.test(c.command) && !/--watch=false/.test(c.command)) {
      return { line: 'sim settle', echo: 'sim settle' }
    }
    return { line: c.command, echo: c.stdin !== undefined ? `${c.command} <<EOF …` : c.command, stdin: c.stdin }
  })
}

/** Splits `a `code` b` into text and code parts for rendering (no markup is ever injected). */
export function inlineCode(text: string): { code: boolean; text: string }[] {
  return text.split('`').map((t, i) => ({ code: i % 2 === 1, text: t })).filter((p) => p.text !== '')
}
