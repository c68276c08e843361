// The graph as data: React Flow nodes and edges derived from the mirrored Kubernetes objects and a few
// UI settings. Pure and React-free (tested in Node).
//
// `createGraphBuilder()` returns a builder that keeps the output objects of unchanged cards, so React
// Flow and the memoised cards skip them. The work per batch is linear in the number of pods and nodes,
// with small constants: facts about a pod are computed once per pod object (objects are immutable and
// keep their identity while unchanged), pods are indexed by node once, and a card is rebuilt only
// when its node, its pods (by identity) or the revision chains changed. This matters on 1,000 nodes
// during a rolling update, when batches arrive every 50 ms.

import type { Edge, Node as FlowNode, NodeHandle, Position } from '@xyflow/react'
import type { ControllerRevision, DaemonSet, Node, Pod } from '../../engine/api/types'
import { controllerRef } from '../../engine/api/podutil'
import { pinnedNodeName } from '../../engine/scheduler/nodeAffinity'
import type { Selection } from '../../state/uiSlice'
import {
  daemonSetView,
  hashColor,
  isUnschedulable,
  podHash,
  podView,
  revisionChain,
  revisionOwnerKey,
  summarizeNode,
  withWas,
  type DaemonSetView,
  type NodeSummary,
  type PodView,
  type RevisionRef,
  type RevisionView,
} from './model'
import { nodeShouldRunDaemonPod } from '../../engine/controller/daemonset/nodeShouldRunDaemonPod'
import { taintString } from '../../engine/scheduler/taints'
import { MAX_CARD_PODS, PODS_TOP, POD_ROW, CELL_W, dsId, dsPositions, DS_W, geometry, lanePosition, LANE_ID, NODE_H, NODE_W, nodeId, type Level, type Positions, type XY } from './layout'

export interface GraphObjects {
  Node: Readonly<Record<string, Node>>
  Pod: Readonly<Record<string, Pod>>
  DaemonSet: Readonly<Record<string, DaemonSet>>
  ControllerRevision: Readonly<Record<string, ControllerRevision>>
}

/**
 * The page's graph: no whole Pod map. Cards are "live": they carry their node's name only and read
 * their node and pods from the store themselves (per-node selectors), so a pod change re-renders one
 * card and nothing else; the graph is rebuilt only when nodes come and go, the DaemonSets' specs or
 * revision chains change, the lane changes, or the view does.
 */
export interface LiveGraphObjects {
  /** node names in order */
  nodeNames: readonly string[]
  DaemonSet: Readonly<Record<string, DaemonSet>>
  ControllerRevision: Readonly<Record<string, ControllerRevision>>
  /** the pods drawn in the unscheduled lane, sorted by key, and those of them whose node is gone */
  lane: { pods: readonly Pod[]; nodeGone: readonly string[] }
  /** the pods drawn on a node (only asked for when pod edges are drawn) */
  podsOn?: (name: string) => readonly Pod[]
}

/** What every card needs besides its own node and pods: pod views with their revisions, the DaemonSets' specs. */
export interface CardContext {
  viewOf(pod: Pod): PodView
  revisionOf(pod: Pod): RevisionRef | undefined
  dsList: readonly DaemonSet[]
  /** moves when a revision chain or a DaemonSet spec changes */
  key: string
}

export interface GraphUi {
  /** positions by React Flow id (grid cells, drops and drags); missing ones get defaults */
  positions: Positions
  /** sizes React Flow measured, by id (a controlled flow must hand them back) */
  measured?: Readonly<Record<string, { width: number; height: number }>>
  showPodEdges: boolean
  /** zoomed out: edges end at the card instead of at each pod (pods are not drawn one by one) */
  compact?: boolean
  selection: Selection | null
  /** grid columns of the lane's width; defaults to 4 */
  columns?: number
  /** level of detail (semantic zoom): decides card sizes and default places; full when absent */
  level?: Level
  /** compact / tiny card scale (presentation mode) */
  scale?: number
}

/** Why a node has no daemon pod, in one short line: the first failing check (controller, then scheduler). */
export type NoPodReason =
  | { kind: 'taint'; taint: string }
  | { kind: 'nodeSelector' }
  | { kind: 'nodeName' }
  | { kind: 'nodeAffinity' }
  | { kind: 'insufficient'; resource: string }
  | { kind: 'scheduler'; message: string }
  | { kind: 'noDaemonSets' }

