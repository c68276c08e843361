// A long table drawn as a window: only the rows in view (and the focused one) are in the DOM, the
// others are two spacers of their height, so a log of thousands of events costs a screenful of rows
// in layout and style however long it is. Heights are measured by a ResizeObserver (no layout read
// in the middle of a frame); the keyboard moves a roving focus (↑ ↓ PgUp PgDn Home End) that scrolls
// the row into view, and screen readers get the table's real row count (aria-rowcount/rowindex).

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefCallback,
} from 'react';
import { keyTarget, rowOffsets, slices, visibleRange, type Slice } from './virtualRows';

/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 8;

export interface RowProps {
  rowRef: RefCallback<HTMLElement>;
  tabIndex: number;
  rowIndex: number;
  index: number;
}

export interface VirtualRows {
  /** the scrolling element (the table's wrap) */
  wrapRef: RefCallback<HTMLElement>;
  /** the table head (its height is where the rows start) */
  headRef: RefCallback<HTMLElement>;
  /** what the body holds, in order */
  body: Slice[];
  /** what row `i` needs: its ref (measured), its tab stop (0 for the one row Tab stops at, whose controls are tab stops too; -1 for the others), its row number (1 is the head), its index */
  rowProps: (i: number) => RowProps;
  /** the body's handlers: focus tracking and the keys that move the focus */
  bodyProps: {
    onFocus: (e: FocusEvent<HTMLElement>) => void;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  };
}

