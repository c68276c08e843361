// The garbage collector (pkg/controller/garbagecollector): when an owner is deleted, its dependents
// (objects whose ownerReferences name its uid) are deleted too (Background), or released by
// removing that reference (Orphan). A dependent that still has another live owner only loses the
// dangling reference. Dependents are indexed by owner uid from the change feed.
//
// Foreground deletion (graph_builder.go processTransitions + garbagecollector.go
// processDeletingDependentsItem): an owner marked for deletion with the `foregroundDeletion`
// finalizer has every dependent deleted; once no dependent that blocks it (ownerReference with
// blockOwnerDeletion: true) is left in storage, the collector removes the finalizer and the API
// server removes the owner.

import { pushAll } from '../../api/objects';
import { FOREGROUND_DELETION_FINALIZER, type Change } from '../../api/objectStore';
import { type Kind, type KObject, type OwnerReference, isKind } from '../../api/types';
import { PodMap } from '../../scheduler/podMap';
import type { ControllerHost } from '../../host';
import { TIMINGS } from '../../timings';

export const GARBAGE_COLLECTOR = 'garbage-collector';

type Policy = 'Background' | 'Orphan';

/** A dependent as the graph builder indexed it: its id and the owner uids it names, in order. */
interface Indexed {
  id: string;
  uids: string[];
}

const NO_UIDS: string[] = [];

/** Whether `refs` name exactly `uids`, in order (without building the list of their uids). */
function sameUids(uids: readonly string[], refs: readonly OwnerReference[] | undefined): boolean {
  const n = refs?.length ?? 0;
  if (n !== uids.length) return false;
  for (let i = 0; i < n; i++) if (refs![i].uid !== uids[i]) return false;
  return true;
}

function idOf(kind: string, o: KObject): string {
  return `${kind}\u0000${o.metadata.namespace ?? ''}\u0000${o.metadata.name}`;
}

function parseId(id: string): [Kind, string | undefined, string] {
  const [kind, ns, name] = id.split('\u0000');
  return [kind as Kind, ns || undefined, name];
}

export class GarbageCollector {
  /** owner uid → dependent ids */
  private readonly dependents = new Map<string, Set<string>>();
  /** dependent (kind, namespace, name) → its id and the owner uids it was indexed under */
  private readonly owners = new Map<Kind, PodMap<Indexed>>();
  /** work key → owners deleted and waiting for the collector */
  private readonly pending = new Map<string, { uid: string; policy: Policy }[]>();
  /** owners being deleted in the foreground (uid → id), until their finalizer is removed */
  private readonly deletingDependents = new Map<string, string>();

  constructor(private readonly sim: ControllerHost) {
    sim.store.onOwnerDeleted = (owner, policy) => this.onOwnerDeleted(owner, policy);
    sim.watch((c) => this.onChange(c));
  }

  /** Ids of the objects that name `uid` as an owner (for the UI and tests). */
  dependentsOf(uid: string): string[] {
    return [...(this.dependents.get(uid) ?? [])].sort();
  }

  private onChange(c: Change): void {
    if (c.kind === 'Event') return;
    // The graph builder only looks at owner references and deletion state; a write that kept them
    // (a status write shares the stored metadata's arrays) changes nothing here.
    const old = c.old;
    if (
      old &&
      c.type === 'MODIFIED' &&
      old.metadata.ownerReferences === c.obj.metadata.ownerReferences &&
      old.metadata.deletionTimestamp === c.obj.metadata.deletionTimestamp &&
      old.metadata.finalizers === c.obj.metadata.finalizers
    ) {
      return;
    }
    const md = c.obj.metadata;
    const indexed = this.ownersOf(c.kind).get(md.namespace, md.name);
    this.watchForeground(c, indexed);
    const refs = c.type === 'DELETED' ? undefined : md.ownerReferences;
    const prev = indexed?.uids ?? NO_UIDS;
    if (sameUids(prev, refs)) return;
    const id = indexed?.id ?? idOf(c.kind, c.obj);
    const uids = refs ? refs.map((r) => r.uid) : NO_UIDS;
    // A dependent went away (or dropped a reference): owners waiting for it look again.
    for (const u of prev)
      if (!uids.includes(u) && this.deletingDependents.has(u))
        this.enqueueDeletingDependents(u, `dependent ${id.split('\u0000').join('/')} gone`);
    for (const u of prev) {
      const s = this.dependents.get(u);
      s?.delete(id);
      if (s && s.size === 0) this.dependents.delete(u);
    }
    for (const u of uids) {
      let s = this.dependents.get(u);
      if (!s) this.dependents.set(u, (s = new Set()));
      s.add(id);
    }
    if (uids.length) this.ownersOf(c.kind).set(md.namespace, md.name, { id, uids });
    else this.ownersOf(c.kind).delete(md.namespace, md.name);
  }

