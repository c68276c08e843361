// The cluster as a graph (React Flow): a card per node in a stable grid, the DaemonSets and their
// revision chains in a column on the left, unscheduled pods in a lane on top, the palette, the
// inspector ("why" for nodes), card menus and the template diff. Every action runs through the console.
// A large cluster zoomed out is drawn on one canvas (OverviewCanvas) instead of a card per node.

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react'
import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  getNodesBounds,
  getViewportForBounds,
  useReactFlow,
  useStore as useFlowStore,
  type NodeChange,
  type NodeMouseHandler,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useTranslation } from 'react-i18next'
import { useStore } from '../../state/store'
import { selectDaemonSets, selectNodes, selectPods, selectRevisions, selectSelection, selectTheme } from '../../state/selectors'
import type { Selection } from '../../state/uiSlice'
import { runCommand } from '../../state/actions'
import { createGraphBuilder, nodeCardIds, type GraphEdge, type GraphNode, type NodeCardNode } from './buildGraph'
import { dropPosition, dsId, gridColumns, LANE_ID, nodeId, placeNodes, type Positions, type XY } from './layout'
import { graphUi, useGraphUi } from './graphStore'
import { nodeTypes } from './nodeTypes'
import { zoomedOut } from './nodes/NodeCard'
import { clearSelection, isMenuKey, openMenu, selectNode } from './graphActions'
import { ActionMenu } from './ActionMenu'
import { Inspector } from './Inspector'
import { DiffModal } from './DiffModal'
import { OverviewCanvas } from './OverviewCanvas'
import { cellAt, OVERVIEW_MIN_NODES, overviewCell } from './overview'
import { Palette } from '../palette/Palette'
import { addCommand, kindSpec, uniqueName, type PaletteKind } from '../palette/kinds'
import type { NodeSpecInput } from './commands'
import { EFFECT_ICON } from './model'
import './graph.css'
import './nodes/nodes.css'
import './nodes/daemonset.css'
import './panels.css'

/** Room for the toolbar on top when fitting the view (the palette's room is measured). */
const FIT_TOP = 56
const FIT_MARGIN = 24
/** Room for the overview's hint at the bottom. */
const FIT_BOTTOM = 44
/** Small clusters stay readable (cards, not compact blocks) even if they then overflow a bit. */
const SMALL_CLUSTER = 12
/** Pod edges are on by default for clusters up to this many nodes. */
const AUTO_EDGES_MAX_NODES = 60
const MINIMAP_STYLE = { width: 150, height: 100 }
/** Below this canvas width the palette shows icons only. */
const NARROW_WIDTH = 900
/** Height assumed for a DaemonSet card React Flow has not measured yet. */
const DS_H_GUESS = 260

/** Animation length, or none when the user prefers reduced motion. */
function motion(ms: number): number {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms
}

function selectionFromId(id: string): Selection | null {
  if (id.startsWith('node:')) return { kind: 'Node', name: id.slice(5) }
  if (id.startsWith('ds:')) {
    const key = id.slice(3)
    const slash = key.indexOf('/')
    return { kind: 'DaemonSet', namespace: key.slice(0, slash), name: key.slice(slash + 1) }
  }
  return null
}

function idOfSelection(s: Selection | null, pods: Record<string, { spec: { nodeName?: string } }>, nodes: GraphNode[]): string | null {
  if (!s) return null
  if (s.kind === 'Node') return nodeId(s.name)
  if (s.kind === 'DaemonSet') return dsId(`${s.namespace ?? ''}/${s.name}`)
  if (s.kind === 'Pod') {
    const key = `${s.namespace ?? ''}/${s.name}`
    const node = pods[key]?.spec.nodeName
    if (node) return nodeId(node)
    const holder = nodes.find((n) => n.type !== 'daemonSet' && n.data.pods.some((p) => p.key === key))
    return holder?.id ?? LANE_ID
  }
  return null
}

const nodeColor = (n: GraphNode): string => {
  if (n.type === 'daemonSet') return 'var(--accent)'
  if (n.type === 'lane') return 'var(--warn)'
  const s = n.data.summary
  if (s.ready !== 'Ready') return 'var(--danger)'
  if (!n.data.pods.length) return 'var(--graph-minimap-empty)'
  return n.data.pods.some((p) => p.tone === 'failed') ? 'var(--danger)' : n.data.pods.every((p) => p.tone === 'ok') ? 'var(--ok)' : 'var(--warn)'
}

