// The disruption controller (pkg/controller/disruption/disruption.go): keeps each
// PodDisruptionBudget's status — expected pods, current and desired healthy, disruptions allowed,
// the eviction API's disruptedPods, observedGeneration and the DisruptionAllowed condition — in
// step with the pods it selects. The eviction API (src/engine/api/eviction.ts) reads that status.

import { rfc3339 } from '../../clock';
import { fromLabelSelector, matches } from '../../api/labels';
import { namespacedName } from '../../api/namespacedName';
import { deepEqual } from '../../api/objects';
import type { Change } from '../../api/objectStore';
import type { Pod, PodDisruptionBudget, PodDisruptionBudgetStatus } from '../../api/types';
import { TIMINGS } from '../../timings';
import type { ControllerHost } from '../replicaset/host';
import { buildDisruptedPodMap, countHealthyPods, getExpectedPodCount } from './expectedPods';
import {
  conditionsAreUpToDate,
  DISRUPTION_ALLOWED_CONDITION,
  getPodPodDisruptionBudgets,
  setStatusCondition,
  SYNC_FAILED_REASON,
  updateDisruptionAllowedCondition,
} from '../../api/pdbHelper';

export const DISRUPTION_CONTROLLER = 'disruption-controller';
/** the event source upstream's recorder reports (EventSource{Component: "controllermanager"}) */
const EVENT_COMPONENT = 'controllermanager';

export class DisruptionController {
  constructor(private readonly host: ControllerHost) {
    host.watch((c) => this.onPdb(c), ['PodDisruptionBudget']);
    host.watch((c) => this.onPod(c), ['Pod']);
  }

  private enqueuePdb(
    pdb: PodDisruptionBudget,
    reason: string,
    delayMs: number = TIMINGS.controllerSyncDelayMs,
  ): void {
    const key = namespacedName(pdb.metadata.namespace, pdb.metadata.name);
    this.host.enqueue(DISRUPTION_CONTROLLER, key, delayMs, reason, () => this.sync(key, pdb));
  }

  /** addDB / updateDB / removeDB */
  private onPdb(c: Change): void {
    if (c.type === 'DELETED') return;
    this.enqueuePdb(c.obj as PodDisruptionBudget, c.type === 'ADDED' ? 'PDB added' : 'PDB updated');
  }

  /** addPod / updatePod / deletePod: the pod's budget (the first when several match, with a warning). */
  private onPod(c: Change): void {
    const pod = c.obj as Pod;
    const pdb = this.getPdbForPod(pod, c.type === 'ADDED');
    if (pdb) {
      const what = c.type === 'ADDED' ? 'added' : c.type === 'DELETED' ? 'deleted' : 'updated';
      this.enqueuePdb(pdb, `pod ${pod.metadata.name} ${what}`);
    }
  }

  private getPdbForPod(pod: Pod, warn: boolean): PodDisruptionBudget | undefined {
    const pdbs = getPodPodDisruptionBudgets(this.host.store, pod);
    if (pdbs.length === 0) return undefined;
    if (pdbs.length > 1 && warn) {
      const msg = `Pod "${pod.metadata.namespace}"/"${pod.metadata.name}" matches multiple PodDisruptionBudgets.  Chose "${pdbs[0].metadata.name}" arbitrarily.`;
      this.host.recorder.event(pod, 'Warning', 'MultiplePodDisruptionBudgets', msg, EVENT_COMPONENT);
    }
    return pdbs[0];
  }

  /** getPodsForPdb: the namespace's pods the selector matches (a missing selector matches none). */
  private getPodsForPdb(pdb: PodDisruptionBudget): Pod[] {
    const sel = fromLabelSelector(pdb.spec?.selector);
    if (!sel) return [];
    return this.host.store.list('Pod', pdb.metadata.namespace).filter((p) => matches(sel, p.metadata.labels));
  }

  /** sync: trySync, and failSafe (no disruptions, SyncFailed) when it fails. */
  sync(key: string, queued: PodDisruptionBudget): string {
    const pdb = this.host.store.get('PodDisruptionBudget', queued.metadata.namespace, queued.metadata.name);
    if (!pdb) return `${key} has been deleted`;
    try {
      return this.trySync(pdb);
    } catch (e) {
      if (!(e instanceof Error)) throw e;
      this.failSafe(pdb, e);
      return `sync failed: ${e.message}; no disruptions allowed`;
    }
  }

