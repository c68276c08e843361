// Reading a lesson: YAML or JSON text (a file, a URL, a message), or an object (a message). Bounded:
// a file too large, too deeply nested or full of aliases is refused with a message, never a hang.

import { parseAllDocuments } from 'yaml';
import { LESSON_LIMITS as L } from './limits';
import { validateLesson, type Problem, type ValidateOptions, type Validation } from './validate';

/** A lesson is a few levels deep; the YAML parser recurses once per level of [ and {. */
const MAX_FLOW_DEPTH = 200;

/** The deepest run of unclosed [ and { (a cheap bound; quotes are not considered). */
function flowDepth(text: string): number {
  let d = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) max = Math.max(max, ++d);
    else if ((c === 93 || c === 125) && d > 0) d--;
  }
  return max;
}

function fail(message: string, path = ''): Validation {
  return { lesson: null, problems: [{ path, message, kind: 'schema' }] };
}

/**
 * The document of lesson text (YAML; JSON is YAML too) as plain data, before validation; or why there
 * is none (too large, too deep, not YAML, several documents). The build runs this on the built-in
 * lessons (src/lessons/vitePlugin.ts) so the page only validates them.
 */
export function lessonDocument(text: string): { doc: unknown } | Validation {
  if (typeof text !== 'string') return fail('a lesson must be text (YAML or JSON) or an object');
  if (text.length > L.maxFileChars)
    return fail(`the lesson is ${text.length} characters long (at most ${L.maxFileChars})`);
  if (text.trim() === '') return fail('the lesson file is empty');
  if (flowDepth(text) > MAX_FLOW_DEPTH)
    return fail(`the lesson is nested too deeply to read (more than ${MAX_FLOW_DEPTH} levels of [ or {)`);
  try {
    const docs = parseAllDocuments(text, { uniqueKeys: true, prettyErrors: true });
    if (!Array.isArray(docs)) return fail('the lesson file is empty');
    const real = docs.filter((d) => d.contents !== null || d.errors.length);
    if (real.length > 1) return fail(`the file holds ${real.length} YAML documents; a lesson file holds one`);
    const d = real[0] ?? docs[0];
    const errs = d.errors;
    if (errs.length) {
      const problems: Problem[] = errs.slice(0, 20).map((e) => ({
        path: e.linePos ? `line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '',
        message: `not valid YAML: ${e.message.split('\n')[0]}`,
        kind: 'schema',
      }));
      return { lesson: null, problems };
    }
    return { doc: d.toJS({ maxAliasCount: L.maxAliases }) };
  } catch (e) {
    if (e instanceof RangeError) return fail('the lesson is nested too deeply to read');
    return fail(`not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Parses lesson text (YAML; JSON is YAML too) and validates it. */
export function parseLessonText(text: string, opts: ValidateOptions = {}): Validation {
  const d = lessonDocument(text);
  return 'doc' in d ? validateLesson(d.doc, opts) : d;
}

/** A lesson from a message: text, or an object (checked the same way). */
export function loadLesson(input: unknown, opts: ValidateOptions = {}): Validation {
  if (typeof input === 'string') return parseLessonText(input, opts);
  if (typeof input !== 'object' || input === null)
    return fail('a lesson must be text (YAML or JSON) or an object');
  let size: number;
  try {
    size = JSON.stringify(input)?.length ?? 0;
  } catch {
    return fail('the lesson object cannot be read as JSON (a cycle, or values JSON does not have)');
  }
  if (size > L.maxFileChars)
    return fail(`the lesson is ${size} characters long as JSON (at most ${L.maxFileChars})`);
  return validateLesson(JSON.parse(JSON.stringify(input)), opts);
}
