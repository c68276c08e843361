// `--record` (cli-runtime pkg/genericclioptions/record_flags.go): the change-cause annotation is
// `parseCommandArguments(cmd)`: basename(os.Args[0]), the positional arguments (command words
// included) and then every flag pflag's ParseAll visits, in command-line order, as `--long=value`.

import type { KObject } from '../api/types';
import { clone } from '../api/objects';
import type { CommandContext, FlagSpec } from './types';
import { flagBool } from './argv';

export const CHANGE_CAUSE_ANNOTATION = 'kubernetes.io/change-cause';

/**
 * The `--record` flag shared by create, apply, set image, label, annotate. pflag prints
 * `Flag --record has been deprecated, --record will be removed in the future` when it is used (the
 * dispatcher does that for every flag with `deprecated`).
 */
export const RECORD_FLAG: FlagSpec = {
  name: 'record',
  type: 'bool',
  usage: 'Record current kubectl command in the resource annotation.',
  deprecated: '--record will be removed in the future',
};

function basename(p: string): string {
  const parts = p.split(/[/\\]/);
  return parts[parts.length - 1] || p;
}

/**
 * The change-cause string for the command in `ctx`: `kubectl set image ds/x c=i --namespace=ns --record=true`.
 * `commandPath` is the command's words (`set image`), which pflag sees as positional arguments.
 */
export function changeCause(ctx: CommandContext, commandPath: string): string {
  const base = basename(ctx.opts.argv0 ?? 'kubectl');
  const words = [...commandPath.split(' ').filter(Boolean), ...ctx.args.positional];
  const flags = ctx.args.ordered.map((f) => ` --${f.name}=${f.value}`).join('');
  return `${base}${words.length ? ` ${words.join(' ')}` : ''}${flags}`;
}

/** True when `--record` was given (and not `--record=false`). */
export function shouldRecord(ctx: CommandContext): boolean {
  return flagBool(ctx.args, 'record');
}

/** ChangeCauseRecorder.Record: returns a copy of `obj` carrying the change-cause annotation. */
export function withChangeCause<T extends KObject>(obj: T, cause: string): T {
  const out = clone(obj);
  out.metadata = {
    ...out.metadata,
    annotations: { ...out.metadata.annotations, [CHANGE_CAUSE_ANNOTATION]: cause },
  };
  return out;
}
