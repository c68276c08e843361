// "Download for an LMS…" on the page (issue 25): the same package as `sim --package`, made from the
// site the page was loaded from. The build's files are the service worker's precache list (sw.js,
// src/offline/vitePlugin.ts) plus the classic bundle for sandboxed frames that index.html names
// (boot.js's data-classic attributes; its engine worker sits beside it). Loaded only when asked for.

import { buildPackage } from '../lessons/package/build';
import { lessonYaml } from '../lessons/package/document';
import type { PackageStandard } from '../lessons/package/manifest';
import { textIn, type Lesson } from '../lessons/types';

async function fetchBytes(url: URL): Promise<Uint8Array> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The paths of the build, from sw.js's precache manifest and index.html's classic bundle. */
export function buildPaths(swText: string, indexHtml: string): string[] {
  const m = /^self\.__DSP_PRECACHE__ = (\{.*?\});\n/.exec(swText);
  if (!m)
    throw new Error(
      'this site has no file list (sw.js): packages are made from the built site, not the dev server',
    );
  const entries = (JSON.parse(m[1]) as { entries: { url: string }[] }).entries.map((e) => e.url);
  const classic: string[] = [];
  for (const attr of ['data-classic', 'data-classic-css']) {
    const a = new RegExp(`${attr}="\\./([^"]+)"`).exec(indexHtml);
    if (a) classic.push(a[1]);
  }
  if (classic.length) classic.push(classic[0].replace(/[^/]+$/, 'engine.worker.js'));
  return [...new Set([...entries, ...classic, 'index.html'])];
}

export async function packageInPage(
  lesson: Lesson,
  builtin: boolean,
  standard: PackageStandard,
  onProgress: (done: number, total: number) => void,
  base: URL = new URL('./', document.baseURI),
): Promise<{ blob: Blob; name: string }> {
  const [sw, index] = await Promise.all([
    fetchBytes(new URL('sw.js', base)),
    fetchBytes(new URL('index.html', base)),
  ]);
  const dec = new TextDecoder();
  const paths = buildPaths(dec.decode(sw), dec.decode(index));
  const files = new Map<string, Uint8Array>();
  let done = 0;
  onProgress(0, paths.length);
  // a few at a time: the build is ~60 files, Monaco's chunk among them
  const queue = [...paths];
  const worker = async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
      files.set(p, p === 'index.html' ? index : await fetchBytes(new URL(p, base)));
      onProgress(++done, paths.length);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const title = textIn(lesson.title, 'en');
  const pkg = buildPackage({
    standard,
    id: lesson.id,
    title,
    description: `${title}: a DaemonSet Playground lesson in ${lesson.steps.length} steps`,
    ...(lesson.passingScore !== undefined ? { passingScore: lesson.passingScore } : {}),
    builtinId: builtin ? lesson.id : null,
    lessonText: builtin ? null : lessonYaml(lesson),
    files,
  });
  return {
    blob: new Blob([pkg.zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    name: `${lesson.id}-${standard}.zip`,
  };
}
