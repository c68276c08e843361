// PATCH bodies by media type: JSON merge patch (RFC 7386), JSON patch (RFC 6902) and strategic
// merge patch (the engine's implementation), as the API server's patch handler dispatches them.

import { StatusError } from '../engine/api/errors';
import type { Kind, KObject } from '../engine/api/types';

export const PATCH_TYPES = new Set([
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/strategic-merge-patch+json',
]);

function badRequest(message: string): StatusError {
  return new StatusError(400, 'BadRequest', message);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw badRequest(`error decoding patch: ${(e as Error).message}`);
  }
}

/** RFC 7386: objects merge key by key, null deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [k, v] of Object.entries(patch as Record<string, unknown>)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(Object.hasOwn(out, k) ? out[k] : undefined, v);
  }
  return out;
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw badRequest(`JSON pointer must be empty or start with a "/": ${path}`);
  return path.slice(1).split('/').map(unescape);
}

type Container = Record<string, unknown> | unknown[];

function parentOf(doc: unknown, tokens: string[], path: string): { parent: Container; key: string } {
  let cur = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, t)) cur = (cur as Record<string, unknown>)[t];
    else throw badRequest(`doc is missing path: "${path}": missing value`);
    if (cur === undefined) throw badRequest(`doc is missing path: "${path}": missing value`);
  }
  if (cur === null || typeof cur !== 'object') throw badRequest(`doc is missing path: "${path}": missing value`);
  return { parent: cur as Container, key: tokens[tokens.length - 1] };
}

function getAt(doc: unknown, path: string): unknown {
  let cur = doc;
  for (const t of pointer(path)) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (cur !== null && typeof cur === 'object' && Object.hasOwn(cur, t)) cur = (cur as Record<string, unknown>)[t];
    else cur = undefined;
    if (cur === undefined) throw badRequest(`doc is missing path: "${path}": missing value`);
  }
  return cur;
}

function index(arr: unknown[], key: string, path: string, forAdd: boolean): number {
  if (forAdd && key === '-') return arr.length;
  const i = Number(key);
  if (!/^\d+$/.test(key) || i > arr.length || (!forAdd && i === arr.length)) throw badRequest(`unable to access invalid index: ${key}: invalid index referenced: ${path}`);
  return i;
}

/** RFC 6902 operations on a deep copy: add, remove, replace, move, copy, test. */
export function jsonPatch(doc: unknown, ops: unknown): unknown {
  if (!Array.isArray(ops)) throw badRequest('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let out = structuredClone(doc);
  for (const raw of ops) {
    const op = raw as { op?: string; path?: string; value?: unknown; from?: string };
    const path = op.path ?? '';
    const add = (p: string, value: unknown) => {
      const tokens = pointer(p);
      if (tokens.length === 0) {
        out = value;
        return;
      }
      const { parent, key } = parentOf(out, tokens, p);
      if (Array.isArray(parent)) parent.splice(index(parent, key, p, true), 0, value);
      else parent[key] = value;
    };
    const remove = (p: string) => {
      const { parent, key } = parentOf(out, pointer(p), p);
      if (Array.isArray(parent)) parent.splice(index(parent, key, p, false), 1);
      else if (Object.hasOwn(parent, key)) delete parent[key];
      else throw badRequest(`Unable to remove nonexistent key: ${key}: missing value`);
    };
    switch (op.op) {
      case 'add':
        add(path, structuredClone(op.value));
        break;
      case 'remove':
        remove(path);
        break;
      case 'replace':
        getAt(out, path);
        remove(path);
        add(path, structuredClone(op.value));
        break;
      case 'move': {
        const v = getAt(out, op.from ?? '');
        remove(op.from ?? '');
        add(path, v);
        break;
      }
      case 'copy':
        add(path, structuredClone(getAt(out, op.from ?? '')));
        break;
      case 'test':
        if (JSON.stringify(getAt(out, path)) !== JSON.stringify(op.value)) throw badRequest('testing value ' + path + ' failed: test failed');
        break;
      default:
        throw badRequest(`Unexpected kind: ${String(op.op)}`);
    }
  }
  return out;
}

export function applyPatch(type: string, current: KObject, text: string, kind: Kind): KObject {
  const body = parse(text);
  let out: unknown;
  if (type === 'application/json-patch+json') out = jsonPatch(current, body);
  else if (type === 'application/merge-patch+json') out = mergePatch(current, body);
  else out = strategicMergePatch(current, body, kind);
  if (!out || typeof out !== 'object') throw badRequest('the patch did not produce an object');
  return out as KObject;
}

// Replaced by the engine's strategic merge patch when it lands (src/engine/api/patch).
function strategicMergePatch(_current: KObject, _patch: unknown, _kind: Kind): unknown {
  throw new StatusError(415, 'BadRequest', 'strategic merge patch is not served yet');
}
