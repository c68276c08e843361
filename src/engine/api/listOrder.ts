// The object store's list order of one kind (namespace, then name, as the API server lists), kept
// across writes. Names never change, so the order changes only when objects come or go: those are
// noted, and the next list merges the few new ones (sorted among themselves) into the kept order and
// drops the gone ones, instead of sorting every object of the kind again. A ReplicaSet's sync lists
// its namespace's pods around creating up to 500 of them; with 4,000–7,000 pods stored, that sort
// was the largest part of a 3,000-replica Deployment's ReplicaSet syncs. The order holds the store's
// cells (an update replaces a cell's object in place), so a list reads each object without a lookup.
// `sortedCells` (a full sort) is the oracle (listOrder.test.ts).

import type { KObject } from './types';

export function byNamespaceAndName(a: KObject, b: KObject): number {
  const an = a.metadata.namespace ?? '';
  const bn = b.metadata.namespace ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  return a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0;
}

/** A store cell: the object stored under one key (replaced in place by an update). */
export interface ListCell {
  readonly obj: KObject;
}

const byObject = (a: ListCell, b: ListCell) => byNamespaceAndName(a.obj, b.obj);

/** Every cell, in list order: the full sort. */
export function sortedCells<C extends ListCell>(cells: Iterable<C>): C[] {
  return [...cells].sort(byObject);
}

export class ListOrder<C extends ListCell = ListCell> {
  /** the cells in list order as of the last `cells`, before `added` and `removed` */
  private sorted: C[] | undefined;
  /** cells stored since (not in `sorted`) */
  private readonly added = new Set<C>();
  /** cells in `sorted` that are gone since */
  private readonly removed = new Set<C>();

  /** A cell was stored under a key nothing was stored under. */
  add(cell: C): void {
    if (this.sorted) this.added.add(cell);
  }

  /** The cell is gone (deleted). */
  remove(cell: C): void {
    if (!this.sorted) return;
    if (!this.added.delete(cell)) this.removed.add(cell);
  }

  /** Forget the order: the next `cells` sorts afresh. */
  reset(): void {
    this.sorted = undefined;
    this.added.clear();
    this.removed.clear();
  }

  /** The cells `all` holds (the ones this order has been told about) in list order. */
  cells(all: () => Iterable<C>): readonly C[] {
    if (!this.sorted) {
      this.sorted = sortedCells(all());
      return this.sorted;
    }
    if (this.added.size === 0 && this.removed.size === 0) return this.sorted;
    const removed = this.removed;
    const kept = removed.size === 0 ? this.sorted : this.sorted.filter((c) => !removed.has(c));
    const fresh = sortedCells(this.added);
    const out: C[] = [];
    let i = 0;
    let j = 0;
    while (i < kept.length && j < fresh.length) {
      if (byObject(fresh[j], kept[i]) < 0) out.push(fresh[j++]);
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