  private ownersOf(kind: Kind): PodMap<Indexed> {
    let m = this.owners.get(kind);
    if (!m) this.owners.set(kind, (m = new PodMap()));
    return m;
  }

  /** startsWaitingForDependentsDeleted: an owner got the foregroundDeletion finalizer while being deleted. */
  private watchForeground(c: Change, indexed: Indexed | undefined): void {
    const uid = c.obj.metadata.uid;
    const waiting =
      c.type !== 'DELETED' &&
      !!c.obj.metadata.deletionTimestamp &&
      !!c.obj.metadata.finalizers?.includes(FOREGROUND_DELETION_FINALIZER);
    if (!waiting) {
      if (this.deletingDependents.size > 0) this.deletingDependents.delete(uid);
      return;
    }
    if (this.deletingDependents.has(uid)) return;
    this.deletingDependents.set(uid, indexed?.id ?? idOf(c.kind, c.obj));
    this.enqueueDeletingDependents(
      uid,
      `${c.kind.toLowerCase()} ${c.obj.metadata.name} is being deleted in the foreground`,
    );
  }

  private enqueueDeletingDependents(uid: string, reason: string): void {
    const id = this.deletingDependents.get(uid);
    if (!id) return;
    const [kind, ns, name] = parseId(id);
    const key = `foreground/${kind.toLowerCase()}/${ns ? `${ns}/` : ''}${name}`;
    this.sim.enqueue(GARBAGE_COLLECTOR, key, TIMINGS.garbageCollectorDelayMs, reason, () =>
      this.processDeletingDependentsItem(uid),
    );
  }

  /**
   * processDeletingDependentsItem (with attemptToDeleteItem for each dependent): deletes the
   * dependents not yet being deleted — a dependent with another live owner only loses the
   * reference — and removes the finalizer once no blocking dependent is left.
   */
  private processDeletingDependentsItem(uid: string): string {
    const id = this.deletingDependents.get(uid);
    if (!id) return 'nothing to do';
    const [kind, ns, name] = parseId(id);
    const owner = this.sim.store.get(kind, ns, name);
    if (
      !owner ||
      owner.metadata.uid !== uid ||
      !owner.metadata.finalizers?.includes(FOREGROUND_DELETION_FINALIZER)
    ) {
      this.deletingDependents.delete(uid);
      return 'owner gone; nothing to do';
    }
    const out: string[] = [];
    let blocking = 0;
    for (const depId of this.dependentsOf(uid)) {
      const [dk, dns, dname] = parseId(depId);
      const dep = this.sim.store.get(dk, dns, dname);
      const ref = dep?.metadata.ownerReferences?.find((r) => r.uid === uid);
      if (!dep || !ref) continue;
      if (ref.blockOwnerDeletion) blocking++;
      if (dep.metadata.deletionTimestamp) continue;
      const what = `${dk.toLowerCase()} ${dns ? `${dns}/` : ''}${dname}`;
      const rest = (dep.metadata.ownerReferences ?? []).filter((r) => r.uid !== uid);
      if (rest.some((r) => this.ownerExists(r, dns) && !this.isDeletingDependents(r.uid))) {
        const metadata = { ...dep.metadata, ownerReferences: rest };
        this.sim.store.update({ ...dep, metadata });
        if (ref.blockOwnerDeletion) blocking--;
        out.push(`removed owner from ${what} (it has another owner)`);
        continue;
      }
      const hasDependents = (this.dependents.get(dep.metadata.uid)?.size ?? 0) > 0;
      this.sim.store.delete(dk, dns, dname, {
        propagationPolicy: hasDependents ? 'Foreground' : 'Background',
      });
      out.push(`deleted ${what}${hasDependents ? ' (foreground)' : ''}`);
    }
    if (blocking === 0) {
      const finalizers = (owner.metadata.finalizers ?? []).filter((f) => f !== FOREGROUND_DELETION_FINALIZER);
      const metadata = { ...owner.metadata, finalizers };
      if (finalizers.length === 0) delete (metadata as Partial<typeof metadata>).finalizers;
      this.deletingDependents.delete(uid);
      this.sim.store.update({ ...owner, metadata });
      out.push(
        `no blocking dependents left; removed the ${FOREGROUND_DELETION_FINALIZER} finalizer from ${kind.toLowerCase()} ${name}`,
      );
    } else {
      out.push(`waiting for ${blocking} blocking dependent(s)`);
    }
    return out.join('; ');
  }

