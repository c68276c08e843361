// The zoomed-out view of a large cluster: one canvas under React Flow's pane, redrawn when the
// viewport or the cluster changes (at most once a frame), instead of 1,000 React Flow nodes whose
// per-node subscriptions would make every pan frame and every batch cost O(n) in React.

import { useEffect, useRef, useState } from 'react'
import { useStoreApi } from '@xyflow/react'
import { useTranslation } from 'react-i18next'
import type { CardContext } from './buildGraph'
import { NODE_H, NODE_W, type Level, type XY } from './layout'
import { summarize, type OverviewCell } from './overview'
import { liveCells } from './liveCard'
import { useStore } from '../../state/store'

interface Palette {
  ok: string
  warn: string
  danger: string
  muted: string
  border: string
  panel: string
  fg: string
  bg: string
}

function readPalette(el: Element): Palette {
  const cs = getComputedStyle(el)
  const v = (name: string) => cs.getPropertyValue(name).trim() || '#888'
  return { ok: v('--ok'), warn: v('--warn'), danger: v('--danger'), muted: v('--muted'), border: v('--border'), panel: v('--panel-bg'), fg: v('--fg'), bg: v('--bg') }
}

function fillOf(p: Palette, f: OverviewCell['fill']): string {
  switch (f) {
    case 'ok':
      return p.ok
    case 'progress':
      return p.warn
    case 'failed':
      return p.danger
    case 'none':
      return p.border
    default:
      return p.muted
  }
}

function draw(canvas: HTMLCanvasElement, cells: readonly OverviewCell[], transform: [number, number, number], p: Palette) {
  const dpr = window.devicePixelRatio || 1
  const w = canvas.clientWidth
  const h = canvas.clientHeight
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr)
    canvas.height = Math.round(h * dpr)
  }
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  ctx.clearRect(0, 0, w, h)
  const [tx, ty, k] = transform
  const cw = NODE_W * k
  const ch = NODE_H * k
  const inset = Math.max(1, Math.min(4, cw * 0.04))
  const showName = cw >= 48
  ctx.font = `${Math.min(12, Math.max(8, cw / 9))}px ui-monospace, monospace`
  ctx.textBaseline = 'top'
  for (const c of cells) {
    const x = c.x * k + tx
    const y = c.y * k + ty
    if (x > w || y > h || x + cw < 0 || y + ch < 0) continue
    ctx.fillStyle = c.border === 'notready' ? p.danger : c.border === 'cordoned' ? p.warn : p.panel
    ctx.fillRect(x, y, cw, ch)
    ctx.fillStyle = fillOf(p, c.fill)
    ctx.fillRect(x + inset, y + inset, cw - 2 * inset, ch - 2 * inset)
    if (showName) {
      ctx.fillStyle = c.fill === 'none' ? p.fg : p.panel
      ctx.fillText(c.name, x + inset + 2, y + inset + 2, cw - 2 * inset - 4)
    }
    if (cw >= 24 && c.pods.length) {
      const s = Math.max(3, Math.min(14, cw / 8))
      c.pods.slice(0, 4).forEach((t, i) => {
        ctx.fillStyle = p.panel
        ctx.fillRect(x + inset + 2 + i * (s + 2), y + ch - inset - s - 2, s, s)
        ctx.fillStyle = fillOf(p, t)
        ctx.fillRect(x + inset + 3 + i * (s + 2), y + ch - inset - s - 1, s - 2, s - 2)
      })
    }
  }
}

/** How often the canvas's accessible summary may change (ms): a screen reader need not hear every batch. */
const SUMMARY_MS = 1000
/** How often pod and node changes may redraw the overview (ms). */
const CLUSTER_REDRAW_MS = 100

/**
 * The overview reads the store itself (not through React): on every published batch it redraws at
 * most once a frame, from the per-node contents (made again only for the nodes that changed).
 */
export function OverviewCanvas({ names, positions, context, level, theme }: { names: readonly string[]; positions: Readonly<Record<string, XY>>; context: CardContext; level: Level; theme: string }) {
  const { t } = useTranslation('graph')
  const ref = useRef<HTMLCanvasElement>(null)
  const store = useStoreApi()
  const latest = useRef({ names, positions, context, level })
  latest.current = { names, positions, context, level }
  const palette = useRef<Palette | null>(null)
  const frame = useRef(0)
  const [summary, setSummary] = useState<ReturnType<typeof summarize> | null>(null)
  const lastSummary = useRef(0)

  const schedule = useRef(() => {
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      const c = ref.current
      if (!c) return
      const l = latest.current
      const cells = liveCells(useStore.getState(), l.names, l.positions, l.context, l.level)
      palette.current ??= readPalette(c)
      draw(c, cells, store.getState().transform, palette.current)
      const now = performance.now()
      if (now - lastSummary.current >= SUMMARY_MS) {
        lastSummary.current = now
        const next = summarize(cells)
        setSummary((old) => (old && JSON.stringify(old) === JSON.stringify(next) ? old : next))
      }
    })
  })

  useEffect(() => {
    palette.current = null
    schedule.current()
  }, [names, positions, context, level, theme])

  useEffect(() => {
    const again = schedule.current
    const unsub = store.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) again()
    })
    // Cluster changes redraw at most every CLUSTER_REDRAW_MS (a running clock changes pods with
    // every batch; each redraw of the whole canvas is uploaded again); panning redraws every frame.
    let clusterTimer: ReturnType<typeof setTimeout> | undefined
    let lastCluster = 0
    const unsubCluster = useStore.subscribe((s, prev) => {
      if (s.mirrorVersion === prev.mirrorVersion) return
      if (clusterTimer !== undefined) return
      clusterTimer = setTimeout(
        () => {
          clusterTimer = undefined
          lastCluster = performance.now()
          again()
        },
        Math.max(0, lastCluster + CLUSTER_REDRAW_MS - performance.now()),
      )
    })
    const ro = new ResizeObserver(again)
    if (ref.current) ro.observe(ref.current)
    return () => {
      unsub()
      unsubCluster()
      clearTimeout(clusterTimer)
      ro.disconnect()
      cancelAnimationFrame(frame.current)
      frame.current = 0
    }
  }, [store])

  const sum = summary ?? { nodes: names.length, notReady: 0, pods: {} }
  const pods = Object.entries(sum.pods)
    .map(([k, n]) => `${t(`overview.tone.${k}`)} ${n}`)
    .join(', ')
  return (
    <canvas
      ref={ref}
      className="overview-canvas"
      role="img"
      aria-label={t('overview.aria', { nodes: sum.nodes, notReady: sum.notReady, pods: pods || t('node.noPods') })}
      data-testid="graph.overview"
    />
  )
}
