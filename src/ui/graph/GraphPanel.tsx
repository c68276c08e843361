// The cluster as a graph (React Flow): a card per node in a stable grid, the DaemonSets and their
// revision chains in a column on the left, unscheduled pods in a lane on top, the palette, the
// inspector ("why" for nodes), card menus and the template diff. Every action runs through the console.

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import {
  Background,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
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
import { createGraphBuilder, nodeCardIds, type GraphNode } from './buildGraph'
import { dropPosition, dsId, gridColumns, LANE_ID, nodeId, placeNodes, type Positions, type XY } from './layout'
import { graphUi, useGraphUi } from './graphStore'
import { nodeTypes } from './nodeTypes'
import { zoomedOut } from './nodes/NodeCard'
import { clearSelection, isMenuKey, openMenu } from './graphActions'
import { ActionMenu } from './ActionMenu'
import { Inspector } from './Inspector'
import { DiffModal } from './DiffModal'
import { Palette } from '../palette/Palette'
import { addCommand, kindSpec, uniqueName, type PaletteKind } from '../palette/kinds'
import type { NodeSpecInput } from './commands'
import { EFFECT_ICON } from './model'
import './graph.css'

/** Room for the palette on the left and the toolbar on top when fitting the view. */
const FIT = { padding: { left: '170px', top: '56px', right: '24px', bottom: '24px' }, maxZoom: 1, duration: 0 } as const

const MINIMAP_STYLE = { width: 150, height: 100 }

/** Pod edges are on by default for clusters up to this many nodes. */
const AUTO_EDGES_MAX_NODES = 60

function selectionFromId(id: string): Selection | null {
  if (id.startsWith('node:')) return { kind: 'Node', name: id.slice(5) }
  if (id.startsWith('ds:')) {
    const key = id.slice(3)
    const slash = key.indexOf('/')
    return { kind: 'DaemonSet', namespace: key.slice(0, slash), name: key.slice(slash + 1) }
  }
  return null
}

function idOfSelection(s: Selection | null, pods: Record<string, { spec: { nodeName?: string } }>): string | null {
  if (!s) return null
  if (s.kind === 'Node') return nodeId(s.name)
  if (s.kind === 'DaemonSet') return dsId(`${s.namespace ?? ''}/${s.name}`)
  if (s.kind === 'Pod') {
    const node = pods[`${s.namespace ?? ''}/${s.name}`]?.spec.nodeName
    return node ? nodeId(node) : LANE_ID
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

  const showPodEdges = edgesPref ?? ids.length <= AUTO_EDGES_MAX_NODES
  useEffect(() => useGraphUi.setState({ edgesOn: showPodEdges && !compact }), [showPodEdges, compact])
  const graph = useMemo(
    () =>
      build(
        { Node: nodesMap, Pod: pods, DaemonSet: daemonSets, ControllerRevision: revisions },
        { positions: layout.positions, columns: layout.columns, measured, showPodEdges, compact, selection },
      ),
    [build, nodesMap, pods, daemonSets, revisions, layout, measured, showPodEdges, compact, selection],
  )

  const onNodesChange = useCallback((changes: NodeChange<GraphNode>[]) => {
    const dims: Record<string, { width: number; height: number }> = {}
    let selectId: string | null = null
    let deselectId: string | null = null
    for (const c of changes) {
      if (c.type === 'position' && c.position) graphUi.setPosition(c.id, c.position)
      else if (c.type === 'dimensions' && c.dimensions) dims[c.id] = c.dimensions
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

  // Fit the view when the first cards arrive, and again when the first DaemonSet does, until the user
  // pans or zooms themselves.
  const userMoved = useRef(false)
  const hasNodes = ids.length > 0
  const hasDaemonSets = Object.keys(daemonSets).length > 0
  useEffect(() => {
    // Small clusters stay readable (cards, not compact blocks) even if they then overflow a bit.
    const small = Object.keys(useStore.getState().objects.Node).length <= 12
    if (!userMoved.current && hasNodes) void flow.fitView(small ? { ...FIT, minZoom: 0.55 } : FIT)
  }, [hasNodes, hasDaemonSets, flow])

  // Bring a selection made elsewhere (the event log, the inspector) into view.
  const selectedId = idOfSelection(selection, pods)
  useEffect(() => {
    if (!selectedId) return
    const n = flow.getInternalNode(selectedId)
    const el = rootRef.current
    if (!n || !el) return
    const { x, y, zoom } = flow.getViewport()
    const w = n.measured.width ?? 0
    const h = n.measured.height ?? 0
    const left = n.internals.positionAbsolute.x * zoom + x
    const top = n.internals.positionAbsolute.y * zoom + y
    if (left >= 0 && top >= 0 && left + w * zoom <= el.clientWidth && top + h * zoom <= el.clientHeight) return
    void flow.setCenter(n.internals.positionAbsolute.x + w / 2, n.internals.positionAbsolute.y + h / 2, { zoom: Math.max(zoom, 0.6), duration: 300 })
  }, [selectedId, flow])

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
    <div ref={rootRef} className={`graph-root${inspectorOpen ? ' has-inspector' : ''}${compact ? ' is-compact' : ''}`} data-testid="graph" onKeyDown={onKeyDown}>
      <ReactFlow<GraphNode>
        nodes={graph.nodes}
        edges={graph.edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeContextMenu={onNodeContextMenu}
        onPaneClick={() => {
          clearSelection()
          graphUi.closeMenu(false)
        }}
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
        onError={(code, message) => {
          // 008: an edge whose pod handle is not drawn yet (the pod just arrived); it appears next frame.
          if (code !== '008') console.warn(message)
        }}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={24} size={1} />
        <Controls showInteractive={false} position="bottom-left" />
        <MiniMap<GraphNode> nodeColor={nodeColor} pannable zoomable position="bottom-right" ariaLabel={t('a11y.minimap')} style={MINIMAP_STYLE} />
        <Panel position="top-right" className="graph-toolbar">
          <button type="button" onClick={() => void flow.fitView({ ...FIT, duration: 300 })} data-testid="graph.fit">
            {t('toolbar.fit')}
          </button>
          <label className="graph-toggle">
            <input type="checkbox" checked={showPodEdges} onChange={(e) => useGraphUi.setState({ showPodEdges: e.target.checked })} data-testid="graph.edges-toggle" />
            {t('toolbar.edges')}
          </label>
          <span className="graph-legend" aria-label={t('toolbar.legend')}>
            <span>
              {EFFECT_ICON.NoSchedule} NoSchedule
            </span>
            <span>
              {EFFECT_ICON.PreferNoSchedule} PreferNoSchedule
            </span>
            <span>
              {EFFECT_ICON.NoExecute} NoExecute
            </span>
          </span>
        </Panel>
        {ids.length === 0 ? (
          <Panel position="top-center" className="graph-empty">
            {t('empty')}
          </Panel>
        ) : null}
      </ReactFlow>
      <Palette add={add} overCanvas={overCanvas} suggestName={suggestName} />
      <Inspector />
      <ActionMenu />
      <DiffModal />
    </div>
  )
}

export default function GraphPanel() {
  return (
    <ReactFlowProvider>
      <GraphCanvas />
    </ReactFlowProvider>
  )
}
