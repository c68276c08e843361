// The Deployment cards, after the DaemonSet cards in their column (full) or row (smaller levels): one
// per Deployment with its ReplicaSet chain, kept while its Deployment and ReplicaSets are the same
// objects (a ReplicaSet's status moves with every sync of a rollout: only that card is made again).

import type { Deployment, ReplicaSet } from '../../../engine';
import { deploymentView, ownedReplicaSets, replicaSetChain } from './deploymentModel';
import {
  deployId,
  dsPositions,
  dsSmallHeight,
  DS_W,
  workloadWidth,
  type Level,
  type Positions,
  type SmallExtra,
  type WorkloadEntry,
} from './layout';
import type { DeploymentNode } from './graphTypes';
import { sameList } from './sameList';

export interface DeploymentCardsInput {
  deployments: Readonly<Record<string, Deployment>>;
  /** from deploymentEntries */
  entries: readonly { key: string; replicaSets: ReplicaSet[] }[];
  positions: Positions;
  measured: Readonly<Record<string, { width: number; height: number }>>;
  /** the DaemonSet cards before them in the column / row */
  before: readonly WorkloadEntry[];
  /** `namespace/name` of the selected Deployment */
  selected?: string;
  level: Level;
  scale: number;
  /** grid cells each card spans at a smaller level (layout.ts workloadSpan) */
  span?: number;
  /** the lines each card's name and rows add at the smaller levels (smallRows.ts), in the order of entries */
  extras?: readonly SmallExtra[];
}

/** The Deployments' keys (sorted) and each one's ReplicaSets, for the layout and the cards. */
export function deploymentEntries(
  deployments: Readonly<Record<string, Deployment>>,
  replicaSets: Readonly<Record<string, ReplicaSet>>,
): { key: string; replicaSets: ReplicaSet[] }[] {
  const keys = Object.keys(deployments).sort();
  if (!keys.length) return [];
  const all = Object.values(replicaSets);
  return keys.map((key) => ({ key, replicaSets: ownedReplicaSets(deployments[key], all) }));
}

export function createDeploymentCards() {
  let memo = new Map<string, { deps: unknown[]; out: DeploymentNode }>();
  return function deploymentCards(a: DeploymentCardsInput): DeploymentNode[] {
    const entries = a.entries;
    if (!entries.length) {
      memo = new Map();
      return [];
    }
    const small = a.level === 'compact' || a.level === 'tiny';
    const chains = entries.map((e) =>
      replicaSetChain(e.replicaSets.sort((x, y) => (x.metadata.name < y.metadata.name ? -1 : 1))),
    );
    const extras = a.extras ?? [];
    const defaults = dsPositions(
      [
        ...a.before,
        ...entries.map((e, i) => ({
          id: deployId(e.key),
          revisions: e.replicaSets.length,
          height: a.measured[deployId(e.key)]?.height,
          extra: extras[i],
          span: a.span,
        })),
      ],
      a.level,
      a.scale,
    );
    const next = new Map<string, { deps: unknown[]; out: DeploymentNode }>();
    const out: DeploymentNode[] = [];
    entries.forEach((e, i) => {
      const id = deployId(e.key);
      const dep = a.deployments[e.key];
      const pos = a.positions[id] ?? defaults[id];
      const m = a.measured[id];
      const rss = e.replicaSets.sort((x, y) => (x.metadata.name < y.metadata.name ? -1 : 1));
      const selected = a.selected === e.key;
      const deps = [
        dep,
        ...rss,
        pos.x,
        pos.y,
        m?.width,
        m?.height,
        selected,
        a.level,
        a.scale,
        a.span,
        // by value: the extras are worked out afresh with every build
        extras[i]?.compact,
        extras[i]?.tiny,
      ];
      const old = memo.get(id);
      const card: DeploymentNode =
        old && sameList(old.deps, deps)
          ? old.out
          : {
              id,
              type: 'deployment',
              position: { x: pos.x, y: pos.y },
              data: {
                deployment: deploymentView(dep, chains[i]),
                level: a.level,
                ...(a.span && a.span > 1 ? { span: a.span } : {}),
                ...(extras[i] ? { extra: extras[i] } : {}),
              },
              selected,
              draggable: false,
              ...(small
                ? smallSize(
                    workloadWidth(a.level, a.scale, a.span),
                    dsSmallHeight(a.level, a.scale, rss.length, extras[i]),
                  )
                : { width: DS_W, ...(m ? { measured: m } : {}) }),
              ariaLabel: `deployment.apps/${dep.metadata.name} (${dep.metadata.namespace ?? ''})`,
            };
      next.set(id, { deps, out: card });
      out.push(card);
    });
    memo = next;
    return out;
  };
}

const smallSize = (width: number, height: number) => ({ width, height, measured: { width, height } });
