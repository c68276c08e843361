// A Kubernetes node: name, roles, Ready/NotReady/SchedulingDisabled, taints (effect as icon + text),
// conditions that matter, CPU / memory / pods requested vs allocatable, labels, and the pods on it.
// Zoomed out it collapses to a coloured block that shows the state of its pods. The card has a fixed
// size and its pod rows fixed places, so the edges' ends are known without measuring (CARD_HANDLES).

import { memo, useMemo } from 'react'
import { Handle, Position, useStore as useFlowStore, type NodeProps, type ReactFlowState } from '@xyflow/react'
import { useTranslation } from 'react-i18next'
import { CARD_HANDLES, type NodeCardNode } from '../buildGraph'
import { formatCPU, formatMemory, type NodeSummary, type PodView, type Usage } from '../model'
import { TaintChip } from './TaintChip'
import { PodChip } from './PodChip'
import { usePresence } from './usePresence'
import { openMenu, selectNode } from '../graphActions'
import { MAX_CARD_PODS, PODS_TOP } from '../layout'

export const COMPACT_ZOOM = 0.5
export const zoomedOut = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM

/** Invisible handles where CARD_HANDLES says they are. */
const SlotHandles = memo(function SlotHandles() {
  return CARD_HANDLES.map((h) => (
    <Handle
      key={h.id}
      id={h.id ?? undefined}
      type="target"
      position={Position.Left}
      isConnectable={false}
      className="card-handle"
      style={{ top: h.y, height: h.height, left: 0, transform: 'none' }}
    />
  ))
})

function Bar({ label, u, format }: { label: string; u: Usage; format: (n: number) => string }) {
  const pct = Number.isFinite(u.allocatable) && u.allocatable > 0 ? Math.min(100, (u.requested / u.allocatable) * 100) : 0
  const level = pct >= 100 ? 'full' : pct >= 80 ? 'high' : 'ok'
  return (
    <div className="res-row">
      <span className="res-label">{label}</span>
      <span className={`res-bar ${level}`} role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
        <span style={{ width: `${pct}%` }} />
      </span>
      <span className="res-text">
        {format(u.requested)} / {format(u.allocatable)}
      </span>
    </div>
  )
}

const count = (n: number) => String(n)

export function statusIcon(s: NodeSummary): string {
  return s.ready === 'Ready' ? '✓' : s.ready === 'NotReady' ? '✗' : '?'
}

/** The tone of a compact card: the worst state among its pods, or none. */
function compactTone(pods: PodView[]): string {
  const order = ['failed', 'terminating', 'progress', 'unknown', 'ok', 'done']
  let best = 'none'
  for (const p of pods) if (best === 'none' || order.indexOf(p.tone) < order.indexOf(best)) best = p.tone
  return best
}

function CompactCard({ data }: { data: NodeCardNode['data'] }) {
  const { t } = useTranslation('graph')
  const s = data.summary
  const tone = compactTone(data.pods)
  return (
    <div className={`k8s-node compact ready-${s.ready}${s.unschedulable ? ' cordoned' : ''}`} data-testid={`graph.node.${s.name}`} title={`${s.name}: ${s.status}`}>
      <SlotHandles />
      <div
        className={`compact-block tone-${tone}`}
        aria-label={t('node.compactAria', { name: s.name, status: s.status, pods: data.pods.map((p) => p.status).join(', ') || t('node.noPods') })}
      >
        <span className="compact-name">{s.name}</span>
        <span className="compact-status">
          {statusIcon(s)} {s.taints.length ? `⊘${s.taints.length}` : ''}
        </span>
        <span className="compact-pods">
          {data.pods.map((p) => (
            <span key={p.key} className={`compact-pod tone-${p.tone}`} />
          ))}
        </span>
      </div>
    </div>
  )
}

