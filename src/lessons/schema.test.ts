// public/lesson.schema.json and the validator agree: a file the schema accepts has no "schema" problem,
// and the other way round (semantic problems — scripts, expectations, answers in range — need the engine).

import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { readFileSync, readdirSync } from 'node:fs';
import schema from '../../public/lesson.schema.json';
import { validateLesson } from './validate';
import { LESSON_LIMITS } from './limits';

const ajv = new Ajv({ allErrors: true, strict: false });
const check = ajv.compile(schema);

const base = () => ({
  apiVersion: 'playground.daemonset.dev/v1',
  kind: 'Lesson',
  metadata: { name: 'demo' },
  spec: {
    title: { en: 'Demo', 'zh-CN': '演示' },
    preset: 'kubeadm',
    setup: 'sim node add gpu-1\n',
    steps: [
      {
        title: 'One',
        text: 'Hello `kubectl`',
        script: 'kubectl get nodes\n',
        question: { prompt: 'How many?', choices: ['2', '3'], answer: 1, explanation: 'Three.' },
      },
      {
        title: { en: 'Two' },
        goal: {
          text: 'Label it',
          expect: [{ command: 'kubectl get nodes -l a=b -o name', equals: 'node/worker-1' }],
          hint: 'label',
          solution: 'kubectl label node worker-1 a=b\n',
        },
      },
    ],
  },
});