export function useVirtualRows<K>(keys: readonly K[], estimate: number): VirtualRows {
  const heights = useRef(new Map<K, number>());
  const [measured, setMeasured] = useState(0);
  const [view, setView] = useState({ top: 0, height: 600 });
  const head = useRef(0);
  const wrap = useRef<HTMLElement | null>(null);
  const els = useRef(new Map<K, HTMLElement>());
  const keyOf = useRef(new WeakMap<Element, K>());
  const refs = useRef(new Map<K, RefCallback<HTMLElement>>());
  const [active, setActive] = useState<K | undefined>(undefined);
  const [focused, setFocused] = useState<K | undefined>(undefined);
  const pendingFocus = useRef<K | undefined>(undefined);
  /** the measured rows' heights, summed: rows not drawn yet are taken to be of their mean height */
  const mean = useRef({ sum: 0, n: 0 });
  const stickToEnd = useRef(false);
  /** scrolled to the end of the list (as of the last scroll) */
  const atEnd = useRef(false);

  const ro = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const e of entries) {
              const h = e.borderBoxSize?.[0]?.blockSize ?? e.contentRect.height;
              if (e.target === wrap.current) {
                setView((v) =>
                  v.height === e.contentRect.height ? v : { ...v, height: e.contentRect.height },
                );
                continue;
              }
              if (!keyOf.current.has(e.target)) {
                // the table head
                if (Math.abs(head.current - h) > 0.5) {
                  head.current = h;
                  changed = true;
                }
                continue;
              }
              const k = keyOf.current.get(e.target) as K;
              if (!(h > 0)) continue;
              const old = heights.current.get(k);
              if (old === undefined) {
                mean.current.sum += h;
                mean.current.n++;
              } else mean.current.sum += h - old;
              if (Math.abs((old ?? estimate) - h) > 0.5) changed = true;
              heights.current.set(k, h);
            }
            if (changed) {
              // at the end of the list, stay there while the rows' measured heights replace the estimates
              if (atEnd.current) stickToEnd.current = true;
              setMeasured((m) => m + 1);
            }
          }),
    [estimate],
  );
  // (no disconnect on unmount: every element it observes unobserves itself in its ref's cleanup,
  // which also holds when React's StrictMode detaches and attaches everything once more)

  const onScroll = useCallback(() => {
    const w = wrap.current;
    if (!w) return;
    atEnd.current = w.scrollTop > 0 && w.scrollTop + w.clientHeight >= w.scrollHeight - 2;
    setView((v) => (v.top === w.scrollTop ? v : { ...v, top: w.scrollTop }));
  }, []);
  const wrapRef = useCallback<RefCallback<HTMLElement>>(
    (el) => {
      wrap.current = el;
      if (!el) return;
      el.addEventListener('scroll', onScroll, { passive: true });
      ro?.observe(el);
      return () => {
        el.removeEventListener('scroll', onScroll);
        ro?.unobserve(el);
        if (wrap.current === el) wrap.current = null;
      };
    },
    [onScroll, ro],
  );
  const headRef = useCallback<RefCallback<HTMLElement>>(
    (el) => {
      if (!el) return;
      ro?.observe(el);
      return () => ro?.unobserve(el);
    },
    [ro],
  );

  // Forget the heights of rows that are gone (a log that runs for hours would keep them all).
  useEffect(() => {
    if (heights.current.size + refs.current.size <= 4 * keys.length + 200) return;
    const live = new Set(keys);
    for (const [k, h] of heights.current)
      if (!live.has(k)) {
        heights.current.delete(k);
        mean.current.sum -= h;
        mean.current.n--;
      }
    for (const k of refs.current.keys()) if (!live.has(k)) refs.current.delete(k);
  }, [keys]);

  const offsets = useMemo(
    () => {
      const guess = mean.current.n ? mean.current.sum / mean.current.n : estimate;
      return rowOffsets(keys.length, (i) => heights.current.get(keys[i]) ?? guess);
    },
    // measured: the heights changed (they live in a ref)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keys, measured, estimate],
  );
  const [start, end] = visibleRange(offsets, view.top - head.current, view.height - head.current, OVERSCAN);
  const focusedIndex = focused === undefined ? -1 : keys.indexOf(focused);
  const body = useMemo(
    () => slices(offsets, start, end, focusedIndex >= 0 ? focusedIndex : undefined),
    [offsets, start, end, focusedIndex],
  );
  const activeIndex = active === undefined ? -1 : keys.indexOf(active);
  // The one row Tab stops at: the active one when drawn, else the first drawn.
  const tabStop =
    activeIndex >= 0 && ((activeIndex >= start && activeIndex < end) || activeIndex === focusedIndex)
      ? activeIndex
      : start;

  // After a key moved the focus: focus the row once it is drawn.
  useLayoutEffect(() => {
    const w = wrap.current;
    if (stickToEnd.current && w) {
      stickToEnd.current = false;
      w.scrollTop = w.scrollHeight;
    }
    const k = pendingFocus.current;
    if (k === undefined) return;
    const el = els.current.get(k);
    if (el) {
      pendingFocus.current = undefined;
      el.focus({ preventScroll: true });
    }
  });

  const moveTo = useCallback(
    (i: number) => {
      const w = wrap.current;
      const k = keys[i];
      setActive(k);
      pendingFocus.current = k;
      if (!w) return;
      const h = head.current;
      const top = offsets[i];
      const bottom = offsets[i + 1];
      let st = w.scrollTop;
      if (top < st) st = top;
      else if (h + bottom > st + w.clientHeight) st = h + bottom - w.clientHeight;
      if (st !== w.scrollTop) {
        w.scrollTop = st;
        setView((v) => ({ ...v, top: w.scrollTop }));
      }
    },
    [keys, offsets],
  );

  // One ref callback per row key (rows are memoised: their props must stay the same while they do).
  const refFor = (k: K): RefCallback<HTMLElement> => {
    let f = refs.current.get(k);
    if (!f) {
      f = (el) => {
        if (!el) return;
        els.current.set(k, el);
        keyOf.current.set(el, k);
        ro?.observe(el);
        return () => {
          ro?.unobserve(el);
          if (els.current.get(k) === el) els.current.delete(k);
        };
      };
      refs.current.set(k, f);
    }
    return f;
  };

  const rowProps = (i: number) => ({
    rowRef: refFor(keys[i]),
    tabIndex: i === tabStop ? 0 : -1,
    rowIndex: i + 2,
    index: i,
  });

  const indexOfEvent = (e: { target: EventTarget }) => {
    const tr = (e.target as HTMLElement).closest?.('[data-index]') as HTMLElement | null;
    const i = tr ? Number(tr.dataset.index) : NaN;
    return Number.isInteger(i) && i >= 0 && i < keys.length ? i : undefined;
  };
  const bodyProps = {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      const i = indexOfEvent(e);
      if (i === undefined) return;
      setFocused(keys[i]);
      setActive(keys[i]);
    },
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      const i = indexOfEvent(e);
      // keys on the row itself (a button inside it keeps its own)
      if (i === undefined || (e.target as HTMLElement).dataset.index === undefined) return;
      const page = Math.max(1, Math.floor((view.height - head.current) / estimate) - 1);
      const to = keyTarget(e.key, i, keys.length, page);
      if (to === undefined) return;
      e.preventDefault();
      moveTo(to);
    },
  };

  // The focus left the table: the row that held it need not stay drawn.
  useEffect(() => {
    if (focused === undefined) return;
    const w = wrap.current;
    if (!w) return;
    const out = (e: globalThis.FocusEvent) => {
      if (!w.contains(e.relatedTarget as Node | null)) setFocused(undefined);
    };
    w.addEventListener('focusout', out);
    return () => w.removeEventListener('focusout', out);
  }, [focused]);

  return { wrapRef, headRef, body, rowProps, bodyProps };
}
