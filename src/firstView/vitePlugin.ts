// Vite plugin: the first view's static HTML (firstView.ts) put inside index.html's #root at build
// time, from the same sources the page draws from: the English strings, the article's manifest, and
// the nodes of the page's preset cluster as the engine registers them. Build only.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { ARTICLE_MANIFEST, Session } from '../engine';
import { firstViewHtml, type FirstViewNode } from './firstView';

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

export function withFirstView(html: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('first view: index.html has no empty <div id="root"></div>');
  return html.replace(root, () => `<div id="root">${markup}</div>`);
}

export function firstViewPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'daemonset-playground:first-view',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: (html) =>
      withFirstView(
        html,
        firstViewHtml({ t: englishStrings(root), manifest: ARTICLE_MANIFEST, nodes: presetNodes() }),
      ),
  };
}
