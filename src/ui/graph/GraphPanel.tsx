// The cluster as a graph (React Flow): a card per node in a stable grid, the DaemonSets and their
// revision chains in a column on the left, unscheduled pods in a lane on top, the palette, the
// inspector ("why" for nodes), card menus and the template diff. Every action runs through the console.
// A large cluster zoomed out is drawn on one canvas (OverviewCanvas) instead of a card per node.

import {
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type WheelEvent as ReactWheelEvent,
} from 'react';
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
} from '@xyflow/react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import {
  selectDaemonSetSpecs,
  selectDeployments,
  selectNodeNames,
  selectReplicaSets,
  selectPodsVersion,
  selectRevisions,
  selectFailedPulls,
  selectRenumbered,
  selectSelection,
  selectTheme,
} from '../../state/selectors';
import { NO_PODS } from '../../state/clusterSlice';
import { useThrottledStore } from '../../state/useThrottledStore';
import { createGraphBuilder, type GraphEdge, type GraphNode } from './system/buildGraph';
import {
  CardContextReact,
  liveCells,
  nameSet,
  pruneLiveContent,
  selectLane,
  selectSelectedPodPlace,
} from './liveCard';
import {
  chooseView,
  geometry,
  layoutBounds,
  levelForZoom,
  legibleHeight,
  nearestFreeSlot,
  nodeId,
  NORMAL,
  PRESENTING,
  sameSpotAtLevel,
  type Area,
  type Level,
  type Slot,
  type WorkloadEntry,
  type XY,
} from './system/layout';
import { graphUi, useGraphUi } from './graphStore';
import { nodeTypes } from './nodeTypes';
import { clearSelection, isMenuKey, openMenu, selectNode } from './graphActions';
// the cards' menu: a chunk of its own, loaded when one opens or a second after the graph mounts
import { ActionMenuSlot } from './ActionMenuSlot';
import { Inspector } from './Inspector';
// "Diff with the template" writes YAML (the yaml package): its modal is a chunk of its own, loaded when
// it opens, not part of the graph's chunk that the first card waits for (issue 24).
const DiffModal = retryableLazy(() => import('./DiffModal').then((m) => ({ default: m.DiffModal })));
import { OverviewCanvas } from './OverviewCanvas';
import { cellAt, OVERVIEW_MIN_NODES } from './system/overview';
import { OffscreenPill } from './OffscreenPill';
import { Palette } from '../palette/Palette';
import { usePanelTools } from '../layout/PanelTools';
import { simUnavailable, useConnection } from '../../connect/status';
import { NoPalette } from '../connect/ClockBar';
import { FIT_MARGIN, freeArea, motion, notFullyVisible, usePaneSize, type PaneSize } from './paneArea';
import { titleShift, titlesInView } from './keepTitlesClear';
import { idOfSelection, selectionFromId } from './selectionIds';
import { nodeColorWith } from './minimapColor';
import { OverviewTip, type TipState } from './OverviewTip';
import { useGridSlots } from './useGridSlots';
import { useReveal } from './useReveal';
import { useAddNode } from './useAddNode';
import { EFFECT_ICON } from './system/model';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';

/** Pod edges are on by default for clusters up to this many nodes. */
const AUTO_EDGES_MAX_NODES = 60;
const MINIMAP_STYLE = { width: 150, height: 100 };
/** How often DaemonSet and revision changes may rebuild the graph (ms). */
const DS_UPDATE_MS = 200;
/** Below this canvas width the minimap is left out. */
const NARROW_WIDTH = 900;
/** Quiet time after the last wheel notch or zoom-button press before the titles are cleared (ms). */
const ZOOM_SETTLE_MS = 320;
/** A small pane (course embed, phone): the palette becomes a button, the toolbar folds its legend. */
const SMALL_W = 620;
const SMALL_H = 380;
/** The band the toolbar and the palette button take at the top of the pane (flow fitting keeps it free). */
const TOOLBAR_BAND = 40;
/** A level switch this soon after a wheel event keeps the spot under the pointer (ms). */
const WHEEL_ANCHOR_MS = 400;

/** The DaemonSet and Deployment cards, in their column's order, as the layout sizes them. */
function workloadEntries(
  nodes: readonly GraphNode[],
  measured: Readonly<Record<string, { width: number; height: number }>>,
): WorkloadEntry[] {
  const out: WorkloadEntry[] = [];
  for (const n of nodes) {
    if (n.type === 'daemonSet')
      out.push({
        id: n.id,
        revisions: n.data.ds.revisions.length,
        height: measured[n.id]?.height,
        extra: n.data.extra,
        span: n.data.span,
      });
    else if (n.type === 'deployment')
      out.push({
        id: n.id,
        revisions: n.data.deployment.replicaSets.length,
        height: measured[n.id]?.height,
        extra: n.data.extra,
        span: n.data.span,
      });
  }
  return out;
}

