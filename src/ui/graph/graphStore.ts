// The graph's own UI state, apart from the app store: card positions (grid cells, drops, drags),
// measured sizes, the edge toggle, the taint being hovered and what tolerates it, the open menu and
// the open diff. Cluster objects and the selection stay in the app store.

import { create } from 'zustand';
import type { Taint } from '../../engine';
import type { Slot, Slots, XY } from './system/layout';
import type { Tolerating } from './system/highlight';

export type MenuTarget =
  | { kind: 'node'; name: string }
  | { kind: 'pod'; namespace: string; name: string }
  | { kind: 'ds'; namespace: string; name: string }
  | { kind: 'deploy'; namespace: string; name: string };

export interface MenuState {
  target: MenuTarget;
  /** screen position of the menu's top-left corner */
  x: number;
  y: number;
  /** element to give focus back to when the menu closes */
  returnFocus?: HTMLElement | null;
  /** open straight on a form (e.g. "Taint…" from the card's keyboard shortcut) */
  form?: 'taint' | 'label' | 'image';
  /** the card the menu belongs to and where it was (bottom-left corner) when the menu opened */
  card?: HTMLElement;
  cardAt?: XY;
}

export interface GraphUiState {
  /** each node card's grid cell, by React Flow id */
  slots: Slots;
  /** cards being dragged right now: where they are (flow coordinates); they snap to a cell on release */
  dragging: Readonly<Record<string, XY>>;
  columns: number | null;
  /** node count the grid's columns were chosen for */
  gridFor: number;
  measured: Readonly<Record<string, { width: number; height: number }>>;
  /** null: automatic (on for small clusters) */
  showPodEdges: boolean | null;
  /** whether pod edges are drawn right now (the preference, or the automatic choice) */
  edgesOn: boolean;
  hover: { node: string; taint: Taint } | null;
  lit: Tolerating | null;
  menu: MenuState | null;
  diffPod: { namespace: string; name: string } | null;
  /** nodes added from the palette whose cards are not there yet: name → the cell it was dropped on (null: next free cell) */
  pending: Readonly<Record<string, Slot | null>>;
}

export const useGraphUi = create<GraphUiState>()(() => ({
  slots: {},
  dragging: {},
  columns: null,
  gridFor: 0,
  measured: {},
  showPodEdges: null,
  edgesOn: false,
  hover: null,
  lit: null,
  menu: null,
  diffPod: null,
  pending: {},
}));

export const graphUi = {
  drag(id: string, p: XY) {
    useGraphUi.setState((s) => ({ dragging: { ...s.dragging, [id]: p } }));
  },
  /** Ends a drag: the card takes `slot` (the free cell nearest to where it was let go). */
  drop(id: string, slot: Slot | null) {
    useGraphUi.setState((s) => {
      const dragging = { ...s.dragging };
      delete dragging[id];
      return slot ? { dragging, slots: { ...s.slots, [id]: slot } } : { dragging };
    });
  },
  setMeasured(updates: Record<string, { width: number; height: number }>) {
    useGraphUi.setState((s) => {
      let changed = false;
      for (const [id, d] of Object.entries(updates)) {
        const old = s.measured[id];
        if (!old || old.width !== d.width || old.height !== d.height) changed = true;
      }
      return changed ? { measured: { ...s.measured, ...updates } } : s;
    });
  },
  hoverTaint(hover: GraphUiState['hover'], lit: Tolerating | null) {
    useGraphUi.setState({ hover, lit });
  },
  openMenu(menu: MenuState) {
    useGraphUi.setState({ menu });
  },
  closeMenu(restoreFocus = true) {
    const m = useGraphUi.getState().menu;
    useGraphUi.setState({ menu: null });
    if (restoreFocus && m?.returnFocus?.isConnected) m.returnFocus.focus();
  },
  reserve(name: string, at: Slot | null) {
    useGraphUi.setState((s) => ({ pending: { ...s.pending, [name]: at } }));
  },
  release(name: string) {
    useGraphUi.setState((s) => {
      if (!(name in s.pending)) return s;
      const pending = { ...s.pending };
      delete pending[name];
      return { pending };
    });
  },
};

/** Highlight state of one pod chip while a taint is hovered: '' (none), 'lit' or 'dim'. */
export function podHighlight(s: GraphUiState, key: string): '' | 'lit' | 'dim' {
  if (!s.lit) return '';
  return s.lit.pods.has(key) ? 'lit' : 'dim';
}

/** A DaemonSet card lights up when its pods would tolerate the hovered taint; it is never dimmed. */
export function dsHighlight(s: GraphUiState, key: string): '' | 'lit' {
  if (!s.lit) return '';
  return s.lit.daemonSets.has(key) ? 'lit' : '';
}
