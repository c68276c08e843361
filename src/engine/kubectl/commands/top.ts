// `kubectl top pod|node` (pkg/cmd/top): needs the metrics.k8s.io API, which a Metrics Server
// provides. The playground runs none, so kubectl finds no such API group and says so.

import { flagString } from '../argv';
import { parseSelector, SelectorParseError } from '../../api/labels';
import { CommandError, type CommandDef, type FlagSpec } from '../types';

export const METRICS_NOT_AVAILABLE = 'Metrics API not available';

const FLAGS: FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string', usage: 'Selector (label query) to filter on.' },
  {
    name: 'sort-by',
    type: 'string',
    usage: "If non-empty, sort list using specified field. The field can be either 'cpu' or 'memory'.",
  },
  { name: 'no-headers', type: 'bool', usage: 'If present, print output without headers.' },
];

function run(what: 'pod' | 'node') {
  return (ctx: Parameters<CommandDef['run']>[0]) => {
    const sel = flagString(ctx.args, 'selector');
    if (sel !== undefined) {
      try {
        parseSelector(sel);
      } catch (e) {
        if (e instanceof SelectorParseError) throw new CommandError(e.message);
        throw e;
      }
    }
    const sortBy = flagString(ctx.args, 'sort-by');
    if (sortBy && sortBy !== 'cpu' && sortBy !== 'memory')
      throw new CommandError('--sort-by accepts only cpu or memory');
    if (what === 'pod' && ctx.args.positional.length > 1)
      throw new CommandError('only one pod may be specified');
    throw new CommandError(METRICS_NOT_AVAILABLE);
  };
}

export const topPodCommand: CommandDef = {
  name: 'top pod',
  aliases: ['pods', 'po'],
  short: 'Display resource (CPU/memory) usage of pods',
  usage: 'kubectl top pod [NAME | -l label] [options]',
  flags: [
    ...FLAGS,
    {
      name: 'all-namespaces',
      short: 'A',
      type: 'bool',
      usage: 'If present, list the requested object(s) across all namespaces.',
    },
    { name: 'containers', type: 'bool', usage: 'If present, print usage of containers within a pod.' },
  ],
  run: run('pod'),
};

export const topNodeCommand: CommandDef = {
  name: 'top node',
  aliases: ['nodes', 'no'],
  short: 'Display resource (CPU/memory) usage of nodes',
  usage: 'kubectl top node [NAME | -l label] [options]',
  flags: FLAGS,
  run: run('node'),
};
