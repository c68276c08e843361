import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lessonDocument, parseLessonText } from './load';
import { validateLesson } from './validate';
import { lessonDocumentJson } from './vitePlugin';
import { BUILTIN_LESSONS, lessonById } from './index';

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));

describe('built-in lessons parsed at build time (issue 24)', () => {
  it('each file as JSON text gives the lesson its YAML gives', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const f of files) {
      const text = readFileSync(dir + f, 'utf8');
      const fromJson = validateLesson(JSON.parse(lessonDocumentJson(f, text, lessonDocument)), {
        dryRun: false,
      });
      expect(fromJson.problems, f).toEqual([]);
      expect(fromJson.lesson, f).toEqual(parseLessonText(text, { dryRun: false }).lesson);
    }
  });

  it('the page loads them through the plugin: the same lessons', async () => {
    for (const id of BUILTIN_LESSONS)
      expect(await lessonById(id), id).toEqual(
        parseLessonText(readFileSync(`${dir}${id}.yaml`, 'utf8'), { dryRun: false }).lesson,
      );
  });

  it('a file that is not one lesson document fails the build, named', () => {
    expect(() => lessonDocumentJson('bad.yaml', 'a: [1\n', lessonDocument)).toThrow(
      /^bad\.yaml: not a lesson document: .*not valid YAML/,
    );
    expect(() => lessonDocumentJson('two.yaml', 'a: 1\n---\nb: 2\n', lessonDocument)).toThrow(
      /^two\.yaml: .*2 YAML documents/,
    );
  });

  it('a value JSON cannot carry fails the build instead of changing on the page', () => {
    expect(() => lessonDocumentJson('inf.yaml', 'spec:\n  nodes: .inf\n', lessonDocument)).toThrow(
      /^inf\.yaml: the lesson holds a value JSON cannot carry/,
    );
  });
});
