// `POST /playground/v1/sim`: the `sim …` lines of a scenario script run in the served session, one
// request at a time (a second request waits for the first, so two scripts never interleave), and
// in slices: after SIM_SLICE_MS of commands the runner gives the event loop a turn, so other
// clients' requests and watch events go through while a long script (up to the 3 MiB body limit)
// runs — the parse too (about half the time of a 3 MiB script). One command is never cut: a single
// long `sim` command (`sim advance 1h` on a large cluster) still holds the server while it runs.

import type { Session } from '../engine';
import { parseScript, ScriptParseError, type ScriptCommand } from '../engine';

/** wall milliseconds of commands between two turns of the event loop */
export const SIM_SLICE_MS = 10;
/** lines parsed at once (a block grows to the end of a continued line or a here-document) */
const PARSE_BLOCK_LINES = 500;

export interface SimAnswer {
  /** HTTP status: 200, or 400 for a script that does not parse */
  status: number;
  text: string;
  exitCode: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Where a block of at least `size` lines from `pos` ends (the index of its last line's newline, or
 * the text's end): not after a line continued with `\`.
 */
function blockEnd(text: string, pos: number, size: number): { end: number; lines: number } {
  let lines = 0;
  let start = pos;
  for (;;) {
    const nl = text.indexOf('\n', start);
    lines++;
    if (nl === -1) return { end: text.length, lines };
    if (lines >= size && !text.slice(start, nl).trimEnd().endsWith('\\')) return { end: nl, lines };
    start = nl + 1;
  }
}

/**
 * The whole script parsed before anything runs (a script that does not parse changes nothing),
 * a block of lines at a time, found by scanning (no split of the whole text): a block ends where a
 * command ends — not on a `\` continuation, and a block whose here-document is not closed grows
 * until it is.
 */
export async function parseScriptInBlocks(
  text: string,
  between: () => Promise<void>,
  blockLines = PARSE_BLOCK_LINES,
): Promise<ScriptCommand[]> {
  const out: ScriptCommand[] = [];
  let line0 = 0;
  for (let pos = 0; pos <= text.length;) {
    let size = blockLines;
    let block: ScriptCommand[];
    let b: { end: number; lines: number };
    for (;;) {
      b = blockEnd(text, pos, size);
      try {
        block = parseScript(text.slice(pos, b.end));
        break;
      } catch (e) {
        if (!(e instanceof ScriptParseError)) throw e;
        if (b.end < text.length && /here-document|line continuation/.test(e.message)) {
          size *= 2;
          continue;
        }
        throw new ScriptParseError(e.line + line0, e.message);
      }
    }
    for (const c of block) out.push({ ...c, line: c.line + line0 });
    line0 += b.lines;
    pos = b.end + 1;
    await between();
  }
  return out;
}

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

  private sliceStart = 0;

  /** Gives the event loop a turn once the current slice has run SIM_SLICE_MS. */
  private async yieldIfDue(): Promise<void> {
    if (performance.now() - this.sliceStart < SIM_SLICE_MS) return;
    this.turns++;
    await turn();
    this.sliceStart = performance.now();
  }

  private async runNow(text: string): Promise<SimAnswer> {
    this.sliceStart = performance.now();
    let commands;
    try {
      commands = await parseScriptInBlocks(text, () => this.yieldIfDue());
    } catch (e) {
      if (e instanceof ScriptParseError) return { status: 400, text: `${e.message}\n`, exitCode: 1 };
      throw e;
    }
    const out: string[] = [];
    let exitCode = 0;
    for (const c of commands) {
      await this.yieldIfDue();
      if (!/^sim(\s|$)/.test(c.command)) {
        out.push(
          `error: line ${c.line}: only sim commands run here (kubectl talks to the API server): ${c.text}\n`,
        );
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
