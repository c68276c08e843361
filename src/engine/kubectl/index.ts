// The kubectl emulator's entry point: finds the command (one or two words, flags may come first),
// parses its flags, runs it and renders failures the way kubectl's cmdutil.CheckErr does.

import { SERVED } from '../api/discovery';
import { kubectlErrorText, StatusError } from '../api/errors';
import type { Kind } from '../api/types';
import type { Simulation } from '../simulation';
import { flagString, GLOBAL_FLAGS, parseArgs, tokenize } from './argv';
import { commandHelp } from './help';
import { Kubeconfig } from './kubeconfig';
import { resourceKindOf } from './resources';
import {
  COMMANDS,
  findCommand,
  GROUP_HELP,
  GROUPS,
  ROOT_SECTIONS,
  shortFor,
  subcommands,
  topLevelWords,
} from './registry';
import {
  CommandError,
  Output,
  type CommandContext,
  type CommandDef,
  type KubectlOptions,
  type KubectlResult,
} from './types';

/** Global flags that take a value and may appear before the command word. */
const VALUE_GLOBALS = new Set([
  '-n',
  '--namespace',
  '-v',
  '--v',
  '--context',
  '--kubeconfig',
  '--request-timeout',
]);

/** Positions of the first plain words of argv (skipping flags and the values of global flags). */
function wordPositions(argv: string[], max: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < argv.length && out.length < max; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a.startsWith('-') && a !== '-') {
      if (VALUE_GLOBALS.has(a)) i++;
      continue;
    }
    out.push(i);
  }
  return out;
}

/** The first `max` plain words of argv (the command path), global flags and their values skipped. */
export function commandWords(argv: string[], max: number): string[] {
  return wordPositions(argv, max).map((i) => argv[i]);
}

// ---------------------------------------------------------------------------------------- help

export { commandHelp };

/** `--help` of a command: its own help text, or commandHelp's. */
function printHelp(out: Output, def: CommandDef): void {
  if (def.helpText === undefined) {
    // its subcommands: the entries one word longer (`create` → `create namespace`)
    const depth = def.name.split(' ').length + 1;
    const subs = COMMANDS.filter(
      (c) => c.name.startsWith(`${def.name} `) && c.name.split(' ').length === depth,
    );
    out.out(commandHelp(def, subs));
  } else if (def.helpText.stream === 'stderr') out.err(def.helpText.text);
  else out.out(def.helpText.text);
}

function groupHelp(group: string): string {
  const subs = subcommands(group)
    .map((c) => c.name.split(' ')[1])
    .sort();
  // cobra's NamePadding: the longest sibling's name, at least 11, then three spaces
  const width = Math.max(11, ...subs.map((n) => n.length)) + 3;
  const help = GROUP_HELP.get(group);
  let s = `${help?.long ?? `${GROUPS.get(group) ?? ''}.`}\n`;
  if (help?.example !== undefined) s += `\nExamples:\n${help.example}\n`;
  s += '\nAvailable Commands:\n';
  for (const n of subs) s += `  ${n.padEnd(width)}${shortFor(`${group} ${n}`)}\n`;
  s += `\nUsage:\n  ${help?.usage ?? `kubectl ${group} SUBCOMMAND [options]`}\n\n`;
  s += `Use "kubectl ${group} <command> --help" for more information about a given command.\n`;
  s += 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';
  return s;
}

/** `kubectl` with no arguments. */
export function rootHelp(): string {
  let s =
    'kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/\n';
  const all = topLevelWords();
  const width = Math.max(...all.map((w) => w.length)) + 2;
  for (const sec of ROOT_SECTIONS) {
    const names = sec.names.filter((n) => all.includes(n));
    if (names.length === 0 && !sec.always) continue;
    s += `\n${sec.title}:\n`;
    for (const n of names) s += `  ${n.padEnd(Math.max(width, 16))}${shortFor(n)}\n`;
  }
  s += '\nUsage:\n  kubectl [flags] [options]\n\n';
  s += 'Use "kubectl <command> --help" for more information about a given command.\n';
  s += 'Use "kubectl options" for a list of global command-line options (applies to all commands).\n';
  return s;
}

