// The Deployment halves of `rollout history` and `rollout undo` (polymorphichelpers history.go
// DeploymentHistoryViewer, rollback.go DeploymentRollbacker): a Deployment's history is its
// ReplicaSets, numbered by their deployment.kubernetes.io/revision annotation; undo patches the
// template (without the pod-template-hash label) and the annotations of the chosen ReplicaSet back
// into the Deployment, and the controller then gives that ReplicaSet the next revision.

import { StatusError } from '../../api/errors';
import { selectorMatches } from '../../api/labels';
import { controllerRef } from '../../api/podutil';
import type { Deployment, PodTemplateSpec, ReplicaSet } from '../../api/types';
import {
  DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY,
  DESIRED_REPLICAS_ANNOTATION,
  LAST_APPLIED_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
  equalIgnoreHash,
  revision,
} from '../../controller/deployment/util';
import { CHANGE_CAUSE_ANNOTATION } from '../changeCause';
import { describePodTemplate } from '../printers/describe';
import { HISTORY_TABWRITER, tabwrite } from '../printers/tabwriter';
import { CommandError, type CommandContext } from '../types';

/** getDeploymentReplicaSets: the ReplicaSets the Deployment's selector matches and it controls. */
export function deploymentReplicaSets(ctx: CommandContext, d: Deployment): ReplicaSet[] {
  return ctx.sim.store
    .list('ReplicaSet', d.metadata.namespace)
    .filter(
      (rs) =>
        selectorMatches(d.spec.selector, rs.metadata.labels) && controllerRef(rs)?.uid === d.metadata.uid,
    );
}

/** DeploymentHistoryViewer.ViewHistory */
export function viewDeploymentHistory(ctx: CommandContext, d: Deployment, rev: number): string {
  const historyInfo = new Map<number, PodTemplateSpec>();
  for (const rs of deploymentReplicaSets(ctx, d)) {
    const t = structuredClone(rs.spec.template);
    const cause = rs.metadata.annotations?.[CHANGE_CAUSE_ANNOTATION];
    t.metadata = {
      ...t.metadata,
      annotations: { ...t.metadata?.annotations, ...(cause ? { [CHANGE_CAUSE_ANNOTATION]: cause } : {}) },
    };
    if (Object.keys(t.metadata.annotations!).length === 0) delete t.metadata.annotations;
    historyInfo.set(revision(rs), t);
  }
  if (historyInfo.size === 0) return 'No rollout history found.';
  if (rev > 0) {
    const t = historyInfo.get(rev);
    if (!t) throw new CommandError('unable to find the specified revision');
    return describePodTemplate(t);
  }
  const rows = [...historyInfo.keys()]
    .sort((a, b) => a - b)
    .map(
      (r) => `${r}\t${historyInfo.get(r)!.metadata?.annotations?.[CHANGE_CAUSE_ANNOTATION] || '<none>'}\n`,
    );
  return tabwrite(`REVISION\tCHANGE-CAUSE\n${rows.join('')}`, HISTORY_TABWRITER);
}

/** deploymentRevision: the ReplicaSet numbered `toRevision`, or for 0 the second-newest. */
function deploymentRevision(ctx: CommandContext, d: Deployment, toRevision: number): ReplicaSet {
  let latest: ReplicaSet | undefined;
  let latestRevision = -1;
  let previous: ReplicaSet | undefined;
  let previousRevision = -1;
  for (const rs of deploymentReplicaSets(ctx, d)) {
    const v = revision(rs);
    if (toRevision === 0) {
      if (latestRevision < v) {
        previousRevision = latestRevision;
        previous = latest;
        latestRevision = v;
        latest = rs;
      } else if (previousRevision < v) {
        previousRevision = v;
        previous = rs;
      }
    } else if (toRevision === v) {
      return rs;
    }
  }
  if (toRevision > 0) throw new CommandError(`unable to find specified revision ${toRevision} in history`);
  if (!previous)
    throw new CommandError(`no rollout history found for deployment ${JSON.stringify(d.metadata.name)}`);
  return previous;
}

const ANNOTATIONS_TO_SKIP = new Set([
  LAST_APPLIED_ANNOTATION,
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  ROLLBACK_TO_ANNOTATION,
]);

/** DeploymentRollbacker.Rollback: returns the operation text for the name printer. */
export function rollbackDeployment(
  ctx: CommandContext,
  d: Deployment,
  toRevision: number,
  dry: 'none' | 'client' | 'server',
): string {
  if (toRevision < 0) throw new CommandError(`unable to find specified revision ${toRevision} in history`);
  const rs = deploymentRevision(ctx, d, toRevision);
  if (dry === 'client') return describePodTemplate(rs.spec.template);
  if (d.spec.paused)
    throw new CommandError(
      "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again",
    );
  if (equalIgnoreHash(rs.spec.template, d.spec.template))
    return `skipped rollback (current template already matches revision ${toRevision})`;
  const template = structuredClone(rs.spec.template);
  const labels = { ...template.metadata?.labels };
  delete labels[DEFAULT_DEPLOYMENT_UNIQUE_LABEL_KEY];
  template.metadata = { ...template.metadata, labels };
  const annotations: Record<string, string> = {};
  for (const k of ANNOTATIONS_TO_SKIP)
    if (d.metadata.annotations && Object.hasOwn(d.metadata.annotations, k))
      annotations[k] = d.metadata.annotations[k];
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {}))
    if (!ANNOTATIONS_TO_SKIP.has(k)) annotations[k] = v;
  try {
    ctx.sim.store.update(
      { ...d, metadata: { ...d.metadata, annotations }, spec: { ...d.spec, template } },
      { dryRun: dry === 'server', fieldManager: 'kubectl-rollout' },
    );
  } catch (e) {
    if (e instanceof StatusError)
      throw new CommandError(`failed restoring revision ${toRevision}: ${e.message}`);
    throw e;
  }
  return 'rolled back';
}
