// PATCH bodies by media type, as the API server's patch handler dispatches them: JSON patch
// (RFC 6902), JSON merge patch (RFC 7386) and strategic merge patch — the engine's implementations
// (src/engine/api/patch), with the Status the server answers when one fails.

import {
  StatusError,
  type Kind,
  type KObject,
  checkGoJSON,
  GoJSONError,
  jsonKind,
  parseGoJSON,
  jsonMergePatch,
  applyJSONPatch,
  decodePatch,
  JSONPatchError,
  hasPatchMeta,
  PatchError,
  strategicMergePatch,
} from '../engine';

/** server-side apply's media type (handled by the API server itself, not here) */
export const APPLY_PATCH = 'application/apply-patch+yaml';

/** the patch media types, in the order the API server's 415 lists them */
export const PATCH_TYPES = new Set([
  'application/json-patch+json',
  'application/merge-patch+json',
  APPLY_PATCH,
  'application/strategic-merge-patch+json',
]);

const badRequest = (message: string) => new StatusError(400, 'BadRequest', message);

function asMap(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw badRequest(`json: cannot unmarshal ${jsonKind(v)} into Go value of type map[string]interface {}`);
  return v as Record<string, unknown>;
}

function parse(text: string): unknown {
  try {
    return parseGoJSON(text);
  } catch (e) {
    throw badRequest((e as Error).message);
  }
}

export function applyPatch(type: string, current: KObject, text: string, kind: Kind): KObject {
  const original = JSON.parse(JSON.stringify(current)) as Record<string, unknown>;
  if (type === 'application/merge-patch+json') {
    const patch = parse(text);
    if (patch === null) throw badRequest('Invalid JSON Patch');
    return asMap(jsonMergePatch(original, patch)) as KObject;
  }
  if (type === 'application/json-patch+json') {
    let ops;
    try {
      checkGoJSON(text);
      ops = decodePatch(JSON.parse(text));
    } catch (e) {
      if (e instanceof GoJSONError || e instanceof JSONPatchError) throw badRequest(e.message);
      throw e;
    }
    try {
      return asMap(applyJSONPatch(original, ops)) as KObject;
    } catch (e) {
      // errors.NewGenericServerResponse(422, …): the generic message, the reason in the causes.
      if (e instanceof JSONPatchError) {
        const err = new StatusError(
          422,
          'Invalid',
          'the server rejected our request due to an error in our request',
        );
        err.causes = [{ message: e.message }];
        throw err;
      }
      throw e;
    }
  }
  if (!hasPatchMeta(kind))
    throw new StatusError(
      415,
      'BadRequest',
      `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`,
    );
  const patch = asMap(parse(text));
  try {
    return strategicMergePatch(original, patch, kind) as KObject;
  } catch (e) {
    if (e instanceof PatchError)
      throw e.badRequest ? badRequest(e.message) : new StatusError(500, '', e.message);
    throw e;
  }
}