export type NodeCardData = {
  summary: NodeSummary
  pods: PodView[]
  /** a pod owned by a DaemonSet, not terminating, is on (or heading to) this node */
  hasDaemonPod: boolean
  /** unschedulable pods pinned to this node (drawn in the lane) */
  waiting: number
  /** key of the selected pod when it is on this card */
  selectedPod?: string
  /** level of detail the card is drawn at */
  level: Level
  /** why no daemon pod runs here (nodes without one) */
  reason?: NoPodReason
}

export type DaemonSetCardData = {
  ds: DaemonSetView
  /** name of the selected ControllerRevision when it is in this chain */
  selectedRevision?: string
  level: Level
}

export type LaneData = {
  pods: PodView[]
  /** pods bound to nodes that no longer exist, by pod key */
  nodeGone: string[]
  selectedPod?: string
  width: number
}

/** A live card: the node's name; the card reads the rest from the store (see LiveGraphObjects). */
export type LiveCardData = { live: true; name: string; level: Level }

export type NodeCardNode = FlowNode<NodeCardData, 'k8sNode'>
export type LiveCardNode = FlowNode<LiveCardData, 'k8sNode'>
export type DaemonSetNode = FlowNode<DaemonSetCardData, 'daemonSet'>
export type LaneNode = FlowNode<LaneData, 'lane'>
export type GraphNode = NodeCardNode | LiveCardNode | DaemonSetNode | LaneNode
export type GraphEdge = Edge

export interface Graph {
  nodes: GraphNode[]
  edges: GraphEdge[]
  /** what live cards need besides their node and pods */
  context: CardContext
}

/** What the graph needs to know about a pod, computed once per pod object. */
interface PodFacts {
  key: string
  /** `ns/name` of the controlling DaemonSet */
  dsKey?: string
  hash?: string
  nodeName?: string
  pinned?: string
  unschedulable: boolean
  terminating: boolean
  /** sort key on a card: daemon pods first by DaemonSet, then age, then name */
  order: string
}

const factsCache = new WeakMap<Pod, PodFacts>()

function factsOf(pod: Pod): PodFacts {
  let f = factsCache.get(pod)
  if (f) return f
  const ref = controllerRef(pod)
  const ns = pod.metadata.namespace ?? ''
  const dsKey = ref?.kind === 'DaemonSet' ? `${ns}/${ref.name}` : undefined
  f = {
    key: `${ns}/${pod.metadata.name}`,
    dsKey,
    hash: podHash(pod),
    nodeName: pod.spec.nodeName || undefined,
    pinned: pinnedNodeName(pod.spec),
    unschedulable: isUnschedulable(pod),
    terminating: !!pod.metadata.deletionTimestamp,
    order: `${ref ? '0' : '1'}\u0000${ref?.name ?? ''}\u0000${pod.metadata.creationTimestamp ?? ''}\u0000${pod.metadata.name}`,
  }
  factsCache.set(pod, f)
  return f
}

/** The pods of a card in the order it draws them: daemon pods first by DaemonSet, then age, then name. */
export function cardOrder(pods: readonly Pod[]): Pod[] {
  const list = [...pods]
  if (list.length > 1) list.sort(byOrder)
  return list
}

const byOrder = (a: Pod, b: Pod) => {
  const x = factsOf(a).order
  const y = factsOf(b).order
  return x < y ? -1 : x > y ? 1 : 0
}

