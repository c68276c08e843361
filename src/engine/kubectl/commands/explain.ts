// `kubectl explain TYPE[.field...]`: the OpenAPI v3 plaintext template of kubectl
// (pkg/explain/v2/templates/plaintext.tmpl) over a compact schema of the DaemonSet, Pod and Node
// fields, published as the OpenAPI v3 document the API server serves too (explain/openapi.ts,
// explain/plaintext.ts): one source for the emulator and the real kubectl over `serve`.

import { RESOURCE } from '../../api/types';
import { flagBool } from '../argv';
import { componentSchemas } from '../explain/openapi';
import { ExplainError, renderExplain } from '../explain/plaintext';
import { resolveResource } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';

export { wrap } from '../explain/plaintext';

/**
 * `kubectl explain TYPE[.field…]` as text; throws ExplainError (with what the template wrote
 * before it stopped: the GROUP/KIND/VERSION header) for a field that does not exist.
 */
export function explain(resource: string, recursive: boolean): string {
  const [typeWord, ...path] = resource.split('.');
  const kind = resolveResource(typeWord);
  const gvk = { group: RESOURCE[kind].group, kind, version: 'v1' };
  return renderExplain({ components: { schemas: componentSchemas() as never } }, gvk, path, recursive);
}

function run(ctx: CommandContext): void {
  const args = ctx.args.positional;
  if (args.length === 0) {
    throw new CommandError(
      'You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.',
    );
  }
  if (args.length > 1) throw new CommandError(`We accept only this format: explain RESOURCE`);
  try {
    ctx.out.out(explain(args[0], flagBool(ctx.args, 'recursive')));
  } catch (e) {
    if (!(e instanceof ExplainError)) throw e;
    ctx.out.out(e.written);
    throw new CommandError(e.message.replace(/^error: /, ''));
  }
}

export const explainCommand: CommandDef = {
  name: 'explain',
  short: 'Get documentation for a resource',
  usage:
    'kubectl explain TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [--output=plaintext|plaintext-openapiv2] [options]',
  flags: [
    {
      name: 'recursive',
      type: 'bool',
      usage:
        'When true, print the name of all the fields recursively. Otherwise, print the available fields with their description.',
    },
    { name: 'api-version', type: 'string', usage: 'Use given api-version (group/version) of the resource.' },
    {
      name: 'output',
      type: 'string',
      default: 'plaintext',
      usage: 'Format in which to render the schema. Valid values are: (plaintext, plaintext-openapiv2).',
    },
  ],
  run,
};
