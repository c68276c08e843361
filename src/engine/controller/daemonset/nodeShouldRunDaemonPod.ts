// NodeShouldRunDaemonPod (daemon_controller.go): may this node run a daemon pod of this DaemonSet, and
// may an existing one keep running? Every check is returned as data so `sim why` and the UI can say why.

import type { DaemonSet, Node, Taint, Toleration } from '../../api/types';
import { nodeSelectorMatches, requiredTermsMatch } from '../../scheduler/nodeAffinity';
import { taintString, tolerationsTolerateTaint } from '../../scheduler/taints';
import { newPodSpecForNode, isInjectedToleration } from './util';

export interface Check {
  /** nodeName | nodeSelector | nodeAffinity | taint */
  check: 'nodeName' | 'nodeSelector' | 'nodeAffinity' | 'taint';
  passed: boolean;
  /** what was compared, in plain words */
  message: string;
  /** for failed checks: whether it blocks new pods only, or existing pods too */
  blocks?: 'new' | 'all';
  taint?: Taint;
}

export interface ShouldRunResult {
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  checks: Check[];
}

/**
 * The controller's hot path: the same answer as nodeShouldRunDaemonPod without building the
 * explanations. `tolerations` are the template's plus the injected ones (daemonTolerations(ds)).
 */
export function shouldRunFast(
  node: Node,
  ds: DaemonSet,
  tolerations: readonly Toleration[],
): { shouldRun: boolean; shouldContinueRunning: boolean } {
  const spec = ds.spec.template.spec;
  if (spec.nodeName && spec.nodeName !== node.metadata.name)
    return { shouldRun: false, shouldContinueRunning: false };
  if (!nodeSelectorMatches(spec.nodeSelector, node) || !requiredTermsMatch(spec, node))
    return { shouldRun: false, shouldContinueRunning: false };
  let fits = true;
  for (const taint of node.spec.taints ?? []) {
    if (taint.effect === 'PreferNoSchedule') continue;
    if (tolerationsTolerateTaint(tolerations, taint)) continue;
    if (taint.effect === 'NoExecute') return { shouldRun: false, shouldContinueRunning: false };
    fits = false;
  }
  return fits ? RUN : CONTINUE_ONLY;
}

const RUN = Object.freeze({ shouldRun: true, shouldContinueRunning: true });
const CONTINUE_ONLY = Object.freeze({ shouldRun: false, shouldContinueRunning: true });

/** The tolerations of the hypothetical daemon pod (template + injected). */
export function daemonTolerations(ds: DaemonSet): Toleration[] {
  return newPodSpecForNode(ds.spec.template, '').tolerations ?? [];
}

export function nodeShouldRunDaemonPod(node: Node, ds: DaemonSet): ShouldRunResult {
  const template = ds.spec.template;
  const spec = newPodSpecForNode(template, node.metadata.name);
  const checks: Check[] = [];
  const name = node.metadata.name;

  if (template.spec.nodeName) {
    const ok = template.spec.nodeName === name;
    checks.push({
      check: 'nodeName',
      passed: ok,
      message: ok
        ? `template spec.nodeName is ${name}`
        : `template spec.nodeName is ${template.spec.nodeName}, not ${name}`,
      blocks: ok ? undefined : 'all',
    });
    if (!ok) return { shouldRun: false, shouldContinueRunning: false, checks };
  }

  const sel = template.spec.nodeSelector;
  const selOK = nodeSelectorMatches(sel, node);
  checks.push({
    check: 'nodeSelector',
    passed: selOK,
    message:
      !sel || Object.keys(sel).length === 0
        ? 'no nodeSelector'
        : selOK
          ? `node labels match nodeSelector ${fmt(sel)}`
          : `node labels do not match nodeSelector ${fmt(sel)} (missing ${Object.entries(sel)
              .filter(([k, v]) => node.metadata.labels?.[k] !== v)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')})`,
    blocks: selOK ? undefined : 'all',
  });
  const hasRequired = !!spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  const affOK = requiredTermsMatch(spec, node);
  checks.push({
    check: 'nodeAffinity',
    passed: affOK,
    message: !hasRequired
      ? 'no required node affinity'
      : affOK
        ? 'node matches the required node affinity'
        : 'node does not match any required node affinity term',
    blocks: affOK ? undefined : 'all',
  });
  const fitsAffinity = selOK && affOK;

  let fitsTaints = true;
  let noExecuteUntolerated = false;
  for (const taint of node.spec.taints ?? []) {
    if (taint.effect === 'PreferNoSchedule') {
      checks.push({
        check: 'taint',
        passed: true,
        taint,
        message: `taint ${taintString(taint)} only prefers no scheduling (ignored)`,
      });
      continue;
    }
    const tolerating = (spec.tolerations ?? []).find((t) => tolerationsTolerateTaint([t], taint));
    if (tolerating) {
      const injected =
        isInjectedToleration(tolerating, spec.hostNetwork === true) &&
        !(template.spec.tolerations ?? []).some((t) => tolerationsTolerateTaint([t], taint));
      checks.push({
        check: 'taint',
        passed: true,
        taint,
        message: `taint ${taintString(taint)} is tolerated${injected ? ' by a toleration the DaemonSet controller adds' : ' by the template'}`,
      });
    } else {
      fitsTaints = false;
      if (taint.effect === 'NoExecute') noExecuteUntolerated = true;
      checks.push({
        check: 'taint',
        passed: false,
        taint,
        message:
          taint.effect === 'NoExecute'
            ? `taint ${taintString(taint)} is not tolerated: no new pod, and a running one is evicted`
            : `taint ${taintString(taint)} is not tolerated: no new pod (a running one may stay)`,
        blocks: taint.effect === 'NoExecute' ? 'all' : 'new',
      });
    }
  }

  if (!fitsAffinity) return { shouldRun: false, shouldContinueRunning: false, checks };
  if (!fitsTaints) return { shouldRun: false, shouldContinueRunning: !noExecuteUntolerated, checks };
  return { shouldRun: true, shouldContinueRunning: true, checks };
}

function fmt(sel: Record<string, string>): string {
  return Object.entries(sel)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}
