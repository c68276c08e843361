// ControllerRevision history (pkg/controller/daemon/update.go: constructHistory, snapshot, dedupCurHistories,
// cleanupHistory; pkg/controller/controller_utils.go: ComputeHash).

import { canonicalJSON, clone } from '../../api/objects';
import { selectorMatches } from '../../api/labels';
import { StatusError } from '../../api/errors';
import type { ControllerRevision, DaemonSet, PodTemplateSpec } from '../../api/types';
import type { ControllerHost } from '../../host';
import { safeEncodeString } from '../../random';
import { DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY } from './util';
import { controllerRef } from '../../api/podutil';

/** FNV-1a, 32 bits, over bytes. */
function fnv1a32(bytes: Uint8Array, h = 0x811c9dc5): number {
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const encoder = new TextEncoder();

/**
 * ComputeHash: FNV-1a-32 of the defaulted template (canonical JSON stands in for go-spew's dump) and,
 * when set, the collision count as 8 little-endian bytes; printed in decimal and SafeEncoded, so the
 * hash has the real alphabet (4 5 6 7 8 9 b c d f) and length.
 */
export function computeHash(template: PodTemplateSpec, collisionCount?: number): string {
  let h = fnv1a32(encoder.encode(canonicalJSON(withoutEmptyResources(template))));
  if (collisionCount !== undefined && collisionCount !== null) {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setUint32(0, collisionCount >>> 0, true);
    h = fnv1a32(b, h);
  }
  return safeEncodeString(String(h));
}

/**
 * The stand-in for the spew dump leaves out a container's empty `resources: {}` (which the API server
 * writes for every container), so hashes stay what they were before the server's encoding was modelled.
 */
function withoutEmptyResources(t: PodTemplateSpec): PodTemplateSpec {
  const strip = (cs: PodTemplateSpec['spec']['containers'] | undefined) =>
    cs?.map((c) => {
      if (!c.resources || Object.keys(c.resources).length > 0) return c;
      const { resources: _r, ...rest } = c;
      return rest;
    });
  const spec = t.spec && { ...t.spec, containers: strip(t.spec.containers)! };
  if (spec && t.spec.initContainers) spec.initContainers = strip(t.spec.initContainers);
  return spec ? { ...t, spec } : t;
}

/**
 * getPatch: the CR data, `{spec:{template:{$patch: replace, …template}}}`, the DS marshalled by Go.
 * Since 1.34 a zero metadata.creationTimestamp is omitted (omitzero), so the template's metadata
 * carries none (a 1.33 client still writes `creationTimestamp: null`).
 */
export function getPatch(ds: DaemonSet): { spec: { template: Record<string, unknown> } } {
  const t = clone(ds.spec.template) as unknown as Record<string, unknown>;
  return { spec: { template: { ...t, $patch: 'replace' } } };
}

/** The template stored in a CR (its data minus `$patch`). */
export function templateFromRevision(cr: ControllerRevision): PodTemplateSpec {
  const data = cr.data as { spec?: { template?: Record<string, unknown> } };
  const t = clone(data?.spec?.template ?? {}) as Record<string, unknown>;
  delete t.$patch;
  const md = { ...(t.metadata as Record<string, unknown>) };
  delete md.creationTimestamp;
  t.metadata = md;
  return t as unknown as PodTemplateSpec;
}

export function revisionMatches(ds: DaemonSet, cr: ControllerRevision): boolean {
  return jsonOf(cr.data, () => cr.data) === jsonOf(ds.spec.template, () => getPatch(ds));
}

/**
 * canonicalJSON of `make()`, remembered per `key` when `key` is frozen (a stored object's part never
 * changes): every sync compares the template with each revision, and both stay the same for long.
 */
const jsonMemo = new WeakMap<object, string>();
function jsonOf(key: unknown, make: () => unknown): string {
  if (key === null || typeof key !== 'object' || !Object.isFrozen(key)) return canonicalJSON(make());
  let s = jsonMemo.get(key);
  if (s === undefined) jsonMemo.set(key, (s = canonicalJSON(make())));
  return s;
}

export function maxRevision(crs: ControllerRevision[]): number {
  return crs.reduce((m, c) => Math.max(m, c.revision), 0);
}

/** The DaemonSet's revisions: adopt matching orphans, release non-matching owned ones. */
export function controlledHistories(sim: ControllerHost, ds: DaemonSet): ControllerRevision[] {
  const out: ControllerRevision[] = [];
  for (const cr of sim.store.list('ControllerRevision', ds.metadata.namespace)) {
    const ref = controllerRef(cr);
    const match = selectorMatches(ds.spec.selector, cr.metadata.labels);
    if (ref) {
      if (ref.uid !== ds.metadata.uid) continue;
      if (!match) {
        sim.store.update({
          ...cr,
          metadata: {
            ...cr.metadata,
            ownerReferences: (cr.metadata.ownerReferences ?? []).filter((r) => r.uid !== ds.metadata.uid),
          },
        });
        continue;
      }
      out.push(cr);
    } else if (match && !ds.metadata.deletionTimestamp) {
      out.push(
        sim.store.update<'ControllerRevision'>({
          ...cr,
          metadata: {
            ...cr.metadata,
            ownerReferences: [
              ...(cr.metadata.ownerReferences ?? []),
              {
                apiVersion: 'apps/v1',
                kind: 'DaemonSet',
                name: ds.metadata.name,
                uid: ds.metadata.uid,
                controller: true,
                blockOwnerDeletion: true,
              },
            ],
          },
        }),
      );
    }
  }
  return out;
}

export interface History {
  cur: ControllerRevision;
  old: ControllerRevision[];
  hash: string;
  /** what constructHistory did: "created revision 2", "renumbered revision 1 to 3", "" */
  note: string;
  /** the number `cur` had before this sync renumbered it (none when it was not renumbered) */
  renumberedFrom?: number;
}

/** constructHistory: find or create the current revision; everything else is old. */
export function constructHistory(sim: ControllerHost, ds: DaemonSet): History {
  let histories = controlledHistories(sim, ds);
  // Revisions lacking the hash label get it, with their name as the value.
  histories = histories.map((h) =>
    h.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]
      ? h
      : sim.store.update<'ControllerRevision'>({
          ...h,
          metadata: {
            ...h.metadata,
            labels: { ...h.metadata.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: h.metadata.name },
          },
        }),
  );
  const cur: ControllerRevision[] = [];
  const old: ControllerRevision[] = [];
  for (const h of histories) (revisionMatches(ds, h) ? cur : old).push(h);
  const currRevision = maxRevision(old) + 1;
  let current: ControllerRevision;
  let note = '';
  let renumberedFrom: number | undefined;
  if (cur.length === 0) {
    current = snapshot(sim, ds, currRevision);
    note = `created ControllerRevision ${current.metadata.name} (revision ${current.revision})`;
  } else {
    current = dedupCurHistories(sim, ds, cur);
    if (current.revision < currRevision) {
      note = `renumbered ControllerRevision ${current.metadata.name} from revision ${current.revision} to ${currRevision}`;
      renumberedFrom = current.revision;
      current = sim.store.update<'ControllerRevision'>({ ...current, revision: currRevision });
    }
  }
  const hash = current.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ?? current.metadata.name;
  return renumberedFrom === undefined
    ? { cur: current, old, hash, note }
    : { cur: current, old, hash, note, renumberedFrom };
}

