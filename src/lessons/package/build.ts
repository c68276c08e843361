// A lesson package as a zip (issue 25), pure: the built playground's files, the lesson, the manifest.
// The CLI (src/cli/packageLesson.ts) reads the files from dist/; the page fetches its own.

import { strToU8, zipSync, type Zippable } from 'fflate';
import { manifestFor, type PackageStandard } from './manifest';

export interface PackageInput {
  standard: PackageStandard;
  id: string;
  title: string;
  description: string;
  passingScore?: number;
  /** a built-in lesson's id, or null to ship `lessonText` as lesson.yaml */
  builtinId: string | null;
  lessonText: string | null;
  /** the build, by path (`index.html`, `assets/…`) */
  files: ReadonlyMap<string, Uint8Array>;
}

/** Files of a build that do not go into a package: the service worker (it would cache the LMS's origin). */
export function packagedFile(path: string): boolean {
  return path !== 'sw.js' && !path.endsWith('.map') && path !== 'imsmanifest.xml' && path !== 'cmi5.xml';
}

/** cmi5 reports to an endpoint the LMS names at launch, on any origin: the page's CSP lets it connect. */
export function widenConnectSrc(html: string): string {
  return html.replace(/connect-src ([^;"]*)/, (_m, v: string) => `connect-src ${v} https: http:`);
}

export function buildPackage(input: PackageInput): {
  zip: Uint8Array;
  manifest: string;
  launch: string;
  files: string[];
} {
  if (!input.files.has('index.html')) throw new Error('the build has no index.html');
  const tree: Zippable = {};
  const names: string[] = [];
  for (const [path, bytes] of [...input.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!packagedFile(path)) continue;
    const data =
      path === 'index.html' && input.standard === 'cmi5'
        ? strToU8(widenConnectSrc(new TextDecoder().decode(bytes)))
        : bytes;
    tree[path] = [data, { level: /\.(png|woff2?|zip|gz)$/.test(path) ? 0 : 6 }];
    names.push(path);
  }
  let lessonRef: string;
  if (input.builtinId !== null) lessonRef = input.builtinId;
  else {
    if (input.lessonText === null) throw new Error('a lesson file needs its text');
    lessonRef = 'lesson.yaml';
    tree[lessonRef] = strToU8(input.lessonText);
    names.push(lessonRef);
  }
  const m = manifestFor(input.standard);
  const manifest = m.make({
    id: input.id,
    title: input.title,
    description: input.description,
    passingScore: input.passingScore,
    lessonRef,
    files: names,
  });
  tree[m.name] = strToU8(manifest);
  const launch = /<url>([^<]*)<\/url>|href="(index\.html[^"]*)"/.exec(manifest);
  return {
    zip: zipSync(tree, { mtime: new Date('2026-01-01T00:00:00Z') }),
    manifest,
    launch: (launch?.[1] ?? launch?.[2] ?? '').replace(/&amp;/g, '&'),
    files: [...names, m.name],
  };
}
