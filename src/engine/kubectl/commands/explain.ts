// `kubectl explain TYPE[.field...]`: the OpenAPI v3 plaintext template of kubectl
// (pkg/explain/v2/templates/plaintext.tmpl) over a compact schema of the served kinds' fields,
// published as the OpenAPI v3 document the API server serves too (explain/openapi.ts,
// explain/plaintext.ts): one source for the emulator and the real kubectl over `serve`.

import { SERVED, servedGroupVersions } from '../../api/discovery';
import { flagBool, flagString } from '../argv';
import { componentSchemas } from '../explain/openapi';
import { ExplainError, renderExplain } from '../explain/plaintext';
import { resolveResource } from '../resources';
import { CommandError, type CommandContext, type CommandDef } from '../types';

export { wrap } from '../explain/plaintext';

interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

/** schema.GroupVersionResource's String(): `apps/v1, Resource=deployments`, `/v1, Resource=pods`. */
const gvrString = (gvr: GroupVersionResource) => `${gvr.group}/${gvr.version}, Resource=${gvr.resource}`;

/** apimachinery's schema.ParseGroupVersion: `apps/v1`, `v1` (the core group), `` or `/` (empty). */
function parseGroupVersion(gv: string): { group: string; version: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const parts = gv.split('/');
  if (parts.length === 1) return { group: '', version: gv };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  throw new CommandError(`unexpected GroupVersion string: ${gv}`);
}

/** The served resource of a word (`deploy`, `deployments`, `deployment`), as the REST mapper finds it. */
function servedFor(word: string): GroupVersionResource {
  const kind = resolveResource(word);
  const r = SERVED.find((x) => x.kind === kind);
  if (!r) throw new CommandError(`the server doesn't have a resource type "${word}"`);
  return { group: r.group, version: r.version, resource: r.plural };
}

/**
 * The resource and the field path of `explain`'s argument, as kubectl's explain package splits them
 * (k8s.io/kubectl/pkg/explain/explain.go). Without --api-version,
 * SplitAndParseResourceRequestWithMatchingPrefix: a resource written with its group
 * (`deployments.apps.spec`) leaves the group out of the path when the argument starts with the
 * resource's `RESOURCE.GROUP`; otherwise (and always with --api-version, SplitAndParseResourceRequest)
 * everything after the first dot is the path. One trailing dot is ignored.
 */
export function splitResourceRequest(
  arg: string,
  apiVersion: string,
): { gvr: GroupVersionResource; fieldPath: string[] } {
  const input = arg.endsWith('.') ? arg.slice(0, -1) : arg;
  const parts = input.split('.');
  const gvr = servedFor(parts[0]);
  let fieldPath = parts.slice(1);
  if (apiVersion === '') {
    // GroupResource().String(): `deployments.apps`, `pods`
    const groupResource = gvr.group ? `${gvr.resource}.${gvr.group}` : gvr.resource;
    if (input.startsWith(groupResource)) {
      const suffix = input.slice(groupResource.length);
      fieldPath = suffix.length > 0 ? suffix.split('.').slice(1) : [];
    }
    return { gvr, fieldPath };
  }
  // explain.go: the given group version replaces the mapper's
  const gv = parseGroupVersion(apiVersion);
  return { gvr: { ...gvr, group: gv.group, version: gv.version }, fieldPath };
}

/**
 * `kubectl explain TYPE[.field…]` as text; throws ExplainError (with what the template wrote
 * before it stopped: the GROUP/KIND/VERSION header) for a field that does not exist, and a
 * CommandError for a group version the server does not publish (kubectl's
 * printModelDescriptionWithGenerator) or one whose document has no path for the resource (the
 * template, which finds the kind from the operations of the resource's paths).
 */
export function explain(resource: string, recursive: boolean, apiVersion = ''): string {
  const { gvr, fieldPath } = splitResourceRequest(resource, apiVersion);
  if (!servedGroupVersions().some((g) => g.group === gvr.group && g.version === gvr.version))
    throw new CommandError(`couldn't find resource for "${gvrString(gvr)}"`);
  const served = SERVED.find(
    (r) => r.group === gvr.group && r.version === gvr.version && r.plural === gvr.resource,
  );
  if (!served) throw new CommandError(`GVR (${gvrString(gvr)}) not found in OpenAPI schema`);
  const gvk = { group: served.group, kind: served.kind, version: served.version };
  return renderExplain({ components: { schemas: componentSchemas() as never } }, gvk, fieldPath, recursive);
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
    ctx.out.out(explain(args[0], flagBool(ctx.args, 'recursive'), flagString(ctx.args, 'api-version') ?? ''));
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
