// `kubectl run --overrides=JSON` (pkg/cmd/run/run.go → cmdutil.Merge): the generated pod is encoded
// as JSON, the text is applied to it as a JSON merge patch (RFC 7386: objects merge key by key, null
// deletes, lists replace whole — so `spec.containers` given here replaces the generated container),
// and the result is decoded again, which drops fields a Pod does not have and refuses values of the
// wrong JSON type with Go's decoder's words.

import { dropFields, unknownFields } from '../../api/fieldValidation';
import { jsonMergePatch } from '../../api/patch/jsonMergePatch';
import { parseGoJSON } from '../../api/patch/goJson';
import type { KObject, Pod } from '../../api/types';
import { decodeError } from '../manifests';
import { CommandError } from '../types';

const VERSION_KIND_STRUCT =
  'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/** cmdutil.Merge(codec, pod, overrides) for a generated Pod. */
export function mergeOverrides(pod: Pod, overrides: string): Pod {
  let patch: unknown;
  try {
    patch = parseGoJSON(overrides);
  } catch {
    throw new CommandError('Invalid JSON Patch');
  }
  // evanphx/json-patch MergePatch: a patch that is an array replaces the document (which then has no
  // kind to decode); any other non-object patch is refused outright
  if (Array.isArray(patch))
    throw new CommandError(
      `couldn't get version/kind; json parse error: json: cannot unmarshal array into Go value of type ${VERSION_KIND_STRUCT}`,
    );
  if (typeof patch !== 'object' || patch === null) throw new CommandError('Invalid JSON Patch');
  const merged = jsonMergePatch(JSON.parse(JSON.stringify(pod)), patch) as Record<string, unknown>;
  const kind = typeof merged.kind === 'string' ? merged.kind : '';
  const version = typeof merged.apiVersion === 'string' ? merged.apiVersion : '';
  if (kind !== 'Pod' || version !== 'v1')
    throw new CommandError(
      `no kind ${JSON.stringify(kind)} is registered for version ${JSON.stringify(version)} in scheme "pkg/scheme/scheme.go:28"`,
    );
  // the same decoder as the server's, whose words follow its `cannot be handled as a Pod: `
  const bad = decodeError(merged as unknown as KObject, 'Pod');
  if (bad)
    throw new CommandError(bad.message.replace(/^Pod in version "v1" cannot be handled as a Pod: /, ''));
  const pod2 = dropFields(merged, unknownFields('Pod', merged)) as unknown as Pod;
  // the struct fields that encode even when empty come back as `{}` (Container.resources, status)
  const out = { ...pod2, status: pod2.status ?? {} } as Pod;
  if (out.spec) {
    const withResources = (cs: Pod['spec']['containers'] | undefined) =>
      cs?.map((c) => (c && typeof c === 'object' && !c.resources ? { ...c, resources: {} } : c));
    out.spec = { ...out.spec, containers: withResources(out.spec.containers)! };
    if (out.spec.initContainers) out.spec.initContainers = withResources(out.spec.initContainers);
    if (!out.spec.containers) delete (out.spec as Partial<Pod['spec']>).containers;
  }
  return out;
}
