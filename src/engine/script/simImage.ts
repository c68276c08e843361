// `sim image …` (DESIGN §7): how images pull and run, for every node. The rules live in the
// simulation's registry (registry/registry.ts), which is outside the cluster: `sim cluster` keeps them.
// Like the other `sim` commands they print nothing on success; `list` is a query and prints a table.
// Bad input is an `error: …` that names what is wrong, and changes nothing.

import { GLOBAL_FLAGS, parseArgs, flagString } from '../kubectl/argv';
import { CommandError, type FlagSpec, type Output, type ParsedArgs } from '../kubectl/types';
import { goDuration, parseDuration } from '../clock';
import { goQuote } from '../api/errors';
import { tabwrite, TABLE_TABWRITER } from '../kubectl/printers/tabwriter';
import { parseImageReference, ImageReferenceError } from '../registry/reference';
import {
  DEFAULT_CRASH_AFTER_MS,
  DEFAULT_CRASH_EXIT_CODE,
  DEFAULT_OOM_AFTER_MS,
  type Registry,
} from '../registry/registry';
import { formatBudgetHours } from './budget';
import type { Session } from './session';

export const SIM_IMAGE_VERBS = ['missing', 'ok', 'crash', 'oom', 'unready', 'slow', 'list'] as const;

const CRASH_FLAGS: FlagSpec[] = [
  { name: 'after', type: 'string' },
  { name: 'exit-code', type: 'int' },
];
const OOM_FLAGS: FlagSpec[] = [{ name: 'after', type: 'string' }];

/** What each verb takes after IMAGE, for usage lines. */
const USAGE = new Map<string, string>([
  ['missing', 'sim image missing IMAGE'],
  ['ok', 'sim image ok IMAGE'],
  ['crash', 'sim image crash IMAGE [--after DURATION] [--exit-code N]'],
  ['oom', 'sim image oom IMAGE [--after DURATION]'],
  ['unready', 'sim image unready IMAGE'],
  ['slow', 'sim image slow IMAGE DURATION'],
  ['list', 'sim image list'],
]);

export const SIM_IMAGE_HELP = `Set how images pull and run, on every node. IMAGE is a reference as a pod names it (nginx,
nginx:1.27, quay.io/org/app@sha256:…); a rule holds for the normalized reference
(nginx = docker.io/library/nginx:latest). The registry is outside the cluster: sim cluster keeps the rules.

Usage:
  sim image missing IMAGE     the image does not exist: pulls fail (ErrImagePull, then ImagePullBackOff)
  sim image ok IMAGE          the image exists and runs, whatever the catalogue says (clears its other rules)
  sim image crash IMAGE [--after DURATION] [--exit-code N]
                              the container exits after running DURATION (default ${goDuration(DEFAULT_CRASH_AFTER_MS)}) with
                              code N (default ${DEFAULT_CRASH_EXIT_CODE}; 0 shows as Completed), then CrashLoopBackOff
  sim image oom IMAGE [--after DURATION]
                              the container is OOM-killed after running DURATION (default ${goDuration(DEFAULT_OOM_AFTER_MS)})
  sim image unready IMAGE     its readiness probes fail (a container without one is still ready)
  sim image slow IMAGE DURATION
                              each pull of the image takes DURATION
  sim image list              the rules set, and what each image does
`;

function usage(verb: string): string {
  return `usage: ${USAGE.get(verb) ?? 'sim image VERB'}`;
}

/** The IMAGE argument: a reference the kubelet could pull, else an error with distribution/reference's words. */
function imageArg(verb: string, a: ParsedArgs, arity: number): string {
  const image = a.positional[0];
  if (!image) throw new CommandError(`sim image ${verb} needs an IMAGE; ${usage(verb)}`);
  const extra = a.positional[arity];
  if (extra !== undefined) throw new CommandError(`unexpected argument ${goQuote(extra)}; ${usage(verb)}`);
  try {
    parseImageReference(image);
  } catch (e) {
    if (e instanceof ImageReferenceError)
      throw new CommandError(`invalid image reference ${goQuote(image)}: ${e.message}`);
    throw e;
  }
  return image;
}

/** A duration (`500ms`, `30s`, `5m`, `1h30m`) no longer than the session may run. */
function duration(session: Session, text: string, what: string): number {
  let ms: number;
  try {
    ms = parseDuration(text);
  } catch {
    throw new CommandError(`invalid ${what} ${goQuote(text)} (examples: 500ms, 30s, 5m, 1h30m)`);
  }
  if (ms > session.budget.maxSimMs)
    throw new CommandError(
      `${what} ${text} is longer than a session runs (${formatBudgetHours(session.budget.maxSimMs)})`,
    );
  return ms;
}

