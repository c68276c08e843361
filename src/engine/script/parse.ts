// Scenario scripts (DESIGN §3): one command per line, `#` comments, trailing `\` continues a line,
// `<<EOF` heredocs. Parsing never runs anything.

export interface ScriptCommand {
  /** 1-based line where the command starts */
  line: number;
  /** the command as echoed: continuation lines joined, heredoc body left out */
  text: string;
  /** the command without its heredoc marker, to be run */
  command: string;
  /** heredoc body, when the command has one */
  stdin?: string;
}

export class ScriptParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const HEREDOC = /<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1\s*$/;

/** Strips a `#` comment that starts a word outside quotes. */
export function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"') i++;
      continue;
    }
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

export function parseScript(source: string): ScriptCommand[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const out: ScriptCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let text = stripComment(lines[i]).trimEnd();
    while (text.endsWith('\\')) {
      text = text.slice(0, -1).trimEnd();
      i++;
      if (i >= lines.length)
        throw new ScriptParseError(start, 'line continuation (\\) at the end of the script');
      const next = stripComment(lines[i]).trim();
      text = next ? `${text} ${next}` : text;
    }
    text = text.trim();
    if (!text) continue;
    const m = HEREDOC.exec(text);
    let stdin: string | undefined;
    let command = text;
    if (m) {
      const delim = m[2];
      const body: string[] = [];
      let closed = false;
      for (i++; i < lines.length; i++) {
        const l = lines[i];
        if ((m[0].startsWith('<<-') ? l.trim() : l) === delim) {
          closed = true;
          break;
        }
        body.push(l);
      }
      if (!closed)
        throw new ScriptParseError(start, `here-document started here is not closed by a line "${delim}"`);
      stdin = body.join('\n') + '\n';
      command = text.slice(0, m.index).trimEnd();
    }
    const word = text.split(/\s+/)[0];
    if (word !== 'kubectl' && word !== 'sim') {
      throw new ScriptParseError(
        start,
        `unknown command "${word}": a scenario line starts with kubectl or sim`,
      );
    }
    out.push({ line: start, text, command, stdin });
  }
  return out;
}

/** The manifest a script applied last from a heredoc (`kubectl apply|create -f - <<EOF`), if any: the page shows it in the editor. */
export function lastHeredocManifest(commands: readonly ScriptCommand[]): string | null {
  for (let i = commands.length - 1; i >= 0; i--) {
    const c = commands[i];
    if (
      c.stdin !== undefined &&
      /^kubectl\s+(apply|create)\b/.test(c.command) &&
      /\s-f\s+-(\s|$)/.test(`${c.command} `)
    )
      return c.stdin;
  }
  return null;
}
