// The panels' tool slots beside their titles (the console's Wrap, Copy all, Clear; the embed graph's
// Add node, Fit view, Legend). The shell makes each slot's element before its first render and hands it
// down, so a panel portals its tools there in the commit that mounts it. When the panel looked the
// slot up in a layout effect instead (`getElementById` after the commit), the state it set rendered the
// panel a second time inside that same task: the console's in the page's first commit, the graph's in
// its mount (the two longest tasks while a phone loads, issue 24).

import { createContext, useContext, useLayoutEffect, useRef, type RefObject } from 'react';
import type { PanelId } from './panels';

/** The slot of a panel that has one; null elsewhere (and outside a shell: the tools stay inline). */
export const PanelToolsContext = createContext<(id: PanelId) => HTMLElement | null>(() => null);

export function usePanelTools(id: PanelId): HTMLElement | null {
  return useContext(PanelToolsContext)(id);
}

/** One element per panel, made once: `<div class="panel-tools" id="panel-tools-ID">`. */
export function panelToolsSlots(): (id: PanelId) => HTMLElement {
  const made = new Map<PanelId, HTMLElement>();
  return (id) => {
    let el = made.get(id);
    if (!el) {
      el = document.createElement('div');
      el.className = 'panel-tools';
      el.id = `panel-tools-${id}`;
      made.set(id, el);
    }
    return el;
  };
}

/** Puts `slot` at the end of the returned ref's element (the panel's title row) while mounted. */
export function useMountedSlot(slot: HTMLElement | null): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (!slot || !el) return;
    el.appendChild(slot);
    return () => slot.remove();
  }, [slot]);
  return host;
}
