// The built-in lesson files, read from disk (Node: the CLI, the scenario check). The page bundles the
// same files through import.meta.glob (./index.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LESSON_DIR = resolve(dirname(fileURLToPath(import.meta.url)));

/** The built-in lessons' file names (NAME.yaml), article first. */
export function builtinLessonFiles(): string[] {
  const names = readdirSync(LESSON_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  return [...names.filter((n) => n === 'article.yaml'), ...names.filter((n) => n !== 'article.yaml')].map(
    (n) => join(LESSON_DIR, n),
  );
}

export function readLessonFile(path: string): string {
  return readFileSync(path, 'utf8');
}
