import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { parseLessonText, loadLesson } from './load';
import { formatProblem, validateLesson } from './validate';
import { lessonById, BUILTIN_LESSONS } from './index';
import { emptyClusterDryRun } from './dryRun';

const GOOD = `apiVersion: playground.daemonset.dev/v1
kind: Lesson
metadata:
  name: gpu-agents
spec:
  title: {en: "GPU agents", zh-CN: "GPU 代理"}
  preset: kubeadm
  setup: |
    sim node add gpu-1 --label nvidia.com/gpu.present=true --taint nvidia.com/gpu=present:NoSchedule
  steps:
  - title: Nodes
    text: "Look at the *nodes*: \`kubectl get nodes\`"
    script: |
      kubectl get nodes
    question:
      prompt: How many nodes?
      choices: ["3", "4"]
      answer: 1
      explanation: {en: "Four: gpu-1 joined.", zh-CN: "四个：gpu-1 加入了。"}
  - title: {en: Label, zh-CN: 标签}
    goal:
      text: Label worker-1 with disk=ssd
      expect:
      - command: kubectl get nodes -l disk=ssd -o name
        equals: node/worker-1
      - command: kubectl describe node worker-1
        matches: "^Labels:.*"
      hint: kubectl label
      solution: kubectl label node worker-1 disk=ssd
`;

const problems = (text: string) =>
  parseLessonText(text, { dryRun: emptyClusterDryRun() }).problems.map(formatProblem);

