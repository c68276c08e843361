// Request bodies as the API server decodes them (endpoints/handlers create.go, update.go,
// delete.go): JSON checked by encoding/json's scanner first (its syntax errors, and its nesting
// limit of 10,000 — the scan keeps its own stack, so no body runs the JavaScript stack out), YAML
// (`application/yaml`) converted to JSON as the YAML serializer does, and the errors in the API
// server's words: a create or update that does not decode is a 400 from transformDecodeError; a
// DeleteOptions body that does not decode goes to scope.err as it is, which the API server answers
// with a 500 whose reason is empty (ErrorToAPIStatus of an error that is not a Status).

import { parse as parseYAML, YAMLParseError } from 'yaml';
import { StatusError, checkGoJSON, GoJSONError, yamlDepthError } from '../engine';
import { decodeProtobuf } from './protobuf';

export const PROTOBUF = 'application/vnd.kubernetes.protobuf';

/** The media type of a Content-Type header, without parameters, lower case. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** summarizeData: the first 30 bytes of a JSON object's text, or of any other body in hex. */
function summarizeData(data: Buffer, maxLength = 30): string {
  if (data.length === 0) return '<empty>';
  const cut = data.length > maxLength ? data.subarray(0, maxLength) : data;
  const more = data.length > maxLength ? ' ...' : '';
  return data[0] === 0x7b ? `${cut.toString('utf8')}${more}` : `${cut.toString('hex')}${more}`;
}

/** The JSON text of a body (YAML converted), or the decoder's error message. */
function jsonText(body: Buffer, type: string): { text: string } | { error: string } {
  const raw = body.toString('utf8');
  if (type !== 'application/yaml') return { text: raw };
  const deep = yamlDepthError(raw);
  if (deep) return { error: `error converting YAML to JSON: yaml: line ${deep.line}: ${deep.message}` };
  try {
    return { text: JSON.stringify(parseYAML(raw, { version: '1.1', uniqueKeys: false }) ?? null) };
  } catch (e) {
    if (e instanceof YAMLParseError)
      return { error: `error converting YAML to JSON: yaml: ${e.message.split('\n')[0]}` };
    throw e;
  }
}

/** The decode error of a body as text, or undefined when it is JSON encoding/json would read. */
function syntaxError(text: string): string | undefined {
  try {
    checkGoJSON(text);
    return undefined;
  } catch (e) {
    if (e instanceof GoJSONError)
      return `couldn't get version/kind; json parse error: ${e.eof ? 'unexpected end of JSON input' : e.message}`;
    throw e;
  }
}

/**
 * The object of a create or update body (undefined for an empty one), or the API server's 400:
 * `the object provided is unrecognized (must be of type Pod): couldn't get version/kind; json
 * parse error: exceeded max depth ({"kind":"Pod","spec":{"a":[[[ ...)`.
 */
export function decodeObjectBody(body: Buffer, contentType: string | undefined, kind: string): unknown {
  if (body.length === 0) return undefined;
  const type = mediaType(contentType);
  if (type === PROTOBUF) return decodeProtobuf(body) ?? throwError(unsupportedProtobuf());
  const t = jsonText(body, type);
  const error = 'error' in t ? t.error : syntaxError(t.text);
  if (error !== undefined)
    throw new StatusError(
      400,
      'BadRequest',
      `the object provided is unrecognized (must be of type ${kind}): ${error} (${summarizeData(body)})`,
    );
  return JSON.parse((t as { text: string }).text);
}

function throwError(e: Error): never {
  throw e;
}

/**
 * A protobuf body of a kind protobuf.ts does not read: NegotiateInputSerializer's 415, as for a kind
 * without a protobuf encoding. (client-go does not then retry in JSON: kubectl shows the error.)
 */
export function unsupportedProtobuf(): StatusError {
  return new StatusError(
    415,
    'UnsupportedMediaType',
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml',
  );
}

/** DeleteOptions from a DELETE body ({} for none); one that does not decode is the API server's 500. */
export function decodeDeleteOptions(body: Buffer, contentType: string | undefined): Record<string, unknown> {
  if (body.length === 0) return {};
  const type = mediaType(contentType);
  if (type === PROTOBUF) throw unsupportedProtobuf();
  const t = jsonText(body, type);
  const error = 'error' in t ? t.error : syntaxError(t.text);
  if (error !== undefined) throw new StatusError(500, '', error);
  const v = JSON.parse((t as { text: string }).text) as unknown;
  // json.Unmarshal of null into the kind-finding struct leaves it empty: the defaults apply
  if (v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) {
    const what = Array.isArray(v)
      ? 'array'
      : typeof v === 'string'
        ? 'string'
        : typeof v === 'number'
          ? 'number'
          : 'bool';
    throw new StatusError(
      500,
      '',
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${what} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`,
    );
  }
  return v as Record<string, unknown>;
}

/**
 * How deep the playground follows a decoded object: far deeper than any field of the served kinds
 * nests (a DaemonSet's deepest is about 20), far shallower than the JavaScript stack allows.
 */
export const MAX_DECODE_DEPTH = 1000;

/** The path of the first value nested deeper than `max` (objects and arrays), walked without recursion. */
export function tooDeep(root: unknown, max = MAX_DECODE_DEPTH): string | undefined {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: root, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return shortPath(path);
    if (Array.isArray(v))
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], depth: depth + 1, path: `${path}[${i}]` });
    else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({
          v: (v as Record<string, unknown>)[keys[i]],
          depth: depth + 1,
          path: path ? `${path}.${keys[i]}` : keys[i],
        });
    }
  }
  return undefined;
}

/** The first components of a long path, then `…` (a path 1,000 levels deep says nothing more). */
function shortPath(path: string): string {
  const parts = path.match(/[^.[\]]+|\[\d+\]/g) ?? [];
  if (parts.length <= 6) return path || '.';
  return `${parts
    .slice(0, 6)
    .map((p, i) => (i === 0 || p.startsWith('[') ? p : `.${p}`))
    .join('')}…`;
}
