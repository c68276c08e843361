// The DaemonSet controller's ControllerRevision event handlers (daemon_controller.go addHistory,
// updateHistory, deleteHistory): which DaemonSets a revision change wakes up. A revision with a
// controllerRef wakes its owner; an orphan wakes every DaemonSet whose selector matches its labels
// (the next sync adopts it, in controlledHistories); a deleted owned revision wakes its owner, whose
// next sync recreates the current revision if that was the one deleted (constructHistory).

import { selectorMatches, isEmptyLabelSelector } from '../../api/labels';
import { deepEqual } from '../../api/objects';
import { controllerRef } from '../../api/podutil';
import type { Change } from '../../api/objectStore';
import type { ControllerRevision, DaemonSet, OwnerReference } from '../../api/types';
import type { ControllerHost } from '../../host';

export interface Wake {
  ds: DaemonSet;
  reason: string;
}

/** resolveControllerRef: the DaemonSet a controllerRef names, if it still exists with that uid. */
function resolveControllerRef(
  sim: ControllerHost,
  namespace: string | undefined,
  ref: OwnerReference,
): DaemonSet | undefined {
  if (ref.kind !== 'DaemonSet') return undefined;
  const ds = sim.store.get('DaemonSet', namespace, ref.name);
  return ds && ds.metadata.uid === ref.uid ? ds : undefined;
}

/** getDaemonSetsForHistory: DaemonSets in the revision's namespace whose selector matches it. */
function daemonSetsForHistory(sim: ControllerHost, cr: ControllerRevision): DaemonSet[] {
  return sim.store
    .list('DaemonSet', cr.metadata.namespace)
    .filter(
      (ds) =>
        !isEmptyLabelSelector(ds.spec.selector) && selectorMatches(ds.spec.selector, cr.metadata.labels),
    );
}

function addHistory(sim: ControllerHost, cr: ControllerRevision): Wake[] {
  if (cr.metadata.deletionTimestamp) return deleteHistory(sim, cr);
  const ref = controllerRef(cr);
  const name = cr.metadata.name;
  if (ref) {
    // Observed; its owner created it and needs no wake-up.
    return [];
  }
  return daemonSetsForHistory(sim, cr).map((ds) => ({
    ds,
    reason: `orphan ControllerRevision ${name} added`,
  }));
}

function updateHistory(sim: ControllerHost, old: ControllerRevision, cur: ControllerRevision): Wake[] {
  if (old.metadata.resourceVersion === cur.metadata.resourceVersion) return [];
  const out: Wake[] = [];
  const name = cur.metadata.name;
  const curRef = controllerRef(cur);
  const oldRef = controllerRef(old);
  const refChanged = !deepEqual(curRef, oldRef);
  if (refChanged && oldRef) {
    const ds = resolveControllerRef(sim, old.metadata.namespace, oldRef);
    if (ds) out.push({ ds, reason: `ControllerRevision ${name} released` });
  }
  if (curRef) {
    const ds = resolveControllerRef(sim, cur.metadata.namespace, curRef);
    if (ds) out.push({ ds, reason: `ControllerRevision ${name} updated` });
    return out;
  }
  if (refChanged || !deepEqual(cur.metadata.labels, old.metadata.labels)) {
    for (const ds of daemonSetsForHistory(sim, cur))
      out.push({ ds, reason: `orphan ControllerRevision ${name} updated` });
  }
  return out;
}

function deleteHistory(sim: ControllerHost, cr: ControllerRevision): Wake[] {
  const ref = controllerRef(cr);
  if (!ref) return [];
  const ds = resolveControllerRef(sim, cr.metadata.namespace, ref);
  return ds ? [{ ds, reason: `ControllerRevision ${cr.metadata.name} deleted` }] : [];
}

/** The DaemonSets to enqueue for one ControllerRevision change. */
export function historyEvent(sim: ControllerHost, c: Change): Wake[] {
  const cr = c.obj as ControllerRevision;
  if (c.type === 'ADDED') return addHistory(sim, cr);
  if (c.type === 'DELETED') return deleteHistory(sim, cr);
  return updateHistory(sim, c.old as ControllerRevision, cr);
}
