// Runs a parsed scenario script and produces its transcript: `$ command` and what it printed.

import type { ScriptCommand } from './parse';
import type { Session } from './session';

export interface Transcript {
  text: string;
  /** commands that exited non-zero (part of the transcript, they do not stop it) */
  failures: number;
}

/**
 * Runs the commands in order. `onText`, when given, receives the transcript as it is produced (the
 * `$ command` line, then each piece of output as the command prints it), so a caller can stream it.
 */
export function runCommands(
  session: Session,
  commands: ScriptCommand[],
  onText?: (text: string) => void,
): Transcript {
  let text = '';
  let failures = 0;
  for (const c of commands) {
    const echo = `$ ${c.text}\n`;
    text += echo;
    onText?.(echo);
    const r = session.exec(c.command, c.stdin, onText ? (ch) => onText(ch.text) : undefined);
    for (const ch of r.chunks) text += ch.text;
    if (r.exitCode !== 0) failures++;
  }
  return { text, failures };
}
