// The ReplicaSet controller (pkg/controller/replicaset/replica_set.go): event handlers that queue
// ReplicaSets, and syncReplicaSet: claim the pods the selector matches, manageReplicas (create in
// slow-start batches, delete the pods getPodsToDelete ranks first), then write the status.

import { fromLabelSelector, isEmptyLabelSelector, matches, selectorMatches } from '../../api/labels';
import { deepEqual } from '../../api/objects';
import { namespacedName } from '../../api/namespacedName';
import type { Change } from '../../api/objectStore';
import { controllerRef } from '../../api/podutil';
import type { OwnerReference, Pod, ReplicaSet } from '../../api/types';
import { TIMINGS } from '../../timings';
import {
  filterActivePods,
  getPodFromTemplate,
  isPodActive,
  rankedPod,
  rankedPodCompare,
  slowStartBatch,
} from './controllerUtils';
import type { ControllerHost } from './host';
import { PodControllerUIDIndex } from './podControllerUIDIndex';
import { calculateStatus, trimStatus } from './status';

export const RS_CONTROLLER = 'replicaset-controller';
/** BurstReplicas: at most this many creates or deletes per sync (replicaset controller's default). */
export const BURST_REPLICAS = 500;
/** SlowStartInitialBatchSize */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

function rsControllerRef(rs: ReplicaSet): OwnerReference {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    name: rs.metadata.name,
    uid: rs.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
}

/**
 * getPodsToDelete: the `diff` pods to delete first, ranked by ActivePodsWithRanks; a pod's rank is
 * the number of active related pods (of the same owner's ReplicaSets) on its node.
 */
export function getPodsToDelete(
  filteredPods: readonly Pod[],
  relatedPods: readonly Pod[],
  diff: number,
  now: number,
): Pod[] {
  if (diff >= filteredPods.length) return filteredPods.slice(0, diff);
  const podsOnNode = new Map<string, number>();
  for (let i = 0; i < relatedPods.length; i++) {
    const p = relatedPods[i];
    if (!isPodActive(p)) continue;
    const n = p.spec.nodeName ?? '';
    podsOnNode.set(n, (podsOnNode.get(n) ?? 0) + 1);
  }
  // each pod's keys read once (rankedPod), compared as activePodsWithRanksLess compares the pods
  // both ways, in one pass (rankedPodCompare)
  const ranked = filteredPods.map((p) => rankedPod(p, podsOnNode.get(p.spec.nodeName ?? '') ?? 0, now));
  ranked.sort(rankedPodCompare);
  return ranked.slice(0, diff).map((r) => r.pod);
}

/** What a sync wrote to pods: adoptions and releases, then manageReplicas' creates and deletes. */
interface OwnWrites {
  /** the sync's Pod writes that succeeded (each one change) */
  count: number;
  /** a write failed (it may have changed nothing) */
  failed: boolean;
  /** the created pods as stored */
  created: Pod[];
  /** the deleted pods, as claimed */
  deleted: Set<Pod>;
}

export class ReplicaSetController {
  /** the oracle (tests): list and claim the pods again for the status after every sync that wrote */
  relistForStatus = false;
  /** the oracle (tests): hand every pod event's sync to the work queue, reason made, even when one waits */
  enqueueEvery = false;
  /** the oracle (tests): a sync lists its namespace's pods instead of reading the PodControllerUIDIndex */
  listNamespacePods = false;
  /** the pods by ControllerRef uid, orphans by namespace (FilterPodsByOwner) */
  private readonly podIndex: PodControllerUIDIndex;
  /** per ReplicaSet uid: its work-queue key and the sync to run (made once, not per pod event) */
  private readonly queueKeys = new Map<string, { key: string; run: () => string }>();
  /** work-queue key → when its waiting sync runs (set on enqueue, cleared when the sync starts) */
  private readonly queuedAt = new Map<string, number>();

  constructor(private readonly host: ControllerHost) {
    this.podIndex = new PodControllerUIDIndex((fn) => host.store.each('Pod', undefined, fn));
    host.watch((c) => this.podIndex.onPodChange(c), ['Pod']);
    host.watch((c) => this.onReplicaSet(c), ['ReplicaSet']);
    host.watch((c) => this.onPod(c), ['Pod']);
  }

  /**
   * FilterPodsByOwner(rs, includeOrphanedObjects): the pods `rs` controls and its namespace's
   * orphans, in list order — every pod claimPods could keep or adopt (it skips the ones another
   * controller owns). The oracle: the namespace's pods.
   */
  private podsOf(rs: ReplicaSet): readonly Pod[] {
    const ns = rs.metadata.namespace;
    if (this.listNamespacePods) return this.host.store.list('Pod', ns);
    return this.podIndex.podsByOwner(ns, rs.metadata.uid, true);
  }

