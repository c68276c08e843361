import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline, isSafeHref } from './markdown';
import { patternProblem } from './regex';
import { resolveLessonRef, isLessonFileName } from './source';
import { lessonDraft } from './draft';
import { parseLessonText } from './load';
import { replayLesson } from './replay';
import { textIn } from './types';
import { expectationHolds } from './expectations';
import { emptyClusterDryRun } from './dryRun';

describe('the Markdown subset', () => {
  it('parses emphasis, code, lists and https links into data', () => {
    expect(parseInline('a *b* **c** `<d>` [e](https://x.dev/)')).toEqual([
      { t: 'text', text: 'a ' },
      { t: 'em', children: [{ t: 'text', text: 'b' }] },
      { t: 'text', text: ' ' },
      { t: 'strong', children: [{ t: 'text', text: 'c' }] },
      { t: 'text', text: ' ' },
      { t: 'code', text: '<d>' },
      { t: 'text', text: ' ' },
      { t: 'link', href: 'https://x.dev/', children: [{ t: 'text', text: 'e' }] },
    ]);
    expect(parseBlocks('one\ntwo\n\n- a\n- b\n\n1. x\n2. y')).toEqual([
      { t: 'p', children: [{ t: 'text', text: 'one two' }] },
      { t: 'ul', items: [[{ t: 'text', text: 'a' }], [{ t: 'text', text: 'b' }]] },
      { t: 'ol', items: [[{ t: 'text', text: 'x' }], [{ t: 'text', text: 'y' }]] },
    ]);
  });
  it('keeps markup as text and drops unsafe link targets', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { t: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(parseInline('[x](javascript:alert(1))')).toEqual([
      { t: 'text', text: 'x' },
      { t: 'text', text: ')' },
    ]);
    for (const bad of ['javascript:alert(1)', 'http://x.dev', 'data:text/html,x', '//x.dev', '/relative'])
      expect(isSafeHref(bad)).toBe(false);
  });
  it('bounds nesting', () => {
    const deep = '*'.repeat(2000) + 'x' + '*'.repeat(2000);
    expect(() => parseInline(deep)).not.toThrow();
  });
});

describe('matches: patterns', () => {
  it('refuses bad and exponential patterns', () => {
    expect(patternProblem('^a\\s+3$')).toBeNull();
    expect(patternProblem('(?![\\s\\S]*NotReady)')).toBeNull();
    expect(patternProblem('(')).toMatch(/not a regular expression/);
    expect(patternProblem('(a+)+$')).toMatch(/nested quantifiers/);
    expect(patternProblem('(a|b*)*')).toMatch(/nested quantifiers/);
    expect(patternProblem('((ab)+c)+')).toMatch(/nested quantifiers/);
    expect(patternProblem('(a)\\1')).toMatch(/back-references/);
  });
  it('matches line by line, compares equals without the final newline', () => {
    expect(expectationHolds({ command: 'x', matches: '^b$' }, 'a\nb\nc\n')).toBe(true);
    expect(expectationHolds({ command: 'x', equals: '3' }, '3\n')).toBe(true);
    expect(expectationHolds({ command: 'x', equals: '3' }, '33\n')).toBe(false);
  });
});

describe('where lessons come from', () => {
  const opts = {
    pageUrl: 'https://play.example.org/ds/?lesson=x',
    allowedOrigins: new Set(['https://course.example.edu']),
    isBuiltin: (id: string) => id === 'article',
  };
  it('names built-ins by id and files by URL', () => {
    expect(resolveLessonRef('article', opts)).toEqual({ kind: 'builtin', id: 'article' });
    expect(resolveLessonRef('constructor', opts)).toMatchObject({ kind: 'error' });
    expect(resolveLessonRef('lessons/gpu.yaml', opts)).toEqual({
      kind: 'url',
      url: 'https://play.example.org/ds/lessons/gpu.yaml',
    });
    expect(resolveLessonRef('gpu.yaml', opts)).toEqual({
      kind: 'url',
      url: 'https://play.example.org/ds/gpu.yaml',
    });
    expect(resolveLessonRef('https://play.example.org/l.json', opts)).toMatchObject({ kind: 'url' });
    expect(resolveLessonRef('https://course.example.edu/l.yaml', opts)).toEqual({
      kind: 'url',
      url: 'https://course.example.edu/l.yaml',
    });
  });
  it('refuses other origins and schemes', () => {
    for (const v of [
      'https://evil.example/l.yaml',
      '//evil.example/l.yaml',
      'javascript:alert(1)',
      'data:text/yaml,x',
      'https://user:pw@play.example.org/l.yaml',
      'http://course.example.edu/l.yaml',
    ])
      expect(resolveLessonRef(v, opts).kind, v).toBe('error');
    expect(resolveLessonRef('https://evil.example/l.yaml', opts)).toMatchObject({
      message: expect.stringContaining('not allowed'),
    });
  });
  it('tells lesson files from scenario files', () => {
    expect(isLessonFileName('gpu.yaml')).toBe(true);
    expect(isLessonFileName('gpu.lesson.json')).toBe(true);
    expect(isLessonFileName('scenario.json')).toBe(false);
  });
});