/**
 * The argv parser also takes kubectl's global flags (`-n`, `--kubeconfig`, …); none of them means
 * anything to the registry, so each is refused the way pflag refuses a flag a command does not have.
 */
function refuseGlobalFlags(argv: string[], a: ParsedArgs, verb: string): void {
  const globals = new Map(GLOBAL_FLAGS.filter((f) => f.name !== 'help').map((f) => [f.name, f]));
  if (![...a.flags.keys()].some((name) => globals.has(name))) return;
  const see = `\nSee 'sim image ${verb} --help' for usage.`;
  for (const w of argv) {
    if (w === '--') break;
    if (w.startsWith('--')) {
      const name = w.slice(2).split('=')[0];
      if (globals.has(name)) throw new CommandError(`unknown flag: --${name}${see}`);
    } else if (w.startsWith('-') && w.length > 1) {
      const short = [...globals.values()].find((f) => f.short === w[1]);
      if (short) throw new CommandError(`unknown shorthand flag: '${w[1]}' in ${w}${see}`);
    }
  }
  const first = [...a.flags.keys()].find((name) => globals.has(name));
  throw new CommandError(`unknown flag: --${first}${see}`);
}

/** The table of `sim image list` (kubectl's layout: upper-case headers, columns 3 spaces apart). */
export function formatImageRules(registry: Registry): string {
  const rows = registry.list().map((r) => `${r.ref}\t${r.pull}\t${r.run}`);
  return tabwrite(['IMAGE\tPULL\tRUN', ...rows].join('\n') + '\n', TABLE_TABWRITER);
}

export const NO_IMAGE_RULES =
  'No image rules set: every image pulls as the registry catalogue says, and runs.';

export function runSimImage(session: Session, argv: string[], out: Output): void {
  const [verb, ...args] = argv;
  if (args.includes('--help') || args.includes('-h') || verb === '--help' || verb === '-h') {
    out.out(SIM_IMAGE_HELP);
    return;
  }
  if (verb === undefined || !USAGE.has(verb)) {
    throw new CommandError(
      `unknown command ${goQuote(`sim image${verb === undefined ? '' : ` ${verb}`}`)}; one of: ${SIM_IMAGE_VERBS.join(', ')}`,
    );
  }
  const flags = verb === 'crash' ? CRASH_FLAGS : verb === 'oom' ? OOM_FLAGS : [];
  const a = parseArgs(args, flags, `sim image ${verb}`);
  refuseGlobalFlags(args, a, verb);
  const registry = session.sim.registry;
  switch (verb) {
    case 'list': {
      if (a.positional.length > 0)
        throw new CommandError(`unexpected argument ${goQuote(a.positional[0])}; ${usage(verb)}`);
      if (registry.rules.size === 0) out.eprintln(NO_IMAGE_RULES);
      else out.out(formatImageRules(registry));
      return;
    }
    case 'missing':
      registry.missing(imageArg(verb, a, 1));
      return;
    case 'ok':
      registry.ok(imageArg(verb, a, 1));
      return;
    case 'unready':
      registry.runAs(imageArg(verb, a, 1), { kind: 'unready' });
      return;
    case 'slow': {
      const image = imageArg(verb, a, 2);
      const d = a.positional[1];
      if (d === undefined)
        throw new CommandError(
          `sim image slow needs a DURATION (the pull time: 500ms, 30s, 5m, 1h30m); ${usage(verb)}`,
        );
      registry.slow(image, duration(session, d, 'pull time'));
      return;
    }
    case 'crash': {
      const image = imageArg(verb, a, 1);
      const after = flagString(a, 'after');
      const afterMs = after === undefined ? DEFAULT_CRASH_AFTER_MS : duration(session, after, '--after');
      const code = flagString(a, 'exit-code');
      const exitCode = code === undefined ? DEFAULT_CRASH_EXIT_CODE : Number(code);
      if (!Number.isInteger(exitCode) || exitCode < 0 || exitCode > 255)
        throw new CommandError(`invalid --exit-code ${code}: an exit code is from 0 to 255`);
      registry.runAs(image, { kind: 'crash', afterMs, exitCode });
      return;
    }
    case 'oom': {
      const image = imageArg(verb, a, 1);
      const after = flagString(a, 'after');
      registry.runAs(image, {
        kind: 'oom',
        afterMs: after === undefined ? DEFAULT_OOM_AFTER_MS : duration(session, after, '--after'),
      });
      return;
    }
  }
}