  private queueKey(rs: ReplicaSet): { key: string; run: () => string } {
    let q = this.queueKeys.get(rs.metadata.uid);
    if (!q) {
      const key = namespacedName(rs.metadata.namespace, rs.metadata.name);
      this.queueKeys.set(rs.metadata.uid, (q = { key, run: () => this.syncReplicaSet(key) }));
    }
    return q;
  }

  /**
   * Whether enqueue would change the work queue: false when a sync of `rs` already waits for the
   * same time or earlier (the queue keeps that one, and its reason). Lets a pod event skip making
   * its reason: a ReplicaSet's thousands of pod events mostly find its sync waiting.
   */
  private wouldQueue(rs: ReplicaSet, delayMs: number = TIMINGS.controllerSyncDelayMs): boolean {
    if (this.enqueueEvery) return true;
    const at = this.queuedAt.get(this.queueKey(rs).key);
    return at === undefined || at > this.host.now() + Math.max(0, delayMs);
  }

  private enqueue(rs: ReplicaSet, reason: string, delayMs: number = TIMINGS.controllerSyncDelayMs): void {
    const q = this.queueKey(rs);
    const at = this.host.now() + Math.max(0, delayMs);
    const waiting = this.queuedAt.get(q.key);
    if (waiting === undefined || at < waiting) this.queuedAt.set(q.key, at);
    this.host.enqueue(RS_CONTROLLER, q.key, delayMs, reason, q.run);
  }

  private onReplicaSet(c: Change): void {
    const rs = c.obj as ReplicaSet;
    if (c.type === 'DELETED') {
      // its queue key goes; a sync that still waits finds the ReplicaSet gone
      this.queueKeys.delete(rs.metadata.uid);
      return;
    }
    const old = c.old as ReplicaSet | undefined;
    // our own status write: nothing new to do
    if (
      old &&
      old.metadata.generation === rs.metadata.generation &&
      old.spec === rs.spec &&
      deepEqual(old.metadata.labels, rs.metadata.labels)
    )
      return;
    this.enqueue(rs, c.type === 'ADDED' ? 'ReplicaSet added' : 'ReplicaSet updated');
  }

  /**
   * addPod / updatePod / deletePod: the owner's sync, or every matching ReplicaSet's for an orphan.
   * An update that changed the ControllerRef also syncs the old owner (it lost a pod), and an orphan's
   * update queues the matching ReplicaSets only when its labels or its ControllerRef changed.
   */
  private onPod(c: Change): void {
    const pod = c.obj as Pod;
    const old = c.old as Pod | undefined;
    const ref = controllerRef(pod);
    const what = c.type === 'ADDED' ? 'added' : c.type === 'DELETED' ? 'deleted' : 'updated';
    const oldRef = c.type === 'MODIFIED' && old ? controllerRef(old) : undefined;
    const refChanged = c.type === 'MODIFIED' && !!old && !deepEqual(oldRef, ref);
    if (refChanged && oldRef?.kind === 'ReplicaSet') {
      // resolveControllerRef: the old owner, if it is still the ReplicaSet the reference names
      const former = this.host.store.get('ReplicaSet', pod.metadata.namespace, oldRef.name);
      if (former && former.metadata.uid === oldRef.uid)
        this.enqueue(former, `pod ${pod.metadata.name} no longer controlled by it`);
    }
    if (ref) {
      if (ref.kind !== 'ReplicaSet') return;
      const rs = this.host.store.get('ReplicaSet', pod.metadata.namespace, ref.name);
      if (rs && rs.metadata.uid === ref.uid) {
        // a pod that turned ready is checked again once minReadySeconds have passed (updatePod)
        const min = rs.spec.minReadySeconds ?? 0;
        if (this.wouldQueue(rs)) this.enqueue(rs, `pod ${pod.metadata.name} ${what}`);
        if (old && min > 0 && !isReady(old) && isReady(pod))
          this.enqueue(rs, `pod ${pod.metadata.name} available after minReadySeconds`, min * 1000);
      }
      return;
    }
    if (c.type === 'DELETED') return;
    if (c.type === 'MODIFIED' && old && !refChanged && deepEqual(old.metadata.labels, pod.metadata.labels))
      return;
    for (const rs of this.host.store.list('ReplicaSet', pod.metadata.namespace)) {
      if (!rs.metadata.deletionTimestamp && selectorMatches(rs.spec.selector, pod.metadata.labels))
        this.enqueue(rs, `orphan pod ${pod.metadata.name} ${what} matches its selector`);
    }
  }