function sameList(a: readonly unknown[] | undefined, b: readonly unknown[]): boolean {
  if (!a || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function selectionKey(s: Selection | null, kind: string): string | undefined {
  if (!s || s.kind !== kind) return undefined
  return kind === 'Node' ? s.name : `${s.namespace ?? ''}/${s.name}`
}

export interface PodPlacement {
  /** pods drawn in each node's card, sorted */
  byNode: Map<string, Pod[]>
  /** pods drawn in the unscheduled lane, sorted by key */
  lane: Pod[]
  /** lane pods bound to a node that no longer exists */
  nodeGone: string[]
  /** per node: unschedulable pods pinned to it */
  waitingFor: Map<string, number>
  waitingPods: Map<string, Pod[]>
}

/**
 * Where each pod is drawn. Bound pods sit in their node; a pod not bound yet sits in the node its
 * node affinity pins it to (a daemon pod on its way); pods the scheduler marked Unschedulable, pods
 * with no node to go to, and pods whose node is gone go to the lane.
 */
export function placePods(nodes: Readonly<Record<string, Node>>, pods: Readonly<Record<string, Pod>>): PodPlacement {
  const byNode = new Map<string, Pod[]>()
  const lane: Pod[] = []
  const nodeGone: string[] = []
  const waitingFor = new Map<string, number>()
  const waitingPods = new Map<string, Pod[]>()
  for (const key in pods) {
    const pod = pods[key]
    const f = factsOf(pod)
    let on: string | undefined
    if (f.nodeName) {
      if (nodes[`/${f.nodeName}`]) on = f.nodeName
      else nodeGone.push(f.key)
    } else if (f.unschedulable) {
      if (f.pinned) {
        waitingFor.set(f.pinned, (waitingFor.get(f.pinned) ?? 0) + 1)
        const list = waitingPods.get(f.pinned)
        if (list) list.push(pod)
        else waitingPods.set(f.pinned, [pod])
      }
    } else if (f.pinned && nodes[`/${f.pinned}`]) on = f.pinned
    if (on) {
      const list = byNode.get(on)
      if (list) list.push(pod)
      else byNode.set(on, [pod])
    } else lane.push(pod)
  }
  for (const list of byNode.values()) if (list.length > 1) list.sort(byOrder)
  lane.sort((a, b) => (factsOf(a).key < factsOf(b).key ? -1 : 1))
  nodeGone.sort()
  return { byNode, lane, nodeGone, waitingFor, waitingPods }
}

interface CardMemo {
  node: Node
  pods: Pod[]
  revEpoch: number
  selectedPod?: string
  waiting: number
  selected: boolean
  x: number
  y: number
  level: Level
  /** the DaemonSets' specs the card's why-line depends on (uid:generation), not their status */
  dsKey: string
  out: NodeCardNode
  edgeMode: string
  edges: GraphEdge[]
}

const LEFT = 'left' as Position

/**
 * A card's connection points, at fixed places: 'in' (the card) and one per pod row. Given to React Flow
 * up front, so it never has to measure a card to draw its edges (or render every card once to do so).
 * The card draws invisible handles at the same places.
 */
export const CARD_HANDLES: NodeHandle[] = [
  { id: 'in', type: 'target', position: LEFT, x: 0, y: NODE_H / 2 - 1, width: 1, height: 2 },
  ...Array.from({ length: MAX_CARD_PODS }, (_, i) => ({ id: `pod-${i}`, type: 'target' as const, position: LEFT, x: 0, y: PODS_TOP + i * POD_ROW, width: 1, height: POD_ROW - 4 })),
]

const smallHandles = new Map<number, NodeHandle[]>()
/** The handles of a compact or tiny card of height `h`: only 'in', in the middle of its left side. */
export function cardHandles(level: Level, h: number): NodeHandle[] {
  if (level === 'full' || level === 'overview') return CARD_HANDLES
  let hs = smallHandles.get(h)
  if (!hs) {
    hs = [{ id: 'in', type: 'target', position: LEFT, x: 0, y: h / 2 - 1, width: 1, height: 2 }]
    smallHandles.set(h, hs)
  }
  return hs
}

/**
 * Why a node runs no pod of these DaemonSets, in one line: the first failing check of
 * nodeShouldRunDaemonPod for the first DaemonSet that skips it, else the scheduler's word on a daemon
 * pod waiting for it (Insufficient cpu…). Undefined when a pod should run and none waits.
 */
export function noPodReason(node: Node, daemonSets: readonly DaemonSet[], waiting: readonly Pod[]): NoPodReason | undefined {
  if (!daemonSets.some((ds) => !ds.metadata.deletionTimestamp)) return { kind: 'noDaemonSets' }
  for (const ds of daemonSets) {
    if (ds.metadata.deletionTimestamp) continue
    const r = nodeShouldRunDaemonPod(node, ds)
    if (r.shouldRun) continue
    const c = r.checks.find((x) => !x.passed)
    if (!c) continue
    if (c.check === 'taint' && c.taint) return { kind: 'taint', taint: taintString(c.taint) }
    return { kind: c.check === 'taint' ? 'nodeAffinity' : c.check }
  }
  for (const p of waiting) {
    const msg = p.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False')?.message
    if (!msg) continue
    const m = /Insufficient ([\w./-]+)/.exec(msg)
    return m ? { kind: 'insufficient', resource: m[1] } : { kind: 'scheduler', message: msg }
  }
  return undefined
}

/**
 * The node's summary for its card, made once per node object and pod list (both immutable): when
 * every card's content is made again because the revision chain moved, the summaries are not.
 */
const summaries = new WeakMap<Node, { pods: readonly Pod[]; summary: NodeSummary }>()
function nodeSummary(node: Node, pods: readonly Pod[]): NodeSummary {
  const m = summaries.get(node)
  if (m && sameList(m.pods, pods)) return m.summary
  const summary = summarizeNode(node, pods)
  summaries.set(node, { pods, summary })
  return summary
}

/** A card's content from its node, its pods (in card order) and the pods waiting for it. */
export function cardContent(node: Node, pods: readonly Pod[], waitingPods: readonly Pod[], ctx: CardContext, selectedPod: string | undefined, level: Level): NodeCardData {
  const views = pods.map((p) => ctx.viewOf(p))
  const hasDaemonPod = pods.some((p) => factsOf(p).dsKey !== undefined && !factsOf(p).terminating)
  const reason = hasDaemonPod ? undefined : noPodReason(node, ctx.dsList, waitingPods)
  let sel: string | undefined
  if (selectedPod) for (const p of pods) if (factsOf(p).key === selectedPod) sel = selectedPod
  return {
    summary: nodeSummary(node, pods),
    pods: views,
    hasDaemonPod,
    waiting: waitingPods.length,
    level,
    ...(reason ? { reason } : {}),
    ...(sel ? { selectedPod: sel } : {}),
  }
}

/** The key of a pod as cards know it (`namespace/name`). */
export const podKey = (pod: Pod): string => factsOf(pod).key

export function createGraphBuilder() {
  let cards = new Map<string, CardMemo>()
  let dsCards = new Map<string, { deps: unknown[]; out: DaemonSetNode }>()
  let chainMemo = new Map<string, { crs: ControllerRevision[]; name: string; chain: RevisionView[] }>()
  let lane: { deps: unknown[]; out: LaneNode; edges: GraphEdge[] } | undefined
  let podViews = new WeakMap<Pod, { rev: RevisionRef | undefined; view: PodView }>()
  let lastNodes: Readonly<Record<string, Node>> | undefined
  let lastPods: Readonly<Record<string, Pod>> | undefined
  let names: string[] = []
  let placed: PodPlacement | undefined
  let lastChains: RevisionView[][] = []
  let revEpoch = 0

  let context: CardContext | undefined
  let last: Graph | undefined
  /** The previous graph when nothing in it changed (so React Flow is handed the same arrays). */
  const same = (g: Graph): Graph => {
    if (last && last.context === g.context && sameList(last.nodes, g.nodes) && sameList(last.edges, g.edges)) return last
    last = g
    return g
  }
  let liveCards = new Map<string, { x: number; y: number; level: Level; selected: boolean; out: LiveCardNode; pods?: readonly Pod[]; edgeMode: string; edges: GraphEdge[] }>()

  return function build(objects: GraphObjects | LiveGraphObjects, ui: GraphUi): Graph {
    const live = 'nodeNames' in objects
    const measured = ui.measured ?? {}
    const level: Level = ui.level ?? 'full'
    const scale = ui.scale ?? 1
    const small = level === 'compact' || level === 'tiny'
    const geo = geometry(level, scale)
    const selNode = selectionKey(ui.selection, 'Node')
    const selPod = selectionKey(ui.selection, 'Pod')
    const selDs = selectionKey(ui.selection, 'DaemonSet')
    const selCr = selectionKey(ui.selection, 'ControllerRevision')

    // DaemonSets and their revision chains; the epoch moves when any chain changes, which is what
    // invalidates the revision shown on each pod.
    const dsKeys = Object.keys(objects.DaemonSet).sort()
    const dsByUid = new Map<string, DaemonSet>()
    for (const k of dsKeys) dsByUid.set(objects.DaemonSet[k].metadata.uid, objects.DaemonSet[k])
    const crsByDs = new Map<string, ControllerRevision[]>()
    for (const cr of Object.values(objects.ControllerRevision)) {
      const owner = revisionOwnerKey(cr, dsByUid)
      if (!owner || !objects.DaemonSet[owner]) continue
      const list = crsByDs.get(owner)
      if (list) list.push(cr)
      else crsByDs.set(owner, [cr])
    }
    const nextChainMemo = new Map<string, { crs: ControllerRevision[]; name: string; chain: RevisionView[] }>()
    const chains: RevisionView[][] = []
    const revByHash = new Map<string, Map<string, RevisionView>>()
    for (const k of dsKeys) {
      const ds = objects.DaemonSet[k]
      const crs = (crsByDs.get(k) ?? []).sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))
      const old = chainMemo.get(k)
      const m =
        old && old.name === ds.metadata.name && sameList(old.crs, crs)
          ? old
          : { crs, name: ds.metadata.name, chain: withWas(old && old.name === ds.metadata.name ? old.chain : undefined, revisionChain(ds, crs)) }
      nextChainMemo.set(k, m)
      chains.push(m.chain)
      revByHash.set(k, new Map(m.chain.map((r) => [r.hash, r])))
    }
    chainMemo = nextChainMemo
    if (!sameList(lastChains, chains)) {
      revEpoch++
      lastChains = chains
      podViews = new WeakMap()
    }

    const viewOf = (pod: Pod): PodView => {
      const cached = podViews.get(pod)
      if (cached) return cached.view
      const f = factsOf(pod)
      let rev: RevisionRef | undefined
      if (f.dsKey && f.hash) {
        const r = revByHash.get(f.dsKey)?.get(f.hash)
        rev = r ? { hash: f.hash, revision: r.revision, current: r.current, color: r.color, ...(r.was !== undefined ? { was: r.was } : {}) } : { hash: f.hash, current: false, color: hashColor(f.hash) }
      }
      const view = podView(pod, rev)
      podViews.set(pod, { rev, view })
      return view
    }

    const revisionOf = (pod: Pod): RevisionRef | undefined => {
      viewOf(pod)
      return podViews.get(pod)?.rev
    }

    if (live) {
      names = objects.nodeNames as string[]
      placed = { byNode: new Map(), lane: objects.lane.pods as Pod[], nodeGone: objects.lane.nodeGone as string[], waitingFor: new Map(), waitingPods: new Map() }
    } else {
      if (objects.Node !== lastNodes) {
        names = Object.keys(objects.Node)
          .map((k) => objects.Node[k].metadata.name)
          .sort()
      }
      if (!placed || objects.Node !== lastNodes || objects.Pod !== lastPods) placed = placePods(objects.Node, objects.Pod)
      lastNodes = objects.Node
      lastPods = objects.Pod
    }
    const columns = ui.columns ?? 4
    const nodes: GraphNode[] = []
    const edges: GraphEdge[] = []

    const edgeFor = (pod: Pod, target: string, slot?: number): GraphEdge | undefined => {
      const f = factsOf(pod)
      if (!f.dsKey || !objects.DaemonSet[f.dsKey]) return undefined
      const rev = revisionOf(pod)
      const handle = ui.compact || small || slot === undefined || slot >= MAX_CARD_PODS ? 'in' : `pod-${slot}`
      return {
        id: `e:${f.key}`,
        source: dsId(f.dsKey),
        sourceHandle: 'pods',
        target,
        targetHandle: handle,
        className: `ds-edge rev-${rev?.color ?? 0}${rev && !rev.current ? ' ds-edge-old' : ''}${f.terminating ? ' ds-edge-terminating' : ''}`,
        selectable: false,
        focusable: false,
      }
    }
    const edgeMode = ui.showPodEdges ? (ui.compact || small ? 'card' : 'pod') : 'none'

    // The DaemonSet column.
    const dsDefaults = dsPositions(
      dsKeys.map((k, i) => ({ id: dsId(k), revisions: chains[i].length, height: measured[dsId(k)]?.height })),
      level,
      scale,
    )
    const nextDs = new Map<string, { deps: unknown[]; out: DaemonSetNode }>()
    dsKeys.forEach((k, i) => {
      const id = dsId(k)
      const ds = objects.DaemonSet[k]
      const pos = ui.positions[id] ?? dsDefaults[id]
      const m = measured[id]
      const selected = selDs === k
      const crName = selCr && selCr.startsWith(`${ds.metadata.namespace ?? ''}/`) ? selCr.slice(selCr.indexOf('/') + 1) : undefined
      const selectedRevision = crName && chains[i].some((r) => r.name === crName) ? crName : undefined
      const deps = [ds, chains[i], pos.x, pos.y, m?.width, m?.height, selected, selectedRevision, level, scale]
      const old = dsCards.get(id)
      const out: DaemonSetNode =
        old && sameList(old.deps, deps)
          ? old.out
          : {
              id,
              type: 'daemonSet',
              position: { x: pos.x, y: pos.y },
              data: { ds: daemonSetView(ds, chains[i]), level, ...(selectedRevision ? { selectedRevision } : {}) },
              selected: selected || selectedRevision !== undefined,
              draggable: false,
              ...(small ? { width: geo.w, height: geo.h, measured: { width: geo.w, height: geo.h } } : { width: DS_W, ...(m ? { measured: m } : {}) }),
              ariaLabel: `daemonset.apps/${ds.metadata.name} (${ds.metadata.namespace ?? ''})`,
            }
      nextDs.set(id, { deps, out })
      nodes.push(out)
    })
    dsCards = nextDs

    // The unscheduled lane (only when something is in it).
    if (placed.lane.length) {
      const views = placed.lane.map(viewOf)
      const selected = selPod && views.some((v) => v.key === selPod) ? selPod : undefined
      const pos: XY = ui.positions[LANE_ID] ?? lanePosition(level, scale, dsKeys.length > 0)
      const width = Math.min(Math.max(columns, 2), 3) * CELL_W - (CELL_W - NODE_W)
      const m = measured[LANE_ID]
      const deps = [...views, placed.nodeGone.join(','), selected, pos.x, pos.y, width, m?.width, m?.height, edgeMode, revEpoch]
      if (!lane || !sameList(lane.deps, deps)) {
        const out: LaneNode = {
          id: LANE_ID,
          type: 'lane',
          position: { x: pos.x, y: pos.y },
          data: { pods: views, nodeGone: placed.nodeGone, width, ...(selected ? { selectedPod: selected } : {}) },
          width,
          draggable: false,
          ...(m ? { measured: m } : {}),
        }
        const laneEdges = edgeMode === 'none' ? [] : (placed.lane.map((p) => edgeFor(p, LANE_ID)).filter(Boolean) as GraphEdge[])
        lane = { deps, out, edges: laneEdges }
      }
      nodes.push(lane.out)
      for (const e of lane.edges) edges.push(e)
    } else lane = undefined

    // One card per Kubernetes node, in its grid cell.
    const dsList = dsKeys.map((k) => objects.DaemonSet[k])
    // Status updates (every sync during a rollout) must not rebuild every card: only spec changes.
    const dsSpecKey = dsList.map((d) => `${d.metadata.uid}:${d.metadata.generation ?? ''}:${d.metadata.deletionTimestamp ? 'x' : ''}`).join(',')
    const ctxKey = `${revEpoch}|${dsSpecKey}`
    if (!context || context.key !== ctxKey) context = { viewOf, revisionOf, dsList, key: ctxKey }
    const cardSize = { width: geo.w, height: geo.h }
    const handles = cardHandles(level, geo.h)
    if (live) {
      const next = new Map<string, typeof liveCards extends Map<string, infer V> ? V : never>()
      for (let i = 0; i < names.length; i++) {
        const name = names[i]
        const id = nodeId(name)
        const pos = ui.positions[id] ?? { x: (i % columns) * geo.cellW, y: Math.floor(i / columns) * geo.cellH }
        const selected = selNode === name
        let memo = liveCards.get(name)
        if (!memo || memo.x !== pos.x || memo.y !== pos.y || memo.level !== level || memo.selected !== selected) {
          const out: LiveCardNode = {
            id,
            type: 'k8sNode',
            position: { x: pos.x, y: pos.y },
            data: { live: true, name, level },
            selected,
            width: cardSize.width,
            height: cardSize.height,
            measured: cardSize,
            handles,
            ariaLabel: `node/${name}`,
          }
          memo = { x: pos.x, y: pos.y, level, selected, out, edgeMode: '', edges: [] }
        }
        if (edgeMode !== 'none' && objects.podsOn) {
          const pods = objects.podsOn(name)
          if (memo.edgeMode !== edgeMode || memo.pods !== pods || memo.edges.length === 0 || memo.level !== level) {
            memo.edges = []
            cardOrder(pods).forEach((p, j) => {
              const e = edgeFor(p, id, j)
              if (e) memo!.edges.push(e)
            })
          }
          memo.pods = pods
        } else memo.edges = []
        memo.edgeMode = edgeMode
        next.set(name, memo)
        nodes.push(memo.out)
        for (const e of memo.edges) edges.push(e)
      }
      liveCards = next
      return same({ nodes, edges, context })
    }
    const nextCards = new Map<string, CardMemo>()
    for (let i = 0; i < names.length; i++) {
      const name = names[i]
      const node = (objects as GraphObjects).Node[`/${name}`]
      const id = nodeId(name)
      const pods = placed.byNode.get(name) ?? []
      const pos = ui.positions[id] ?? { x: (i % columns) * geo.cellW, y: Math.floor(i / columns) * geo.cellH }
      let selectedPod: string | undefined
      if (selPod) for (const p of pods) if (factsOf(p).key === selPod) selectedPod = selPod
      const waiting = placed.waitingFor.get(name) ?? 0
      const selected = selNode === name
      const old = cards.get(id)
      let memo: CardMemo
      if (
        old &&
        old.node === node &&
        old.revEpoch === revEpoch &&
        old.selectedPod === selectedPod &&
        old.waiting === waiting &&
        old.selected === selected &&
        old.x === pos.x &&
        old.y === pos.y &&
        old.level === level &&
        old.dsKey === dsSpecKey &&
        sameList(old.pods, pods)
      ) {
        memo = old
      } else {
        const out: NodeCardNode = {
          id,
          type: 'k8sNode',
          position: { x: pos.x, y: pos.y },
          data: cardContent(node, pods, placed.waitingPods.get(name) ?? [], context, selectedPod, level),
          selected,
          // Cards have a fixed size, so React Flow need not measure them before it can place them,
          // cull them, fit them or keep their handles (a controlled flow hands `measured` back).
          width: cardSize.width,
          height: cardSize.height,
          measured: cardSize,
          handles,
          ariaLabel: `node/${name}`,
        }
        memo = { node, pods, revEpoch, selectedPod, waiting, selected, x: pos.x, y: pos.y, level, dsKey: dsSpecKey, out, edgeMode: '', edges: [] }
      }
      if (memo.edgeMode !== edgeMode) {
        memo.edgeMode = edgeMode
        memo.edges = []
        if (edgeMode !== 'none') {
          for (let j = 0; j < pods.length; j++) {
            const p = pods[j]
            viewOf(p)
            const e = edgeFor(p, id, j)
            if (e) memo.edges.push(e)
          }
        }
      }
      nextCards.set(id, memo)
      nodes.push(memo.out)
      for (const e of memo.edges) edges.push(e)
    }
    cards = nextCards
    return same({ nodes, edges, context })
  }
}

/** One-off build (tests, and anywhere a cache is not worth keeping). */
export function buildGraph(objects: GraphObjects, ui: GraphUi): Graph {
  return createGraphBuilder()(objects, ui)
}

/** The ids of node cards, sorted by name, for `placeNodes`. */
export function nodeCardIds(nodes: Readonly<Record<string, Node>>): string[] {
  return Object.values(nodes)
    .map((n) => n.metadata.name)
    .sort()
    .map(nodeId)
}
