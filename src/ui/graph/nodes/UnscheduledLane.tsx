// Pods that fit nowhere: no node bound, the scheduler marked them Unschedulable (its message shown),
// plus pods whose node is gone. Daemon pods here name the node they are pinned to.

import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { LaneNode } from '../system/buildGraph';
import { PodChip } from './PodChip';

function UnscheduledLaneImpl({ data }: NodeProps<LaneNode>) {
  const { t } = useTranslation('graph');
  return (
    <div className="lane" style={{ width: data.width }} data-testid="graph.lane">
      <Handle type="target" id="in" position={Position.Left} isConnectable={false} className="card-handle" />
      <div className="lane-title">
        {t('lane.title')} <span className="muted">({data.pods.length})</span>
        <span className="lane-hint">{t('lane.hint')}</span>
      </div>
      <div className="lane-pods nowheel">
        {data.pods.map((p) => (
          <div key={p.key} className="lane-item">
            <PodChip pod={p} selected={data.selectedPod === p.key} showTarget />
            {data.nodeGone.includes(p.key) ? (
              <span className="lane-gone">{t('lane.nodeGone', { node: p.nodeName })}</span>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}

export const UnscheduledLane = memo(UnscheduledLaneImpl);
