// A node card's content: its node's summary, its pods' views, and why no daemon pod runs there.

import type { Node, Pod } from '../../../engine';
import { summarizeNode, type NodeSummary } from './model';
import type { Level } from './layout';
import type { CardContext, NodeCardData } from './graphTypes';
import { factsOf } from './podFacts';
import { noPodReason } from './noPodReason';
import { sameList } from './sameList';

/**
 * The node's summary for its card, made once per node object and pod list (both immutable): when
 * every card's content is made again because the revision chain moved, the summaries are not.
 */
const summaries = new WeakMap<Node, { pods: readonly Pod[]; summary: NodeSummary }>();
function nodeSummary(node: Node, pods: readonly Pod[]): NodeSummary {
  const m = summaries.get(node);
  if (m && sameList(m.pods, pods)) return m.summary;
  const summary = summarizeNode(node, pods);
  summaries.set(node, { pods, summary });
  return summary;
}

/** A card's content from its node, its pods (in card order) and the pods waiting for it. */
export function cardContent(
  node: Node,
  pods: readonly Pod[],
  waitingPods: readonly Pod[],
  ctx: CardContext,
  selectedPod: string | undefined,
  level: Level,
): NodeCardData {
  const views = pods.map((p) => ctx.viewOf(p));
  const hasDaemonPod = pods.some((p) => factsOf(p).dsKey !== undefined && !factsOf(p).terminating);
  const reason = hasDaemonPod ? undefined : noPodReason(node, ctx.dsList, waitingPods);
  let sel: string | undefined;
  if (selectedPod) for (const p of pods) if (factsOf(p).key === selectedPod) sel = selectedPod;
  return {
    summary: nodeSummary(node, pods),
    pods: views,
    hasDaemonPod,
    waiting: waitingPods.length,
    level,
    ...(reason ? { reason } : {}),
    ...(sel ? { selectedPod: sel } : {}),
  };
}
