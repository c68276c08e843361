// `kubectl api-resources` and `kubectl api-versions` (pkg/cmd/apiresources): what the playground's
// API server serves, from the discovery documents it sends (api/discovery). Only the resources the
// simulation stores are listed (a real cluster serves many more: services, configmaps, …).

import { apiResources as servedResources, groupVersion, servedGroupVersions } from '../../api/discovery';
import { flagBool, flagString } from '../argv';
import { printTable } from '../printers/table';
import { CommandError, type CommandDef } from '../types';

interface ApiResource {
  name: string;
  shortNames: string[];
  group: string;
  version: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  categories: string[];
}

/**
 * The resources of every served group version, subresources left out, sorted as kubectl sorts
 * them by default (by group, then by name).
 */
export function apiResources(): ApiResource[] {
  const out: ApiResource[] = [];
  for (const gv of servedGroupVersions()) {
    for (const r of servedResources(gv.group, gv.version) ?? []) {
      if (r.name.includes('/')) continue;
      out.push({
        name: r.name,
        shortNames: r.shortNames ?? [],
        group: gv.group,
        version: gv.version,
        namespaced: r.namespaced,
        kind: r.kind,
        verbs: r.verbs,
        categories: r.categories ?? [],
      });
    }
  }
  return out.sort((a, b) =>
    a.group < b.group ? -1 : a.group > b.group ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}

export const apiResourcesCommand: CommandDef = {
  name: 'api-resources',
  short: 'Print the supported API resources on the server',
  usage: 'kubectl api-resources [flags] [options]',
  flags: [
    { name: 'api-group', type: 'string', usage: 'Limit to resources in the specified API group.' },
    { name: 'cached', type: 'bool', usage: 'Use the cached list of resources if available.' },
    {
      name: 'categories',
      type: 'stringArray',
      usage: 'Limit to resources that belong to the specified categories.',
    },
    {
      name: 'namespaced',
      type: 'bool',
      default: 'true',
      usage:
        'If false, non-namespaced resources will be returned, otherwise returning namespaced resources by default.',
    },
    {
      name: 'no-headers',
      type: 'bool',
      usage:
        "When using the default or custom-column output format, don't print headers (default print headers).",
    },
    { name: 'output', short: 'o', type: 'string', usage: 'Output format. One of: (wide, name).' },
    {
      name: 'sort-by',
      type: 'string',
      usage:
        "If non-empty, sort list of resources using specified field. The field can be either 'name' or 'kind'.",
    },
    { name: 'verbs', type: 'stringArray', usage: 'Limit to resources that support the specified verbs.' },
  ],
  run(ctx) {
    const output = flagString(ctx.args, 'output') ?? '';
    if (output !== '' && output !== 'wide' && output !== 'name') {
      throw new CommandError(`--output ${output} is not available`);
    }
    const sortBy = flagString(ctx.args, 'sort-by') ?? '';
    if (sortBy !== '' && sortBy !== 'name' && sortBy !== 'kind')
      throw new CommandError(`--sort-by accepts only name or kind`);
    let list = apiResources();
    const group = flagString(ctx.args, 'api-group');
    if (group !== undefined) list = list.filter((r) => r.group === group);
    if (ctx.args.flags.has('namespaced')) {
      const ns = flagBool(ctx.args, 'namespaced');
      list = list.filter((r) => r.namespaced === ns);
    }
    const verbs = (ctx.args.flags.get('verbs') ?? []).flatMap((v) => v.split(','));
    if (verbs.length) list = list.filter((r) => verbs.every((v) => r.verbs.includes(v)));
    const cats = (ctx.args.flags.get('categories') ?? []).flatMap((v) => v.split(','));
    if (cats.length) list = list.filter((r) => cats.every((c) => r.categories.includes(c)));
    if (sortBy)
      list = [...list].sort((a, b) =>
        sortBy === 'name'
          ? a.name < b.name
            ? -1
            : a.name > b.name
              ? 1
              : 0
          : a.kind < b.kind
            ? -1
            : a.kind > b.kind
              ? 1
              : 0,
      );
    if (output === 'name') {
      for (const r of list) ctx.out.println(r.group ? `${r.name}.${r.group}` : r.name);
      return;
    }
    const headers = [
      'NAME',
      'SHORTNAMES',
      'APIVERSION',
      'NAMESPACED',
      'KIND',
      ...(output === 'wide' ? ['VERBS', 'CATEGORIES'] : []),
    ];
    const rows = list.map((r) => [
      r.name,
      r.shortNames.join(','),
      r.group ? `${r.group}/${r.version}` : r.version,
      String(r.namespaced),
      r.kind,
      ...(output === 'wide' ? [r.verbs.join(','), r.categories.join(',')] : []),
    ]);
    ctx.out.out(printTable({ headers, rows }, flagBool(ctx.args, 'no-headers')));
  },
};

export const apiVersionsCommand: CommandDef = {
  name: 'api-versions',
  short: 'Print the supported API versions on the server, in the form of "group/version"',
  usage: 'kubectl api-versions [options]',
  flags: [],
  run(ctx) {
    for (const v of servedGroupVersions().map(groupVersion).sort()) ctx.out.println(v);
  },
};