  private isDeletingDependents(uid: string): boolean {
    return this.deletingDependents.has(uid);
  }

  private onOwnerDeleted(owner: KObject, policy: Policy): void {
    const uid = owner.metadata.uid;
    if (!this.dependents.has(uid)) return;
    const ns = owner.metadata.namespace;
    const key = `${owner.kind.toLowerCase()}/${ns ? `${ns}/` : ''}${owner.metadata.name}`;
    const list = this.pending.get(key) ?? [];
    list.push({ uid, policy });
    this.pending.set(key, list);
    this.sim.enqueue(
      GARBAGE_COLLECTOR,
      key,
      TIMINGS.garbageCollectorDelayMs,
      `owner ${key} deleted (propagationPolicy ${policy})`,
      () => this.collect(key),
    );
  }

  private collect(key: string): string {
    const work = this.pending.get(key) ?? [];
    this.pending.delete(key);
    const out: string[] = [];
    for (const { uid, policy } of work) pushAll(out, this.processOwner(uid, policy));
    return out.join('; ') || 'nothing to do';
  }

  private ownerExists(ref: OwnerReference, namespace: string | undefined): boolean {
    if (!isKind(ref.kind)) return false;
    return this.sim.store.get(ref.kind, namespace, ref.name)?.metadata.uid === ref.uid;
  }

  private processOwner(uid: string, policy: Policy): string[] {
    const out: string[] = [];
    for (const id of this.dependentsOf(uid)) {
      const [kind, ns, name] = parseId(id);
      const obj = this.sim.store.get(kind, ns, name);
      const refs = obj?.metadata.ownerReferences ?? [];
      if (!obj || !refs.some((r) => r.uid === uid)) continue;
      const rest = refs.filter((r) => r.uid !== uid);
      const what = `${kind.toLowerCase()} ${ns ? `${ns}/` : ''}${name}`;
      if (policy === 'Orphan' || rest.some((r) => this.ownerExists(r, ns))) {
        const metadata = { ...obj.metadata, ownerReferences: rest };
        if (rest.length === 0) delete (metadata as Partial<typeof metadata>).ownerReferences;
        this.sim.store.update({ ...obj, metadata });
        out.push(`${policy === 'Orphan' ? 'orphaned' : 'removed dangling owner from'} ${what}`);
      } else if (!obj.metadata.deletionTimestamp) {
        this.sim.store.delete(kind, ns, name, { propagationPolicy: 'Background' });
        out.push(`deleted ${what}`);
      }
    }
    return out;
  }
}
