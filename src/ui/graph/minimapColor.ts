// The minimap's colour of a card.

import { useStore } from '../../state/store';
import type { CardContext, GraphNode } from './system/buildGraph';
import { liveContentOf } from './liveCard';

/** The minimap's colour of a card, read from the store (cards carry only their node's name). */
export function nodeColorWith(ctx: CardContext) {
  return (n: GraphNode): string => {
    if (n.type === 'daemonSet' || n.type === 'deployment') return 'var(--accent)';
    if (n.type === 'lane') return 'var(--warn)';
    const d = 'live' in n.data ? liveContentOf(useStore.getState(), n.data.name, ctx, n.data.level) : n.data;
    if (!d) return 'var(--graph-minimap-empty)';
    if (d.summary.ready !== 'Ready') return 'var(--danger)';
    if (!d.pods.length) return 'var(--graph-minimap-empty)';
    return d.pods.some((p) => p.tone === 'failed')
      ? 'var(--danger)'
      : d.pods.every((p) => p.tone === 'ok')
        ? 'var(--ok)'
        : 'var(--warn)';
  };
}
