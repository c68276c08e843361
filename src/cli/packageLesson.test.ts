// `sim --package`: a zip with the build, the lesson and the manifest; a clear refusal without a build,
// with an unknown standard or with a lesson that is not valid.

import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runPackageCli } from './packageLesson';

function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsp-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self' http://127.0.0.1:*; object-src 'none'"><div id="root"></div>`,
  );
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets', 'index-abc.js.map'), '{}');
  writeFileSync(join(dir, 'sw.js'), 'self.__DSP_PRECACHE__ = {}');
  return dir;
}

function run(args: string[], opts: { distDir?: string } = {}) {
  let out = '';
  let err = '';
  const code = runPackageCli(args, { out: (s) => (out += s), err: (s) => (err += s) }, opts);
  return { code, out, err };
}

describe('sim --package', () => {
  const dist = fakeBuild();
  const tmp = mkdtempSync(join(tmpdir(), 'dsp-pkg-'));

  it('a built-in lesson as SCORM 1.2: the build without the service worker and maps, the manifest launching it', () => {
    const zip = join(tmp, 'taints.zip');
    const r = run(['scorm12', 'taints', zip], { distDir: dist });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('scorm12 package of lesson taints');
    const files = unzipSync(readFileSync(zip));
    expect(Object.keys(files).sort()).toEqual(['assets/index-abc.js', 'imsmanifest.xml', 'index.html']);
    const manifest = strFromU8(files['imsmanifest.xml']);
    expect(manifest).toContain('href="index.html?lesson=taints&amp;lms=scorm12&amp;offline=0"');
    expect(manifest).toContain('<file href="assets/index-abc.js"/>');
  });

  it('a lesson file as cmi5: the file goes in as lesson.yaml, the page may connect to the LMS’s endpoint', () => {
    const lesson = join(tmp, 'mine.yaml');
    writeFileSync(
      lesson,
      readFileSync(new URL('../lessons/taints.yaml', import.meta.url), 'utf8')
        .replace('name: taints', 'name: my-taints')
        .replace('preset: kubeadm', 'preset: kubeadm\n  passingScore: 0.7'),
    );
    const zip = join(tmp, 'mine.zip');
    expect(run(['cmi5', lesson, zip], { distDir: dist }).code).toBe(0);
    const files = unzipSync(readFileSync(zip));
    expect(strFromU8(files['lesson.yaml'])).toContain('name: my-taints');
    const xml = strFromU8(files['cmi5.xml']);
    expect(xml).toContain('<url>index.html?lesson=lesson.yaml&amp;lms=cmi5&amp;offline=0</url>');
    expect(xml).toContain('masteryScore="0.7"');
    expect(strFromU8(files['index.html'])).toContain("connect-src 'self' http://127.0.0.1:* https: http:;");
  });

  it('refuses: no build, an unknown standard, missing arguments, a lesson that is not valid', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dsp-empty-'));
    const r = run(['scorm12', 'taints', join(tmp, 'x.zip')], { distDir: empty });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no build in .*run `npm run build` first/);
    expect(run(['scorm3', 'taints', join(tmp, 'x.zip')], { distDir: dist }).err).toMatch(
      /unknown standard "scorm3"/,
    );
    expect(run(['scorm12', 'taints'], { distDir: dist }).err).toMatch(
      /needs a standard, a lesson and a zip file/,
    );
    const bad = join(tmp, 'bad.yaml');
    writeFileSync(
      bad,
      'apiVersion: playground.daemonset.dev/v1\nkind: Lesson\nmetadata:\n  name: bad\nspec:\n  title: x\n  passingScore: 2\n  steps:\n    - title: a\n      script: ""\n',
    );
    const b = run(['scorm2004', bad, join(tmp, 'bad.zip')], { distDir: dist });
    expect(b.code).toBe(2);
    expect(b.err).toMatch(/spec\.passingScore.*must be a number from 0 to 1/);
    expect(run(['scorm2004', join(tmp, 'nope.yaml'), join(tmp, 'n.zip')], { distDir: dist }).err).toMatch(
      /cannot read/,
    );
  });
});
