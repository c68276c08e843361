// `kubectl <cmd> --help`: kubectl's help template, as the emulator prints it for a command table entry.

import type { CommandDef, FlagSpec } from './types';

function flagDefault(f: FlagSpec): string {
  if (f.default !== undefined) return f.type === 'string' ? `'${f.default}'` : f.default;
  switch (f.type) {
    case 'bool':
      return 'false';
    case 'int':
      return '0';
    case 'stringArray':
      return '[]';
    case 'duration':
      return '0s';
    default:
      return "''";
  }
}

/** `kubectl <cmd> --help`: description, options, usage (kubectl's help template, abridged). */
export function commandHelp(def: CommandDef): string {
  const flags = [...def.flags].filter((f) => !f.deprecated).sort((a, b) => (a.name < b.name ? -1 : 1));
  let s = `${def.long ?? def.short.replace(/\.?$/, '.')}\n`;
  if (def.example !== undefined) s += `\nExamples:\n${def.example}\n`;
  if (flags.length > 0) {
    s += '\nOptions:\n';
    for (const f of flags) {
      s += `    ${f.short ? `-${f.short}, ` : ''}--${f.name}=${flagDefault(f)}:\n\t${f.usage ?? ''}\n\n`;
    }
  } else s += '\n';
  s += `Usage:\n  ${def.usage}\n\n`;
  s += 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';
  return s;
}