/** snapshot: create the revision `<ds>-<hash>`; on a hash collision bump status.collisionCount and retry. */
export function snapshot(sim: ControllerHost, ds: DaemonSet, revision: number): ControllerRevision {
  const hash = computeHash(ds.spec.template, ds.status.collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const cr: ControllerRevision = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name,
      namespace: ds.metadata.namespace,
      labels: { ...ds.spec.template.metadata?.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: hash },
      annotations: { ...ds.metadata.annotations },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'DaemonSet',
          name: ds.metadata.name,
          uid: ds.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    } as unknown as ControllerRevision['metadata'],
    data: getPatch(ds),
    revision,
  };
  try {
    return sim.store.create<'ControllerRevision'>(cr);
  } catch (e) {
    if (!(e instanceof StatusError) || e.reason !== 'AlreadyExists') throw e;
    const existing = sim.store.get('ControllerRevision', ds.metadata.namespace, name)!;
    if (canonicalJSON(existing.data) === canonicalJSON(cr.data)) return existing;
    // Hash collision: bump collisionCount; the next sync computes a new hash.
    const fresh = sim.store.get('DaemonSet', ds.metadata.namespace, ds.metadata.name)!;
    const count = (fresh.status.collisionCount ?? 0) + 1;
    sim.store.updateStatus({ ...fresh, status: { ...fresh.status, collisionCount: count } });
    throw new Error(
      `found a stale ControllerRevision ${name} with the same hash; collisionCount is now ${count}`,
    );
  }
}

/** dedupCurHistories: keep the highest revision, relabel pods to it, delete the duplicates. */
function dedupCurHistories(
  sim: ControllerHost,
  ds: DaemonSet,
  cur: ControllerRevision[],
): ControllerRevision {
  if (cur.length === 1) return cur[0];
  let keep = cur[0];
  for (const c of cur) if (c.revision >= keep.revision) keep = c;
  const keepHash = keep.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] ?? keep.metadata.name;
  for (const pod of sim.store.list('Pod', ds.metadata.namespace)) {
    if (controllerRef(pod)?.uid !== ds.metadata.uid) continue;
    if (pod.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY] !== keepHash) {
      sim.store.update({
        ...pod,
        metadata: {
          ...pod.metadata,
          labels: { ...pod.metadata.labels, [DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY]: keepHash },
        },
      });
    }
  }
  for (const c of cur)
    if (c !== keep) sim.store.delete('ControllerRevision', c.metadata.namespace, c.metadata.name);
  return keep;
}

/**
 * cleanupHistory: delete the oldest old revisions beyond revisionHistoryLimit, never one that a pod
 * of the DaemonSet (terminal and terminating pods included) still carries.
 */
export function cleanupHistory(
  sim: ControllerHost,
  ds: DaemonSet,
  old: ControllerRevision[],
  liveHashes: Set<string>,
): string[] {
  const limit = ds.spec.revisionHistoryLimit ?? 10;
  let toKill = old.length - limit;
  if (toKill <= 0) return [];
  const deleted: string[] = [];
  const sorted = [...old].sort((a, b) => a.revision - b.revision);
  for (const h of sorted) {
    if (toKill <= 0) break;
    const hash = h.metadata.labels?.[DEFAULT_DAEMONSET_UNIQUE_LABEL_KEY];
    if (hash && liveHashes.has(hash)) continue;
    sim.store.delete('ControllerRevision', h.metadata.namespace, h.metadata.name);
    deleted.push(h.metadata.name);
    toKill--;
  }
  return deleted;
}
