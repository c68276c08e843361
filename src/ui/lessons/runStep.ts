// Running a lesson step on the page: its commands, in order, through the console (so they are echoed).

import { lastHeredocManifest, parseScript } from '../../engine/scripts';
import type { LessonStep } from '../../lessons/types';
import { useStore } from '../../state/store';

export interface StepCommand {
  line: string;
  echo: string;
  stdin?: string;
}

/** The commands of a script, as the console runs them (heredocs as stdin). */
export function scriptCommands(script: string, catchUp = false): StepCommand[] {
  return parseScript(script).map((c) => {
    if (catchUp && /^kubectl rollout status\b/.test(c.command) && !/--watch=false/.test(c.command)) {
      return { line: 'sim settle', echo: 'sim settle' };
    }
    return {
      line: c.command,
      echo: c.stdin !== undefined ? `${c.command} <<EOF …` : c.command,
      stdin: c.stdin,
    };
  });
}

/**
 * The commands of a step. When catching up (opening a lesson at step N), watching commands are
 * replaced by `sim settle` so the earlier steps finish at once instead of playing out in real time,
 * and an exercise's solution runs after the step's script, as the CLI's check does.
 */
export function stepCommands(step: LessonStep, catchUp = false): StepCommand[] {
  const cmds = scriptCommands(step.script, catchUp);
  return catchUp && step.goal ? [...cmds, ...scriptCommands(step.goal.solution, true)] : cmds;
}

/** After a step ran: the manifest it applied last (from a here-document) goes into the editor, so an
 * exercise can be solved by editing it. With the solution too when catching up. */
export function showStepManifest(step: LessonStep, withSolution = false): void {
  const cmds = parseScript(step.script + (withSolution && step.goal ? step.goal.solution : ''));
  const m = lastHeredocManifest(cmds);
  if (m !== null) useStore.setState({ editorText: m, appliedText: m, markers: [], applyError: null });
}
