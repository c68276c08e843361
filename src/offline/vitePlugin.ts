// Vite plugin: builds src/offline/sw.ts into `sw.js` at the root of the build and prepends the
// precache manifest (every file of dist/ with a content hash), so the service worker can take the whole
// app offline, Monaco's 4 MB chunk included (no per-file size limit here). Build only.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { isPrecached, type PrecacheEntry, type PrecacheManifest } from './swCore.js';

const SW_ENTRY = fileURLToPath(new URL('./sw.ts', import.meta.url));
export const SW_FILE = 'sw.js';

function walk(dir: string, root: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, root, out);
    else out.push(relative(root, p).split(sep).join('/'));
  }
}

/** The manifest of a build folder (sorted, so the same files give the same version). */
export function buildManifest(outDir: string): PrecacheManifest {
  const files: string[] = [];
  walk(outDir, outDir, files);
  const entries: PrecacheEntry[] = files
    .filter(isPrecached)
    .sort()
    .map((url) => ({
      url,
      rev: createHash('sha256')
        .update(readFileSync(join(outDir, url)))
        .digest('hex')
        .slice(0, 12),
    }));
  const version = createHash('sha256')
    .update(entries.map((e) => `${e.url} ${e.rev}`).join('\n'))
    .digest('hex')
    .slice(0, 12);
  return { version, entries };
}

export function offlinePlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'daemonset-playground:offline',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_ENTRY, fileName: SW_FILE });
    },
    closeBundle() {
      const swPath = join(outDir, SW_FILE);
      const manifest = buildManifest(outDir);
      const code = readFileSync(swPath, 'utf8');
      writeFileSync(swPath, `self.__DSP_PRECACHE__ = ${JSON.stringify(manifest)};\n${code}`);
    },
  };
}