  private trySync(pdb: PodDisruptionBudget): string {
    const { recorder, store } = this.host;
    const pods = this.getPodsForPdb(pdb);
    if (pods.length === 0) recorder.event(pdb, 'Normal', 'NoPods', 'No matching pods found', EVENT_COMPONENT);
    let expected;
    try {
      expected = getExpectedPodCount(store, pdb, pods);
    } catch (e) {
      if (e instanceof Error)
        recorder.event(
          pdb,
          'Warning',
          'CalculateExpectedPodCountFailed',
          `Failed to calculate the number of expected pods: ${e.message}`,
          EVENT_COMPONENT,
        );
      throw e;
    }
    const { expectedCount, desiredHealthy, unmanagedPods } = expected;
    if (unmanagedPods.length > 0)
      recorder.event(
        pdb,
        'Warning',
        'UnmanagedPods',
        `Pods selected by this PodDisruptionBudget (selector: ${labelSelectorString(pdb)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
        EVENT_COMPONENT,
      );
    const now = this.host.now();
    const { disruptedPods, notDeleted, recheckTime } = buildDisruptedPodMap(pods, pdb, now);
    for (const pod of notDeleted)
      recorder.event(
        pod,
        'Warning',
        'NotDeleted',
        // upstream prints the namespace twice (pdb.Namespace, pdb.Namespace)
        `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`,
        EVENT_COMPONENT,
      );
    const currentHealthy = countHealthyPods(pods, disruptedPods, now);
    const wrote = this.updatePdbStatus(pdb, currentHealthy, desiredHealthy, expectedCount, disruptedPods);
    if (recheckTime !== undefined)
      this.enqueuePdb(pdb, 'an evicted pod was not deleted in time', recheckTime - now);
    const allowed = Math.max(0, expectedCount <= 0 ? 0 : currentHealthy - desiredHealthy);
    return `${currentHealthy} healthy of ${expectedCount} expected, ${desiredHealthy} desired: ${allowed} disruptions allowed${wrote ? '' : ' (unchanged)'}`;
  }

  /**
   * updatePdbStatus: disruptionsAllowed = currentHealthy − desiredHealthy (0 when negative or when
   * no pods are expected, so a budget whose pods have not appeared yet is safe); written with
   * observedGeneration and the DisruptionAllowed condition unless nothing changed.
   */
  private updatePdbStatus(
    pdb: PodDisruptionBudget,
    currentHealthy: number,
    desiredHealthy: number,
    expectedCount: number,
    disruptedPods: Map<string, string>,
  ): boolean {
    let disruptionsAllowed = currentHealthy - desiredHealthy;
    if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
    const s = pdb.status ?? ({} as PodDisruptionBudgetStatus);
    const disrupted = Object.fromEntries(disruptedPods);
    const generation = pdb.metadata.generation ?? 0;
    if (
      s.currentHealthy === currentHealthy &&
      s.desiredHealthy === desiredHealthy &&
      s.expectedPods === expectedCount &&
      s.disruptionsAllowed === disruptionsAllowed &&
      deepEqual(s.disruptedPods ?? {}, disrupted) &&
      (s.observedGeneration ?? 0) === generation &&
      conditionsAreUpToDate(pdb)
    )
      return false;
    const status = updateDisruptionAllowedCondition(
      {
        observedGeneration: generation,
        ...(disruptedPods.size ? { disruptedPods: disrupted } : {}),
        disruptionsAllowed,
        currentHealthy,
        desiredHealthy,
        expectedPods: expectedCount,
        conditions: s.conditions,
      },
      this.host.iso(),
    );
    this.host.store.updateStatus({ ...pdb, status });
    return true;
  }

  /** failSafe: at least make sure no eviction is approved — 0 allowed, DisruptionAllowed False SyncFailed. */
  private failSafe(pdb: PodDisruptionBudget, err: Error): void {
    const s = pdb.status;
    const status: PodDisruptionBudgetStatus = {
      ...s,
      disruptionsAllowed: 0,
      conditions: setStatusCondition(
        s?.conditions,
        {
          type: DISRUPTION_ALLOWED_CONDITION,
          status: 'False',
          observedGeneration: s?.observedGeneration,
          reason: SYNC_FAILED_REASON,
          message: err.message,
        },
        rfc3339(this.host.now()),
      ),
    };
    this.host.store.updateStatus({ ...pdb, status });
  }
}

/** `%v` of a *metav1.LabelSelector: its generated String() (`&LabelSelector{MatchLabels:map[string]string{app: web,},…}`). */
export function labelSelectorString(pdb: PodDisruptionBudget): string {
  const ls = pdb.spec?.selector;
  if (!ls) return 'nil';
  const labels = ls.matchLabels ?? {};
  const keys = Object.keys(labels).sort();
  const ml = `map[string]string{${keys.map((k) => `${k}: ${labels[k]},`).join('')}}`;
  const me = (ls.matchExpressions ?? [])
    .map(
      (e) =>
        `LabelSelectorRequirement{Key:${e.key},Operator:${e.operator},Values:[${(e.values ?? []).join(' ')}],},`,
    )
    .join('');
  return `&LabelSelector{MatchLabels:${ml},MatchExpressions:[]LabelSelectorRequirement{${me}},}`;
}
