// Helpers shared by the mutating commands: dry-run strategy, the name printer, kubectl's error
// aggregation (cmdutil.CheckErr / MultipleErrors / AddSourceToErr) and waiting on the simulation.

import { formatFieldError, StatusError } from '../../api/errors';
import { type Kind, kindGroup, NAMESPACED } from '../../api/types';
import type { Simulation } from '../../simulation';
import { flagString } from '../argv';
import { CommandError, type CommandContext, type FlagSpec } from '../types';

export type DryRun = 'none' | 'client' | 'server';

export const DRY_RUN_FLAG: FlagSpec = {
  name: 'dry-run',
  type: 'string',
  default: 'none',
  usage: 'Must be "none", "server", or "client".',
};

/** cmdutil.GetDryRunStrategy (boolean values are the deprecated spellings). */
export function dryRunStrategy(ctx: CommandContext): DryRun {
  const v = flagString(ctx.args, 'dry-run');
  if (v === undefined || v === 'none') return 'none';
  if (v === 'client' || v === 'server') return v;
  // The boolean spellings are deprecated (klog warns); true means client.
  if (v === 'true') return 'client';
  if (v === 'false') return 'none';
  throw new CommandError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

/** PrintFlagsWithDryRunStrategy: the marker appended to the name printer's operation. */
export function dryRunSuffix(d: DryRun): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}

/** The name printer: `daemonset.apps/x created`. */
export function nameLine(kind: Kind, name: string, operation: string): string {
  return `${kindGroup(kind)}/${name} ${operation}`;
}

/** A client-side error: printed as `error: <msg>` alone, bare inside an aggregate. */
export class ClientError extends Error {}

/** An API error annotated with the file it came from (cmdutil.AddSourceToErr). */
export class SourcedStatusError extends StatusError {
  constructor(
    readonly inner: StatusError,
    verb: string,
    source: string,
  ) {
    super(inner.code, inner.reason, `error when ${verb} "${source}": ${inner.message}`, inner.fieldErrors);
  }
}

export function addSourceToErr(err: unknown, verb: string, source: string | undefined): unknown {
  if (!source) return err;
  if (err instanceof StatusError) return new SourcedStatusError(err, verb, source);
  if (err instanceof ClientError) return new ClientError(`error when ${verb} "${source}": ${err.message}`);
  return err;
}

function invalidDetails(e: StatusError): { kind: string; name: string } | null {
  let inner: StatusError = e;
  while (inner instanceof SourcedStatusError) inner = inner.inner;
  const m = /^(\S+?)(?:\.\S+)? "([^"]*)" is invalid/.exec(inner.message);
  return m ? { kind: m[1], name: m[2] } : null;
}

function causeText(e: StatusError): string[] {
  return e.fieldErrors.map(formatFieldError);
}

/** cmdutil.checkErr for one error. */
export function formatSingleError(err: unknown): string {
  if (err instanceof StatusError) {
    if (err.reason === 'Invalid') {
      const d = invalidDetails(err);
      const causes = causeText(err);
      // MultilineError ends every cause with a newline of its own, even one that has one (a
      // refused pod update's diff): then a blank line follows
      if (d && causes.length === 1) return `The ${d.kind} "${d.name}" is invalid: ${causes[0]}\n`;
      if (d && causes.length > 1)
        return `The ${d.kind} "${d.name}" is invalid: \n${causes.map((c) => `* ${c}\n`).join('')}`;
    }
    return `Error from server (${err.reason}): ${err.message}`;
  }
  if (err instanceof CommandError) return err.raw ? err.message : `error: ${err.message}`;
  const msg = err instanceof Error ? err.message : String(err);
  return msg.startsWith('error: ') ? msg : `error: ${msg}`;
}

/** MultipleErrors(``, errs): one line per error, API errors with their reason, others bare. */
export function formatAggregate(errs: unknown[]): string {
  return errs
    .map((e) => {
      if (e instanceof StatusError) return `Error from server (${e.reason}): ${e.message}`;
      if (e instanceof CommandError && !e.raw) return e.message;
      return e instanceof Error ? e.message : String(e);
    })
    .join('\n');
}

/** Ends the command the way cmdutil.CheckErr(utilerrors.NewAggregate(errs)) does (no-op without errors). */
export function finish(errs: unknown[]): void {
  if (errs.length === 0) return;
  const text = errs.length === 1 ? formatSingleError(errs[0]) : formatAggregate(errs);
  throw new CommandError(text, 1, true);
}

/** Runs the simulation until `done()` holds; false if it went quiet or `limitMs` passed first. */
export function stepUntil(sim: Simulation, done: () => boolean, limitMs: number): boolean {
  const end = sim.now() + limitMs;
  while (!done()) {
    const t = sim.nextAt();
    if (t === undefined || t > end) return false;
    sim.step();
  }
  return true;
}

/** The namespace an object of `kind` lives in for this command (undefined when cluster-scoped). */
export function nsFor(ctx: CommandContext, kind: Kind): string | undefined {
  return NAMESPACED[kind] ? ctx.namespace : undefined;
}

/**
 * cmdutil.GetResourcesAndPairs: leading words are resources, the rest are `k=v` / `k-` pairs.
 */
export function resourcesAndPairs(
  args: string[],
  pairType: string,
): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  let found = false;
  for (const s of args) {
    const nonResource = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (nonResource) {
      found = true;
      pairs.push(s);
    } else if (!found) resources.push(s);
    else throw new CommandError(`all resources must be specified before ${pairType} changes: ${s}`);
  }
  return { resources, pairs };
}

export const FILENAME_FLAG: FlagSpec = {
  name: 'filename',
  short: 'f',
  type: 'stringArray',
  usage: 'Filename, directory, or URL to files to use.',
};

export const VALIDATE_FLAG: FlagSpec = {
  name: 'validate',
  type: 'string',
  default: 'strict',
  noOptDefault: 'strict',
  usage: 'Must be one of: strict (or true), warn, ignore (or false).',
};

/** Reports a failed manifest object as an editor marker (Output.diagnose), besides stderr. */
export function diagnoseEntry(
  ctx: CommandContext,
  entry: { document?: number; line?: number },
  err: unknown,
): void {
  if (entry.document === undefined) return;
  const field = err instanceof StatusError ? err.fieldErrors[0]?.field : undefined;
  ctx.out.diagnose({
    document: entry.document,
    ...(entry.line !== undefined ? { line: entry.line } : {}),
    ...(field ? { field } : {}),
    message: formatSingleError(err),
  });
}