describe('lesson validator', () => {
  it('accepts the format of issue 13 and normalises it', () => {
    const v = parseLessonText(GOOD, { dryRun: emptyClusterDryRun() });
    expect(v.problems).toEqual([]);
    const l = v.lesson!;
    expect(l.id).toBe('gpu-agents');
    expect(l.preset).toBe('kubeadm');
    expect(l.steps[0].question).toMatchObject({ answer: [1], multiple: false });
    expect(l.steps[1].goal?.expect).toHaveLength(2);
    expect(l.steps[1].script).toBe('');
    expect(l.steps[1].goal?.solution).toBe('kubectl label node worker-1 disk=ssd\n');
  });

  it('reads the same lesson as JSON, and as an object', () => {
    const json = JSON.stringify(parse(GOOD));
    expect(parseLessonText(json, { dryRun: emptyClusterDryRun() }).lesson).toEqual(
      parseLessonText(GOOD, { dryRun: emptyClusterDryRun() }).lesson,
    );
    expect(loadLesson(parse(GOOD), { dryRun: emptyClusterDryRun() }).lesson).toEqual(
      parseLessonText(GOOD, { dryRun: emptyClusterDryRun() }).lesson,
    );
  });

  it('lists every problem with its path', () => {
    const bad = GOOD.replace('name: gpu-agents', 'name: GPU_Agents')
      .replace('preset: kubeadm', 'preset: huge\n  colour: red')
      .replace('answer: 1', 'answer: 5')
      .replace('title: {en: Label, zh-CN: 标签}', 'title: {zh-CN: 标签}')
      .replace('command: kubectl get nodes -l disk=ssd -o name', 'command: kubectl get nodes --bogus')
      .replace('matches: "^Labels:.*"', 'matches: "(a+)+$"')
      .replace('solution: kubectl label node worker-1 disk=ssd', 'solution: kubectl apply -f gpu.yaml')
      .replace('kubectl get nodes\n    question', 'kubectl get nodes\n      helm install x\n    question');
    expect(problems(bad)).toEqual([
      'metadata.name: must be a lower-case name of letters, digits, "-" and "." (at most 63), like gpu-agents',
      'spec.colour: unknown field (allowed here: title, preset, nodes, passingScore, setup, steps)',
      'spec.preset: must be one of article, kubeadm, empty, large (got "huge")',
      'spec.steps[0].script: line 2: unknown command "helm": a scenario line starts with kubectl or sim',
      'spec.steps[0].question.answer: choice 5 does not exist (the choices are 0 to 1)',
      'spec.steps[1].title: has no "en" text (every text needs English; found zh-CN)',
      'spec.steps[1].goal.expect[0].command: cannot run: error: unknown flag: --bogus',
      'spec.steps[1].goal.expect[1].matches: nested quantifiers (like (a+)+) can take exponential time',
      'spec.steps[1].goal.solution: line 1: "-f gpu.yaml": a lesson has no files; put the manifest in a here-document (kubectl apply -f - <<EOF … EOF)',
    ]);
  });

  it('refuses expectations that change the cluster or never end', () => {
    const with_ = (cmd: string) =>
      problems(GOOD.replace('kubectl get nodes -l disk=ssd -o name', cmd)).filter((p) =>
        p.includes('expect[0]'),
      );
    expect(with_('kubectl delete node worker-1')[0]).toContain('is not a read-only command');
    expect(with_('sim node add x')[0]).toContain('changes the cluster');
    expect(with_('kubectl get pods -w')[0]).toContain('never ends');
    expect(with_('kubectl rollout status ds/x')[0]).toContain('--watch=false');
    expect(with_('kubectl rollout status ds/x -n kube-system --watch=false')).toEqual([]);
    expect(with_('kubectl rollout history ds/x -n kube-system')).toEqual([]);
    expect(with_('sim why worker-1')).toEqual([]);
    expect(with_('kubectl get ds nope -n kube-system')).toEqual([]); // NotFound now is fine: it may exist later
  });

  it('takes sim image list as an expectation, and refuses the sim image verbs that set rules', () => {
    const with_ = (cmd: string) =>
      problems(GOOD.replace('kubectl get nodes -l disk=ssd -o name', cmd)).filter((p) =>
        p.includes('expect[0]'),
      );
    expect(with_('sim image list')).toEqual([]);
    expect(with_('sim image missing nginx')).toEqual([
      'spec.steps[1].goal.expect[0].command: "sim image missing" changes the cluster: an expectation may only read (kubectl get, describe, rollout history, sim why, sim image list)',
    ]);
    expect(with_('sim image crash nginx --after 1s')[0]).toContain('"sim image crash" changes the cluster');
    // a usage error of sim image list is reported like kubectl's
    expect(with_('sim image list --bogus')[0]).toContain('unknown flag: --bogus');
  });

  it('checks types, required fields and both or neither of equals/matches', () => {
    const doc = parse(GOOD);
    doc.spec.steps[0].title = 3;
    doc.spec.steps[0].question.choices = 'yes';
    delete doc.spec.steps[1].goal.solution;
    doc.spec.steps[1].goal.expect[0].matches = 'x';
    delete doc.spec.steps[1].goal.expect[1].matches;
    doc.spec.nodes = 10;
    expect(validateLesson(doc, { dryRun: emptyClusterDryRun() }).problems.map(formatProblem)).toEqual([
      'spec.nodes: only the large preset takes a number of nodes (this lesson uses kubeadm)',
      'spec.steps[0].title: must be a string or a map by language, like {en: "…", zh-CN: "…"} (got a number)',
      'spec.steps[0].question.choices: must be a list (got a string)',
      'spec.steps[1].goal.solution: is required',
      'spec.steps[1].goal.expect[0]: has both equals and matches (give one)',
      'spec.steps[1].goal.expect[1]: needs equals or matches',
    ]);
  });

  it('allows only https links in texts', () => {
    const p = problems(
      GOOD.replace(
        'Look at the *nodes*',
        'See [docs](javascript:alert(1)) and [k8s](https://kubernetes.io/docs/)',
      ),
    );
    expect(p).toEqual([
      'spec.steps[0].text: link "javascript:alert(1" is not an https:// address (only https links are allowed)',
    ]);
  });

  it('takes "choose all that apply" answers', () => {
    const v = parseLessonText(GOOD.replace('answer: 1', 'answer: [1, 0]'), { dryRun: emptyClusterDryRun() });
    expect(v.lesson?.steps[0].question).toMatchObject({ answer: [1, 0], multiple: true });
    expect(problems(GOOD.replace('answer: 1', 'answer: [1, 1]'))).toEqual([
      'spec.steps[0].question.answer: lists a choice twice',
    ]);
    expect(problems(GOOD.replace('answer: 1', 'answer: []'))).toEqual([
      'spec.steps[0].question.answer: must have at least 1 item',
    ]);
  });
});