  /** claimPods (PodControllerRefManager): adopt matching orphans, release owned pods that no longer match. */
  private claimPods(rs: ReplicaSet, pods: readonly Pod[], notes: string[], writes?: OwnWrites): Pod[] {
    const store = this.host.store;
    const out: Pod[] = [];
    // LabelSelectorAsSelector once per claim, not once per pod
    const selector = fromLabelSelector(rs.spec.selector);
    const uid = rs.metadata.uid;
    // index loops here and in calculateStatus: a few syncs walk thousands of pods each, mostly
    // before the functions are optimized, where for-of makes an iterator result per pod
    for (let i = 0; i < pods.length; i++) {
      const p = pods[i];
      const ref = controllerRef(p);
      // ClaimObject: a pod another controller owns is ignored before its labels are looked at
      if (ref && ref.uid !== uid) continue;
      const match = selector !== null && matches(selector, p.metadata.labels);
      if (ref) {
        if (!match) {
          store.update({
            ...p,
            metadata: {
              ...p.metadata,
              ownerReferences: (p.metadata.ownerReferences ?? []).filter((r) => r.uid !== rs.metadata.uid),
            },
          });
          if (writes) writes.count++;
          notes.push(`released pod ${p.metadata.name}`);
          continue;
        }
        out.push(p);
      } else if (match && !rs.metadata.deletionTimestamp && !p.metadata.deletionTimestamp) {
        out.push(
          store.update<'Pod'>({
            ...p,
            metadata: {
              ...p.metadata,
              ownerReferences: [...(p.metadata.ownerReferences ?? []), rsControllerRef(rs)],
            },
          }),
        );
        if (writes) writes.count++;
        notes.push(`adopted pod ${p.metadata.name}`);
      }
    }
    return out;
  }

  /** syncReplicaSet: one reconcile round for one ReplicaSet. Returns what it did. */
  syncReplicaSet(key: string): string {
    this.queuedAt.delete(key);
    const [namespace, name] = key.split('/');
    const host = this.host;
    const rs = host.store.get('ReplicaSet', namespace, name);
    if (!rs) return `ReplicaSet ${key} not found; nothing to do`;
    if (isEmptyLabelSelector(rs.spec.selector)) return 'empty selector; skipped';
    const notes: string[] = [];
    const listedAt = host.store.resourceVersion();
    const podChangesAt = host.store.changes('Pod');
    const writes: OwnWrites = { count: 0, failed: false, created: [], deleted: new Set() };
    const allPods = this.podsOf(rs);
    // pods that are terminal or being deleted are neither counted nor adopted
    const filteredPods = this.claimPods(rs, filterActivePods(allPods), notes, writes);
    let manageError: { error: Error; creating: boolean } | undefined;
    if (!rs.metadata.deletionTimestamp) manageError = this.manageReplicas(filteredPods, rs, notes, writes);

    const fresh = host.store.get('ReplicaSet', namespace, name);
    if (!fresh) return notes.join('; ') || 'in sync; nothing to do';
    // The pods the status counts: listed and claimed again (the controller reads the store, so the
    // pods it just made count), unless no pod changed but by this sync's own writes (adoptions,
    // releases, creates, deletes; none failed) and the ReplicaSet is the same: then they are the
    // first claim's, the deleted ones dropped (being deleted, no longer active) and the created ones
    // added (owned, matching, active) — the same pods (calculateStatus only counts them).
    // `relistForStatus` (tests): always list and claim again after a write.
    const alone =
      !writes.failed && host.store.changes('Pod') === podChangesAt + writes.count && !this.relistForStatus;
    let pods: Pod[];
    if (fresh === rs && host.store.resourceVersion() === listedAt) pods = filteredPods;
    else if (fresh === rs && alone)
      pods = [...filteredPods.filter((p) => !writes.deleted.has(p)), ...writes.created];
    else pods = this.claimPods(fresh, filterActivePods(this.podsOf(fresh)), []);
    const status = trimStatus(calculateStatus(fresh, pods, manageError, host.now(), host.iso()));
    if (!deepEqual(fresh.status, status)) {
      host.store.updateStatus({ ...fresh, status });
      notes.push(
        `status: ${status.replicas} replicas, ${status.readyReplicas ?? 0} ready, ${status.availableReplicas ?? 0} available`,
      );
    }
    // ready but not yet available pods: look again after minReadySeconds
    const want = fresh.spec.replicas ?? 0;
    const min = fresh.spec.minReadySeconds ?? 0;
    if (
      !manageError &&
      min > 0 &&
      (status.readyReplicas ?? 0) === want &&
      (status.availableReplicas ?? 0) !== want
    ) {
      this.enqueue(fresh, 'waiting for pods to be available for minReadySeconds', min * 1000);
    }
    if (manageError) this.enqueue(fresh, `retry after: ${manageError.error.message}`, 1000);
    return notes.length ? notes.join('; ') : 'in sync; nothing to do';
  }

