// The built-in lessons on the page: the YAML files of this folder, each bundled in a chunk of its own
// (loaded the first time a lesson is listed or opened, not before the first paint: the eight lessons in
// two languages are about 29 KiB gzip) and validated then. Lookups by id (from the URL) go through a Map.

import { validateLesson } from './validate';
import type { Lesson } from './types';

// Each file comes as its YAML document in JSON text, parsed at build time (vitePlugin.ts): the page
// validates it but does not parse YAML for it (on a phone the parse was the longest task of ?lesson=ID).
const files = import.meta.glob<string>('./*.yaml', { query: '?lesson-document', import: 'default' });

const SOURCES = new Map<string, () => Promise<string>>();
for (const [path, load] of Object.entries(files))
  SOURCES.set(path.replace(/^\.\//, '').replace(/\.yaml$/, ''), load);

const cache = new Map<string, Promise<Lesson | undefined>>();

/** The order of the lesson list: the article first, then as a course would go; any others after. */
const ORDER = [
  'article',
  'network',
  'rolling-updates',
  'bad-release',
  'taints',
  'placement',
  'daemonset-or-deployment',
  'full-node',
];

/** The ids of the built-in lessons, in the order the list shows them. */
export const BUILTIN_LESSONS: readonly string[] = [
  ...ORDER.filter((k) => SOURCES.has(k)),
  ...[...SOURCES.keys()].filter((k) => !ORDER.includes(k)).sort(),
];

export function isBuiltinLesson(id: string | undefined): boolean {
  return id !== undefined && SOURCES.has(id);
}

/** The lesson with this id (from `?lesson=`, a link, a message): own entries only, so `constructor` is no lesson. */
export function lessonById(id: string | undefined): Promise<Lesson | undefined> {
  if (id === undefined || !SOURCES.has(id)) return Promise.resolve(undefined);
  let p = cache.get(id);
  if (!p) {
    p = SOURCES.get(id)!().then((json) => {
      const v = validateLesson(JSON.parse(json), { dryRun: false });
      if (!v.lesson) console.error(`built-in lesson ${id} is not valid:`, v.problems);
      return v.lesson ?? undefined;
    });
    cache.set(id, p);
  }
  return p;
}

/**
 * The built-in lesson's chunk fetched, not validated (the entry asks for it with App's modules, issue
 * 24): lessonById's load later finds the module there. Nothing for an id that is no built-in lesson.
 */
export function prefetchLesson(id: string): void {
  if (SOURCES.has(id)) void SOURCES.get(id)!().catch(() => undefined);
}

/** Every built-in lesson, in the list's order (the ones that fail to load left out). */
export async function builtinLessons(): Promise<Lesson[]> {
  const all = await Promise.all(BUILTIN_LESSONS.map((id) => lessonById(id)));
  return all.filter((l): l is Lesson => l !== undefined);
}
