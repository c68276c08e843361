// Vite plugin: a built-in lesson (src/lessons/*.yaml) imported with `?lesson-document` is its YAML
// document as JSON text, parsed at build time by the page's own reader (load.ts `lessonDocument`).
// The page then only validates it (index.ts): the YAML parse of the lesson was the longest task of
// `?lesson=ID` on a phone (about 70 ms at 4× CPU, issue 24). A file that is not one YAML document,
// or holds a value JSON cannot carry, fails the build with its name and why.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { runnerImport, type Plugin } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const QUERY = /^(.*\.ya?ml)\?lesson-document$/;

type Load = typeof import('./load');

/** The lesson document of a YAML file as JSON text; throws with the file's name when there is none. */
export function lessonDocumentJson(
  file: string,
  text: string,
  lessonDocument: Load['lessonDocument'],
): string {
  const d = lessonDocument(text);
  if (!('doc' in d))
    throw new Error(
      `${file}: not a lesson document: ${d.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
    );
  const json = JSON.stringify(d.doc);
  if (!isDeepStrictEqual(JSON.parse(json), d.doc))
    throw new Error(`${file}: the lesson holds a value JSON cannot carry (it would change on the page)`);
  return json;
}

export function lessonDocumentPlugin(): Plugin {
  let root = process.cwd();
  let reader: Promise<Load> | null = null;
  return {
    name: 'daemonset-playground:lesson-document',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      const m = QUERY.exec(id);
      if (!m) return null;
      const file = m[1];
      this.addWatchFile(file);
      // load.ts through Vite's module runner (TypeScript, extensionless imports), once per build
      reader ??= runnerImport<Load>(join(here, 'load.ts'), {
        configFile: false,
        root,
        logLevel: 'warn',
      }).then((r) => r.module);
      const { lessonDocument } = await reader;
      const json = lessonDocumentJson(file, readFileSync(file, 'utf8'), lessonDocument);
      return `export default ${JSON.stringify(json)};`;
    },
  };
}
