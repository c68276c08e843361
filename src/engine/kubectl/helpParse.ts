// kubectl's help template taken apart (k8s.io/kubectl/pkg/util/templates: the long description, the
// Examples, the Options (one entry per flag, pflag's order), the Usage line), for tools/help/generate.ts
// and src/engine/kubectl/help.test.ts.

export interface HelpFlag {
  name: string;
  short?: string;
  default: string;
  usage: string;
  /** the entry as printed, with its blank line */
  raw: string;
}

export interface ParsedHelp {
  long: string;
  /** the Aliases line: the name, then the aliases (`namespace, ns`) */
  aliases?: string;
  example?: string;
  /** Available Commands: each subcommand's name and line */
  commands?: { name: string; line: string }[];
  flags: HelpFlag[];
  usage: string;
  /** everything after the Usage line */
  tail: string;
}

const HEADER = /^ {4}(?:-(\w), )?--([\w-]+)=(.*):$/;

export function parseHelp(text: string): ParsedHelp {
  const u = text.lastIndexOf('\nUsage:\n  ');
  if (u < 0) throw new Error('no Usage: section');
  const usageEnd = text.indexOf('\n', u + '\nUsage:\n  '.length);
  const usage = text.slice(u + '\nUsage:\n  '.length, usageEnd);
  const tail = text.slice(usageEnd);
  let head = text.slice(0, u + 1);
  const flags: HelpFlag[] = [];
  const o = head.indexOf('\nOptions:\n');
  if (o >= 0) {
    const lines = head.slice(o + '\nOptions:\n'.length).split('\n');
    head = head.slice(0, o + 1);
    lines.pop(); // the text ended with a newline
    let cur: { m: RegExpExecArray; body: string[] } | undefined;
    const close = () => {
      if (!cur) return;
      const body = cur.body.join('\n');
      if (!body.startsWith('\t') || !body.endsWith('\n')) throw new Error(`odd entry ${cur.m[0]}`);
      flags.push({
        name: cur.m[2],
        ...(cur.m[1] ? { short: cur.m[1] } : {}),
        default: cur.m[3],
        usage: body.slice(1, -1),
        raw: `${cur.m[0]}\n${body}\n`,
      });
    };
    for (const line of lines) {
      const m = HEADER.exec(line);
      if (m) {
        close();
        cur = { m, body: [] };
      } else if (cur) cur.body.push(line);
      else throw new Error(`text before the first option: ${line}`);
    }
    close();
  }
  // head: LONG\n[\nExamples:\nEXAMPLE\n]\n  (the last newline is the blank line before Options/Usage)
  if (!head.endsWith('\n\n')) throw new Error('no blank line before Options/Usage');
  head = head.slice(0, -2);
  let commands: ParsedHelp['commands'];
  const a = head.indexOf('\n\nAvailable Commands:\n');
  if (a >= 0) {
    commands = head
      .slice(a + '\n\nAvailable Commands:\n'.length)
      .split('\n')
      .map((line) => ({ name: line.trim().split(' ')[0], line }));
    head = head.slice(0, a);
  }
  let aliases: string | undefined;
  const al = /\n\nAliases:\n([^\n]*)(?=\n\nExamples:\n|$)/.exec(head);
  if (al) {
    aliases = al[1];
    head = head.slice(0, al.index) + head.slice(al.index + al[0].length);
  }
  const e = head.indexOf('\n\nExamples:\n');
  const rest = {
    ...(aliases !== undefined ? { aliases } : {}),
    ...(commands ? { commands } : {}),
    flags,
    usage,
    tail,
  };
  if (e < 0) return { long: head, ...rest };
  return { long: head.slice(0, e), example: head.slice(e + '\n\nExamples:\n'.length), ...rest };
}

/**
 * The help text again (kubectl's template), with only the given flags' entries and subcommands (none
 * left: no Available Commands, nor the line on their --help).
 */
export function formatHelp(
  h: ParsedHelp,
  keep: (f: HelpFlag) => boolean = () => true,
  keepCommand: (name: string) => boolean = () => true,
): string {
  let s = `${h.long}\n`;
  if (h.aliases !== undefined) s += `\nAliases:\n${h.aliases}\n`;
  if (h.example !== undefined) s += `\nExamples:\n${h.example}\n`;
  const commands = (h.commands ?? []).filter((c) => keepCommand(c.name));
  let tail = h.tail;
  if (commands.length > 0) s += `\nAvailable Commands:\n${commands.map((c) => `${c.line}\n`).join('')}`;
  else
    tail = tail.replace(
      /\nUse "kubectl [^"]* <command> --help" for more information about a given command\./,
      '',
    );
  const flags = h.flags.filter(keep);
  s += flags.length > 0 ? `\nOptions:\n${flags.map((f) => f.raw).join('')}` : '\n';
  return `${s}Usage:\n  ${h.usage}${tail}`;
}