// ---------------------------------------------------------------------------------------- errors

/** Levenshtein distance (cobra's ld, case-insensitive). */
function ld(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [
    i,
    ...Array.from({ length: t.length }, () => 0),
  ]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let j = 1; j <= t.length; j++) {
    for (let i = 1; i <= s.length; i++) {
      d[i][j] =
        s[i - 1] === t[j - 1] ? d[i - 1][j - 1] : Math.min(d[i - 1][j], d[i][j - 1], d[i - 1][j - 1]) + 1;
    }
  }
  return d[s.length][t.length];
}

/** cobra's findSuggestions (minimum distance 2, or a prefix match). */
function suggestions(typed: string): string {
  // A length difference over 2 is a distance over 2: skip the quadratic table (a pasted megabyte stays fast).
  const found = topLevelWords().filter(
    (w) =>
      (Math.abs(typed.length - w.length) <= 2 && ld(typed, w) <= 2) ||
      w.toLowerCase().startsWith(typed.toLowerCase()),
  );
  if (found.length === 0) return '';
  return `\n\nDid you mean this?\n${found.map((w) => `\t${w}\n`).join('')}`;
}

function renderError(out: Output, e: unknown): number {
  if (e instanceof StatusError) {
    out.eprintln(kubectlErrorText(e));
    return 1;
  }
  if (e instanceof CommandError) {
    if (e.message) {
      const text = e.raw ? e.message : `error: ${e.message}`;
      out.err(text.endsWith('\n') ? text : `${text}\n`);
    }
    return e.exitCode;
  }
  out.eprintln(`error: ${e instanceof Error ? e.message : String(e)}`);
  return 1;
}

// ---------------------------------------------------------------------------------------- run

/** Runs `kubectl <argv...>` against the simulation. argv excludes the word `kubectl`. */
export function runKubectl(sim: Simulation, argv: string[], opts: KubectlOptions = {}): KubectlResult {
  const out = new Output(opts.onChunk);
  let exitCode = 0;
  // a caller without a session (a test, a one-off command) gets the default kubeconfig
  const withConfig = opts.kubeconfig ? opts : { ...opts, kubeconfig: new Kubeconfig() };
  try {
    exitCode = dispatch(sim, argv, withConfig, out);
  } catch (e) {
    exitCode = renderError(out, e);
  }
  const result: KubectlResult = { chunks: out.chunks, exitCode };
  if (out.diagnostics.length > 0) result.diagnostics = out.diagnostics;
  return result;
}

