import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLessonCli } from './lesson';

const example = readFileSync(new URL('../../public/example-lesson.yaml', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'lesson-cli-'));
let files = 0;

function run(text: string) {
  // a fresh directory of this run: numbered names, nothing left to chance
  const f = join(dir, `l${++files}.yaml`);
  writeFileSync(f, text);
  let out = '';
  let err = '';
  const code = runLessonCli(f, {}, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err: err.replaceAll(f, 'FILE') };
}

describe('npm run -s sim -- --lesson FILE', () => {
  it('exits 0 when every step and goal holds, with a header per step', () => {
    const r = run(example);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^# lesson gpu-agents: A GPU agent\n# setup\n\$ sim node add gpu-1/);
    expect(r.out).toContain(
      '# step 1/2: Only the GPU node\n$ kubectl apply -f - <<EOF\ndaemonset.apps/agent created\n',
    );
    expect(r.out).toContain(
      '# step 2 goal: solution\n$ kubectl label node worker-2 nvidia.com/gpu.present=true\nnode/worker-2 labeled\n',
    );
    expect(r.out).toContain('# ok: matches /^agent\\s+2\\s+2\\s+2\\s/');
    expect(r.err).toBe('FILE: lesson gpu-agents: 2 steps hold\n');
  });
  it('exits 1 naming the step whose goal does not hold', () => {
    const r = run(
      example.replace(
        'kubectl label node worker-2 nvidia.com/gpu.present=true',
        'kubectl label node worker-2 gpu=yes',
      ),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('# FAILED: matches /^agent\\s+2\\s+2\\s+2\\s/');
    expect(r.err).toMatch(
      /^FILE: step 2 \(Exercise: a second GPU node\) does not hold:\n  expect\[0\] kubectl get ds agent -n kube-system: matches \/\^agent\\s\+2\\s\+2\\s\+2\\s\/, got "NAME {4}DESIRED/,
    );
  });
  it('exits 1 when a command of a step fails, or a goal holds before its solution', () => {
    const r = run(
      example.replace(
        'kubectl rollout status ds/agent -n kube-system',
        'kubectl rollout status ds/agnet -n kube-system',
      ),
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'FILE: step 1 (Only the GPU node) does not hold:\n  script line 20 (kubectl rollout status ds/agnet -n kube-system) exited 1\n',
    );
    const solved = run(
      example
        .replace('nodeSelector: {nvidia.com/gpu.present: "true"}', 'nodeSelector: {kubernetes.io/os: linux}')
        .replace('matches: "^agent\\\\s+2\\\\s+2\\\\s+2\\\\s"', 'matches: "^agent\\\\s"'),
    );
    expect(solved.code).toBe(1);
    expect(solved.err).toContain('the goal already holds before its solution runs');
  });
  it('exits 2 for an invalid lesson file, each problem with its path', () => {
    const r = run(example.replace('answer: 1', 'answer: 7').replace('kind: Lesson', 'kind: Lessons'));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'FILE: not a valid lesson (2 problems):\nFILE: kind: must be Lesson (got "Lessons")\nFILE: spec.steps[0].question.answer: choice 7 does not exist (the choices are 0 to 2)\n',
    );
    expect(runLessonCli(join(dir, 'missing.yaml'), {}, { out: () => {}, err: () => {} })).toBe(2);
  });

  it('runs sim image lines in steps and checks sim image list as a goal, carried across sim cluster', () => {
    const lesson = `apiVersion: playground.daemonset.dev/v1
kind: Lesson
metadata:
  name: broken-images
spec:
  title: {en: "Broken images"}
  preset: kubeadm
  steps:
    - title: {en: "A missing tag"}
      text: {en: "The registry has no such tag."}
      script: |
        sim image missing nginx:1.99
        sim cluster empty
        sim image list
    - title: {en: "Make it crash"}
      text: {en: "Now make the agent crash."}
      goal:
        text: {en: "the agent exits with code 3 after 2s"}
        expect:
          - command: sim image list
            matches: "^registry\\\\.example\\\\.com/team/agent:v1\\\\s+ok \\\\(not catalogued\\\\)\\\\s+crash after 2s \\\\(exit 3\\\\)$"
        hint: {en: "sim image crash"}
        solution: sim image crash registry.example.com/team/agent:v1 --after 2s --exit-code 3
`;
    const r = run(lesson);
    expect(r.err).toBe('FILE: lesson broken-images: 2 steps hold\n');
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      '$ sim image list\nIMAGE                          PULL      RUN\ndocker.io/library/nginx:1.99   missing   runs\n',
    );
    expect(r.out).toContain(
      '# step 2 goal: solution\n$ sim image crash registry.example.com/team/agent:v1 --after 2s --exit-code 3\n',
    );
  });
});
