// What one syncDaemonSet round works with.

import type { DaemonSet, Pod } from '../../api/types';
import type { ControllerHost } from '../../host';
import type { DecisionLog } from './decisions';

export interface SyncContext {
  sim: ControllerHost;
  ds: DaemonSet;
  key: string;
  /** the nodes manage visits, by name: every node (full pass), or those that changed or had work left (incremental) */
  nodeNames: readonly string[];
  /** pods meant for nodes that do not exist (getUnscheduledPodsWithoutNode), in claim order */
  missingNodes: Iterable<[string, readonly Pod[]]>;
  hash: string;
  /** node name → pods meant for it (see claimPods) */
  nodeToDaemonPods: ReadonlyMap<string, readonly Pod[]>;
  shouldRun: ReadonlyMap<string, { shouldRun: boolean; shouldContinueRunning: boolean }>;
  /**
   * Incremental: nodes not visited this sync that are known to still need a pod (nothing changed since
   * manage last decided to create one there), in name order.
   */
  knownNeedingPods?: Iterable<string>;
  decisions: DecisionLog;
  /** ask for another sync after `ms` (the earliest request wins) */
  requeueAfter: (ms: number, reason: string) => void;
  /** lines describing what this sync did */
  notes: string[];
}
