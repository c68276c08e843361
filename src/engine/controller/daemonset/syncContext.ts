// What one syncDaemonSet round works with.

import type { DaemonSet, Node, Pod } from '../../api/types';
import type { Simulation } from '../../simulation';
import type { DecisionLog } from './decisions';


export interface SyncContext {
  sim: Simulation;
  ds: DaemonSet;
  key: string;
  nodes: Node[];
  nodesByName: Map<string, Node>;
  hash: string;
  /** node name → pods meant for it (see claimPods) */
  nodeToDaemonPods: Map<string, Pod[]>;
  shouldRun: Map<string, { shouldRun: boolean; shouldContinueRunning: boolean }>;
  decisions: DecisionLog;
  /** ask for another sync after `ms` (the earliest request wins) */
  requeueAfter: (ms: number, reason: string) => void;
  /** lines describing what this sync did */
  notes: string[];
}
