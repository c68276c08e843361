// `kubectl auth can-i VERB TYPE[/NAME] | VERB NONRESOURCEURL` (pkg/cmd/auth/cani.go). The
// playground has no RBAC: you are the cluster admin, so every SelfSubjectAccessReview is allowed and
// the answer is always `yes` — only kubectl's own warnings (unknown verb, unknown resource type,
// cluster-scoped resource asked about in a namespace) differ from one question to another.

import { NAMESPACED } from '../../api/types';
import { flagBool } from '../argv';
import { RESOURCES } from '../resources';
import { CommandError, type CommandDef } from '../types';

const KNOWN_VERBS = new Set([
  'get',
  'list',
  'watch',
  'create',
  'update',
  'patch',
  'delete',
  'deletecollection',
  'use',
  'bind',
  'impersonate',
  '*',
  'approve',
  'sign',
  'escalate',
  'attest',
]);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);

function usageError(message: string): CommandError {
  return new CommandError(`${message}\nSee 'kubectl auth can-i -h' for help and examples.`);
}

export const authCanICommand: CommandDef = {
  name: 'auth can-i',
  short: 'Check whether an action is allowed',
  usage: 'kubectl auth can-i VERB [TYPE | TYPE/NAME | NONRESOURCEURL] [options]',
  flags: [
    {
      name: 'all-namespaces',
      short: 'A',
      type: 'bool',
      usage: 'If true, check the specified action in all namespaces.',
    },
    { name: 'list', type: 'bool', usage: 'If true, prints all allowed actions.' },
    { name: 'no-headers', type: 'bool', usage: 'If true, prints allowed actions without headers' },
    {
      name: 'quiet',
      short: 'q',
      type: 'bool',
      usage: 'If true, suppress output and just return the exit code.',
    },
    { name: 'subresource', type: 'string', usage: 'SubResource such as pod/log or deployment/scale' },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    const quiet = flagBool(ctx.args, 'quiet');
    if (flagBool(ctx.args, 'list')) {
      if (args.length > 0) throw new CommandError('list option must be specified with no arguments');
      throw new CommandError(
        '--list is not available in the playground: it has no RBAC rules to list (every request is allowed)',
      );
    }
    if (quiet && args.length !== 2)
      throw usageError('you must specify two arguments: verb resource or verb resource/resourceName.');
    if (args.length !== 2)
      throw usageError('you must specify two arguments: verb resource or verb resource/resourceName.');
    const [verb, what] = args;
    const warn = (s: string) => {
      if (!quiet) ctx.out.err(`${s}\n`);
    };
    if (what.startsWith('/')) {
      if (!NON_RESOURCE_VERBS.has(verb)) warn(`Warning: verb '${verb}' is not a known verb\n`);
    } else {
      if (!KNOWN_VERBS.has(verb)) warn(`Warning: verb '${verb}' is not a known verb\n`);
      const type = what.split('/')[0];
      const [resource, ...groupParts] = type.split('.');
      const group = groupParts.join('.');
      const lower = resource.toLowerCase();
      const info = RESOURCES.find(
        (r) =>
          (r.plural === lower || r.singular === lower || r.shortNames.includes(lower)) &&
          (!group || r.group === group),
      );
      if (!info && type !== '*') {
        warn(
          group
            ? `Warning: the server doesn't have a resource type '${resource}' in group '${group}'\n`
            : `Warning: the server doesn't have a resource type '${resource}'\n`,
        );
      } else if (info && !NAMESPACED[info.kind] && !flagBool(ctx.args, 'all-namespaces')) {
        warn(
          info.group
            ? `Warning: resource '${info.plural}' is not namespace scoped in group '${info.group}'\n`
            : `Warning: resource '${info.plural}' is not namespace scoped\n`,
        );
      }
    }
    if (!quiet) ctx.out.println('yes');
  },
};
