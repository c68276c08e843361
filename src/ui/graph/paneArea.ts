// The part of the graph pane the cards may use (what the palette, the toolbar and a side panel leave
// free), read from the DOM, and the pane's size as a ResizeObserver sees it.

import { useEffect, useState, type RefObject } from 'react'
import type { Area } from './system/layout'

/** Room kept free below the cards when fitting (the overview's hint, the zoom buttons). */
export const FIT_MARGIN = 12
export const FIT_BOTTOM_OVERVIEW = 44

/** Animation length, or none when the user prefers reduced motion. */
export function motion(ms: number): number {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : ms
}


/** The part of the pane the cards may use: what the palette, the toolbar and a side panel leave free. */
export function freeArea(el: HTMLElement | null, overview: boolean): Area | null {
  if (!el || el.clientWidth === 0 || el.clientHeight === 0) return null
  const base = el.getBoundingClientRect()
  const below = (sel: string) => {
    const x = el.querySelector<HTMLElement>(sel)
    return x ? x.getBoundingClientRect().bottom - base.top : 0
  }
  const palette = el.querySelector<HTMLElement>('.palette')
  const column = palette && palette.classList.contains('column') && !palette.classList.contains('closed')
  const inspector = el.querySelector<HTMLElement>('.inspector')
  const docked = inspector ? (inspector.classList.contains('bottom') ? 'bottom' : 'right') : null
  const top = Math.max(below('.graph-toolbar'), column ? 0 : below('.palette')) + 8
  return {
    width: el.clientWidth,
    height: el.clientHeight,
    left: column && palette ? palette.getBoundingClientRect().right - base.left + 12 : FIT_MARGIN,
    top,
    right: FIT_MARGIN + (docked === 'right' && inspector ? inspector.offsetWidth : 0),
    bottom: (overview ? FIT_BOTTOM_OVERVIEW : FIT_MARGIN) + (docked === 'bottom' && inspector ? inspector.offsetHeight : 0),
  }
}


/** The pane's size in CSS px, null before it has one. */
export function usePaneSize(rootRef: RefObject<HTMLDivElement | null>): { w: number; h: number } | null {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null)
  useEffect(() => {
    const el = rootRef.current
    if (!el) return
    const ro = new ResizeObserver(() => {
      const w = el.clientWidth
      const h = el.clientHeight
      setSize((old) => (old && old.w === w && old.h === h ? old : w && h ? { w, h } : old))
    })
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return size
}