function FullCard({ data, selected }: { data: NodeCardNode['data']; selected: boolean }) {
  const { t } = useTranslation('graph')
  const s = data.summary
  const listed = usePresence(data.pods)
  // Leaving pods fade out below the live ones, so a live pod keeps the row its edge points at.
  const live = listed.filter((p) => !p.leaving)
  const shown = [...live, ...listed.filter((p) => p.leaving)].slice(0, MAX_CARD_PODS)
  const more = live.length - Math.min(live.length, MAX_CARD_PODS)
  const roles = s.roles.length ? s.roles.join(',') : '<none>'
  const labelsText = useMemo(() => s.labels.map((l) => (l.value === '' ? l.key : `${l.key}=${l.value}`)), [s.labels])
  return (
    <div
      className={`k8s-node ready-${s.ready}${s.unschedulable ? ' cordoned' : ''}${selected ? ' selected' : ''}${data.hasDaemonPod ? '' : ' no-daemon-pod'}`}
      data-testid={`graph.node.${s.name}`}
    >
      <SlotHandles />
      <div className="card-upper" style={{ height: PODS_TOP - 10 }}>
        <div className="card-head">
          <span className="node-name" title={s.name}>
            {s.name}
          </span>
          <span className={`node-status ready-${s.ready}`} data-testid={`graph.node.${s.name}.status`}>
            <span aria-hidden="true">{statusIcon(s)}</span> {s.status}
          </span>
          <button
            type="button"
            className="card-menu-btn nodrag nokey"
            aria-haspopup="menu"
            aria-label={t('node.menu', { name: s.name })}
            data-testid={`graph.node.${s.name}.menu`}
            onClick={(e) => {
              e.stopPropagation()
              openMenu({ kind: 'node', name: s.name }, e.currentTarget)
            }}
          >
            ⋯
          </button>
        </div>
        <div className="node-roles" title={t('node.rolesTitle')}>
          {t('node.roles')}: {roles}
        </div>
        {s.taints.length ? (
          <div className="taints" aria-label={t('node.taints')}>
            {s.taints.map((x) => (
              <TaintChip key={`${x.key}:${x.effect}`} node={s.name} taint={x} />
            ))}
          </div>
        ) : null}
        {s.conditions.length || s.unschedulable ? (
          <div className="conditions">
            {s.unschedulable ? <span className="cond-chip cordon">⊖ {t('node.cordoned')}</span> : null}
            {s.conditions.map((c) => (
              <span key={c.type} className="cond-chip" title={c.reason}>
                ⚠ {c.type}={c.status}
              </span>
            ))}
          </div>
        ) : null}
        <div className="resources">
          <Bar label="cpu" u={s.cpu} format={formatCPU} />
          <Bar label="mem" u={s.memory} format={formatMemory} />
          <Bar label="pods" u={s.pods} format={count} />
        </div>
        <div className="labels" title={labelsText.join('\n')}>
          {labelsText.map((l) => (
            <span key={l} className="label-chip">
              {l}
            </span>
          ))}
          {s.standardLabels ? <span className="label-more">{t('node.standardLabels', { count: s.standardLabels })}</span> : null}
        </div>
      </div>
      <div className="pods" style={{ top: PODS_TOP }} aria-label={t('node.pods')}>
        {shown.map(({ item, leaving }) => (
          <PodChip key={item.key} pod={item} selected={data.selectedPod === item.key} leaving={leaving} />
        ))}
        {more > 0 ? <span className="pods-more">{t('node.morePods', { count: more })}</span> : null}
        {data.waiting ? <span className="pods-waiting">{t('node.waiting', { count: data.waiting })}</span> : null}
        {!data.pods.length && !data.waiting ? <span className="pods-none">{t('node.noPods')}</span> : null}
        {!data.hasDaemonPod ? (
          <button
            type="button"
            className="why-btn nodrag nokey"
            data-testid={`graph.node.${s.name}.why`}
            onClick={(e) => {
              e.stopPropagation()
              selectNode(s.name)
            }}
          >
            {t('node.why')}
          </button>
        ) : null}
      </div>
    </div>
  )
}

function NodeCardImpl({ data, selected }: NodeProps<NodeCardNode>) {
  const compact = useFlowStore(zoomedOut)
  return compact ? <CompactCard data={data} /> : <FullCard data={data} selected={selected} />
}

export const NodeCard = memo(NodeCardImpl)
