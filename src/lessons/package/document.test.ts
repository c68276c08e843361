// A lesson written back as a document validates to the same lesson: every built-in one.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builtinLessonFiles, readLessonFile } from '../files';
import { parseLessonText } from '../load';
import { validateLesson } from '../validate';
import { lessonYaml } from './document';

describe('lessonYaml', () => {
  for (const file of builtinLessonFiles()) {
    it(`round-trips ${file.split('/').pop()}`, () => {
      const v = parseLessonText(readLessonFile(file), { dryRun: false });
      expect(v.problems).toEqual([]);
      const again = validateLesson(parse(lessonYaml(v.lesson!)), { dryRun: false });
      expect(again.problems).toEqual([]);
      expect(again.lesson).toEqual(v.lesson);
    });
  }
  it('keeps a passing score and a graph question', () => {
    const v = parseLessonText(
      readLessonFile(builtinLessonFiles().find((f) => f.endsWith('placement.yaml'))!),
      { dryRun: false },
    );
    const l = { ...v.lesson!, passingScore: 0.6 };
    expect(validateLesson(parse(lessonYaml(l)), { dryRun: false }).lesson).toEqual(l);
  });
});