  /** manageReplicas: create or delete pods so that the active ones number spec.replicas. */
  private manageReplicas(
    filteredPods: Pod[],
    rs: ReplicaSet,
    notes: string[],
    writes: OwnWrites,
  ): { error: Error; creating: boolean } | undefined {
    const host = this.host;
    const store = host.store;
    const want = rs.spec.replicas ?? 0;
    let diff = filteredPods.length - want;
    if (diff < 0) {
      diff = Math.min(-diff, BURST_REPLICAS);
      const created: string[] = [];
      const r = slowStartBatch(diff, SLOW_START_INITIAL_BATCH_SIZE, () => {
        let pod: Pod;
        try {
          pod = store.create<'Pod'>(
            getPodFromTemplate(
              rs.spec.template,
              rs.metadata.namespace!,
              rs.metadata.name,
              rsControllerRef(rs),
            ),
          );
        } catch (e) {
          writes.failed = true;
          throw e;
        }
        writes.count++;
        writes.created.push(pod);
        created.push(pod.metadata.name);
        host.recorder.event(
          rs,
          'Normal',
          'SuccessfulCreate',
          `Created pod: ${pod.metadata.name}`,
          RS_CONTROLLER,
        );
      });
      if (created.length)
        notes.push(
          `created ${created.length} of ${diff} pods in slow-start batches of ${r.batches.join(', ')}: ${created.join(', ')}`,
        );
      if (r.error) {
        host.recorder.event(
          rs,
          'Warning',
          'FailedCreate',
          `Error creating: ${r.error.message}`,
          RS_CONTROLLER,
        );
        notes.push(`create failed: ${r.error.message}; ${diff - r.successes} pods skipped`);
        return { error: r.error, creating: true };
      }
      return undefined;
    }
    if (diff > 0) {
      diff = Math.min(diff, BURST_REPLICAS);
      const relatedPods = this.getIndirectlyRelatedPods(rs);
      const victims = getPodsToDelete(filteredPods, relatedPods, diff, host.now());
      const deleted: string[] = [];
      for (const p of victims) {
        try {
          host.store.delete('Pod', p.metadata.namespace, p.metadata.name);
          writes.count++;
          writes.deleted.add(p);
          deleted.push(p.metadata.name);
          host.recorder.event(
            rs,
            'Normal',
            'SuccessfulDelete',
            `Deleted pod: ${p.metadata.name}`,
            RS_CONTROLLER,
          );
        } catch (e) {
          writes.failed = true;
          host.recorder.event(
            rs,
            'Warning',
            'FailedDelete',
            `Error deleting: ${(e as Error).message}`,
            RS_CONTROLLER,
          );
          return { error: e as Error, creating: false };
        }
      }
      notes.push(`deleted ${deleted.length} pods (ranked by getPodsToDelete): ${deleted.join(', ')}`);
    }
    return undefined;
  }

  /**
   * getIndirectlyRelatedPods: the pods of every ReplicaSet with the same controller owner (one
   * Deployment's), read from the PodControllerUIDIndex by each one's uid (the oracle: the namespace's
   * pods filtered, in list order; getPodsToDelete only counts them per node).
   */
  getIndirectlyRelatedPods(rs: ReplicaSet): Pod[] {
    const owner = controllerRef(rs);
    const ns = rs.metadata.namespace;
    const uids = new Set<string>([rs.metadata.uid]);
    if (owner) {
      for (const other of this.host.store.list('ReplicaSet', ns)) {
        if (controllerRef(other)?.uid === owner.uid) uids.add(other.metadata.uid);
      }
    }
    if (!this.listNamespacePods) {
      const out: Pod[] = [];
      for (const uid of uids) out.push(...this.podIndex.podsByOwner(ns, uid, false));
      return out;
    }
    return this.host.store.list('Pod', ns).filter((p) => {
      const ref = controllerRef(p);
      return ref !== undefined && uids.has(ref.uid);
    });
  }
}

function isReady(p: Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}