function dispatch(sim: Simulation, argv: string[], opts: KubectlOptions, out: Output): number {
  const pos = wordPositions(argv, 3);
  const words = pos.map((i) => argv[i]);
  // cobra stops reading flags at `--`: a `-h` after it belongs to the command run in the container
  const dash = argv.indexOf('--');
  const wantsHelp = (dash >= 0 ? argv.slice(0, dash) : argv).some((a) => a === '--help' || a === '-h');
  if (words.length === 0) {
    out.out(rootHelp());
    return 0;
  }
  if (words[0] === 'help') {
    const target = findCommand(words.slice(1));
    if (target) printHelp(out, target.def);
    else if (words[1] && GROUPS.has(words[1])) out.out(groupHelp(words[1]));
    else if (words[1]) {
      // cobra's help command: the unknown topic, then the root usage (no description), on stderr
      const usage = rootHelp();
      out.err(
        `Unknown help topic [\`${words[1]}\`]\n${usage.slice(usage.indexOf('\n\n', usage.indexOf('Find more')))}`,
      );
    } else out.out(rootHelp());
    return 0;
  }
  const found = findCommand(words);
  if (!found) {
    if (GROUPS.has(words[0])) {
      const bare = GROUP_HELP.get(words[0])?.bare ?? 'stdout';
      if (wantsHelp || bare === 'help') {
        out.out(groupHelp(words[0]));
        return 0;
      }
      // cobra on a group word: an unknown subcommand is an error (kubectl rollout frobnicate)
      if (words.length > 1) {
        throw new CommandError(
          `unknown command ${JSON.stringify(words[1])}\nSee 'kubectl ${words[0]} -h' for help and examples`,
        );
      }
      // without one, the group's Run prints its help and exits 1 (on stderr: DefaultSubCommandRun)
      if (bare === 'stderr') out.err(groupHelp(words[0]));
      else out.out(groupHelp(words[0]));
      return 1;
    }
    throw new CommandError(`unknown command "${words[0]}" for "kubectl"${suggestions(words[0])}`);
  }
  const { def, used } = found;
  const rest = argv.filter((_, i) => !pos.slice(0, used).includes(i));
  if (wantsHelp) {
    printHelp(out, def);
    return 0;
  }
  let args;
  try {
    args = parseArgs(rest, def.flags, `kubectl ${def.name}`);
  } catch (e) {
    if (!(e instanceof CommandError) || def.flagErrorHint === undefined) throw e;
    throw new CommandError(e.message.replace(/\nSee '[^']*' for usage\.$/, `\n${def.flagErrorHint}`));
  }
  for (const f of [...def.flags, ...GLOBAL_FLAGS]) {
    if (f.deprecated && args.flags.has(f.name))
      out.eprintln(`Flag --${f.name} has been deprecated, ${f.deprecated}`);
  }
  const ns = flagString(args, 'namespace');
  const ctx: CommandContext = {
    sim,
    opts,
    out,
    // -n wins; else the current context's namespace (clientcmd's DirectClientConfig.Namespace)
    namespace: ns || (opts.kubeconfig ?? new Kubeconfig()).namespace(),
    namespaceExplicit: ns !== undefined,
    args,
    argv: [...argv],
  };
  def.run(ctx);
  return 0;
}

/** Convenience for callers holding a command line: tokenizes and runs it (leading `kubectl` optional). */
export function runKubectlLine(sim: Simulation, line: string, opts: KubectlOptions = {}): KubectlResult {
  let words: string[];
  try {
    words = tokenize(line);
  } catch (e) {
    return { chunks: [{ stream: 'stderr', text: `error: ${(e as Error).message}\n` }], exitCode: 1 };
  }
  if (words[0] === 'kubectl') words = words.slice(1);
  return runKubectl(sim, words, opts);
}

// ---------------------------------------------------------------------------------------- completion

/** Every command name (`get`, `rollout status`, …) for the console. */
export function commandNames(): string[] {
  return COMMANDS.map((c) => c.name);
}

/** A resource type as completion sees it: its kind and scope. */
export interface CompletionType {
  kind: Kind;
  namespaced: boolean;
}

/** The kinds COMMAND's TYPE argument takes: its validArgs, or every served one (undefined). */
function validKinds(command: string | undefined): readonly Kind[] | undefined {
  return command === undefined ? undefined : findCommand(command.split(' '))?.def.validArgs;
}

/**
 * The type words completion offers for COMMAND's TYPE argument (every served type when COMMAND is
 * undefined or has no validArgs), in discovery's order: the plural and short names, as
 * `kubectl api-resources` lists them. Singular forms are understood but not offered, so `dae`
 * completes in one go.
 */
export function completionTypeWords(command: string | undefined): string[] {
  const kinds = validKinds(command);
  return SERVED.filter((r) => !kinds || kinds.includes(r.kind)).flatMap((r) => [r.plural, ...r.shortNames]);
}

/**
 * The served resource a TYPE word names (any case, as the RESTMapper: resources.ts's words, from
 * discovery's SERVED list; a Map, so `kubectl get constructor/` finds nothing), if COMMAND takes it.
 */
export function completionType(command: string | undefined, word: string): CompletionType | undefined {
  const kind = resourceKindOf(word);
  const kinds = validKinds(command);
  if (!kind || (kinds && !kinds.includes(kind))) return undefined;
  return { kind, namespaced: SERVED.find((r) => r.kind === kind)!.namespaced };
}
