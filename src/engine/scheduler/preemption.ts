// The DefaultPreemption PostFilter (pkg/scheduler/framework/plugins/defaultpreemption and
// framework/preemption/preemption.go): when a pod fits no node, find nodes where removing pods of
// lower priority would let it fit, keep as few victims as possible (reprieving the most important
// first, those whose eviction would violate a PodDisruptionBudget before the others), pick one node as
// upstream ranks them (fewest budget violations first), and say why when none helps.

import { fromLabelSelector, isEmptyLabelSelector, matches } from '../api/labels';
import type { Node, Pod, PodDisruptionBudget } from '../api/types';
import { podPriority } from '../api/priority';
import type { Random } from '../random';
import { firstFailure } from './filters';
import {
  type Diagnosis,
  type NodeStatus,
  PREEMPTION_NOT_HELPFUL,
  NO_PREEMPTION_VICTIMS,
  histogram,
} from './fitError';
import { usageOf } from './nodeInfo';

export interface PreemptionHost {
  node(name: string): Node | undefined;
  /** the pods the scheduler cache counts on a node */
  pods(node: string): readonly Pod[];
  /** getPodDisruptionBudgets: every budget (the PDB lister's List) */
  pdbs?(): readonly PodDisruptionBudget[];
}

export interface Candidate {
  node: string;
  /** most important first */
  victims: Pod[];
  /** how many victims' eviction would violate their PodDisruptionBudget */
  numPDBViolations?: number;
}

export type PreemptionResult =
  /** preemption will make room on `node` once the victims are gone */
  | { nominatedNode: string; victims: Pod[] }
  /** nothing to do: the PostFilter message (`preemption: …`), and whether to clear the nomination */
  | { message: string; clearNomination: boolean };

/** GetPodStartTime: status.startTime, or "now" (the far future here) for a pod that has not started. */
function startTime(p: Pod): string {
  return p.status?.startTime ?? '\uffff';
}

/** util.MoreImportantPod: higher priority first, then the one that started earlier. */
export function moreImportantPod(a: Pod, b: Pod): boolean {
  const pa = podPriority(a);
  const pb = podPriority(b);
  if (pa !== pb) return pa > pb;
  return startTime(a) < startTime(b);
}

/**
 * filterPodsWithPDBViolation: walks the victims (most important first) taking one disruption from
 * each budget that selects them (not for a pod the eviction API already let go); a pod that takes a
 * budget below zero would violate it.
 */
export function filterPodsWithPDBViolation(
  pods: readonly Pod[],
  pdbs: readonly PodDisruptionBudget[],
): { violating: Pod[]; nonViolating: Pod[] } {
  const allowed = pdbs.map((p) => p.status?.disruptionsAllowed ?? 0);
  const violating: Pod[] = [];
  const nonViolating: Pod[] = [];
  for (const pod of pods) {
    let violated = false;
    // a pod with no labels matches no budget
    if (pod.metadata.labels && Object.keys(pod.metadata.labels).length) {
      pdbs.forEach((pdb, i) => {
        if (pdb.metadata.namespace !== pod.metadata.namespace) return;
        // a nil or empty selector matches nothing here
        if (isEmptyLabelSelector(pdb.spec?.selector)) return;
        if (!matches(fromLabelSelector(pdb.spec.selector)!, pod.metadata.labels)) return;
        // already in DisruptedPods: the API server counted it
        if (pdb.status?.disruptedPods && Object.hasOwn(pdb.status.disruptedPods, pod.metadata.name)) return;
        allowed[i]--;
        if (allowed[i] < 0) violated = true;
      });
    }
    (violated ? violating : nonViolating).push(pod);
  }
  return { violating, nonViolating };
}

/**
 * SelectVictimsOnNode: take every lower-priority pod off the node; if the pod then fits, put them back
 * one by one from the most important — first those whose eviction would violate a budget, then the
 * others — keeping back each one it still fits beside. Counts the violating victims.
 */
export function selectVictimsOnNode(
  pod: Pod,
  node: Node,
  podsOnNode: readonly Pod[],
  pdbs: readonly PodDisruptionBudget[] = [],
): { victims: Pod[]; numPDBViolations: number } | { status: NodeStatus } {
  const priority = podPriority(pod);
  const potential = podsOnNode.filter((p) => podPriority(p) < priority);
  if (potential.length === 0)
    return { status: { reasons: [NO_PREEMPTION_VICTIMS], code: 'UnschedulableAndUnresolvable' } };
  const remaining = podsOnNode.filter((p) => podPriority(p) >= priority);
  const fits = (pods: readonly Pod[]) => firstFailure(pod, node, usageOf(pods));
  const failure = fits(remaining);
  if (failure) return { status: { reasons: failure.reasons, code: failure.code ?? 'Unschedulable' } };
  const byImportance = (a: Pod, b: Pod) => (moreImportantPod(a, b) ? -1 : moreImportantPod(b, a) ? 1 : 0);
  potential.sort(byImportance);
  const { violating, nonViolating } = filterPodsWithPDBViolation(potential, pdbs);
  const victims: Pod[] = [];
  let numPDBViolations = 0;
  const reprieve = (p: Pod): boolean => {
    remaining.push(p);
    if (fits(remaining)) {
      remaining.pop();
      victims.push(p);
      return false;
    }
    return true;
  };
  for (const p of violating) if (!reprieve(p)) numPDBViolations++;
  for (const p of nonViolating) reprieve(p);
  // keep the victims most important first
  if (violating.length && nonViolating.length) victims.sort(byImportance);
  return { victims, numPDBViolations };
}

