// A validated Lesson back as a lesson document (the file format of public/lesson.schema.json), so that
// a lesson opened on the page from a file, a URL or a message can go into a package as lesson.yaml.
// Validating the document gives the same Lesson again (document.test.ts, every built-in lesson).

import { stringify } from 'yaml';
import type { Lesson, LessonStep } from '../types';

const API_VERSION = 'playground.daemonset.dev/v1';

function step(s: LessonStep): Record<string, unknown> {
  const o: Record<string, unknown> = { title: s.title, text: s.text, script: s.script };
  const q = s.question;
  if (q?.nodes)
    o.question = {
      prompt: q.prompt,
      nodes: { daemonSet: q.nodes.daemonSet, namespace: q.nodes.namespace },
      ...(q.explanation !== undefined ? { explanation: q.explanation } : {}),
    };
  else if (q)
    o.question = {
      prompt: q.prompt,
      choices: q.choices,
      answer: q.multiple ? q.answer : q.answer[0],
      ...(q.explanation !== undefined ? { explanation: q.explanation } : {}),
    };
  const g = s.goal;
  if (g)
    o.goal = {
      text: g.text,
      expect: g.expect.map((e) => ({ ...e })),
      ...(g.hint !== undefined ? { hint: g.hint } : {}),
      solution: g.solution,
    };
  return o;
}

export function lessonDocument(l: Lesson): Record<string, unknown> {
  const spec: Record<string, unknown> = { title: l.title, preset: l.preset };
  if (l.nodes !== undefined) spec.nodes = l.nodes;
  if (l.passingScore !== undefined) spec.passingScore = l.passingScore;
  if (l.setup) spec.setup = l.setup;
  spec.steps = l.steps.map(step);
  return { apiVersion: API_VERSION, kind: 'Lesson', metadata: { name: l.id }, spec };
}

export function lessonYaml(l: Lesson): string {
  return `# ${typeof l.title === 'string' ? l.title : (l.title.en ?? l.id)} (written by DaemonSet Playground for an LMS package)\n${stringify(lessonDocument(l), { lineWidth: 0 })}`;
}
