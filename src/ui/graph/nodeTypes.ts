// React Flow node types, at module scope so their identity never changes (xyflow's rule).

import type { NodeTypes } from '@xyflow/react';
import { NodeCard } from './nodes/NodeCard';
import { DaemonSetCard } from './nodes/DaemonSetCard';
import { DeploymentCard } from './nodes/DeploymentCard';
import { UnscheduledLane } from './nodes/UnscheduledLane';

export const nodeTypes: NodeTypes = {
  k8sNode: NodeCard,
  daemonSet: DaemonSetCard,
  deployment: DeploymentCard,
  lane: UnscheduledLane,
};
