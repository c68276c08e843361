// The separator between the cluster graph and the console (issue 22): dragged with a mouse or a finger,
// moved with the keys of WAI-ARIA's window splitter (↑ ↓ a line, Page Up/Down three, Home/End to the
// limits), double-clicked back to the default. It sits in the gap above the console; the size it sets
// is the store's (src/state/split.ts), which AppShell turns into the grid's console row.

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { clampSize, sizeAfterKey, splitLimits, type SplitLayout, type SplitLimits } from '../../state/split';

interface Measure extends SplitLimits {
  now: number;
  line: number;
  lines: number;
}

/** The console's height now, the output's line height and lines, and the limits, read from the page. */
function measure(handle: HTMLElement): Measure | null {
  const main = handle.parentElement;
  const panel = main?.querySelector<HTMLElement>(':scope > [data-testid="console-panel"]');
  const log = panel?.querySelector<HTMLElement>('[data-testid="console-log"]');
  if (!main || !panel || !log) return null;
  const ms = getComputedStyle(main);
  const area =
    main.clientHeight -
    parseFloat(ms.paddingTop) -
    parseFloat(ms.paddingBottom) -
    (parseFloat(ms.rowGap) || 0);
  const ls = getComputedStyle(log);
  const line = parseFloat(ls.lineHeight) || 17;
  const pad = parseFloat(ls.paddingTop) + parseFloat(ls.paddingBottom);
  const now = panel.getBoundingClientRect().height;
  const logH = log.getBoundingClientRect().height;
  const graphMin = useStore.getState().graphLegibleHeight ?? undefined;
  const limits = splitLimits({ chrome: now - logH, line, pad, area, graphMin });
  return { ...limits, now: Math.round(now), line, lines: Math.max(0, Math.floor((logH - pad) / line)) };
}

export function SplitHandle({ layout }: { layout: SplitLayout }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const setSize = useStore((s) => s.setConsoleSize);
  const [m, setM] = useState<Measure | null>(null);
  const remeasure = useCallback(() => {
    if (ref.current) setM(measure(ref.current));
  }, []);
  // The value follows the console's size (a drag, the keys, the frame resized, the console's font).
  useEffect(() => {
    const el = ref.current;
    const main = el?.parentElement;
    const panel = main?.querySelector(':scope > [data-testid="console-panel"]');
    if (!el || !main || !panel) return;
    remeasure();
    const ro = new ResizeObserver(remeasure);
    ro.observe(main);
    ro.observe(panel);
    // the graph's own limit changes with what it draws (nodes added, a DaemonSet's revisions)
    const unsub = useStore.subscribe((s, prev) => {
      if (s.graphLegibleHeight !== prev.graphLegibleHeight) remeasure();
    });
    return () => {
      ro.disconnect();
      unsub();
    };
  }, [remeasure]);

  const drag = useRef<{ y: number; start: number; limits: SplitLimits } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const now = ref.current ? measure(ref.current) : null;
    if (!now) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus({ preventScroll: true });
    drag.current = { y: e.clientY, start: now.now, limits: now };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    // up makes the console taller
    setSize(layout, clampSize(d.start + (d.y - e.clientY), d.limits));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const now = ref.current ? measure(ref.current) : null;
    if (!now) return;
    const next = sizeAfterKey(e.key, now.now, now, now.line);
    if (next === null) return;
    e.preventDefault();
    setSize(layout, next);
  };

  return (
    <div
      ref={ref}
      className="split-handle"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('split.label')}
      aria-controls="panel-body-console"
      aria-valuenow={m?.now}
      aria-valuemin={m?.min}
      aria-valuemax={m?.max}
      aria-valuetext={m ? t('split.value', { count: m.lines }) : undefined}
      title={t('split.hint')}
      tabIndex={0}
      data-testid="split-handle"
      style={{ gridArea: 'console' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      onDoubleClick={() => setSize(layout, null)}
    />
  );
}
