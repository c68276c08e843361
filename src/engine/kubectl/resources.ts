// Resource type words as kubectl's RESTMapper and discovery short names understand them, and the
// `TYPE NAME...` / `TYPE/NAME` / `TYPE1,TYPE2` argument forms (cli-runtime resource.Builder).

import { SERVED } from '../api/discovery';
import type { Kind } from '../api/types';
import { CommandError } from './types';

interface ResourceInfo {
  kind: Kind;
  plural: string;
  singular: string;
  shortNames: string[];
  group: string;
}

/**
 * The resources as the RESTMapper knows them: discovery's served list (src/engine/api/discovery.ts),
 * the one list the API server, `api-resources` and the console's completion answer from too.
 */
export const RESOURCES: ResourceInfo[] = SERVED.map(({ kind, plural, singular, shortNames, group }) => ({
  kind,
  plural,
  singular,
  shortNames,
  group,
}));

const BY_WORD = new Map<string, Kind>();
for (const r of RESOURCES) {
  for (const w of [r.plural, r.singular, ...r.shortNames]) {
    BY_WORD.set(w, r.kind);
    if (r.group) BY_WORD.set(`${w}.${r.group}`, r.kind);
  }
  BY_WORD.set(r.group ? `${r.plural}.v1.${r.group}` : `${r.plural}.v1.`, r.kind);
}

/** The kind a type word names (case-insensitive, like the RESTMapper), if any. */
export function resourceKindOf(s: string): Kind | undefined {
  return BY_WORD.get(s.toLowerCase());
}

/** The resource a type word names (case-insensitive, like the RESTMapper). */
export function resolveResource(s: string): Kind {
  const k = resourceKindOf(s);
  if (!k) throw new CommandError(`the server doesn't have a resource type "${s}"`);
  return k;
}

export interface ResourceRequest {
  kind: Kind;
  names: string[];
}

const TYPE_NAME_MIX =
  "there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";

/**
 * Parses positional arguments as cli-runtime's ResourceTypeOrNameArgs does: `ds x y`,
 * `ds/x pod/y`, `pods,ds` (several types, no names). Requests keep the order given.
 */
export function parseResourceArgs(positional: string[], verb = 'get'): ResourceRequest[] {
  if (positional.length === 0) {
    throw new CommandError(
      `you must specify the type of resource to ${verb}. Use "kubectl api-resources" for a complete list of supported resources.`,
    );
  }
  const slashed = positional.filter((a) => a.includes('/'));
  if (slashed.length > 0) {
    if (slashed.length !== positional.length) throw new CommandError(TYPE_NAME_MIX);
    const out: ResourceRequest[] = [];
    for (const a of positional) {
      const i = a.indexOf('/');
      const type = a.slice(0, i);
      const name = a.slice(i + 1);
      if (!type || !name || name.includes('/')) {
        throw new CommandError(`arguments in resource/name form must have a single resource and name`);
      }
      const kind = resolveResource(type);
      const last = out[out.length - 1];
      if (last && last.kind === kind) last.names.push(name);
      else out.push({ kind, names: [name] });
    }
    return out;
  }
  const [types, ...names] = positional;
  const kinds = types.split(',').filter((t) => t !== '');
  if (kinds.length === 0) {
    throw new CommandError(
      `you must specify the type of resource to ${verb}. Use "kubectl api-resources" for a complete list of supported resources.`,
    );
  }
  return kinds.map((t) => ({ kind: resolveResource(t), names: [...names] }));
}

export function resourceInfo(kind: Kind): ResourceInfo {
  return RESOURCES.find((r) => r.kind === kind)!;
}
