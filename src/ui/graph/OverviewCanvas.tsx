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
import { isDebug } from '../../state/debug'

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

/** What a full draw was made for: when any of it changes, the next draw is a full one. */
interface Frame {
  transform: [number, number, number]
  w: number
  h: number
  dpr: number
  palette: Palette
  names: readonly string[]
  positions: Readonly<Record<string, XY>>
}

/**
 * Counts what the overview drew (debug builds: see e2e/overview-redraw.spec.ts): full redraws and
 * cells drawn, so a test can tell that a change to one node redraws one cell, not the grid.
 */
export const overviewDraws = { full: 0, cells: 0 }

/**
 * The part of the canvas a cell covers, in whole CSS pixels: drawing and clearing the same whole
 * pixels leaves no trace of the old cell, and two cells never share a pixel (rounding keeps order).
 */
function cellRect(c: OverviewCell, t: readonly [number, number, number]): [number, number, number, number] {
  const [tx, ty, k] = t
  const x = Math.round(c.x * k + tx)
  const y = Math.round(c.y * k + ty)
  return [x, y, Math.round((c.x + NODE_W) * k + tx) - x, Math.round((c.y + NODE_H) * k + ty) - y]
}

function drawCell(ctx: CanvasRenderingContext2D, c: OverviewCell, [x, y, cw, ch]: readonly [number, number, number, number], p: Palette) {
  const inset = Math.max(1, Math.min(4, cw * 0.04))
  ctx.fillStyle = c.border === 'notready' ? p.danger : c.border === 'cordoned' ? p.warn : p.panel
  ctx.fillRect(x, y, cw, ch)
  ctx.fillStyle = fillOf(p, c.fill)
  ctx.fillRect(x + inset, y + inset, cw - 2 * inset, ch - 2 * inset)
  if (cw >= 48) {
    ctx.fillStyle = c.fill === 'none' ? p.fg : p.panel
    ctx.fillText(c.name, x + inset + 2, y + inset + 2, cw - 2 * inset - 4)
  }
  if (cw >= 24 && c.pods.length) {
    const s = Math.max(3, Math.min(14, cw / 8))
    const n = Math.min(4, c.pods.length)
    for (let i = 0; i < n; i++) {
      ctx.fillStyle = p.panel
      ctx.fillRect(x + inset + 2 + i * (s + 2), y + ch - inset - s - 2, s, s)
      ctx.fillStyle = fillOf(p, c.pods[i])
      ctx.fillRect(x + inset + 3 + i * (s + 2), y + ch - inset - s - 1, s - 2, s - 2)
    }
  }
  overviewDraws.cells++
}

/**
 * Draws the cells. With `prev` (the last frame, drawn for the same view) and `drawn` (the cell drawn
 * for each node then), only the nodes whose cell changed are cleared and drawn again: cells own
 * disjoint grid squares, so a change to one node costs one square, not the grid.
 */
function draw(canvas: HTMLCanvasElement, cells: readonly OverviewCell[], frame: Frame, prev: Frame | null, drawn: Map<string, OverviewCell>) {
  const { w, h, dpr, palette: p, transform } = frame
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const full =
    !prev ||
    prev.w !== w ||
    prev.h !== h ||
    prev.dpr !== dpr ||
    prev.palette !== p ||
    prev.names !== frame.names ||
    prev.positions !== frame.positions ||
    prev.transform[0] !== transform[0] ||
    prev.transform[1] !== transform[1] ||
    prev.transform[2] !== transform[2]
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr)
    canvas.height = Math.round(h * dpr)
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
  const cw = NODE_W * transform[2]
  ctx.font = `${Math.min(12, Math.max(8, cw / 9))}px ui-monospace, monospace`
  ctx.textBaseline = 'top'
  const visible = ([x, y, rw, rh]: readonly number[]) => !(x > w || y > h || x + rw < 0 || y + rh < 0)
  if (full) {
    overviewDraws.full++
    ctx.clearRect(0, 0, w, h)
    drawn.clear()
    for (const c of cells) {
      drawn.set(c.id, c)
      const r = cellRect(c, transform)
      if (visible(r)) drawCell(ctx, c, r, p)
    }
    return
  }
  // Same view: only the cells that changed (a node's content is a new object only when it changed).
  const seen = new Set<string>()
  for (const c of cells) {
    seen.add(c.id)
    const old = drawn.get(c.id)
    if (old === c) continue
    drawn.set(c.id, c)
    const r = cellRect(c, transform)
    if (!visible(r)) continue
    if (old) ctx.clearRect(...cellRect(old, transform))
    drawCell(ctx, c, r, p)
  }
  for (const [id, old] of drawn) {
    if (seen.has(id)) continue
    drawn.delete(id)
    ctx.clearRect(...cellRect(old, transform))
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
  const last = useRef<Frame | null>(null)
  const drawn = useRef(new Map<string, OverviewCell>())
  const box = useRef<{ w: number; h: number } | null>(null)

  const schedule = useRef(() => {
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      const c = ref.current
      if (!c) return
      const l = latest.current
      const cells = liveCells(useStore.getState(), l.names, l.positions, l.context, l.level)
      palette.current ??= readPalette(c)
      const fs = store.getState()
      // The canvas's size as the ResizeObserver last reported it (reading clientWidth here would
      // force a layout of the page in the middle of a frame).
      const size = box.current ?? { w: c.clientWidth, h: c.clientHeight }
      box.current = size
      const next: Frame = { transform: fs.transform, w: size.w, h: size.h, dpr: window.devicePixelRatio || 1, palette: palette.current, names: l.names, positions: l.positions }
      draw(c, cells, next, last.current, drawn.current)
      last.current = next
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
    last.current = null
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
    const ro = new ResizeObserver((entries) => {
      const r = entries[entries.length - 1]?.contentRect
      if (r) box.current = { w: r.width, h: r.height }
      again()
    })
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

// The draw counter is reachable from tests of the page (debug builds only, see src/state/debug.ts).
if (typeof window !== 'undefined' && isDebug()) (window as unknown as { __dspOverview: typeof overviewDraws }).__dspOverview = overviewDraws