describe('save as lesson', () => {
  it('turns the inputs into a draft that validates and replays to the same cluster', () => {
    const manifest =
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: a\nspec:\n  selector:\n    matchLabels: {app: a}\n  template:\n    metadata:\n      labels: {app: a}\n    spec:\n      containers:\n      - {name: a, image: nginx:1.26}\n';
    const { yaml, steps } = lessonDraft({
      preset: 'article',
      inputs: [
        { at: 0, line: 'sim cluster kubeadm' },
        { at: 0, line: 'kubectl get nodes' },
        { at: 0, line: 'kubectl apply -f -', stdin: manifest },
        { at: 5000, line: 'kubectl get pods' },
        { at: 6000, line: 'kubectl set image ds/a a=nginx:1.27' },
        { at: 6000, line: 'kubectl rollout status ds/a --watch=false' },
      ],
      until: 20_000,
    });
    expect(steps).toBe(2);
    const v = parseLessonText(yaml, { dryRun: emptyClusterDryRun() });
    expect(v.problems).toEqual([]);
    const l = v.lesson!;
    expect(l.preset).toBe('kubeadm');
    expect(textIn(l.steps[0].title, 'en')).toBe('kubectl apply -f -');
    expect(l.steps[0].script).toBe(
      `kubectl get nodes\nkubectl apply -f - <<EOF\n${manifest}EOF\nsim advance 5000ms\nkubectl get pods\n`,
    );
    expect(l.steps[1].script).toBe(
      'sim advance 1000ms\nkubectl set image ds/a a=nginx:1.27\nkubectl rollout status ds/a --watch=false\nsim advance 14000ms\n',
    );
    const r = replayLesson(l);
    expect(r.ok).toBe(true);
    expect(r.text).toContain(
      'daemonset.apps/a image updated\n$ kubectl rollout status ds/a --watch=false\nWaiting for daemon set spec update to be observed...',
    );
  });
  it('starts a step at a sim image rule, and keeps sim image list with the step before it (a read)', () => {
    const { steps, yaml } = lessonDraft({
      preset: 'article',
      inputs: [
        { at: 0, line: 'sim image missing nginx:1.99' },
        { at: 0, line: 'sim image list' },
        { at: 0, line: 'sim image crash nginx --after 2s' },
      ],
      until: 0,
    });
    expect(steps).toBe(2);
    const l = parseLessonText(yaml, { dryRun: emptyClusterDryRun() }).lesson!;
    expect(l.steps.map((s) => s.script)).toEqual([
      'sim image missing nginx:1.99\nsim image list\n',
      'sim image crash nginx --after 2s\n',
    ]);
    expect(replayLesson(l).ok).toBe(true);
  });
  it('picks another here-document delimiter when the text holds EOF', () => {
    const { yaml } = lessonDraft({
      preset: 'article',
      inputs: [{ at: 0, line: 'kubectl apply -f -', stdin: 'EOF\n' }],
      until: 0,
    });
    expect(yaml).toContain('kubectl apply -f - <<EOF1\n');
  });
});

describe('texts by language', () => {
  it('falls back to the base language, then English', () => {
    const t = { en: 'Node', 'zh-CN': '节点' };
    expect(textIn(t, 'zh-CN')).toBe('节点');
    expect(textIn(t, 'zh-TW')).toBe('节点');
    expect(textIn(t, 'fr')).toBe('Node');
    expect(textIn('plain', 'zh-CN')).toBe('plain');
    expect(textIn({ en: 'x', constructor: 'y' } as Record<string, string>, 'toString')).toBe('x');
  });
});
