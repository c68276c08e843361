// JSON patch (RFC 6902) with the semantics and error texts of github.com/evanphx/json-patch v4, the
// library kubectl and the API server use: add, remove, replace, move, copy, test; `-` appends;
// negative indexes count from the end; `~1` and `~0` escapes.

import { ownSet } from '../own';
import { jsonKind } from './goJson';

export class JSONPatchError extends Error {
  /** decoding errors are 400s; failures to apply are 422s */
  constructor(
    message: string,
    readonly decode = false,
  ) {
    super(message);
  }
}

type Container = Record<string, unknown> | unknown[];

const MISSING = 'missing value';
const INVALID_INDEX = 'invalid index referenced';

const decodeKey = (k: string) => k.replace(/~1/g, '/').replace(/~0/g, '~');

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function atoi(key: string): number {
  if (!/^[+-]?\d+$/.test(key))
    throw new JSONPatchError(`strconv.Atoi: parsing ${JSON.stringify(key)}: invalid syntax`);
  return Number(key);
}

function get(con: Container, key: string): unknown {
  if (!Array.isArray(con)) return Object.hasOwn(con, key) ? con[key] : undefined;
  let idx = atoi(key);
  if (idx < 0) idx += con.length;
  if (idx >= con.length || idx < 0)
    throw new JSONPatchError(`Unable to access invalid index: ${atoi(key)}: ${INVALID_INDEX}`);
  return con[idx];
}

function findObject(doc: Container, path: string): { con: Container; key: string } | null {
  const split = path.split('/').slice(1);
  if (split.length < 1) return null;
  let cur: unknown = doc;
  for (const part of split.slice(0, -1)) {
    if (!isContainer(cur)) return null;
    let next: unknown;
    try {
      next = get(cur, decodeKey(part));
    } catch {
      return null;
    }
    if (next === undefined || next === null) return null;
    cur = next;
  }
  if (!isContainer(cur)) return null;
  return { con: cur, key: decodeKey(split[split.length - 1]) };
}

function add(con: Container, key: string, val: unknown): void {
  if (!Array.isArray(con)) {
    ownSet(con, key, val);
    return;
  }
  if (key === '-') {
    con.push(val);
    return;
  }
  let idx = atoi(key);
  const size = con.length + 1;
  if (idx >= size || idx < -size)
    throw new JSONPatchError(`Unable to access invalid index: ${idx}: ${INVALID_INDEX}`);
  if (idx < 0) idx += size;
  con.splice(idx, 0, val);
}

function remove(con: Container, key: string): void {
  if (!Array.isArray(con)) {
    if (!Object.hasOwn(con, key))
      throw new JSONPatchError(`Unable to remove nonexistent key: ${key}: ${MISSING}`);
    delete con[key];
    return;
  }
  let idx = atoi(key);
  if (idx >= con.length || idx < -con.length)
    throw new JSONPatchError(`Unable to access invalid index: ${idx}: ${INVALID_INDEX}`);
  if (idx < 0) idx += con.length;
  con.splice(idx, 1);
}

function set(con: Container, key: string, val: unknown): void {
  if (!Array.isArray(con)) {
    ownSet(con, key, val);
    return;
  }
  let idx = atoi(key);
  if (idx < 0) idx += con.length;
  if (idx >= con.length || idx < 0)
    throw new JSONPatchError(`Unable to access invalid index: ${atoi(key)}: ${INVALID_INDEX}`);
  con[idx] = val;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isContainer(v)) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

export interface Operation {
  [k: string]: unknown;
}

/** jsonpatch.DecodePatch on decoded JSON: a list of operation objects. */
export function decodePatch(v: unknown): Operation[] {
  if (!Array.isArray(v))
    throw new JSONPatchError(
      `json: cannot unmarshal ${jsonKind(v)} into Go value of type jsonpatch.Patch`,
      true,
    );
  for (const op of v) {
    if (typeof op !== 'object' || op === null || Array.isArray(op)) {
      throw new JSONPatchError(
        `json: cannot unmarshal ${jsonKind(op)} into Go value of type jsonpatch.Operation`,
        true,
      );
    }
  }
  return v as Operation[];
}

