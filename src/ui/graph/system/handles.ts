// A card's connection points, at fixed places, so React Flow never measures a card to draw its edges.

import type { NodeHandle, Position } from '@xyflow/react';
import { MAX_CARD_PODS, NODE_H, PODS_TOP, POD_ROW, type Level } from './layout';

const LEFT = 'left' as Position;

/**
 * A card's connection points, at fixed places: 'in' (the card) and one per pod row. Given to React Flow
 * up front, so it never has to measure a card to draw its edges (or render every card once to do so).
 * The card draws invisible handles at the same places.
 */
export const CARD_HANDLES: NodeHandle[] = [
  { id: 'in', type: 'target', position: LEFT, x: 0, y: NODE_H / 2 - 1, width: 1, height: 2 },
  ...Array.from({ length: MAX_CARD_PODS }, (_, i) => ({
    id: `pod-${i}`,
    type: 'target' as const,
    position: LEFT,
    x: 0,
    y: PODS_TOP + i * POD_ROW,
    width: 1,
    height: POD_ROW - 4,
  })),
];

const smallHandles = new Map<number, NodeHandle[]>();
/** The handles of a compact or tiny card of height `h`: only 'in', in the middle of its left side. */
export function cardHandles(level: Level, h: number): NodeHandle[] {
  if (level === 'full' || level === 'overview') return CARD_HANDLES;
  let hs = smallHandles.get(h);
  if (!hs) {
    hs = [{ id: 'in', type: 'target', position: LEFT, x: 0, y: h / 2 - 1, width: 1, height: 2 }];
    smallHandles.set(h, hs);
  }
  return hs;
}
