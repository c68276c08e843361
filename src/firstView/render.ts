// The first view's HTML from the sources the page draws from: the English strings, the article's
// manifest, and the nodes of the page's preset cluster as the engine registers them. Run at build
// time by vitePlugin.ts (through Vite's module runner: the engine's files are not plain Node modules).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTICLE_MANIFEST, Session } from '../engine';
import { lastHeredocManifest, parseScript } from '../engine/scripts';
import { BUILTIN_LESSONS } from '../lessons/index';
import { parseLessonText } from '../lessons/load';
import type { Lesson } from '../lessons/types';
import { PRESETS } from '../ui/manifest/presets';
import { firstViewHtml, type FirstViewNode } from './firstView';
import { lessonTemplateHtml, lessonViewUnsupported } from './lessonView';
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

/**
 * The cluster a lesson starts on (lessonHost's prepareCluster: a fresh cluster of its preset, its setup
 * run), and whether cards drawn at build time show it as the graph will: every node Ready, no pod.
 */
export function lessonStartCluster(lesson: Lesson): { nodes: FirstViewNode[]; drawable: boolean } {
  const session = new Session({ seed: 1, preset: lesson.preset, nodes: lesson.nodes });
  for (const c of parseScript(lesson.setup)) {
    const r = session.exec(c.command, c.stdin);
    if (r.exitCode !== 0) throw new Error(`first view: lesson ${lesson.id}'s setup failed at line ${c.line}`);
  }
  const nodes = session.sim.store.list('Node');
  const ready = nodes.every((n) =>
    (n.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True'),
  );
  return {
    nodes: nodes.map((n) => ({
      name: n.metadata.name,
      taintEffects: (n.spec?.taints ?? []).map((t) => t.effect),
    })),
    drawable: ready && session.sim.store.list('Pod').length === 0,
  };
}

/** Why a lesson gets no first view at all, null when it gets one (lessonView.ts draws its first step). */
export function lessonFirstViewSkipped(lesson: Lesson): string | null {
  // the editor would show the setup's manifest, applied (lessonHost), not the article's the shell has
  if (lastHeredocManifest(parseScript(lesson.setup)) !== null)
    return 'its setup puts a manifest in the editor';
  return lessonViewUnsupported(lesson);
}

/**
 * The built-in lessons as the page loads them (src/lessons/index.ts: the folder's YAML files, parsed
 * by parseLessonText), read from the files here: Vite's module runner is closed once render.ts is
 * imported, so the page's lazy imports of them cannot run at build time.
 */
export function builtinLessonFiles(root: string): Lesson[] {
  return BUILTIN_LESSONS.map((id) => {
    const v = parseLessonText(readFileSync(join(root, 'src/lessons', `${id}.yaml`), 'utf8'), {
      dryRun: false,
    });
    if (!v.lesson) throw new Error(`first view: built-in lesson ${id} is not valid`);
    return v.lesson;
  });
}

/** The lesson shell (one) and a template of parts per built-in lesson it can draw; boot.js picks one. */
export function renderLessonFirstViews(root: string): string {
  const t = englishStrings(root);
  const templates = builtinLessonFiles(root)
    .filter((l) => lessonFirstViewSkipped(l) === null)
    .map((l) => lessonTemplateHtml(l, t, lessonStartCluster(l)));
  return (
    firstViewHtml({
      t,
      manifest: ARTICLE_MANIFEST,
      nodes: [],
      lesson: true,
      presetIds: PRESETS.map((p) => p.id),
    }) + templates.join('')
  );
}
