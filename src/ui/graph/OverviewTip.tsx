// The overview's tooltip: a component of its own, so a mouse move re-renders the tooltip only.

import { useLayoutEffect, useState } from 'react';

export interface TipState {
  x: number;
  y: number;
  label: string;
}

/** The overview's tooltip: the cell under the pointer, where the pointer is. */
export function OverviewTip({ register }: { register: { current: (h: TipState | null) => void } }) {
  const [hover, setHover] = useState<TipState | null>(null);
  useLayoutEffect(() => {
    register.current = setHover;
    return () => {
      register.current = () => {};
    };
  }, [register]);
  return hover ? (
    <div className="overview-tip" style={{ left: hover.x, top: hover.y }} role="tooltip">
      {hover.label}
    </div>
  ) : null;
}