describe('graph questions ("click the nodes that will get a pod")', () => {
  const nq = (q: string) =>
    GOOD.replace(
      /    question:\n      prompt: How many nodes\?\n      choices: \["3", "4"\]\n      answer: 1\n/,
      q,
    );
  it('take nodes: {daemonSet, namespace} instead of choices and answer', () => {
    const v = parseLessonText(
      nq(
        '    question:\n      prompt: Click the nodes\n      nodes: {daemonSet: agent, namespace: kube-system}\n',
      ),
      { dryRun: emptyClusterDryRun() },
    );
    expect(v.problems).toEqual([]);
    expect(v.lesson?.steps[0].question).toMatchObject({
      nodes: { daemonSet: 'agent', namespace: 'kube-system' },
      choices: [],
      answer: [],
    });
    expect(
      parseLessonText(nq('    question:\n      prompt: Click\n      nodes: {daemonSet: agent}\n'), {
        dryRun: emptyClusterDryRun(),
      }).lesson?.steps[0].question?.nodes?.namespace,
    ).toBe('default');
  });
  it('list their problems with paths', () => {
    expect(
      problems(
        nq(
          '    question:\n      prompt: Click\n      nodes: {daemonSet: Agent_1, label: x}\n      answer: 1\n',
        ),
      ),
    ).toEqual([
      'spec.steps[0].question.answer: a question with nodes is answered on the graph: it has no choices or answer',
      'spec.steps[0].question.nodes.label: unknown field (allowed here: daemonSet, namespace)',
      'spec.steps[0].question.nodes.daemonSet: must be a DaemonSet name',
    ]);
  });
});

describe('hostile lesson files', () => {
  it('refuses a huge file without parsing it', () => {
    // parsed, 600,000 open brackets would be refused as nested too deeply: only the size is named
    expect(problems(GOOD + '['.repeat(600_000))).toEqual([
      `the lesson is ${GOOD.length + 600_000} characters long (at most 524288)`,
    ]);
  });
  it('refuses deep nesting and alias bombs', () => {
    expect(problems('['.repeat(100_000) + ']'.repeat(100_000))[0]).toContain('nested too deeply');
    const bomb =
      'a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n';
    expect(problems(bomb)[0]).toMatch(/alias|resource exhaustion/i);
  });
  it('refuses a list of too many steps without walking it', () => {
    const doc = parse(GOOD);
    doc.spec.steps = Array.from({ length: 100_000 }, () => ({ title: 'x' }));
    expect(validateLesson(doc, { dryRun: emptyClusterDryRun() }).problems.map(formatProblem)).toEqual([
      'spec.steps: has 100000 items (at most 100)',
    ]);
  });
  it('keeps script text in titles as text, and prototype keys as unknown fields', () => {
    const v = parseLessonText(GOOD.replace('title: Nodes', 'title: "<script>alert(1)</script>"'));
    expect(v.lesson?.steps[0].title).toBe('<script>alert(1)</script>');
    const p = problems(GOOD.replace('kind: Lesson', 'kind: Lesson\n__proto__: {polluted: true}'));
    expect(p).toEqual(['__proto__: unknown field (allowed here: apiVersion, kind, metadata, spec)']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('refuses a cyclic object, two documents, and not-YAML', () => {
    const o: Record<string, unknown> = {};
    o.self = o;
    expect(loadLesson(o, { dryRun: emptyClusterDryRun() }).problems[0].message).toContain(
      'cannot be read as JSON',
    );
    expect(problems(GOOD + '---\n' + GOOD)[0]).toBe(
      'the file holds 2 YAML documents; a lesson file holds one',
    );
    expect(problems('a: [1\n')[0]).toMatch(/^line 2, column 1: not valid YAML/);
    expect(problems('')).toEqual(['the lesson file is empty']);
    expect(loadLesson(42, { dryRun: emptyClusterDryRun() }).problems[0].message).toContain('must be text');
  });
  it('caps the number of problems listed', () => {
    const doc = parse(GOOD);
    doc.spec.steps = Array.from({ length: 100 }, () => ({ title: 1, text: 2, script: 3, colour: 4 }));
    expect(validateLesson(doc, { dryRun: emptyClusterDryRun() }).problems.length).toBe(200);
  });
});

describe('built-in lessons', () => {
  it('are all valid files and open by id (a Map: no prototype lookups)', async () => {
    expect(BUILTIN_LESSONS[0]).toBe('article');
    for (const id of BUILTIN_LESSONS) {
      const v = parseLessonText(readFileSync(new URL(`./${id}.yaml`, import.meta.url), 'utf8'));
      expect(v.problems.map(formatProblem), id).toEqual([]);
      expect((await lessonById(id))?.id).toBe(id);
    }
    expect(await lessonById('constructor')).toBeUndefined();
    expect(await lessonById('__proto__')).toBeUndefined();
  });
});
