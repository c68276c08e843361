// Replaying a lesson headless (the CLI's --lesson, npm test): setup, then every step's script, then
// each goal's solution and its expectations. Pure: the same lesson and seed give the same transcript.

import { parseScript, type ScriptCommand } from '../engine/scripts';
import { Session } from '../engine';
import { expectationHolds, expectationOutput } from './expectations';
import { textIn, type Expectation, type Lesson } from './types';
import { nodesWithDaemonPod } from './nodeQuestion';

export interface StepOutcome {
  /** 1-based */
  step: number;
  title: string;
  ok: boolean;
  /** what did not hold: a command that failed, an expectation that did not match */
  failures: string[];
}

export interface LessonReplay {
  text: string;
  ok: boolean;
  steps: StepOutcome[];
}

export { lessonStartScript } from './startScript';

function run(session: Session, cmds: ScriptCommand[], failures: string[], what: string): string {
  let text = '';
  for (const c of cmds) {
    text += `$ ${c.text}\n`;
    const r = session.exec(c.command, c.stdin);
    for (const ch of r.chunks) text += ch.text;
    if (r.exitCode !== 0) failures.push(`${what} line ${c.line} (${c.text}) exited ${r.exitCode}`);
  }
  return text;
}

/** Runs one expectation against a session: what it printed and whether it held. */
export function checkExpectation(session: Session, e: Expectation): { printed: string; held: boolean } {
  const r = session.exec(e.command);
  const printed = r.chunks.map((c) => c.text).join('');
  return { printed, held: expectationHolds(e, printed) };
}

export function describeExpectation(e: Expectation): string {
  return e.equals !== undefined ? `equals ${JSON.stringify(e.equals)}` : `matches /${e.matches}/`;
}

export function replayLesson(lesson: Lesson, opts: { seed?: number; lang?: string } = {}): LessonReplay {
  const lang = opts.lang ?? 'en';
  const session = new Session({ seed: opts.seed ?? 1, preset: lesson.preset, nodes: lesson.nodes });
  const steps: StepOutcome[] = [];
  let text = `# lesson ${lesson.id}: ${textIn(lesson.title, lang)}\n`;
  if (lesson.setup.trim()) {
    const failures: string[] = [];
    text += `# setup\n` + run(session, parseScript(lesson.setup), failures, 'setup');
    if (failures.length) steps.push({ step: 0, title: 'setup', ok: false, failures });
  }
  lesson.steps.forEach((s, i) => {
    const n = i + 1;
    const failures: string[] = [];
    text += `# step ${n}/${lesson.steps.length}: ${textIn(s.title, lang)}\n`;
    text += run(session, parseScript(s.script), failures, 'script');
    const nq = s.question?.nodes;
    if (nq) {
      // a graph question: the engine's answer must exist (the DaemonSet is there after the script)
      const nodes = nodesWithDaemonPod(
        nq,
        session.sim.store.list('DaemonSet'),
        session.sim.store.list('Pod'),
      );
      if (nodes === null)
        failures.push(
          `question: DaemonSet ${nq.namespace}/${nq.daemonSet} does not exist after the script, so the nodes cannot be checked`,
        );
      text += `# step ${n} question: nodes with a pod of ${nq.namespace}/${nq.daemonSet}: ${nodes === null ? '(no such DaemonSet)' : nodes.join(', ') || '(none)'}\n`;
    }
    if (s.goal) {
      // An exercise that is already solved before the learner acts teaches nothing: that is a failure.
      const before = s.goal.expect.map((e) => checkExpectation(session, e).held);
      if (before.every(Boolean)) failures.push('the goal already holds before its solution runs');
      text += `# step ${n} goal: solution\n`;
      text += run(session, parseScript(s.goal.solution), failures, 'solution');
      s.goal.expect.forEach((e, j) => {
        const { printed, held } = checkExpectation(session, e);
        text += `# step ${n} expect[${j}]: ${e.command}\n${printed}`;
        text += `# ${held ? 'ok' : 'FAILED'}: ${describeExpectation(e)}\n`;
        if (!held)
          failures.push(
            `expect[${j}] ${e.command}: ${describeExpectation(e)}, got ${JSON.stringify(expectationOutput(printed).slice(0, 200))}`,
          );
      });
    }
    steps.push({ step: n, title: textIn(s.title, lang), ok: failures.length === 0, failures });
  });
  return { text, ok: steps.every((s) => s.ok), steps };
}
