// What the page has not been sent yet, and the batch that sends it: changed objects (new ones whole,
// known ones as patches against the version the page has), Event rows, the work items that ran and the
// events recorded. Many new objects of a kind go as a compact group; a large batch is cut into
// several messages.

import type {
  Change,
  KObject,
  StepRecord,
  Simulation,
  RecordedEvent,
  EventRecord,
  EventRow,
  RenumberedRevision,
} from '../engine';
// values from the start face only: this is the engine worker's first chunk (host.ts)
import { namespacedName, toRow } from '../engine/start';
import { diffObjects, encodeGroup, type CompactGroup } from '../wire/delta';
import type { ChangeBatch, Input, ObjectPatch, ObjectRef } from '../wire/protocol';

const MAX_STEPS_PER_BATCH = 200;
const MAX_EVENTS_PER_BATCH = 500;
/** from this many new objects of a kind in one batch on, they go as a compact group */
export const COMPACT_FROM = 64;
/**
 * At most this many changes (objects, patches, deletes, event rows) per message: a larger flush goes
 * as several messages, so the page never has to take in (structured-clone) one huge message in one
 * task, and can spread their application over frames. Only the first carries `reset`; only the last
 * the steps, events and inputs. A compact group holds at most this many objects. 250, not 1,000: a
 * 1,000-node share link's first snapshot (over 1,000 changes) was two messages, and the page's task that
 * took in one (its structured clone, then the mirror) was one of its longest on a phone (issue 24).
 */
export const MAX_CHANGES_PER_MESSAGE = 250;

/** What a batch says of the session besides the changes. */
export interface SessionNow {
  start: number;
  playing: boolean;
  speed: number;
  inputs: Input[];
  /** the kubeconfig context's namespace (undefined: default) */
  namespace?: string;
}

export class ChangeBatcher {
  private pendingUpserts = new Map<string, KObject>();
  private pendingDeletes = new Map<string, ObjectRef>();
  /** the version of each object the page has (what patches are computed against) */
  private sent = new Map<string, KObject>();
  private pendingRows = new Map<string, EventRecord>();
  private pendingRowDeletes = new Map<string, { namespace: string; name: string }>();
  private steps: StepRecord[] = [];
  private events: RecordedEvent[] = [];
  /** the next batch replaces everything the page holds */
  private resetNext = false;
  /** the renumbered revisions' list the page has (its identity changes with every change) */
  private sentRenumbered: readonly RenumberedRevision[] | undefined;

  /** An object was written or deleted. */
  object(c: Change): void {
    const key = `${c.kind}/${c.obj.metadata.namespace ?? ''}/${c.obj.metadata.name}`;
    if (c.type === 'DELETED') {
      this.pendingUpserts.delete(key);
      this.pendingDeletes.set(key, {
        kind: c.kind,
        namespace: c.obj.metadata.namespace,
        name: c.obj.metadata.name,
      });
    } else {
      this.pendingDeletes.delete(key);
      this.pendingUpserts.set(key, c.obj);
    }
  }

  /** An Event row was written or deleted. */
  eventRow(type: 'upsert' | 'delete', r: EventRecord): void {
    const key = namespacedName(r.namespace, r.name);
    if (type === 'upsert') {
      this.pendingRowDeletes.delete(key);
      this.pendingRows.set(key, r);
    } else {
      this.pendingRows.delete(key);
      this.pendingRowDeletes.set(key, { namespace: r.namespace, name: r.name });
    }
  }

  step(s: StepRecord): void {
    this.steps.push(s);
  }

  event(e: RecordedEvent): void {
    this.events.push(e);
  }

  /** A new simulation: what is pending is dropped, and the next batch replaces everything the page holds. */
  reset(): void {
    this.pendingUpserts.clear();
    this.pendingDeletes.clear();
    this.pendingRows.clear();
    this.pendingRowDeletes.clear();
    this.resetNext = true;
  }

