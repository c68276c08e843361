// A batch with many new objects (a large cluster's first snapshot: 1,000 nodes and their pods in one
// message) cut in two: its first `n` new objects, and the rest. Applied one after the other to the
// mirror, the two parts give what the batch gives (the same objects, kept identities, steps, events and
// revisions): the batch queue stages the first in one task and leaves the rest for the next (issue 24: one
// such batch was one long task of the store's on a phone).

import type { KObject } from '../engine';
import { applyChanges } from '../wire/delta';
import type { ChangeBatch } from '../wire/protocol';

/** The rest of a reset batch: the mirror compares it with what it held before the reset, as the batch would. */
const resetRests = new WeakSet<ChangeBatch>();

/** The first parts of those: the mirror keeps what it held before the reset for their rest. */
const resetHeads = new WeakSet<ChangeBatch>();

export function continuesReset(b: ChangeBatch): boolean {
  return resetRests.has(b);
}

export function resetGoesOn(b: ChangeBatch): boolean {
  return resetHeads.has(b);
}

/** How many new objects a batch brings (its upserts and the items of its compact groups). */
export function newObjects(b: ChangeBatch): number {
  let n = b.upserts.length;
  for (const g of b.compact ?? []) n += g.items.length;
  return n;
}

/**
 * The batch's first `n` new objects (upserts, then the compact groups' items, decoded: the order the
 * mirror puts them in), with what applies once (reset, steps, events, renumbered); and the rest: the
 * other new objects (a group cut in two goes on from its next object, whole), patches, deletes and
 * Event rows, with the batch's clock.
 */
export function cutBatch(b: ChangeBatch, n: number): [ChangeBatch, ChangeBatch] {
  const upserts = b.upserts.slice(0, n);
  const restUpserts = b.upserts.slice(n);
  const restGroups: NonNullable<ChangeBatch['compact']> = [];
  let room = n - upserts.length;
  for (const g of b.compact ?? []) {
    if (room <= 0) {
      restGroups.push(g);
      continue;
    }
    let prev: KObject | undefined;
    let i = 0;
    for (; i < g.items.length && room > 0; i++, room--) {
      const changes = g.items[i];
      prev = prev === undefined ? (changes[0].v as KObject) : applyChanges(prev, changes);
      upserts.push(prev);
    }
    if (i < g.items.length)
      restGroups.push({
        kind: g.kind,
        items: [[{ p: '', v: applyChanges(prev!, g.items[i]) }], ...g.items.slice(i + 1)],
      });
  }
  const head: ChangeBatch = {
    ...b,
    upserts,
    compact: undefined,
    patches: undefined,
    deletes: [],
    eventRows: undefined,
    eventDeletes: undefined,
  };
  const rest: ChangeBatch = {
    ...b,
    reset: false,
    upserts: restUpserts,
    compact: restGroups.length ? restGroups : undefined,
    renumbered: undefined,
    steps: [],
    events: [],
  };
  if (b.reset || resetRests.has(b)) {
    resetHeads.add(head);
    resetRests.add(rest);
  }
  if (resetRests.has(b)) resetRests.add(head);
  return [head, rest];
}
