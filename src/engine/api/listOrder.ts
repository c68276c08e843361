// The object store's list order of one kind (namespace, then name, as the API server lists), kept
// across writes. Names never change, so the order changes only when objects come or go: those are
// noted, and the next list merges the few new keys (sorted among themselves) into the kept order and
// drops the gone ones, instead of sorting every object of the kind again. A ReplicaSet's sync lists
// its namespace's pods twice around creating up to 500 of them; with 4,000–7,000 pods stored, that
// sort was the largest part of a 3,000-replica Deployment's ReplicaSet syncs. `sortedKeys` (a full
// sort) is the oracle (listOrder.test.ts).

import type { KObject } from './types';

export function byNamespaceAndName(a: KObject, b: KObject): number {
  const an = a.metadata.namespace ?? '';
  const bn = b.metadata.namespace ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

type Objects = ReadonlyMap<string, { readonly obj: KObject }>;

/** Every key of `m`, in list order: the full sort. */
export function sortedKeys(m: Objects): string[] {
  return [...m.entries()].sort((a, b) => byNamespaceAndName(a[1].obj, b[1].obj)).map(([k]) => k);
}

export class ListOrder {
  /** the keys in list order as of the last `keys`, before `added` and `removed` */
  private sorted: string[] | undefined;
  /** keys stored since (not in `sorted`) */
  private readonly added = new Set<string>();
  /** keys in `sorted` that are gone since */
  private readonly removed = new Set<string>();

  /** An object was stored under a key nothing was stored under. */
  add(key: string): void {
    if (!this.sorted) return;
    // gone and back: `sorted` still has it, in its place (the place depends on the name only)
    if (this.removed.delete(key)) return;
    this.added.add(key);
  }

  /** The object under `key` is gone. */
  remove(key: string): void {
    if (!this.sorted) return;
    if (this.added.delete(key)) return;
    this.removed.add(key);
  }

  /** Forget the order: the next `keys` sorts afresh. */
  reset(): void {
    this.sorted = undefined;
    this.added.clear();
    this.removed.clear();
  }

  /** The keys of `m` (the objects this order has been told about) in list order. */
  keys(m: Objects): readonly string[] {
    if (!this.sorted) {
      this.sorted = sortedKeys(m);
      return this.sorted;
    }
    if (this.added.size === 0 && this.removed.size === 0) return this.sorted;
    const removed = this.removed;
    const kept = removed.size === 0 ? this.sorted : this.sorted.filter((k) => !removed.has(k));
    const objOf = (k: string) => m.get(k)!.obj;
    const fresh = [...this.added].sort((a, b) => byNamespaceAndName(objOf(a), objOf(b)));
    const out: string[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length && j < fresh.length) {
      if (byNamespaceAndName(objOf(fresh[j]), objOf(kept[i])) < 0) out.push(fresh[j++]);
      else out.push(kept[i++]);
    }
    while (i < kept.length) out.push(kept[i++]);
    while (j < fresh.length) out.push(fresh[j++]);
    this.sorted = out;
    this.added.clear();
    this.removed.clear();
    return out;
  }
}