/** Bounds of the whole graph from what we know (cards have fixed sizes; DaemonSet cards are measured). */
function graphBounds(nodes: GraphNode[]) {
  return getNodesBounds(nodes.map((n) => (n.type === 'daemonSet' && !n.measured ? { ...n, height: DS_H_GUESS } : n)))
}

function GraphCanvas() {
  const { t } = useTranslation('graph')
  const flow = useReactFlow()
  const nodesMap = useStore(selectNodes)
  const pods = useStore(selectPods)
  const daemonSets = useStore(selectDaemonSets)
  const revisions = useStore(selectRevisions)
  const selection = useStore(selectSelection)
  const theme = useStore(selectTheme)
  const positions = useGraphUi((s) => s.positions)
  const columnsStored = useGraphUi((s) => s.columns)
  const measured = useGraphUi((s) => s.measured)
  const edgesPref = useGraphUi((s) => s.showPodEdges)
  const pending = useGraphUi((s) => s.pending)
  const inspectorOpen = selection?.kind === 'Node' || selection?.kind === 'Pod' || selection?.kind === 'DaemonSet'
  const compact = useFlowStore(zoomedOut)
  const [build] = useState(createGraphBuilder)
  const rootRef = useRef<HTMLDivElement>(null)
  // A narrow canvas gets an icon-only palette, so the cards and the inspector still have room.
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    const el = rootRef.current
    if (!el) return
    const ro = new ResizeObserver(() => setNarrow(el.clientWidth < NARROW_WIDTH))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])

  // Grid cells: a new node gets the spot it was dropped on, or the first free cell; nobody moves.
  const ids = useMemo(() => nodeCardIds(nodesMap), [nodesMap])
  const layout = useMemo(() => {
    const n = ids.length
    let columns = columnsStored
    let base: Positions = positions
    if (n > 0 && (columns === null || n > columns * columns * 2)) {
      // First nodes, or a cluster replaced by a much bigger one: start a grid that fits it.
      columns = gridColumns(n)
      base = Object.fromEntries(Object.entries(positions).filter(([id]) => !id.startsWith('node:')))
    }
    for (const [name, at] of Object.entries(pending)) {
      const id = nodeId(name)
      if (at && nodesMap[`/${name}`] && !base[id]) base = { ...base, [id]: at }
    }
    return { columns: columns ?? 4, positions: placeNodes(base, ids, columns ?? 4) }
  }, [ids, columnsStored, positions, pending, nodesMap])
  useEffect(() => {
    if (layout.positions !== positions || layout.columns !== columnsStored) useGraphUi.setState({ positions: layout.positions, columns: layout.columns })
    for (const name of Object.keys(pending)) if (nodesMap[`/${name}`]) graphUi.release(name)
  }, [layout, positions, columnsStored, pending, nodesMap])

  const overview = compact && ids.length > OVERVIEW_MIN_NODES
  const showPodEdges = edgesPref ?? ids.length <= AUTO_EDGES_MAX_NODES
  const graph = useMemo(
    () =>
      build(
        { Node: nodesMap, Pod: pods, DaemonSet: daemonSets, ControllerRevision: revisions },
        { positions: layout.positions, columns: layout.columns, measured, showPodEdges, compact, selection },
      ),
    [build, nodesMap, pods, daemonSets, revisions, layout, measured, showPodEdges, compact, selection],
  )
  // In the overview the node cards are drawn on the canvas, not by React Flow.
  const cards = useMemo(() => graph.nodes.filter((n): n is NodeCardNode => n.type === 'k8sNode'), [graph.nodes])
  const flowNodes = useMemo(() => (overview ? graph.nodes.filter((n) => n.type !== 'k8sNode') : graph.nodes), [overview, graph.nodes])
  const flowEdges = useMemo(() => (overview ? graph.edges.filter((e) => !e.target.startsWith('node:')) : graph.edges), [overview, graph.edges])
  const cells = useMemo(() => (overview ? cards.map(overviewCell) : []), [overview, cards])

  const fitOptions = useCallback(() => {
    const el = rootRef.current
    if (!el || !graph.nodes.length) return null
    const small = ids.length <= SMALL_CLUSTER
    const bounds = graphBounds(graph.nodes)
    const palette = el.querySelector<HTMLElement>('.palette')
    const [l, t, r, b] = [palette ? palette.offsetLeft + palette.offsetWidth + 16 : FIT_MARGIN, FIT_TOP, FIT_MARGIN, FIT_BOTTOM]
    const vp = getViewportForBounds(bounds, el.clientWidth, el.clientHeight, small ? 0.55 : 0.02, 1, { left: `${l}px`, top: `${t}px`, right: `${r}px`, bottom: `${b}px` })
    // When the minimum zoom keeps it from fitting, start at the top left (the DaemonSets) instead of
    // cutting both sides.
    if (bounds.width * vp.zoom > el.clientWidth - l - r) vp.x = l - bounds.x * vp.zoom
    if (bounds.height * vp.zoom > el.clientHeight - t - b) vp.y = t - bounds.y * vp.zoom
    return vp
  }, [graph.nodes, ids.length])
  const fit = useCallback(
    (duration = motion(300)) => {
      const vp = fitOptions()
      if (vp) void flow.setViewport(vp, { duration })
    },
    [fitOptions, flow],
  )

  // Before the first cards are drawn, set the viewport to fit them (their sizes are known), so a
  // large cluster is never drawn once at full size before zooming out.
  const [viewportReady, setViewportReady] = useState(false)
  useLayoutEffect(() => {
    if (viewportReady || graph.nodes.length === 0) return
    const vp = fitOptions()
    if (!vp) return
    void flow.setViewport(vp)
    setViewportReady(true)
  }, [viewportReady, graph.nodes.length, fitOptions, flow])

  // Fit again when the first DaemonSet arrives, unless the user has panned or zoomed.
  const userMoved = useRef(false)
  const hasDaemonSets = Object.keys(daemonSets).length > 0
  const fitRef = useRef(fit)
  fitRef.current = fit
  useEffect(() => {
    if (hasDaemonSets && viewportReady && !userMoved.current) fitRef.current(0)
  }, [hasDaemonSets, viewportReady])

  const onNodesChange = useCallback((changes: NodeChange<GraphNode>[]) => {
    const dims: Record<string, { width: number; height: number }> = {}
    let selectId: string | null = null
    let deselectId: string | null = null
    for (const c of changes) {
      if (c.type === 'position' && c.position) graphUi.setPosition(c.id, c.position)
      else if (c.type === 'dimensions' && c.dimensions && !c.id.startsWith('node:')) dims[c.id] = c.dimensions
      else if (c.type === 'select') {
        if (c.selected) selectId = c.id
        else deselectId = c.id
      }
    }
    if (Object.keys(dims).length) graphUi.setMeasured(dims)
    if (selectId) {
      const sel = selectionFromId(selectId)
      if (sel) useStore.getState().select(sel)
    } else if (deselectId) {
      const cur = useStore.getState().selection
      const curId = cur && (cur.kind === 'Node' || cur.kind === 'DaemonSet') ? (cur.kind === 'Node' ? nodeId(cur.name) : dsId(`${cur.namespace ?? ''}/${cur.name}`)) : null
      if (curId === deselectId) clearSelection()
    }
  }, [])

  const onNodeContextMenu: NodeMouseHandler<GraphNode> = useCallback((e, node) => {
    e.preventDefault()
    const sel = selectionFromId(node.id)
    if (sel?.kind === 'Node') openMenu({ kind: 'node', name: sel.name }, { x: e.clientX, y: e.clientY }, e.currentTarget as HTMLElement)
    else if (sel?.kind === 'DaemonSet') openMenu({ kind: 'ds', namespace: sel.namespace ?? '', name: sel.name }, { x: e.clientX, y: e.clientY }, e.currentTarget as HTMLElement)
  }, [])

  // Enter / the context-menu key on a focused card opens its menu (React Flow also selects it).
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement
    if (!el.classList.contains('react-flow__node')) return
    if (!isMenuKey(e)) return
    const sel = selectionFromId(el.dataset.id ?? '')
    if (!sel) return
    e.preventDefault()
    if (sel.kind === 'Node') openMenu({ kind: 'node', name: sel.name }, el, el)
    else if (sel.kind === 'DaemonSet') openMenu({ kind: 'ds', namespace: sel.namespace ?? '', name: sel.name }, el, el)
  }, [])

  // In the overview a click on a square selects that node and zooms in on it; hovering names it.
  const [hover, setHover] = useState<{ x: number; y: number; label: string } | null>(null)
  const onPaneClick = useCallback(
    (e: ReactMouseEvent) => {
      graphUi.closeMenu(false)
      const hit = overview ? cellAt(cells, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY })) : undefined
      if (!hit) {
        clearSelection()
        return
      }
      selectNode(hit.name)
      const el = rootRef.current!
      void flow.setViewport({ x: el.clientWidth / 2 - (hit.x + 132) * 0.8, y: el.clientHeight / 2 - (hit.y + 150) * 0.8, zoom: 0.8 }, { duration: motion(300) })
    },
    [overview, cells, flow],
  )
  const onPaneMouseMove = useCallback(
    (e: ReactMouseEvent) => {
      if (!overview) return
      const hit = cellAt(cells, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }))
      const r = rootRef.current!.getBoundingClientRect()
      setHover(hit ? { x: e.clientX - r.left + 12, y: e.clientY - r.top + 12, label: hit.label } : null)
    },
    [overview, cells, flow],
  )
  useEffect(() => {
    if (!overview) setHover(null)
  }, [overview])

  // Bring a card into view, clear of the palette and the inspector: a selection made elsewhere (the
  // event log, the inspector), or a node added with the palette's button.
  const nodesRef = useRef(graph.nodes)
  nodesRef.current = graph.nodes
  const reveal = useCallback(
    (id: string) => {
      const n = nodesRef.current.find((x) => x.id === id)
      const el = rootRef.current
      if (!n || !el) return
      const inspector = el.querySelector<HTMLElement>('.inspector')
      const palette = el.querySelector<HTMLElement>('.palette')
      const areaLeft = palette ? palette.offsetLeft + palette.offsetWidth + 8 : 0
      const areaRight = el.clientWidth - (inspector ? inspector.offsetWidth : 0)
      const { x, y, zoom } = flow.getViewport()
      const w = n.measured?.width ?? n.width ?? 0
      const h = n.measured?.height ?? n.height ?? DS_H_GUESS
      const { x: nx, y: ny } = n.position
      const left = nx * zoom + x
      const top = ny * zoom + y
      if (left >= areaLeft && top >= 0 && left + w * zoom <= areaRight && top + h * zoom <= el.clientHeight) return
      const z = Math.max(zoom, 0.6)
      const cx = areaRight > areaLeft + w * z ? (areaLeft + areaRight) / 2 : el.clientWidth / 2
      void flow.setViewport({ x: cx - (nx + w / 2) * z, y: Math.max(8, el.clientHeight / 2 - (h / 2) * z) - ny * z, zoom: z }, { duration: motion(300) })
    },
    [flow],
  )
  const selectedId = idOfSelection(selection, pods, graph.nodes)
  useEffect(() => {
    if (selectedId) reveal(selectedId)
  }, [selectedId, reveal])
  const toReveal = useRef<string | null>(null)
  useEffect(() => {
    const id = toReveal.current
    if (id && graph.nodes.some((n) => n.id === id)) {
      toReveal.current = null
      requestAnimationFrame(() => reveal(id))
    }
  }, [graph.nodes, reveal])

  const overCanvas = useCallback((x: number, y: number) => {
    const hit = document.elementFromPoint(x, y)
    return !!hit && !!hit.closest('.react-flow') && !hit.closest('.palette, .inspector, .react-flow__panel')
  }, [])
  const takenNames = () => [...Object.values(useStore.getState().objects.Node).map((n) => n.metadata.name), ...Object.keys(useGraphUi.getState().pending)]
  const suggestName = useCallback(() => uniqueName('node', takenNames()), [])
  const add = useCallback(
    (kind: PaletteKind, extra?: Partial<NodeSpecInput>, at?: { x: number; y: number }) => {
      const name = extra?.name ?? uniqueName(kindSpec(kind).prefix, takenNames())
      const where: XY | null = at ? dropPosition(flow.screenToFlowPosition(at)) : null
      graphUi.reserve(name, where)
      if (!where) toReveal.current = nodeId(name)
      void runCommand(addCommand(kind, name, extra)).then((res) => {
        if (!res || res.exitCode !== 0) graphUi.release(name)
      })
    },
    [flow],
  )

  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t('a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('a11y.nodeKeyboardDisabled'),
      'edge.a11yDescription.default': t('a11y.edge'),
      'controls.ariaLabel': t('a11y.controls'),
      'controls.zoomIn.ariaLabel': t('a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('a11y.fitView'),
      'controls.interactive.ariaLabel': t('a11y.interactive'),
      'minimap.ariaLabel': t('a11y.minimap'),
      'handle.ariaLabel': t('a11y.handle'),
    }),
    [t],
  )

  return (
    <div
      ref={rootRef}
      className={`graph-root${inspectorOpen ? ' has-inspector' : ''}${compact ? ' is-compact' : ''}${overview ? ' is-overview' : ''}`}
      data-testid="graph"
      data-mode={overview ? 'overview' : compact ? 'compact' : 'cards'}
      onKeyDown={onKeyDown}
    >
      <ReactFlow<GraphNode, GraphEdge>
        nodes={viewportReady ? flowNodes : NO_NODES}
        edges={viewportReady ? flowEdges : NO_EDGES}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeContextMenu={onNodeContextMenu}
        onPaneClick={onPaneClick}
        onPaneMouseMove={onPaneMouseMove}
        onPaneMouseLeave={() => setHover(null)}
        onMoveStart={(e) => {
          graphUi.closeMenu(false)
          if (e) userMoved.current = true
        }}
        onlyRenderVisibleElements
        nodesConnectable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        minZoom={0.02}
        maxZoom={2}
        colorMode={theme}
        ariaLabelConfig={ariaLabelConfig}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={24} size={1} />
        {overview ? <OverviewCanvas cards={cards} theme={theme} /> : null}
        <Controls showInteractive={false} showFitView={false} position="bottom-left">
          <ControlButton onClick={() => fit()} aria-label={t('a11y.fitView')} title={t('a11y.fitView')}>
            <span aria-hidden="true">⤢</span>
          </ControlButton>
        </Controls>
        {overview || narrow ? null : <MiniMap<GraphNode> nodeColor={nodeColor} pannable zoomable position="bottom-right" ariaLabel={t('a11y.minimap')} style={MINIMAP_STYLE} />}
        <Panel position="top-right" className="graph-toolbar">
          <button type="button" onClick={() => fit()} data-testid="graph.fit">
            {t('toolbar.fit')}
          </button>
          <label className="graph-toggle">
            <input type="checkbox" checked={showPodEdges} onChange={(e) => useGraphUi.setState({ showPodEdges: e.target.checked })} data-testid="graph.edges-toggle" />
            {t('toolbar.edges')}
          </label>
          <span className="graph-legend" aria-label={t('toolbar.legend')}>
            <span>{EFFECT_ICON.NoSchedule} NoSchedule</span>
            <span>{EFFECT_ICON.PreferNoSchedule} PreferNoSchedule</span>
            <span>{EFFECT_ICON.NoExecute} NoExecute</span>
          </span>
        </Panel>
        {overview ? (
          <Panel position="bottom-center" className="graph-hint" data-testid="graph.overview-hint" role="status">
            {t('overview.hint', { count: ids.length })}
          </Panel>
        ) : null}
        {ids.length === 0 ? (
          <Panel position="top-center" className="graph-empty">
            {t('empty')}
          </Panel>
        ) : null}
      </ReactFlow>
      {hover ? (
        <div className="overview-tip" style={{ left: hover.x, top: hover.y }} role="tooltip">
          {hover.label}
        </div>
      ) : null}
      <Palette add={add} overCanvas={overCanvas} suggestName={suggestName} narrow={narrow} />
      <Inspector />
      <ActionMenu />
      <DiffModal />
    </div>
  )
}

const NO_NODES: GraphNode[] = []
const NO_EDGES: GraphEdge[] = []

export default function GraphPanel() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  )
}
