// The numbers a DaemonSet's ControllerRevisions had before constructHistory renumbered them
// (pkg/controller/daemon/update.go: constructHistory bumps the current revision's `.revision` to
// max(old)+1 when the template goes back to an old one — `rollout undo`, `set image` back, an old
// manifest applied). Upstream keeps no trace of the old number, and the objects here must stay what a
// real cluster shows (kubectl prints them), so the controller keeps the renumbering beside the objects,
// as part of the simulation's state: the page reads it to say "rev 3 (was rev 1)", and a reload or a
// share link, which replay the same inputs, rebuild it with the objects.

import type { ControllerRevision, DaemonSet } from '../../api/types';

/** One renumbered ControllerRevision: whose it is, and the numbers it had before its current one. */
export interface RenumberedRevision {
  namespace: string;
  daemonSet: { uid: string; name: string };
  /** the ControllerRevision's name and uid (a revision deleted and made again is a new one) */
  revision: string;
  uid: string;
  /** the numbers it had before, oldest first (the last one is "was rev N") */
  previous: number[];
}

export class RenumberedRevisions {
  private readonly byUid = new Map<string, RenumberedRevision>();
  private sorted: readonly RenumberedRevision[] | undefined = [];
  /** moves on every change, so a reader (the worker's change batcher) sends the list only when it moved */
  version = 0;

  /** constructHistory moved `cr` (owned by `ds`) from revision `from` to its current number. */
  record(ds: DaemonSet, cr: ControllerRevision, from: number): void {
    const before = this.byUid.get(cr.metadata.uid);
    this.byUid.set(cr.metadata.uid, {
      namespace: cr.metadata.namespace ?? 'default',
      daemonSet: { uid: ds.metadata.uid, name: ds.metadata.name },
      revision: cr.metadata.name,
      uid: cr.metadata.uid,
      previous: [...(before?.previous ?? []), from],
    });
    this.changed();
  }

  /** The revision is gone (cleanupHistory, the garbage collector, `kubectl delete`): nothing to say of it. */
  forget(uid: string): void {
    if (this.byUid.delete(uid)) this.changed();
  }

  /** Every record, by namespace and revision name (a new array only after a change). */
  list(): readonly RenumberedRevision[] {
    if (!this.sorted) {
      this.sorted = [...this.byUid.values()].sort((a, b) =>
        a.namespace === b.namespace
          ? a.revision < b.revision
            ? -1
            : a.revision > b.revision
              ? 1
              : 0
          : a.namespace < b.namespace
            ? -1
            : 1,
      );
    }
    return this.sorted;
  }

  private changed(): void {
    this.sorted = undefined;
    this.version++;
  }
}
