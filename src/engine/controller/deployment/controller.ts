// The Deployment controller (pkg/controller/deployment/deployment_controller.go): event handlers that
// queue Deployments, and syncDeployment, one reconcile round: claim the ReplicaSets, then pause,
// scale, or roll out (RollingUpdate or Recreate).

import { isEmptyLabelSelector, selectorMatches } from '../../api/labels';
import { namespacedName } from '../../api/namespacedName';
import type { Change } from '../../api/objectStore';
import { controllerRef } from '../../api/podutil';
import type { Deployment, Pod, ReplicaSet } from '../../api/types';
import { TIMINGS } from '../../timings';
import type { ControllerHost } from '../replicaset/host';
import { type SyncContext, DEPLOYMENT_CONTROLLER, updateDeploymentStatus } from './context';
import { rolloutRecreate } from './recreate';
import { rolloutRolling } from './rolling';
import { checkPausedConditions, fresh, isScalingEvent, sync, calculateStatus } from './sync';

export { DEPLOYMENT_CONTROLLER };

export class DeploymentController {
  constructor(private readonly host: ControllerHost) {
    host.watch((c) => this.onDeployment(c), ['Deployment']);
    host.watch((c) => this.onReplicaSet(c), ['ReplicaSet']);
    host.watch((c) => this.onPod(c), ['Pod']);
  }

  private enqueue(d: Deployment, reason: string, delayMs: number = TIMINGS.controllerSyncDelayMs): void {
    const key = namespacedName(d.metadata.namespace, d.metadata.name);
    this.host.enqueue(DEPLOYMENT_CONTROLLER, key, delayMs, reason, () => this.syncDeployment(key));
  }

  private onDeployment(c: Change): void {
    if (c.type === 'DELETED') return;
    const what = c.type === 'ADDED' ? 'Deployment added' : 'Deployment updated';
    this.enqueue(c.obj as Deployment, what);
  }

  private ownerOf(rs: ReplicaSet): Deployment | undefined {
    const ref = controllerRef(rs);
    if (!ref || ref.kind !== 'Deployment') return undefined;
    const d = this.host.store.get('Deployment', rs.metadata.namespace, ref.name);
    return d && d.metadata.uid === ref.uid ? d : undefined;
  }

  /** addReplicaSet / updateReplicaSet / deleteReplicaSet: the owner, or every Deployment an orphan matches. */
  private onReplicaSet(c: Change): void {
    const rs = c.obj as ReplicaSet;
    const what = c.type === 'ADDED' ? 'added' : c.type === 'DELETED' ? 'deleted' : 'updated';
    const ref = controllerRef(rs);
    if (ref) {
      const d = this.ownerOf(rs);
      if (d) this.enqueue(d, `replica set ${rs.metadata.name} ${what}`);
      return;
    }
    if (c.type === 'DELETED') return;
    for (const d of this.host.store.list('Deployment', rs.metadata.namespace)) {
      if (selectorMatches(d.spec.selector, rs.metadata.labels))
        this.enqueue(d, `orphan replica set ${rs.metadata.name} matches its selector`);
    }
  }

  /** deletePod: a Recreate rollout waits for the old pods to be gone. */
  private onPod(c: Change): void {
    if (c.type !== 'DELETED') return;
    const pod = c.obj as Pod;
    const ref = controllerRef(pod);
    if (!ref || ref.kind !== 'ReplicaSet') return;
    const rs = this.host.store.get('ReplicaSet', pod.metadata.namespace, ref.name);
    const d = rs && this.ownerOf(rs);
    if (d && d.spec.strategy?.type === 'Recreate') this.enqueue(d, `pod ${pod.metadata.name} deleted`);
  }

  /** getReplicaSetsForDeployment (ClaimReplicaSets): adopt matching orphans, release owned ones that no longer match. */
  private getReplicaSetsForDeployment(ctx: SyncContext): ReplicaSet[] {
    const d = ctx.d;
    const store = this.host.store;
    const out: ReplicaSet[] = [];
    for (const rs of store.list('ReplicaSet', d.metadata.namespace)) {
      const ref = controllerRef(rs);
      const match = selectorMatches(d.spec.selector, rs.metadata.labels);
      if (ref) {
        if (ref.uid !== d.metadata.uid) continue;
        if (!match) {
          store.update({
            ...rs,
            metadata: {
              ...rs.metadata,
              ownerReferences: (rs.metadata.ownerReferences ?? []).filter((r) => r.uid !== d.metadata.uid),
            },
          });
          ctx.notes.push(`released replica set ${rs.metadata.name}`);
          continue;
        }
        out.push(rs);
      } else if (match && !d.metadata.deletionTimestamp && !rs.metadata.deletionTimestamp) {
        const ownerReferences = [
          ...(rs.metadata.ownerReferences ?? []),
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: d.metadata.name,
            uid: d.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ];
        out.push(store.update<'ReplicaSet'>({ ...rs, metadata: { ...rs.metadata, ownerReferences } }));
        ctx.notes.push(`adopted replica set ${rs.metadata.name}`);
      }
    }
    return out;
  }

  /** syncDeployment: one reconcile round. Returns what it did, for `sim step`. */
  syncDeployment(key: string): string {
    const [namespace, name] = key.split('/');
    const host = this.host;
    const stored = host.store.get('Deployment', namespace, name);
    if (!stored) return `Deployment ${key} not found; nothing to do`;
    let requeue: { ms: number; reason: string } | undefined;
    const ctx: SyncContext = {
      host,
      d: structuredClone(stored),
      notes: [],
      requeueAfter: (ms, reason) => {
        if (!requeue || ms < requeue.ms) requeue = { ms, reason };
      },
    };
    const d = ctx.d;
    if (isEmptyLabelSelector(d.spec.selector)) {
      host.recorder.event(
        stored,
        'Warning',
        'SelectingAll',
        'This deployment is selecting all pods. A non-empty selector is required.',
        DEPLOYMENT_CONTROLLER,
      );
      if ((d.status?.observedGeneration ?? 0) < (d.metadata.generation ?? 0))
        updateDeploymentStatus(ctx, { ...d.status, observedGeneration: d.metadata.generation });
      return 'empty selector; skipped';
    }
    const rsList = this.getReplicaSetsForDeployment(ctx);
    let what: string;
    if (d.metadata.deletionTimestamp) {
      // syncStatusOnly
      const [newRS, oldRSs] = [undefined, rsList];
      updateDeploymentStatus(ctx, calculateStatus(fresh(ctx, oldRSs), newRS, ctx.d, host.iso()));
      what = 'being deleted: status only';
    } else {
      checkPausedConditions(ctx);
      if (ctx.d.spec.paused) {
        sync(ctx, rsList);
        what = 'paused: scale only';
      } else if (isScalingEvent(ctx, rsList)) {
        sync(ctx, this.getReplicaSetsForDeployment({ ...ctx, notes: [] }));
        what = 'scaling event';
      } else if (ctx.d.spec.strategy?.type === 'Recreate') {
        rolloutRecreate(ctx, this.getReplicaSetsForDeployment({ ...ctx, notes: [] }));
        what = 'Recreate';
      } else {
        rolloutRolling(ctx, this.getReplicaSetsForDeployment({ ...ctx, notes: [] }));
        what = 'RollingUpdate';
      }
    }
    if (requeue) this.enqueue(stored, requeue.reason, requeue.ms);
    return ctx.notes.length ? `${what}: ${ctx.notes.join('; ')}` : `${what}: in sync; nothing to do`;
  }
}