  /** What changed since the last batch (everything, when reset), as the messages that send it: new objects whole, known ones as patches. */
  take(sim: Simulation, forceReset: boolean, session: SessionNow): ChangeBatch[] {
    const reset = forceReset || this.resetNext;
    this.resetNext = false;
    const upserts: KObject[] = [];
    const patches: ObjectPatch[] = [];
    let deletes: ObjectRef[] = [];
    let eventRows: EventRow[];
    let eventDeletes: { namespace: string; name: string }[] = [];
    if (reset) {
      this.sent.clear();
      for (const o of sim.store.all({ events: false })) {
        upserts.push(o);
        this.sent.set(`${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o);
      }
      eventRows = [...sim.store.events.values()].map(toRow);
    } else {
      for (const [key, o] of this.pendingUpserts) {
        const prev = this.sent.get(key);
        this.sent.set(key, o);
        if (!prev || prev.metadata.uid !== o.metadata.uid) upserts.push(o);
        else
          patches.push({
            kind: o.kind as ObjectPatch['kind'],
            namespace: o.metadata.namespace,
            name: o.metadata.name,
            resourceVersion: o.metadata.resourceVersion,
            changes: diffObjects(prev, o),
          });
      }
      for (const key of this.pendingDeletes.keys()) this.sent.delete(key);
      deletes = [...this.pendingDeletes.values()];
      eventRows = [...this.pendingRows.values()].map(toRow);
      eventDeletes = [...this.pendingRowDeletes.values()];
    }
    this.pendingUpserts.clear();
    this.pendingDeletes.clear();
    this.pendingRows.clear();
    this.pendingRowDeletes.clear();
    const compact: CompactGroup[] = [];
    const byKind = new Map<string, KObject[]>();
    for (const o of upserts) {
      const l = byKind.get(o.kind);
      if (l) l.push(o);
      else byKind.set(o.kind, [o]);
    }
    let whole = upserts;
    for (const [kind, objs] of byKind) {
      if (objs.length < COMPACT_FROM) continue;
      for (let i = 0; i < objs.length; i += MAX_CHANGES_PER_MESSAGE)
        compact.push(encodeGroup(kind, objs.slice(i, i + MAX_CHANGES_PER_MESSAGE)));
    }
    if (compact.length) {
      const grouped = new Set(compact.map((g) => g.kind));
      whole = upserts.filter((o) => !grouped.has(o.kind));
    }
    const steps = this.steps.slice(-MAX_STEPS_PER_BATCH);
    const events = this.events.slice(-MAX_EVENTS_PER_BATCH);
    this.steps = [];
    this.events = [];
    const renumbered = sim.daemonsets.renumbered.list();
    const sendRenumbered = reset || renumbered !== this.sentRenumbered;
    this.sentRenumbered = renumbered;
    const batch: ChangeBatch = {
      type: 'changes',
      reset,
      ...(sendRenumbered ? { renumbered } : {}),
      upserts: whole,
      compact,
      patches,
      deletes,
      eventRows,
      eventDeletes,
      now: sim.now(),
      start: session.start,
      steps,
      events,
      playing: session.playing,
      speed: session.speed,
      inputs: session.inputs,
      ...(session.namespace !== undefined && session.namespace !== 'default'
        ? { namespace: session.namespace }
        : {}),
    };
    return splitBatch(batch, MAX_CHANGES_PER_MESSAGE);
  }
}

/**
 * A batch as messages of at most `max` changes each (a compact group counts its objects and is not
 * cut), in the order they apply: the first carries `reset`, the last the steps, events and inputs, the
 * ones before the last `more`.
 */
export function splitBatch(b: ChangeBatch, max: number): ChangeBatch[] {
  const size = (x: ChangeBatch) =>
    x.upserts.length +
    (x.compact ?? []).reduce((n, g) => n + g.items.length, 0) +
    (x.patches?.length ?? 0) +
    x.deletes.length +
    (x.eventRows?.length ?? 0) +
    (x.eventDeletes?.length ?? 0);
  if (size(b) <= max) return [b];
  const parts: ChangeBatch[] = [];
  const empty = (): ChangeBatch => ({
    ...b,
    reset: false,
    upserts: [],
    compact: [],
    patches: [],
    deletes: [],
    eventRows: [],
    eventDeletes: [],
    steps: [],
    events: [],
  });
  let cur = empty();
  let n = 0;
  const room = (k: number) => {
    if (n > 0 && n + k > max) {
      parts.push(cur);
      cur = empty();
      n = 0;
    }
    n += k;
  };
  for (const g of b.compact ?? []) {
    room(g.items.length);
    cur.compact!.push(g);
  }
  for (const o of b.upserts) {
    room(1);
    cur.upserts.push(o);
  }
  for (const p of b.patches ?? []) {
    room(1);
    cur.patches!.push(p);
  }
  for (const d of b.deletes) {
    room(1);
    cur.deletes.push(d);
  }
  for (const r of b.eventRows ?? []) {
    room(1);
    cur.eventRows!.push(r);
  }
  for (const d of b.eventDeletes ?? []) {
    room(1);
    cur.eventDeletes!.push(d);
  }
  parts.push(cur);
  parts[0].reset = b.reset;
  // the renumbered revisions go once, with the last part (after the revisions they name); the parts
  // before it say that more follow
  for (const p of parts.slice(0, -1)) {
    delete p.renumbered;
    p.more = true;
  }
  const last = parts[parts.length - 1];
  last.steps = b.steps;
  last.events = b.events;
  return parts;
}
