// `kubectl <cmd> --help`: kubectl's help template, as the emulator prints it for a command table entry.
//
// The texts are kubectl 1.33's (the entry's own, or helpTexts.ts's generated from the real kubectl's
// --help where the entry does not carry them word for word). The Options list only the flags the
// emulator models: a flag kubectl has and the playground does not model (e.g. get's --chunk-size,
// apply's --prune) is left out, not listed as if it worked (the command refuses it as an unknown flag).
// help.test.ts holds every command's help equal to the real one with those entries taken out.

import { HELP_TEXTS } from './helpTexts';
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

/**
 * `kubectl <cmd> --help`: description, Examples, the subcommands the emulator has (cobra's Available
 * Commands, padded to the longest name, at least 11, then three spaces), the modelled flags' Options,
 * Usage.
 */
export function commandHelp(def: CommandDef, subcommands: readonly CommandDef[] = []): string {
  const texts = HELP_TEXTS.get(def.name);
  const flags = [...def.flags].filter((f) => !f.deprecated).sort((a, b) => (a.name < b.name ? -1 : 1));
  let s = `${texts?.long ?? def.long ?? def.short.replace(/\.?$/, '.')}\n`;
  // cobra's Aliases: the command's own word, then its aliases
  if (def.aliases !== undefined && def.aliases.length > 0)
    s += `\nAliases:\n${[def.name.split(' ').pop(), ...def.aliases].join(', ')}\n`;
  const example = texts?.example ?? def.example;
  if (example !== undefined) s += `\nExamples:\n${example}\n`;
  const subs = subcommands.map((c) => ({ name: c.name.slice(def.name.length + 1), short: c.short }));
  subs.sort((a, b) => (a.name < b.name ? -1 : 1));
  if (subs.length > 0) {
    const names = [...subs.map((c) => c.name), ...(def.kubectlSubcommands ?? [])];
    const width = Math.max(11, ...names.map((n) => n.length)) + 3;
    s += '\nAvailable Commands:\n';
    for (const c of subs) s += `  ${c.name.padEnd(width)}${c.short}\n`;
  }
  if (flags.length > 0) {
    s += '\nOptions:\n';
    for (const f of flags) {
      const usage =
        (texts?.flags && Object.hasOwn(texts.flags, f.name) ? texts.flags[f.name] : f.usage) ?? '';
      s += `    ${f.short ? `-${f.short}, ` : ''}--${f.name}=${flagDefault(f)}:\n\t${usage}\n\n`;
    }
  } else s += '\n';
  s += `Usage:\n  ${texts?.usage ?? def.usage}\n\n`;
  if (subs.length > 0)
    s += `Use "kubectl ${def.name} <command> --help" for more information about a given command.\n`;
  s += 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';
  return s;
}