type Doc = ReturnType<typeof base> & Record<string, unknown>;
const mutations: [string, (d: Doc) => void][] = [
  ['as is', () => {}],
  ['no apiVersion', (d) => delete (d as Partial<Doc>).apiVersion],
  ['wrong apiVersion', (d) => (d.apiVersion = 'v2')],
  ['wrong kind', (d) => (d.kind = 'Pod')],
  ['extra top-level field', (d) => (d.status = {})],
  ['metadata extra', (d) => ((d.metadata as Record<string, unknown>).labels = {})],
  ['bad name', (d) => (d.metadata.name = 'Bad Name')],
  ['name too long', (d) => (d.metadata.name = 'a'.repeat(64))],
  ['title missing en', (d) => (d.spec.title = { 'zh-CN': 'x' } as never)],
  ['title empty', (d) => (d.spec.title = '  ' as never)],
  ['title bad language tag', (d) => (d.spec.title = { en: 'x', ZH: 'y' } as never)],
  ['title number value', (d) => (d.spec.title = { en: 3 } as never)],
  ['title too long', (d) => (d.spec.title = 'x'.repeat(LESSON_LIMITS.maxTitleChars + 1) as never)],
  [
    'too many languages',
    (d) =>
      (d.spec.title = Object.fromEntries([
        ['en', 'x'],
        ...Array.from({ length: 20 }, (_, i) => [`x${String.fromCharCode(97 + i)}`, 'y']),
      ]) as never),
  ],
  ['unknown preset', (d) => (d.spec.preset = 'huge')],
  ['nodes not integer', (d) => ((d.spec as Record<string, unknown>).nodes = 1.5)],
  ['nodes too many', (d) => ((d.spec as Record<string, unknown>).nodes = 5001)],
  ['passing score', (d) => ((d.spec as Record<string, unknown>).passingScore = 0.8)],
  ['passing score over 1', (d) => ((d.spec as Record<string, unknown>).passingScore = 80)],
  ['passing score a string', (d) => ((d.spec as Record<string, unknown>).passingScore = '0.8')],
  ['large with nodes', (d) => Object.assign(d.spec, { preset: 'large', nodes: 10 })],
  ['setup not a string', (d) => (d.spec.setup = ['x'] as never)],
  ['no steps', (d) => (d.spec.steps = [])],
  ['steps not a list', (d) => (d.spec.steps = {} as never)],
  ['step without title', (d) => delete (d.spec.steps[0] as Partial<(typeof d.spec.steps)[0]>).title],
  ['step extra field', (d) => ((d.spec.steps[0] as Record<string, unknown>).image = 'x')],
  [
    'text map ok',
    (d) => ((d.spec.steps[0] as Record<string, unknown>).text = { en: 'a', 'zh-CN': '乙', 'pt-BR': 'c' }),
  ],
  ['text empty allowed', (d) => ((d.spec.steps[0] as Record<string, unknown>).text = '')],
  ['question one choice', (d) => (d.spec.steps[0].question!.choices = ['x'])],
  ['question answer list', (d) => ((d.spec.steps[0].question as Record<string, unknown>).answer = [0, 1])],
  [
    'question answer duplicate',
    (d) => ((d.spec.steps[0].question as Record<string, unknown>).answer = [1, 1]),
  ],
  ['question answer negative', (d) => (d.spec.steps[0].question!.answer = -1)],
  ['question answer string', (d) => ((d.spec.steps[0].question as Record<string, unknown>).answer = '1')],
  ['question no prompt', (d) => delete (d.spec.steps[0].question as Record<string, unknown>).prompt],
  ['question empty choice', (d) => (d.spec.steps[0].question!.choices = ['', 'x'])],
  ['goal no expect', (d) => delete (d.spec.steps[1].goal as Record<string, unknown>).expect],
  ['goal empty expect', (d) => (d.spec.steps[1].goal!.expect = [])],
  ['goal no solution', (d) => delete (d.spec.steps[1].goal as Record<string, unknown>).solution],
  ['goal no hint ok', (d) => delete (d.spec.steps[1].goal as Record<string, unknown>).hint],
  ['expect both', (d) => Object.assign(d.spec.steps[1].goal!.expect[0], { matches: 'x' })],
  ['expect neither', (d) => delete (d.spec.steps[1].goal!.expect[0] as Record<string, unknown>).equals],
  [
    'expect matches',
    (d) =>
      (d.spec.steps[1].goal!.expect[0] = { command: 'kubectl get nodes', matches: 'worker-\\d' } as never),
  ],
  ['expect extra', (d) => Object.assign(d.spec.steps[1].goal!.expect[0], { timeout: 3 })],
  ['expect empty command', (d) => (d.spec.steps[1].goal!.expect[0].command = ' ')],
  ['expect equals number', (d) => ((d.spec.steps[1].goal!.expect[0] as Record<string, unknown>).equals = 3)],
  [
    'node question',
    (d) =>
      ((d.spec.steps[0] as Record<string, unknown>).question = {
        prompt: 'Click the nodes',
        nodes: { daemonSet: 'agent', namespace: 'kube-system' },
      }),
  ],
  [
    'node question, default namespace',
    (d) =>
      ((d.spec.steps[0] as Record<string, unknown>).question = {
        prompt: 'Click',
        nodes: { daemonSet: 'agent' },
      }),
  ],
  [
    'node question with choices',
    (d) =>
      ((d.spec.steps[0] as Record<string, unknown>).question = {
        prompt: 'Click',
        nodes: { daemonSet: 'agent' },
        choices: ['a', 'b'],
      }),
  ],
  [
    'node question bad name',
    (d) =>
      ((d.spec.steps[0] as Record<string, unknown>).question = {
        prompt: 'Click',
        nodes: { daemonSet: 'Agent!' },
      }),
  ],
  [
    'node question no daemonSet',
    (d) => ((d.spec.steps[0] as Record<string, unknown>).question = { prompt: 'Click', nodes: {} }),
  ],
  [
    'node question extra',
    (d) =>
      ((d.spec.steps[0] as Record<string, unknown>).question = {
        prompt: 'Click',
        nodes: { daemonSet: 'a', label: 'x' },
      }),
  ],
  ['root is a list', (d) => Object.setPrototypeOf(d, Array.prototype)],
];

describe('public/lesson.schema.json agrees with the validator', () => {
  for (const [name, mutate] of mutations) {
    it(name, () => {
      const d = base() as Doc;
      mutate(d);
      const doc = name === 'root is a list' ? [d] : d;
      const schemaOk = check(doc) as boolean;
      const structural = validateLesson(doc, { dryRun: false }).problems.filter((p) => p.kind === 'schema');
      expect(
        structural.length === 0,
        `${name}: schema says ${schemaOk ? 'valid' : JSON.stringify(check.errors?.slice(0, 3))}, validator says ${JSON.stringify(structural)}`,
      ).toBe(schemaOk);
    });
  }
  it('accepts every built-in lesson and the example in public/', () => {
    const dir = new URL('./', import.meta.url);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFileSync(new URL(f, dir), 'utf8'));
    files.push(readFileSync(new URL('../../public/example-lesson.yaml', import.meta.url), 'utf8'));
    for (const f of files) expect(check(parse(f)), JSON.stringify(check.errors)).toBe(true);
  });
});
