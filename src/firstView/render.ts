// The first view's HTML from the sources the page draws from: the English strings, the article's
// manifest, and the nodes of the page's preset cluster as the engine registers them. Run at build
// time by vitePlugin.ts (through Vite's module runner: the engine's files are not plain Node modules).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTICLE_MANIFEST, Session } from '../engine';
import { firstViewHtml, type FirstViewNode } from './firstView';
import { shareViewHtml } from './shareView';

/** The nodes the page's cluster starts with (the worker's `new Session()`: the article preset). */
export function presetNodes(): FirstViewNode[] {
  return new Session().sim.store.list('Node').map((n) => ({
    name: n.metadata.name,
    taintEffects: (n.spec?.taints ?? []).map((t) => t.effect),
  }));
}

/** `ns:dotted.key` looked up in the English locale files under root. */
export function englishStrings(root: string): (key: string) => string {
  const files = new Map<string, unknown>();
  return (key) => {
    const [ns, path] = key.split(':');
    if (!files.has(ns))
      files.set(ns, JSON.parse(readFileSync(join(root, 'src/i18n/locales/en', `${ns}.json`), 'utf8')));
    let v: unknown = files.get(ns);
    for (const p of path.split('.'))
      v = v && typeof v === 'object' && Object.hasOwn(v, p) ? (v as Record<string, unknown>)[p] : undefined;
    if (typeof v !== 'string') throw new Error(`first view: no English string ${key}`);
    return v;
  };
}

/** The first views, the plain page's, presentation mode's and a share link's; boot.js shows the one that applies. */
export function renderFirstView(root: string): string {
  const input = { t: englishStrings(root), manifest: ARTICLE_MANIFEST, nodes: presetNodes() };
  return firstViewHtml(input) + firstViewHtml({ ...input, present: true }) + shareViewHtml(input.t);
}
