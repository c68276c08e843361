// `kubectl edit (TYPE NAME | TYPE/NAME | -f FILE)` (pkg/cmd/edit + cmd/util/editor): kubectl writes
// the live objects to a temporary file and runs $KUBE_EDITOR, $EDITOR or `vi` on it. Scripts and
// the console have no terminal editor, so after fetching the objects (a missing one is NotFound, as
// usual) kubectl cannot start one and says so — the message kubectl gives when `vi` is not installed.
// (On the page, the editor panel is where objects are edited; see the README.)

import { flagArray } from '../argv';
import { loadManifests } from '../manifests';
import { parseResourceArgs } from '../resources';
import { CommandError, type CommandDef } from '../types';
import { FILENAME_FLAG, nsFor, VALIDATE_FLAG } from './common';

export const NO_EDITOR = 'unable to launch the editor "vi"';

const NO_RESOURCES =
  "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

export const editCommand: CommandDef = {
  name: 'edit',
  short: 'Edit a resource on the server',
  usage: 'kubectl edit (RESOURCE/NAME | -f FILENAME) [options]',
  flags: [
    FILENAME_FLAG,
    {
      name: 'output',
      short: 'o',
      type: 'string',
      usage:
        'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).',
    },
    { name: 'output-patch', type: 'bool', usage: 'Output the patch if the resource is edited.' },
    {
      name: 'save-config',
      type: 'bool',
      usage: 'If true, the configuration of current object will be saved in its annotation.',
    },
    VALIDATE_FLAG,
    {
      name: 'windows-line-endings',
      type: 'bool',
      usage: 'Defaults to the line ending native to your platform.',
    },
  ],
  run(ctx) {
    const files = flagArray(ctx.args, 'filename');
    if (files.length === 0 && ctx.args.positional.length === 0) throw new CommandError(NO_RESOURCES);
    // Fetch what would be edited, so a missing object fails as in kubectl.
    for (const e of files.length ? loadManifests(ctx, files) : []) {
      if (e.error) throw e.error;
      if (e.obj && e.kind) ctx.sim.store.mustGet(e.kind, e.obj.metadata.namespace, e.obj.metadata.name);
    }
    for (const { kind, names } of ctx.args.positional.length
      ? parseResourceArgs(ctx.args.positional, 'edit')
      : []) {
      if (names.length === 0) {
        if (ctx.sim.store.list(kind, nsFor(ctx, kind)).length === 0) return;
        continue;
      }
      for (const name of names) ctx.sim.store.mustGet(kind, nsFor(ctx, kind), name);
    }
    throw new CommandError(NO_EDITOR);
  },
};
