// The objects a command's resource arguments name, as cli-runtime's resource.Builder finds them for
// `LabelSelectorParam(selector).ResourceTypeOrNameArgs(allowEmptySelector, args...).ContinueOnError()`
// (label, annotate, set image|env|resources|serviceaccount, rollout restart): `TYPE NAME…`,
// `TYPE/NAME…`, or a lone `TYPE[,TYPE…]` with a selector — or with none when the command allows an
// empty one (its --all, or always for rollout restart). visitorResult's checks in its order and words.

import { StatusError } from '../../api/errors';
import { matches } from '../../api/labels';
import type { Kind, KObject } from '../../api/types';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandContext } from '../types';
import { builderLabelSelector } from './getListing';
import { nsFor } from './common';

export interface BuilderTarget {
  kind: Kind;
  obj: KObject;
}

export interface BuilderOptions {
  /** ResourceTypeOrNameArgs's allowEmptySelector: a lone TYPE selects every object of it */
  allowEmptySelector: boolean;
  /** the -l/--selector text (LabelSelectorParam trims it; empty is no selector) */
  selector?: string;
}

/** What the builder found (in argument order, each type's list by name) and the errors it kept going past. */
export interface BuilderResult {
  found: BuilderTarget[];
  /** NotFound for a named object, the server's 400 for a selector, each type once (ContinueOnError) */
  errs: unknown[];
}

/** The builder's missingResourceError. */
export const MISSING_RESOURCE =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

export function builderTargets(
  ctx: CommandContext,
  resources: string[],
  verb: string,
  opts: BuilderOptions,
): BuilderResult {
  const selector = (opts.selector ?? '').trim();
  if (resources.length === 0)
    throw new CommandError(
      selector !== '' ? 'at least one resource must be specified to use a selector' : MISSING_RESOURCE,
    );
  const tuples = resources.some((a) => a.includes('/'));
  const requests = parseResourceArgs(resources, verb);
  // ResourceTypeOrNameArgs: only a lone TYPE argument turns an absent selector into Everything
  const bySelector = selector !== '' || (opts.allowEmptySelector && !tuples && resources.length === 1);
  const found: BuilderTarget[] = [];
  const errs: unknown[] = [];
  if (bySelector) {
    // visitBySelector
    if (!tuples && resources.length > 1)
      throw new CommandError('name cannot be provided when a selector is specified');
    if (tuples)
      throw new CommandError(
        'selectors and the all flag cannot be used when passing resource/name arguments',
      );
    for (const { kind } of requests) {
      let sel;
      try {
        sel = builderLabelSelector(kind, selector);
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(e);
        continue;
      }
      for (const obj of ctx.sim.store.list(kind, nsFor(ctx, kind)))
        if (matches(sel, obj.metadata.labels)) found.push({ kind, obj });
    }
    return { found, errs };
  }
  if (!tuples && resources.length === 1)
    throw new CommandError('resource(s) were provided, but no name was specified');
  for (const { kind, names } of requests) {
    for (const name of names) {
      try {
        found.push({ kind, obj: ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name) });
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        errs.push(e);
      }
    }
  }
  return { found, errs };
}