const str = (op: Operation, field: string): string => {
  const v = op[field];
  if (typeof v !== 'string') throw new JSONPatchError(`${field === 'from' ? 'from' : 'path'} ${MISSING}`);
  return v;
};

/** Patch.Apply: a new document (the input is not changed). */
export function applyJSONPatch(docIn: unknown, ops: Operation[]): unknown {
  let doc = JSON.parse(JSON.stringify(docIn)) as Container;
  for (const op of ops) {
    const kind = typeof op.op === 'string' ? op.op : 'unknown';
    const value = () => JSON.parse(JSON.stringify(op.value === undefined ? null : op.value));
    const wrap = (msg: string, fn: () => void) => {
      try {
        fn();
      } catch (e) {
        throw new JSONPatchError(`${msg}: ${(e as Error).message}`);
      }
    };
    switch (kind) {
      case 'add': {
        const path = str(op, 'path');
        const t = findObject(doc, path);
        if (!t)
          throw new JSONPatchError(
            `add operation does not apply: doc is missing path: "${path}": ${MISSING}`,
          );
        wrap(`error in add for path: '${path}'`, () => add(t.con, t.key, value()));
        break;
      }
      case 'remove': {
        const path = str(op, 'path');
        const t = findObject(doc, path);
        if (!t)
          throw new JSONPatchError(
            `remove operation does not apply: doc is missing path: "${path}": ${MISSING}`,
          );
        wrap(`error in remove for path: '${path}'`, () => remove(t.con, t.key));
        break;
      }
      case 'replace': {
        const path = str(op, 'path');
        if (path === '') {
          doc = value() as Container;
          break;
        }
        const t = findObject(doc, path);
        if (!t)
          throw new JSONPatchError(
            `replace operation does not apply: doc is missing path: ${path}: ${MISSING}`,
          );
        wrap(`replace operation does not apply: doc is missing key: ${path}`, () => get(t.con, t.key));
        wrap(`error in remove for path: '${path}'`, () => set(t.con, t.key, value()));
        break;
      }
      case 'move': {
        const from = str(op, 'from');
        const f = findObject(doc, from);
        if (!f)
          throw new JSONPatchError(
            `move operation does not apply: doc is missing from path: ${from}: ${MISSING}`,
          );
        let val: unknown;
        wrap(`error in move for path: '${f.key}'`, () => {
          val = get(f.con, f.key);
        });
        wrap(`error in move for path: '${f.key}'`, () => remove(f.con, f.key));
        const path = str(op, 'path');
        const t = findObject(doc, path);
        if (!t)
          throw new JSONPatchError(
            `move operation does not apply: doc is missing destination path: ${path}: ${MISSING}`,
          );
        wrap(`error in move for path: '${path}'`, () => add(t.con, t.key, val));
        break;
      }
      case 'copy': {
        const from = str(op, 'from');
        const f = findObject(doc, from);
        if (!f)
          throw new JSONPatchError(
            `copy operation does not apply: doc is missing from path: ${from}: ${MISSING}`,
          );
        let val: unknown;
        wrap(`error in copy for from: '${from}'`, () => {
          val = get(f.con, f.key);
        });
        const path = str(op, 'path');
        const t = findObject(doc, path);
        if (!t)
          throw new JSONPatchError(
            `copy operation does not apply: doc is missing destination path: ${path}: ${MISSING}`,
          );
        wrap(`error in copy for path: '${path}'`, () =>
          add(t.con, t.key, JSON.parse(JSON.stringify(val ?? null))),
        );
        break;
      }
      case 'test': {
        const path = str(op, 'path');
        let val: unknown;
        if (path === '') val = doc;
        else {
          const t = findObject(doc, path);
          if (!t)
            throw new JSONPatchError(`test operation does not apply: is missing path: ${path}: ${MISSING}`);
          wrap(`error in test for path: '${path}'`, () => {
            val = get(t.con, t.key);
          });
        }
        const want = op.value === undefined ? null : op.value;
        if ((val === undefined || val === null) && want === null) break;
        if (!deepEqual(val, want)) throw new JSONPatchError(`testing value ${path} failed: test failed`);
        break;
      }
      default:
        throw new JSONPatchError(`Unexpected kind: ${kind}`);
    }
  }
  return doc;
}
