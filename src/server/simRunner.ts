// `POST /playground/v1/sim`: the `sim …` lines of a scenario script run in the served session, one
// request at a time (a second request waits for the first, so two scripts never interleave), and
// in slices: after SIM_SLICE_MS of commands the runner gives the event loop a turn, so other
// clients' requests and watch events go through while a long script (up to the 3 MiB body limit)
// runs. One command is never cut: a single long `sim` command still holds the server while it runs.

import type { Session } from '../engine/script/session';
import { parseScript, ScriptParseError } from '../engine/script/parse';

/** wall milliseconds of commands between two turns of the event loop */
export const SIM_SLICE_MS = 10;

export interface SimAnswer {
  /** HTTP status: 200, or 400 for a script that does not parse */
  status: number;
  text: string;
  exitCode: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SimRunner {
  private tail: Promise<unknown> = Promise.resolve();
  /** slices given up to other requests (for tests and the bench) */
  turns = 0;

  constructor(
    private readonly session: Session,
    /** after each command: the server follows a simulation `sim cluster` replaced */
    private readonly afterCommand: () => void,
  ) {}

  /** Runs a script after those posted before it; resolves with its output. */
  run(text: string): Promise<SimAnswer> {
    const next = this.tail.then(() => this.runNow(text));
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async runNow(text: string): Promise<SimAnswer> {
    let commands;
    try {
      commands = parseScript(text);
    } catch (e) {
      if (e instanceof ScriptParseError) return { status: 400, text: `${e.message}\n`, exitCode: 1 };
      throw e;
    }
    const out: string[] = [];
    let exitCode = 0;
    let sliceStart = performance.now();
    for (const c of commands) {
      if (performance.now() - sliceStart >= SIM_SLICE_MS) {
        this.turns++;
        await turn();
        sliceStart = performance.now();
      }
      if (!/^sim(\s|$)/.test(c.command)) {
        out.push(`error: line ${c.line}: only sim commands run here (kubectl talks to the API server): ${c.text}\n`);
        exitCode = 1;
        continue;
      }
      const r = this.session.exec(c.command, c.stdin);
      for (const ch of r.chunks) out.push(ch.text);
      if (r.exitCode !== 0) exitCode = r.exitCode;
      this.afterCommand();
    }
    return { status: 200, text: out.join(''), exitCode };
  }
}
