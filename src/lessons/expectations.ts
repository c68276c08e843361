// Expectations: read-only commands whose output the engine checks, after every command a learner runs.
// Only commands that cannot change the cluster are allowed (they run again and again).

import { tokenize, parseScript } from '../engine/scripts';
import type { Expectation } from './types';

/** kubectl verbs that only read (rollout status only with --watch=false: watching runs the clock). */
const READ_ONLY = new Map<string, (args: string[]) => string | null>([
  [
    'get',
    (a) =>
      a.some((x) => x === '-w' || x === '--watch' || x.startsWith('--watch=true') || x === '--watch-only')
        ? 'kubectl get --watch never ends'
        : null,
  ],
  ['describe', () => null],
  ['explain', () => null],
  ['version', () => null],
  [
    'rollout',
    (a) => {
      const sub = a.find((x) => !x.startsWith('-'));
      if (sub === 'history') return null;
      if (sub === 'status')
        return a.includes('--watch=false') || a.includes('-w=false')
          ? null
          : 'kubectl rollout status waits for the rollout (it runs the clock): add --watch=false';
      return `kubectl rollout ${sub ?? ''} changes the cluster: an expectation may only read`;
    },
  ],
]);

/** Why this command cannot be an expectation, or null when it can (syntax only: nothing runs). */
export function expectationCommandProblem(command: string): string | null {
  let cmds;
  try {
    cmds = parseScript(command);
  } catch (e) {
    return (e as Error).message;
  }
  if (cmds.length !== 1) return cmds.length === 0 ? 'is empty' : 'must be one command (one line)';
  if (cmds[0].stdin !== undefined) return 'cannot take a here-document';
  let words: string[];
  try {
    words = tokenize(cmds[0].command);
  } catch (e) {
    return (e as Error).message;
  }
  if (words[0] === 'sim') {
    if (words[1] === 'why' || (words[1] === 'image' && words[2] === 'list')) return null;
    const what = words[1] === 'image' ? `sim image ${words[2] ?? ''}` : `sim ${words[1] ?? ''}`;
    return `"${what}" changes the cluster: an expectation may only read (kubectl get, describe, rollout history, sim why, sim image list)`;
  }
  const verb = words.slice(1).find((w) => !w.startsWith('-'));
  const check = verb !== undefined ? READ_ONLY.get(verb) : undefined;
  if (!check)
    return `"kubectl ${verb ?? ''}" is not a read-only command: use kubectl get, describe, rollout history, sim why or sim image list`;
  return check(words.slice(words.indexOf(verb!) + 1));
}

/** The part of a command's output an expectation compares: what it printed, without the final newline. */
export function expectationOutput(printed: string): string {
  return printed.replace(/\s+$/, '');
}

export function expectationHolds(e: Expectation, printed: string): boolean {
  const out = expectationOutput(printed).slice(0, 200_000);
  if (e.equals !== undefined) return out === e.equals.replace(/\s+$/, '');
  if (e.matches !== undefined) return new RegExp(e.matches, 'm').test(out);
  return false;
}

/**
 * A usage error from the kubectl emulator (unknown flag, unknown command, unknown resource type,
 * unsupported output format) as opposed to an answer from the server (NotFound is fine: the object
 * may not exist yet).
 */
export function isUsageError(exitCode: number, printed: string): boolean {
  return exitCode !== 0 && /^error: /m.test(printed) && !/^Error from server/m.test(printed);
}
