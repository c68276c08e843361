// `kubectl rollout status ds/x` (pkg/cmd/rollout/rollout_status.go + polymorphichelpers
// DaemonSetStatusViewer): one line for the current state, then — while watching — one line per
// Modified event of the DaemonSet, produced by running the simulation, until the rollout is done.

import type { DaemonSet, Deployment, Kind, KObject } from '../../api/types';
import { TIMINGS } from '../../timings';
import { flagString, goDurationMs } from '../argv';
import { CommandError, type CommandDef } from '../types';
import { getDaemonSet, rolloutTargets } from './rolloutTarget';
import { nsFor } from './common';
import { ROLLOUT_STATUS_FLAGS } from './rolloutStatusFlags';

/** DaemonSetStatusViewer.Status: the message and whether the rollout is done. */
export function daemonSetStatus(ds: DaemonSet): { message: string; done: boolean } {
  if ((ds.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') {
    throw new CommandError('rollout status is only available for RollingUpdate strategy type');
  }
  const st = ds.status ?? { desiredNumberScheduled: 0 };
  const name = JSON.stringify(ds.metadata.name);
  if ((ds.metadata.generation ?? 0) <= (st.observedGeneration ?? 0)) {
    const desired = st.desiredNumberScheduled ?? 0;
    const updated = st.updatedNumberScheduled ?? 0;
    const available = st.numberAvailable ?? 0;
    if (updated < desired) {
      return {
        message: `Waiting for daemon set ${name} rollout to finish: ${updated} out of ${desired} new pods have been updated...`,
        done: false,
      };
    }
    if (available < desired) {
      return {
        message: `Waiting for daemon set ${name} rollout to finish: ${available} of ${desired} updated pods are available...`,
        done: false,
      };
    }
    return { message: `daemon set ${name} successfully rolled out`, done: true };
  }
  return { message: 'Waiting for daemon set spec update to be observed...', done: false };
}

/** DeploymentStatusViewer.Status */
export function deploymentStatus(d: Deployment): { message: string; done: boolean } {
  const st = d.status ?? {};
  const name = JSON.stringify(d.metadata.name);
  if ((d.metadata.generation ?? 0) <= (st.observedGeneration ?? 0)) {
    const cond = st.conditions?.find((c) => c.type === 'Progressing');
    if (cond?.reason === 'ProgressDeadlineExceeded')
      throw new CommandError(`deployment ${name} exceeded its progress deadline`);
    const updated = st.updatedReplicas ?? 0;
    if (d.spec.replicas !== undefined && updated < d.spec.replicas) {
      return {
        message: `Waiting for deployment ${name} rollout to finish: ${updated} out of ${d.spec.replicas} new replicas have been updated...`,
        done: false,
      };
    }
    if ((st.replicas ?? 0) > updated) {
      return {
        message: `Waiting for deployment ${name} rollout to finish: ${(st.replicas ?? 0) - updated} old replicas are pending termination...`,
        done: false,
      };
    }
    if ((st.availableReplicas ?? 0) < updated) {
      return {
        message: `Waiting for deployment ${name} rollout to finish: ${st.availableReplicas ?? 0} of ${updated} updated replicas are available...`,
        done: false,
      };
    }
    return { message: `deployment ${name} successfully rolled out`, done: true };
  }
  return { message: 'Waiting for deployment spec update to be observed...', done: false };
}

/** The status viewer of a kind (polymorphichelpers.StatusViewerFor). */
function statusOf(kind: Kind, obj: KObject): { message: string; done: boolean } {
  return kind === 'Deployment' ? deploymentStatus(obj as Deployment) : daemonSetStatus(obj as DaemonSet);
}

const TIMEOUT = 'timed out waiting for the condition';

export const rolloutStatusCommand: CommandDef = {
  name: 'rollout status',
  // kubectl's validArgs: deployment, daemonset, statefulset (no StatefulSets here)
  validArgs: ['Deployment', 'DaemonSet'],
  short: 'Show the status of the rollout',
  usage: 'kubectl rollout status (TYPE NAME | TYPE/NAME) [flags]',
  flags: ROLLOUT_STATUS_FLAGS,
  run(ctx) {
    const targets = rolloutTargets(ctx);
    if (targets.length !== 1) {
      throw new CommandError(
        `rollout status is only supported on individual resources and resource collections: ${targets.length} resources found`,
      );
    }
    const { kind, name } = targets[0];
    if (kind !== 'DaemonSet' && kind !== 'Deployment') {
      ctx.sim.store.mustGet(kind, kind === 'Node' ? undefined : ctx.namespace, name);
      throw new CommandError(`no status viewer has been implemented for ${kind}`);
    }
    const sim = ctx.sim;
    const ds =
      kind === 'DaemonSet'
        ? getDaemonSet(ctx, name)
        : sim.store.mustGet('Deployment', nsFor(ctx, 'Deployment'), name);
    const first = statusOf(kind, ds);
    ctx.out.println(first.message);
    if (first.done || flagString(ctx.args, 'watch') === 'false') return;

    // --timeout: zero (or negative, as ContextWithOptionalTimeout treats it) means no timeout
    const timeout = flagString(ctx.args, 'timeout');
    const timeoutMs = timeout ? goDurationMs(timeout) : 0;
    const wanted = sim.now() + (timeoutMs > 0 ? timeoutMs : TIMINGS.settleLimitMs);
    // The session's time budget (script/budget.ts) ends every wait, also one without a timeout.
    const deadline = Math.min(wanted, sim.horizon);
    let done = false;
    let failure: CommandError | null = null;
    const stop = sim.watch((c) => {
      if (done || failure || c.kind !== kind || c.obj.metadata.uid !== ds.metadata.uid) return;
      if (c.type === 'DELETED') {
        failure = new CommandError('object has been deleted');
        return;
      }
      try {
        const s = statusOf(kind, c.obj);
        ctx.out.println(s.message);
        done = s.done;
      } catch (e) {
        if (e instanceof CommandError) failure = e;
        else throw e;
      }
    });
    try {
      while (!done && !failure) {
        const t = sim.nextAt();
        if (t === undefined || t > deadline) {
          // Nothing left to happen before the deadline: a real watch would just sit there.
          if (timeoutMs > 0 && sim.now() < deadline) sim.advance(deadline - sim.now());
          if (deadline < wanted && sim.queue.peekTime() !== undefined) {
            throw new CommandError(
              'the session reached the end of its simulated time, the most it may run: stopped waiting for the rollout',
            );
          }
          throw new CommandError(TIMEOUT);
        }
        sim.step();
      }
    } finally {
      stop();
    }
    if (failure) throw failure;
  },
};
