// "3 nodes off-screen · show": offered instead of moving the view once the user has panned or zoomed.

import { Panel } from '@xyflow/react'
import { useTranslation } from 'react-i18next'

export function OffscreenPill({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('graph')
  return (
    <Panel position="bottom-center" className="graph-pill-panel">
      <button type="button" className="graph-pill" onClick={onShow} data-testid="graph.offscreen" aria-live="polite">
        {t('offscreen', { count })}
      </button>
    </Panel>
  )
}
