// The package manifests (src/lessons/package/manifest.ts) are valid against the published schemas,
// and the check fails on a manifest that is not.

import { describe, expect, it } from 'vitest';
import {
  cmi5Manifest,
  scorm12Manifest,
  scorm2004Manifest,
  type PackageInfo,
} from '../../src/lessons/package/manifest';
import { validateManifest } from './validateXml';

const info = (extra: Partial<PackageInfo> = {}): PackageInfo => ({
  id: 'taints',
  title: 'Taints & <tolerations>',
  description: 'A lesson',
  lessonRef: 'lesson.yaml',
  files: ['index.html', 'assets/index-1.js', 'lesson.yaml'],
  ...extra,
});

describe('package manifests against the published XSDs', () => {
  for (const [std, make] of [
    ['scorm12', scorm12Manifest],
    ['scorm2004', scorm2004Manifest],
    ['cmi5', cmi5Manifest],
  ] as const) {
    it(`${std}: valid with and without a passing score`, async () => {
      expect(await validateManifest(std, make(info()))).toEqual([]);
      expect(await validateManifest(std, make(info({ passingScore: 0.75 })))).toEqual([]);
    });
    it(`${std}: a manifest the schema refuses is refused`, async () => {
      const bad = make(info()).replace(/<title>/, '<subtitle>x</subtitle><title>');
      expect((await validateManifest(std, bad)).join('\n')).toMatch(/subtitle/);
    });
  }
  it('a SCORM 2004 passing score sits in the primary objective', () => {
    expect(scorm2004Manifest(info({ passingScore: 0.8 }))).toMatch(
      /satisfiedByMeasure="true">\s*<imsss:minNormalizedMeasure>0.8</,
    );
    expect(scorm12Manifest(info({ passingScore: 0.8 }))).toContain(
      '<adlcp:masteryscore>80</adlcp:masteryscore>',
    );
    expect(cmi5Manifest(info({ passingScore: 0.8 }))).toContain(
      'moveOn="CompletedAndPassed" masteryScore="0.8"',
    );
  });
});
