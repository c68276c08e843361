// Running lesson expectations in the engine worker: read-only commands, not recorded as inputs (they
// are not the learner's), refused when they could change the cluster.

import type { Session } from '../engine';
import { expectationCommandProblem } from './expectations';

export const MAX_PROBE_LINES = 20;

export function probeLines(session: Session, lines: readonly string[]): { text: string; exitCode: number }[] {
  return lines.slice(0, MAX_PROBE_LINES).map((line) => {
    const why = typeof line === 'string' ? expectationCommandProblem(line) : 'not a command';
    if (why) return { text: `error: not a read-only command: ${why}\n`, exitCode: 1 };
    const r = session.exec(line);
    return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
  });
}
