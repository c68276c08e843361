// `npm run -s sim -- --package scorm12|scorm2004|cmi5 LESSON OUT.zip` (issue 25): a lesson as a package
// an LMS imports. LESSON is a built-in lesson's id (taints, network…) or a lesson file; the zip holds the
// build in dist/ (run `npm run build` first), the lesson and the manifest (src/lessons/package/).
// Exit 0: written; 2: bad arguments, no build, or a lesson that is not valid (each problem named).

import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLessonText } from '../lessons/load';
import { formatProblem } from '../lessons/validate';
import { emptyClusterDryRun } from '../lessons/dryRun';
import { textIn } from '../lessons/types';
import { buildPackage } from '../lessons/package/build';
import { PACKAGE_STANDARDS, type PackageStandard } from '../lessons/package/manifest';

const USAGE =
  'usage: npm run -s sim -- --package scorm12|scorm2004|cmi5 LESSON OUT.zip   (LESSON: a built-in id or a lesson file)';
const LESSONS_DIR = fileURLToPath(new URL('../lessons/', import.meta.url));
const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

export interface PackageIo {
  out(s: string): void;
  err(s: string): void;
}

function walk(dir: string, root: string, out: Map<string, Uint8Array>): void {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, root, out);
    else out.set(relative(root, p).split(sep).join('/'), readFileSync(p));
  }
}

/** Reads the build: every file of dist/ by its path. */
export function readBuild(dir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  walk(dir, dir, files);
  return files;
}

export function runPackageCli(
  args: string[],
  io: PackageIo,
  opts: { distDir?: string; lessonsDir?: string } = {},
): number {
  const [standard, lessonArg, out, ...rest] = args;
  if (!standard || !lessonArg || !out || rest.length) {
    io.err(`sim: --package needs a standard, a lesson and a zip file\n${USAGE}\n`);
    return 2;
  }
  if (!(PACKAGE_STANDARDS as readonly string[]).includes(standard)) {
    io.err(
      `sim: --package: unknown standard ${JSON.stringify(standard)} (one of ${PACKAGE_STANDARDS.join(', ')})\n`,
    );
    return 2;
  }
  const dist = opts.distDir ?? DIST_DIR;
  if (!existsSync(join(dist, 'index.html'))) {
    io.err(`sim: --package: no build in ${dist}: run \`npm run build\` first\n`);
    return 2;
  }
  const lessonsDir = opts.lessonsDir ?? LESSONS_DIR;
  const builtin =
    /^[a-z0-9][a-z0-9.-]*$/.test(lessonArg) &&
    !existsSync(lessonArg) &&
    existsSync(join(lessonsDir, `${lessonArg}.yaml`));
  const file = builtin ? join(lessonsDir, `${lessonArg}.yaml`) : lessonArg;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    io.err(
      `sim: --package: cannot read ${lessonArg} (neither a built-in lesson nor a readable file): ${(e as Error).message}\n`,
    );
    return 2;
  }
  const v = parseLessonText(text, { dryRun: emptyClusterDryRun() });
  if (!v.lesson) {
    io.err(
      `${lessonArg}: not a valid lesson (${v.problems.length} problem${v.problems.length === 1 ? '' : 's'}):\n`,
    );
    for (const p of v.problems) io.err(`${lessonArg}: ${formatProblem(p)}\n`);
    return 2;
  }
  const lesson = v.lesson;
  const title = textIn(lesson.title, 'en');
  const pkg = buildPackage({
    standard: standard as PackageStandard,
    id: lesson.id,
    title,
    description: `${title}: a DaemonSet Playground lesson in ${lesson.steps.length} steps`,
    ...(lesson.passingScore !== undefined ? { passingScore: lesson.passingScore } : {}),
    builtinId: builtin ? lessonArg : null,
    lessonText: builtin ? null : text,
    files: readBuild(dist),
  });
  try {
    writeFileSync(out, pkg.zip);
  } catch (e) {
    io.err(`sim: --package: cannot write ${out}: ${(e as Error).message}\n`);
    return 2;
  }
  io.out(
    `${out}: ${standard} package of lesson ${lesson.id} (${pkg.files.length} files, ${Math.round(pkg.zip.length / 1024)} KiB), launch ${pkg.launch}\n`,
  );
  return 0;
}