function GraphCanvas({ initialSize }: { initialSize: PaneSize | null }) {
  const { t } = useTranslation('graph');
  const flow = useReactFlow();
  // No whole Pod or Node map here: cards read their own node and pods (see liveCard.ts), so a batch
  // of pod changes does not re-render this component.
  // The cluster's first nodes (the engine's first snapshot) come in a render of their own, in React's
  // slices (useDeferredValue), not in the store update that brings them, which renders its subscribers
  // in one task (issue 24: the longest while a phone loads). Only nodes arriving on an empty graph:
  // a card never outlives its node.
  const liveNames = useStore(selectNodeNames);
  const deferredNames = useDeferredValue(liveNames);
  const nodeNames = liveNames.length > 0 && deferredNames.length === 0 ? deferredNames : liveNames;
  const names = nameSet(nodeNames);
  const lanePods = useStore(selectLane);
  const selectedPodPlace = useStore(selectSelectedPodPlace);
  // A DaemonSet's status changes with every sync of a rollout: its card follows its own counters (see
  // DaemonSetCard); the graph follows only the DaemonSets' specs (a few times a second at most).
  const daemonSets = useThrottledStore(selectDaemonSetSpecs, DS_UPDATE_MS);
  const revisions = useThrottledStore(selectRevisions, DS_UPDATE_MS);
  const renumbered = useThrottledStore(selectRenumbered, DS_UPDATE_MS);
  const pullFailed = useThrottledStore(selectFailedPulls, DS_UPDATE_MS);
  // Deployments and their ReplicaSets: their cards show the ReplicaSets' counts, so they follow every change (throttled).
  const deployments = useThrottledStore(selectDeployments, DS_UPDATE_MS);
  const replicaSets = useThrottledStore(selectReplicaSets, DS_UPDATE_MS);
  const selection = useStore(selectSelection);
  const theme = useStore(selectTheme);
  const present = useStore((s) => s.present);
  // "No nodes" only once the engine has said so and the store holds none: before its first answer (a
  // share link's replay of a 1,000-node cluster takes seconds on a phone) the cluster is not known to
  // be empty, and nodes on their way to the graph (deferred, above) are not none.
  const engineReady = useStore((s) => s.engineStatus === 'ready');
  // A connected cluster that is not the playground's server has no simulation to add nodes to.
  const simOff = useConnection(simUnavailable);
  const readability = present ? PRESENTING : NORMAL;
  const scale = readability.scale;
  const dragging = useGraphUi((s) => s.dragging);
  const diffOpen = useGraphUi((s) => s.diffPod !== null);
  const measured = useGraphUi((s) => s.measured);
  const edgesPref = useGraphUi((s) => s.showPodEdges);
  const inspectorOpen =
    selection?.kind === 'Node' ||
    selection?.kind === 'Pod' ||
    selection?.kind === 'DaemonSet' ||
    selection?.kind === 'Deployment';
  const [build] = useState(createGraphBuilder);
  const rootRef = useRef<HTMLDivElement>(null);
  const size = usePaneSize(rootRef, initialSize);
  const narrow = (size?.w ?? 1200) < NARROW_WIDTH;
  const small = !!size && (size.w < SMALL_W || size.h < SMALL_H);
  // The course embed gives the graph's controls a place in the panel's title row (AppShell's slot):
  // the cards then have the whole pane instead of starting below a band of buttons.
  const headSlot = usePanelTools('graph');

  // Grid cells: a new node gets the cell it was dropped on, or the first free one; nobody moves.
  const ids = useMemo(() => nodeNames.map(nodeId), [nodeNames]);
  useEffect(() => pruneLiveContent(nameSet(nodeNames)), [nodeNames]);
  const dsCount = Object.keys(daemonSets).length + Object.keys(deployments).length;
  const layout = useGridSlots(ids, names, size, dsCount, readability, headSlot ? FIT_MARGIN : TOOLBAR_BAND);

  // Semantic zoom: the level of detail follows the zoom (React Flow's store), so cards stay readable.
  const levelOf = useCallback(
    (s: { transform: [number, number, number] }) =>
      levelForZoom(s.transform[2], readability, ids.length, OVERVIEW_MIN_NODES),
    [readability, ids.length],
  );
  const level: Level = useFlowStore(levelOf);
  const overview = level === 'overview';
  const positions = useMemo(() => {
    const out: Record<string, XY> = {};
    // one cell size for all (slotPosition's, asked once: 1,000 cards on a share link's first render)
    const g = geometry(level === 'overview' ? 'full' : level, scale);
    for (const id of ids) {
      const s = layout.slots[id];
      if (s) out[id] = dragging[id] ?? { x: s.col * g.cellW, y: s.row * g.cellH };
    }
    return out;
  }, [ids, layout.slots, dragging, level, scale]);

  // Set once the first view is (see the layout effect below): until then React Flow is given no cards.
  const [viewportReady, setViewportReady] = useState(false);
  const showPodEdges = edgesPref ?? ids.length <= AUTO_EDGES_MAX_NODES;
  // Pod edges need every card's pods: only then does the graph follow pod changes.
  const podsVersion = useStore(showPodEdges && level !== 'tiny' ? selectPodsVersion : selectNothing);
  const graph = useMemo(
    () =>
      build(
        {
          nodeNames,
          DaemonSet: daemonSets,
          ControllerRevision: revisions,
          renumbered,
          pullFailed,
          Deployment: deployments,
          ReplicaSet: replicaSets,
          lane: lanePods,
          podsOn: (name) => useStore.getState().podsByNode.get(name) ?? NO_PODS,
        },
        // Tiny cards are one line each: lines to them would only cross each other.
        {
          positions,
          columns: layout.columns ?? 4,
          measured,
          showPodEdges: showPodEdges && level !== 'tiny',
          compact: level !== 'full',
          selection,
          level,
          scale,
          // The node cards only where React Flow draws them: not in the overview (its canvas draws the
          // nodes), nor before the first view is set (a share link's 1,000 nodes arrive at the full
          // level, before the view zooms out to the overview: 1,000 card objects made for nothing).
          nodeCards: viewportReady && !overview,
        },
      ),
    // podsVersion: the edges follow the pods (only subscribed to when edges are drawn)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      build,
      nodeNames,
      lanePods,
      podsVersion,
      daemonSets,
      revisions,
      renumbered,
      pullFailed,
      deployments,
      replicaSets,
      positions,
      layout.columns,
      measured,
      showPodEdges,
      level,
      scale,
      selection,
      viewportReady,
      overview,
    ],
  );
  const context = graph.context;
  const nodeColor = useMemo(() => nodeColorWith(context), [context]);
  // The overview's squares as they are now (for hit tests; the canvas draws them itself).
  const cellsNow = useCallback(
    () => (overview ? liveCells(useStore.getState(), nodeNames, positions, context, level) : []),
    [overview, nodeNames, positions, context, level],
  );

  // The view that shows every card: the most detailed level whose text stays readable.
  const slotsRef = useRef(layout.slots);
  slotsRef.current = layout.slots;
  const graphRef = useRef(graph);
  graphRef.current = graph;
  const measuredRef = useRef(measured);
  measuredRef.current = measured;
  /** The box around everything drawn at a level (null: nothing to draw). */
  const boundsAt = useCallback(
    (l: Level) => {
      const g = graphRef.current;
      // (the node cards are not in the graph before the first view, nor in the overview: their cells are)
      if (!g.nodes.length && !ids.length) return null;
      const cellList = ids.map((id) => slotsRef.current[id]).filter(Boolean);
      const ds = workloadEntries(g.nodes, measured);
      const lane = g.nodes.find((n) => n.type === 'lane');
      return layoutBounds(cellList, ds, lane ? { width: lane.width ?? 600 } : null, l, scale);
    },
    [ids, measured, scale],
  );
  const computeView = useCallback(() => {
    if (!graphRef.current.nodes.length && !ids.length) return null;
    const area = freeArea(rootRef.current, ids.length > OVERVIEW_MIN_NODES);
    if (!area) return null;
    return chooseView(boundsAt, area, readability, ids.length, OVERVIEW_MIN_NODES);
  }, [ids, boundsAt, readability]);
  // How short the pane may get with every card's words still readable: the graph/console separator's
  // limit (src/state/split.ts). The overview (a large cluster) reads at any size: no limit of its own.
  // Published as the height of the whole panel (the pane and the panel's title row above it).
  // Read at the next frame, where the page is laid out for its paint anyway: read in the effect, the
  // pane's boxes forced a layout of the whole page inside the commit's task (issue 24: with the cards'
  // first commit, a task of 150–450 ms at 4× CPU), and again in the task of each snapshot that changed it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const root = rootRef.current;
      const b = ids.length > OVERVIEW_MIN_NODES ? null : boundsAt('tiny');
      const area = b ? freeArea(root, false) : null;
      const panel = root?.closest<HTMLElement>('.panel');
      const chrome = root && panel ? panel.getBoundingClientRect().height - root.clientHeight : 0;
      useStore
        .getState()
        .setGraphLegibleHeight(b && area ? Math.ceil(legibleHeight(b, area, readability) + chrome) : null);
    });
    return () => cancelAnimationFrame(frame);
  }, [ids, boundsAt, readability, size, graph]);
  const fitting = useRef(0);
  const fit = useCallback(
    (duration = motion(300)) => {
      const v = computeView();
      if (!v) return;
      fitting.current = performance.now() + duration + 80;
      void flow.setViewport({ x: v.x, y: v.y, zoom: v.zoom }, { duration });
    },
    [computeView, flow],
  );

  // Before the first cards are drawn, set the viewport to fit them (their sizes are known), so a
  // large cluster is never drawn once at full size before zooming out.
  const drawsSomething = graph.nodes.length > 0 || ids.length > 0;
  useLayoutEffect(() => {
    if (viewportReady || !drawsSomething || !size || layout.columns === null) return;
    const v = computeView();
    if (!v) return;
    fitting.current = performance.now() + 80;
    void flow.setViewport({ x: v.x, y: v.y, zoom: v.zoom });
    // The cards themselves in a transition (issue 24): rendered in slices between which the browser
    // runs, and their commit and effects in tasks of their own, instead of one task with this commit
    // (the first snapshot's render, the cards' render, commit and effects: 310 ms at 4× CPU on `/`).
    // The viewport is set already, so they still appear at their place in their first frame.
    startTransition(() => setViewportReady(true));
  }, [viewportReady, drawsSomething, computeView, flow, size, layout.columns]);

  // The view follows: after a node is added or removed, a DaemonSet arrives, the pane is resized or
  // presentation mode is switched, every card is brought on screen, unless the user has panned or
  // zoomed since; then the pill offers it.
  const [moved, setMoved] = useState(false);
  // The free area, read from the DOM when it is asked for and kept until the panel renders again (what
  // can cover the pane changes only then). Not read after every render: with the clock running that
  // was a forced layout per batch, the graph's biggest cost while the page loads on a phone (issue 24).
  const areaRef = useRef<Area | null>(null);
  useLayoutEffect(() => {
    areaRef.current = null;
  });
  const offscreen = useCallback(
    (transform: [number, number, number]) => {
      const area = (areaRef.current ??= freeArea(rootRef.current, false));
      if (!area) return 0;
      const [tx, ty, k] = transform;
      const g = geometry(level === 'overview' ? 'full' : level, scale);
      let off = 0;
      for (const id of ids) {
        const p = positions[id];
        if (!p) continue;
        const x = p.x * k + tx;
        const y = p.y * k + ty;
        if (
          x < 0 ||
          y < 0 ||
          x + g.w * k > area.width - area.right + FIT_MARGIN ||
          y + g.h * k > area.height - area.bottom + FIT_MARGIN
        )
          off++;
      }
      return off;
    },
    [ids, positions, level, scale],
  );
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const follow = `${ids.join(',')}|${dsCount > 0}|${size?.w}x${size?.h}|${present}|${inspectorOpen}`;
  useEffect(() => {
    if (!viewportReady || moved) return;
    const h = requestAnimationFrame(() => {
      if (
        offscreen(
          flow.getViewport()
            ? [flow.getViewport().x, flow.getViewport().y, flow.getViewport().zoom]
            : [0, 0, 1],
        ) > 0 ||
        !inspectorOpen
      )
        fitRef.current();
      else {
        // a side panel opened over a view that still shows every card: the toolbar, now beside the
        // panel, may sit on a card's title; the smallest pan takes the titles out from under it
        const s = titleShift(rootRef.current);
        if (s) {
          const v = flow.getViewport();
          void flow.setViewport({ x: v.x + s.dx, y: v.y + s.dy, zoom: v.zoom }, { duration: motion(150) });
        }
      }
    });
    return () => cancelAnimationFrame(h);
    // follow: only when what is shown changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [follow, viewportReady, moved]);
  // "N nodes off-screen": the cards not fully visible in the pane as drawn (the side panel covers its
  // part), counted from the page after the view moved; the overview draws no cards, so it counts cells.
  const transform = useFlowStore(
    useCallback(
      (s: { transform: [number, number, number] }) => (moved ? s.transform : NO_TRANSFORM),
      [moved],
    ),
  );
  const [offCount, setOffCount] = useState(0);
  useEffect(() => {
    if (!moved) {
      setOffCount(0);
      return;
    }
    const h = requestAnimationFrame(() =>
      setOffCount(overview ? offscreen(transform) : notFullyVisible(rootRef.current, ids)),
    );
    return () => cancelAnimationFrame(h);
  }, [moved, transform, overview, offscreen, ids]);

  // Switching level while the user zooms keeps the spot under the pointer (a wheel notch) or under
  // the middle of the pane (the keyboard, pinch) in place, the DaemonSet card included.
  const lastWheel = useRef<{ x: number; y: number; at: number } | null>(null);
  // After a zoom settles (wheel notches, the zoom buttons), a small pan takes the card titles out from
  // under the legend, Add node, the zoom buttons or the minimap (keepTitlesClear.ts). The buttons zoom
  // about the middle of the pane (and a wheel over the DaemonSet card zooms into it): a DaemonSet
  // title in view before stays in view.
  const zoomKeep = useRef<Set<string> | null>(null);
  const zoomTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const afterZoom = useCallback(
    (by: 'wheel' | 'buttons') => {
      zoomKeep.current ??= by === 'buttons' ? titlesInView(rootRef.current) : new Set();
      const keep = zoomKeep.current;
      clearTimeout(zoomTimer.current);
      // Checked again twice after the first: a zoom that switches the level redraws and measures the
      // cards afterwards (the full cards' heights, deferred renders), which can move a title back
      // under a control after the first check found none.
      const check = (left: number) => {
        zoomTimer.current = setTimeout(
          () =>
            requestAnimationFrame(() => {
              if (zoomKeep.current === keep && left === 0) zoomKeep.current = null;
              const s = titleShift(rootRef.current, keep);
              if (s) {
                const v = flow.getViewport();
                void flow.setViewport(
                  { x: v.x + s.dx, y: v.y + s.dy, zoom: v.zoom },
                  { duration: motion(150) },
                );
              }
              if (left > 0) check(left - 1);
            }),
          ZOOM_SETTLE_MS,
        );
      };
      check(2);
    },
    [flow],
  );
  useEffect(() => () => clearTimeout(zoomTimer.current), []);
  const onWheelCapture = useCallback(
    (e: ReactWheelEvent<HTMLDivElement>) => {
      const r = rootRef.current?.getBoundingClientRect();
      if (r) lastWheel.current = { x: e.clientX - r.left, y: e.clientY - r.top, at: performance.now() };
      // A wheel over the DaemonSet card zooms into it: its title stays in view, as with the buttons.
      afterZoom((e.target as Element | null)?.closest?.('.react-flow__node-daemonSet') ? 'buttons' : 'wheel');
    },
    [afterZoom],
  );
  const lastLevel = useRef(level);
  useLayoutEffect(() => {
    const prev = lastLevel.current;
    lastLevel.current = level;
    if (prev === level || performance.now() < fitting.current || !rootRef.current) return;
    const { x, y, zoom } = flow.getViewport();
    const w = lastWheel.current;
    const wheel = w && performance.now() - w.at < WHEEL_ANCHOR_MS ? w : null;
    const cx = wheel ? wheel.x : rootRef.current.clientWidth / 2;
    const cy = wheel ? wheel.y : rootRef.current.clientHeight / 2;
    const ds = workloadEntries(graphRef.current.nodes, measuredRef.current);
    const f = sameSpotAtLevel({ x: (cx - x) / zoom, y: (cy - y) / zoom }, prev, level, scale, ds);
    void flow.setViewport({ x: cx - f.x * zoom, y: cy - f.y * zoom, zoom });
  }, [level, flow, scale]);

  const onNodesChange = useCallback(
    (changes: NodeChange<GraphNode>[]) => {
      const dims: Record<string, { width: number; height: number }> = {};
      let selectId: string | null = null;
      let deselectId: string | null = null;
      for (const c of changes) {
        if (c.type === 'position' && c.id.startsWith('node:')) {
          if (c.dragging && c.position) graphUi.drag(c.id, c.position);
          else if (c.dragging === false) {
            // Let go: the card takes the free cell nearest to where it is, so cards never overlap.
            const p = useGraphUi.getState().dragging[c.id] ?? c.position;
            const others: Record<string, Slot> = {};
            for (const id of ids) if (slotsRef.current[id] && id !== c.id) others[id] = slotsRef.current[id];
            const slot = p ? nearestFreeSlot(p, level === 'overview' ? 'full' : level, scale, others) : null;
            const was = slotsRef.current[c.id];
            graphUi.drop(c.id, slot);
            // a card the user moved keeps its cell, in share links and reloads too
            if (slot && (!was || was.col !== slot.col || was.row !== slot.row))
              useStore.getState().placeNode(c.id.slice('node:'.length), slot);
          }
        } else if (c.type === 'dimensions' && c.dimensions && !c.id.startsWith('node:'))
          dims[c.id] = c.dimensions;
        else if (c.type === 'select') {
          if (c.selected) selectId = c.id;
          else deselectId = c.id;
        }
      }
      if (Object.keys(dims).length) graphUi.setMeasured(dims);
      if (selectId) {
        const sel = selectionFromId(selectId);
        if (sel) useStore.getState().select(sel);
      } else if (deselectId) {
        const cur = useStore.getState().selection;
        const curId =
          cur && (cur.kind === 'Node' || cur.kind === 'DaemonSet' || cur.kind === 'Deployment')
            ? idOfSelection(cur, undefined)
            : null;
        if (curId === deselectId) clearSelection();
      }
    },
    [ids, level, scale],
  );

  const onNodeContextMenu: NodeMouseHandler<GraphNode> = useCallback((e, node) => {
    e.preventDefault();
    const sel = selectionFromId(node.id);
    if (sel?.kind === 'Node')
      openMenu(
        { kind: 'node', name: sel.name },
        { x: e.clientX, y: e.clientY },
        e.currentTarget as HTMLElement,
      );
    else if (sel?.kind === 'DaemonSet' || sel?.kind === 'Deployment')
      openMenu(
        { kind: sel.kind === 'DaemonSet' ? 'ds' : 'deploy', namespace: sel.namespace ?? '', name: sel.name },
        { x: e.clientX, y: e.clientY },
        e.currentTarget as HTMLElement,
      );
  }, []);

  // Enter / the context-menu key on a focused card opens its menu (React Flow also selects it).
  const onKeyDown = useCallback((e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    if (!el.classList.contains('react-flow__node')) return;
    if (!isMenuKey(e)) return;
    const sel = selectionFromId(el.dataset.id ?? '');
    if (!sel) return;
    e.preventDefault();
    if (sel.kind === 'Node') openMenu({ kind: 'node', name: sel.name }, el, el);
    else if (sel.kind === 'DaemonSet')
      openMenu({ kind: 'ds', namespace: sel.namespace ?? '', name: sel.name }, el, el);
    else if (sel.kind === 'Deployment')
      openMenu({ kind: 'deploy', namespace: sel.namespace ?? '', name: sel.name }, el, el);
  }, []);

  // In the overview a click on a square selects that node and zooms in on it; hovering names it.
  // The overview's tooltip follows the pointer: it lives in its own component, so a mouse move
  // re-renders the tooltip, not the whole graph (see OverviewTip).
  const tip = useRef<(h: TipState | null) => void>(() => {});
  const setHover = useCallback((h: TipState | null) => tip.current(h), []);
  const lastTip = useRef<{ id: string; x: number; y: number } | null>(null);
  const onPaneClick = useCallback(
    (e: ReactMouseEvent) => {
      graphUi.closeMenu(false);
      const hit = overview
        ? cellAt(cellsNow(), flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }))
        : undefined;
      if (!hit) {
        clearSelection();
        return;
      }
      selectNode(hit.name);
      const el = rootRef.current!;
      setMoved(true);
      void flow.setViewport(
        {
          x: el.clientWidth / 2 - (hit.x + 132) * 0.8,
          y: el.clientHeight / 2 - (hit.y + 150) * 0.8,
          zoom: 0.8,
        },
        { duration: motion(300) },
      );
    },
    [overview, cellsNow, flow],
  );
  const onPaneMouseMove = useCallback(
    (e: ReactMouseEvent) => {
      if (!overview) return;
      const hit = cellAt(cellsNow(), flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
      if (!hit) {
        if (lastTip.current) setHover(null);
        lastTip.current = null;
        return;
      }
      if (
        lastTip.current &&
        lastTip.current.id === hit.id &&
        lastTip.current.x === e.clientX &&
        lastTip.current.y === e.clientY
      )
        return;
      lastTip.current = { id: hit.id, x: e.clientX, y: e.clientY };
      const r = rootRef.current!.getBoundingClientRect();
      setHover({ x: e.clientX - r.left + 12, y: e.clientY - r.top + 12, label: hit.label });
    },
    [overview, cellsNow, flow, setHover],
  );
  useEffect(() => {
    if (!overview) {
      lastTip.current = null;
      setHover(null);
    }
  }, [overview, setHover]);

  // A node card's size is its level's (a card just added has not been measured yet).
  const cardSize = useCallback(
    (n: GraphNode) => {
      if (n.type !== 'k8sNode') return null;
      const g = geometry(level === 'overview' ? 'full' : level, scale);
      return { width: g.w, height: g.h };
    },
    [level, scale],
  );
  // Where the graph has no node cards (the overview; before the first view), a node's cell at full size,
  // as its card had in the overview.
  const cellOf = useCallback(
    (id: string) => {
      const p = viewportReady && !overview ? undefined : positions[id];
      if (!p) return undefined;
      const g = geometry(level === 'overview' ? 'full' : level, scale);
      return { position: p, width: g.w, height: g.h };
    },
    [viewportReady, overview, positions, level, scale],
  );
  const toReveal = useReveal(
    flow,
    rootRef,
    graph.nodes,
    idOfSelection(selection, selectedPodPlace),
    cardSize,
    cellOf,
  );
  const toShow = useRef<string | null>(null);
  const { add, overCanvas, suggestName } = useAddNode(
    flow,
    ids,
    level,
    scale,
    slotsRef,
    toReveal,
    toShow,
    moved,
  );

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
  );
  const [legendOpen, setLegendOpen] = useState(false);
  const showAll = useCallback(() => {
    setMoved(false);
    fit();
  }, [fit]);
  // A card dropped after the user panned or zoomed (useAddNode): once it is drawn, if it is not wholly
  // in view, every card is shown (the view follows the cards again), as Fit view would; a card that
  // landed in view leaves the user's view as it is.
  useEffect(() => {
    const id = toShow.current;
    if (!id || !positions[id]) return;
    const h = requestAnimationFrame(() => {
      toShow.current = null;
      const area = freeArea(rootRef.current, false);
      const p = positions[id];
      if (!area || !p) return;
      const { x, y, zoom } = flow.getViewport();
      const g = geometry(level === 'overview' ? 'full' : level, scale);
      const left = p.x * zoom + x;
      const top = p.y * zoom + y;
      const inView =
        left >= area.left &&
        top >= area.top &&
        left + g.w * zoom <= area.width - area.right &&
        top + g.h * zoom <= area.height - area.bottom;
      if (!inView) showAll();
    });
    return () => cancelAnimationFrame(h);
  }, [positions, flow, level, scale, showAll]);

  const compactBar = small || !!headSlot;
  const toolbarItems = (
    <>
      <button type="button" onClick={showAll} data-testid="graph.fit">
        {t('toolbar.fit')}
      </button>
      {offCount > 0 ? <OffscreenPill count={offCount} onShow={showAll} /> : null}
      {compactBar ? (
        <button
          type="button"
          aria-expanded={legendOpen}
          onClick={() => setLegendOpen(!legendOpen)}
          data-testid="graph.more"
        >
          {t('toolbar.more')}
        </button>
      ) : null}
      {!compactBar || legendOpen ? (
        <span className="graph-toolbar-more">
          <label className="graph-toggle">
            <input
              type="checkbox"
              checked={showPodEdges}
              onChange={(e) => useGraphUi.setState({ showPodEdges: e.target.checked })}
              data-testid="graph.edges-toggle"
            />
            {t('toolbar.edges')}
          </label>
          <span className="graph-legend" aria-label={t('toolbar.legend')}>
            <span>{EFFECT_ICON.NoSchedule} NoSchedule</span>
            <span>{EFFECT_ICON.PreferNoSchedule} PreferNoSchedule</span>
            <span>{EFFECT_ICON.NoExecute} NoExecute</span>
          </span>
        </span>
      ) : null}
    </>
  );
  const palette = simOff ? (
    <NoPalette />
  ) : (
    <Palette
      add={add}
      overCanvas={overCanvas}
      suggestName={suggestName}
      compact={small || narrow || !!headSlot}
    />
  );

  return (
    <div
      ref={rootRef}
      className={`graph-root${inspectorOpen ? ` has-inspector inspector-${size && size.w < SMALL_W ? 'bottom' : 'right'}` : ''}${level !== 'full' ? ' is-compact' : ''}${overview ? ' is-overview' : ''}${small ? ' is-small' : ''}`}
      data-testid="graph"
      data-mode={overview ? 'overview' : level === 'full' ? 'cards' : level}
      data-nodes={ids.length}
      onKeyDown={onKeyDown}
      onWheelCapture={onWheelCapture}
    >
      <CardContextReact.Provider value={context}>
        <ReactFlow<GraphNode, GraphEdge>
          nodes={viewportReady ? graph.nodes : NO_NODES}
          edges={viewportReady ? graph.edges : NO_EDGES}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onNodeContextMenu={onNodeContextMenu}
          onPaneClick={onPaneClick}
          onPaneMouseMove={onPaneMouseMove}
          onPaneMouseLeave={() => {
            lastTip.current = null;
            setHover(null);
          }}
          onMoveStart={(e) => {
            // A pan or zoom by the user closes the menu; the view following the cards (the side
            // panel opening on a keyboard Enter, a node added) does not: the menu follows its card.
            if (!e) return;
            graphUi.closeMenu(false);
            setMoved(true);
          }}

          onlyRenderVisibleElements
          // A drag moves a card to another cell; it does not select it (the Why panel opens on a click).
          selectNodesOnDrag={false}
          nodesConnectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
          minZoom={0.02}
          maxZoom={2}
          colorMode={theme}
          ariaLabelConfig={ariaLabelConfig}
          // React Flow asks to keep its attribution unless one subscribes to Pro: it stays, small, in
          // a corner the graph's own controls leave free.
          attributionPosition={small ? 'bottom-left' : 'bottom-center'}
        >
          <Background gap={24} size={1} />
          {overview ? (
            <OverviewCanvas
              names={nodeNames}
              positions={positions}
              context={context}
              level={level}
              theme={theme}
            />
          ) : null}
          {small ? null : (
            <Controls
              showInteractive={false}
              showFitView={false}
              position="bottom-left"
              onZoomIn={() => afterZoom('buttons')}
              onZoomOut={() => afterZoom('buttons')}
            />
          )}
          {/* A map of what is off-screen, shown when something is: over a view that shows every card it
              only covered a card's corner (node-1's, in presentation mode with the console). */}
          {overview || narrow || offCount === 0 ? null : (
            <MiniMap<GraphNode>
              nodeColor={nodeColor}
              pannable
              zoomable
              position="bottom-right"
              ariaLabel={t('a11y.minimap')}
              style={MINIMAP_STYLE}
            />
          )}
          {headSlot ? null : (
            <Panel position="top-right" className={`graph-toolbar${small ? ' small' : ''}`}>
              {toolbarItems}
            </Panel>
          )}
          {overview ? (
            <Panel
              position="bottom-center"
              className="graph-hint"
              data-testid="graph.overview-hint"
              role="status"
            >
              {t('overview.hint', { count: ids.length })}
            </Panel>
          ) : null}
          {liveNames.length === 0 && engineReady ? (
            <Panel position="top-center" className="graph-empty">
              {t('empty')}
            </Panel>
          ) : null}
        </ReactFlow>
      </CardContextReact.Provider>
      <OverviewTip register={tip} />
      {headSlot
        ? createPortal(
            <div className="graph-head-tools">
              {palette}
              <div className="graph-toolbar small in-head">{toolbarItems}</div>
            </div>,
            headSlot,
          )
        : palette}
      <Inspector docked={size && size.w < SMALL_W ? 'bottom' : 'right'} />
      <ActionMenuSlot />
      {diffOpen && (
        <ChunkBoundary what="panel" retry={DiffModal.retry}>
          <Suspense fallback={null}>
            <DiffModal />
          </Suspense>
        </ChunkBoundary>
      )}
    </div>
  );
}
const NO_NODES: GraphNode[] = [];
const NO_TRANSFORM: [number, number, number] = [0, 0, 1];
const selectNothing = () => 0;
const NO_EDGES: GraphEdge[] = [];

/** initialSize: the pane's size as its slot had it before it mounted (GraphSlot), if known. */
export default function GraphPanel({ initialSize = null }: { initialSize?: PaneSize | null }) {
  return (
    <ReactFlowProvider>
      <GraphCanvas initialSize={initialSize} />
    </ReactFlowProvider>
  );
}
