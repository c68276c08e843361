// The built-in lessons on the page: the YAML files of this folder, bundled as text and validated the
// first time they are opened. Lookups by id (from the URL) go through a Map.

import { parseLessonText } from './load'
import type { Lesson } from './types'

const files = import.meta.glob<string>('./*.yaml', { query: '?raw', import: 'default', eager: true })

const SOURCES = new Map<string, string>()
for (const [path, text] of Object.entries(files)) SOURCES.set(path.replace(/^\.\//, '').replace(/\.yaml$/, ''), text)

const cache = new Map<string, Lesson | null>()

/** The order of the lesson list: the article first, then as a course would go; any others after. */
const ORDER = ['article', 'network', 'rolling-updates', 'taints', 'placement']

/** The ids of the built-in lessons, in the order the list shows them. */
export const BUILTIN_LESSONS: readonly string[] = [...ORDER.filter((k) => SOURCES.has(k)), ...[...SOURCES.keys()].filter((k) => !ORDER.includes(k)).sort()]

export function isBuiltinLesson(id: string | undefined): boolean {
  return id !== undefined && SOURCES.has(id)
}

/** The lesson with this id (from `?lesson=`, a link, a message): own entries only, so `constructor` is no lesson. */
export function lessonById(id: string | undefined): Lesson | undefined {
  if (id === undefined || !SOURCES.has(id)) return undefined
  if (!cache.has(id)) {
    const v = parseLessonText(SOURCES.get(id)!, { dryRun: false })
    if (!v.lesson) console.error(`built-in lesson ${id} is not valid:`, v.problems)
    cache.set(id, v.lesson)
  }
  return cache.get(id) ?? undefined
}

/** The raw file of a built-in lesson (for "download this lesson"). */
export function builtinLessonSource(id: string): string | undefined {
  return SOURCES.get(id)
}
