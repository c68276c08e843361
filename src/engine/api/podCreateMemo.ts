// The pod create path's memo. The DaemonSet controller creates thousands of pods from one template
// (GetPodFromTemplate + the node-name affinity): they differ only in spec.affinity, yet each create
// would copy, default, validate and freeze the whole pod. The memo keeps, per input "shape", the
// pod as prepareForCreate made and validateCreate accepted it (frozen); a create whose input is the
// same tree as the memo's apart from spec.affinity takes that pod, puts a copy of its own affinity
// in, and validates only the affinity (validateAffinity, independent of the rest of the spec;
// defaulting never reads or writes it). The stored objects are the same bytes as the simple path's
// (same keys in the same order); they share the template's frozen subtrees. Anything else (first
// pod of a template, invalid input, any difference) goes the simple path, which stays the oracle
// (podCreateMemo.test.ts).

import type { FieldError } from './errors';
import { clone, cloneUnfrozen, deepFreeze } from './objects';
import type { KObject, Pod } from './types';
import { podSpec } from './podSpecFields';
import { validateAffinity } from './validation';

interface Entry {
  /** the input as it was (frozen parts shared, the rest copied: a caller may change its objects later) */
  input: Pod;
  /** the input after prepareForCreate and validateCreate, before the server's name/uid/timestamps */
  prepared: Pod;
}

/**
 * The own keys of a memo entry's input objects, listed once: the entry's input never changes (its
 * unfrozen parts are the memo's own copies), so comparing a new input against it lists only the new
 * side's keys, by iteration, without building an array per object.
 */
const memoKeys = new WeakMap<object, string[]>();

function keysOf(o: object): string[] {
  let k = memoKeys.get(o);
  if (!k) memoKeys.set(o, (k = Object.keys(o)));
  return k;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Whether `a`'s own keys are `bk`, in that order (Object.keys(a) equals bk, without the array). */
function sameKeys(a: object, bk: readonly string[]): boolean {
  let i = 0;
  for (const k in a) {
    if (!hasOwn.call(a, k)) continue;
    if (i >= bk.length || k !== bk[i]) return false;
    i++;
  }
  return i === bk.length;
}

/**
 * The same tree: the same keys in the same order, the same values; identical references short-cut.
 * `b` is the memo's side (its key lists are kept).
 */
function sameTree(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameTree(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const bk = keysOf(b);
  if (!sameKeys(a, bk)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  for (let i = 0; i < bk.length; i++) if (!sameTree(ao[bk[i]], bo[bk[i]])) return false;
  return true;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Two pod inputs that are the same tree except for the values of spec.affinity (both objects). */
function sameApartFromAffinity(a: Pod, b: Pod): boolean {
  const bk = keysOf(b);
  if (!sameKeys(a, bk)) return false;
  for (let i = 0; i < bk.length; i++) {
    const k = bk[i];
    if (k !== 'spec') {
      if (
        !sameTree((a as unknown as Record<string, unknown>)[k], (b as unknown as Record<string, unknown>)[k])
      )
        return false;
      continue;
    }
    const as = a.spec as unknown as Record<string, unknown>;
    const bs = b.spec as unknown as Record<string, unknown>;
    if (!isObject(as) || !isObject(bs)) return false;
    const tk = keysOf(bs);
    if (!sameKeys(as, tk)) return false;
    for (let j = 0; j < tk.length; j++) {
      const f = tk[j];
      if (f === 'affinity' && isObject(as[f]) && isObject(bs[f])) continue;
      if (!sameTree(as[f], bs[f])) return false;
    }
  }
  return true;
}

export class PodCreateMemo {
  /** keyed by the input's containers array: the template's frozen one for daemon pods */
  private readonly entries = new WeakMap<object, Entry>();

  private key(input: Pod): object | undefined {
    const c = (input.spec as { containers?: unknown } | undefined)?.containers;
    return c !== null && typeof c === 'object' ? c : undefined;
  }

  /**
   * The prepared pod for `input` when the memo knows its shape and its affinity is valid: a new
   * object with fresh top-level metadata (the server fills in name, uid, …) sharing the rest.
   */
  lookup(input: Pod): Pod | undefined {
    const key = this.key(input);
    const e = key && this.entries.get(key);
    if (!e || !sameApartFromAffinity(input, e.input)) return undefined;
    const out = { ...e.prepared, metadata: { ...e.prepared.metadata } } as Pod;
    const affinity = input.spec.affinity;
    if (isObject(affinity) && isObject(e.prepared.spec.affinity)) {
      const errs: FieldError[] = [];
      const copy = clone(affinity);
      validateAffinity(copy, 'spec.affinity', errs);
      if (errs.length) return undefined; // the simple path reports them
      out.spec = podSpec(e.prepared.spec, e.prepared.spec.nodeName, copy);
    }
    return out;
  }

  /** Remembers a pod the simple path prepared and validated (call before the server's own fields are set). */
  remember(input: Pod, prepared: KObject): void {
    const key = this.key(input);
    if (!key || !isObject(input.spec)) return;
    const snapshot = { ...prepared, metadata: { ...prepared.metadata } } as Pod;
    this.entries.set(key, { input: cloneUnfrozen(input), prepared: deepFreeze(snapshot) });
  }
}