/**
 * pickOneNodeForPreemption: the fewest PodDisruptionBudget violations, then the lowest
 * highest-priority victim, then the lowest sum of priorities, then the fewest victims, then the
 * latest start of the most important victims, then the first candidate.
 */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): Candidate | undefined {
  if (candidates.length === 0) return undefined;
  let best = [...candidates];
  const keepMin = (f: (c: Candidate) => number) => {
    const m = Math.min(...best.map(f));
    best = best.filter((c) => f(c) === m);
  };
  // no victims at all: the node fits already (preemption is not needed there)
  const empty = best.find((c) => c.victims.length === 0);
  if (empty) return empty;
  keepMin((c) => c.numPDBViolations ?? 0);
  keepMin((c) => podPriority(c.victims[0]));
  // sum of priorities, each offset by MaxInt32 + 1 so that negative priorities count as more than none
  keepMin((c) => c.victims.reduce((s, v) => s + podPriority(v) + 2 ** 31, 0));
  keepMin((c) => c.victims.length);
  if (best.length > 1) {
    // GetEarliestPodStartTime of the highest-priority victims: the node where it is latest wins
    const earliest = (c: Candidate) => {
      const top = podPriority(c.victims[0]);
      return c.victims
        .filter((v) => podPriority(v) === top)
        .map(startTime)
        .sort()[0];
    };
    const latest = best.map(earliest).sort().at(-1);
    best = best.filter((c) => earliest(c) === latest);
  }
  return best[0];
}

/** FitError.Error() of the preemption's own diagnosis: `0/N nodes are available: …` */
function preemptionFitError(numAllNodes: number, statuses: readonly NodeStatus[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  const h = histogram(counts);
  return `0/${numAllNodes} nodes are available:${h ? ` ${h}` : ''}.`;
}

/**
 * Preempt (Evaluator.Preempt): eligibility, candidates from a dry run on the nodes where removing pods
 * might help (starting at a random offset, as upstream does), the chosen node and its victims.
 */
export function preempt(pod: Pod, d: Diagnosis, host: PreemptionHost, rand: Random): PreemptionResult {
  // PodEligibleToPreemptOthers
  if (pod.spec.preemptionPolicy === 'Never')
    return { message: 'preemption: not eligible due to preemptionPolicy=Never.', clearNomination: false };
  const nominated = pod.status?.nominatedNodeName;
  if (nominated) {
    const status = d.nodeToStatus.get(nominated);
    if (status && status.code !== 'UnschedulableAndUnresolvable') {
      const priority = podPriority(pod);
      if (host.pods(nominated).some((p) => p.metadata.deletionTimestamp && podPriority(p) < priority))
        return {
          message: 'preemption: not eligible due to a terminating pod on the nominated node.',
          clearNomination: false,
        };
    }
  }
  // nodesWherePreemptionMightHelp: only nodes that failed with a resolvable status
  const potential = [...d.nodeToStatus].filter(([, s]) => s.code === 'Unschedulable').map(([n]) => n);
  const notHelpful: NodeStatus = { reasons: [PREEMPTION_NOT_HELPFUL], code: 'UnschedulableAndUnresolvable' };
  if (potential.length === 0) {
    return {
      message: `preemption: ${preemptionFitError(
        d.numAllNodes,
        Array.from({ length: d.numAllNodes }, () => notHelpful),
      )}`,
      clearNomination: true,
    };
  }
  // DryRunPreemption from a random offset, up to numCandidates (10 %, at least 100)
  const offset = rand.int(potential.length);
  const numCandidates = Math.min(potential.length, Math.max(Math.trunc((potential.length * 10) / 100), 100));
  // candidates that violate no budget come first; the search stops once it has enough and at
  // least one of those
  const nonViolating: Candidate[] = [];
  const violating: Candidate[] = [];
  const statuses: NodeStatus[] = [];
  const pdbs = host.pdbs?.() ?? [];
  for (let i = 0; i < potential.length; i++) {
    if (nonViolating.length > 0 && nonViolating.length + violating.length >= numCandidates) break;
    const name = potential[(offset + i) % potential.length];
    const node = host.node(name);
    if (!node) continue;
    const r = selectVictimsOnNode(pod, node, host.pods(name), pdbs);
    if ('victims' in r) {
      const c = { node: name, victims: r.victims, numPDBViolations: r.numPDBViolations };
      (r.numPDBViolations === 0 ? nonViolating : violating).push(c);
    } else statuses.push(r.status);
  }
  const candidates = [...nonViolating, ...violating];
  const best = pickOneNodeForPreemption(candidates);
  if (best) return { nominatedNode: best.node, victims: best.victims };
  // every other node (unresolvable or left out by a PreFilter): preemption is not helpful there
  const others = d.numAllNodes - potential.length;
  for (let i = 0; i < others; i++) statuses.push(notHelpful);
  return { message: `preemption: ${preemptionFitError(d.numAllNodes, statuses)}`, clearNomination: true };
}
