// The DaemonSet column (full cards) or row (smaller levels): one card per DaemonSet with its revision
// chain, kept while its inputs are the same objects.

import type { DaemonSet } from '../../../engine';
import { namespacedName } from '../../../engine/predicates';
import { daemonSetView, type RevisionView } from './model';
import {
  dsId,
  dsPositions,
  dsSmallHeight,
  DS_W,
  workloadWidth,
  type Level,
  type Positions,
  type SmallExtra,
  type WorkloadEntry,
} from './layout';
import type { DaemonSetNode } from './graphTypes';
import { sameList } from './sameList';

export interface DaemonSetCardsInput {
  daemonSets: Readonly<Record<string, DaemonSet>>;
  dsKeys: readonly string[];
  chains: readonly RevisionView[][];
  positions: Positions;
  measured: Readonly<Record<string, { width: number; height: number }>>;
  /** `namespace/name` of the selected DaemonSet */
  selected?: string;
  /** `namespace/name` of the selected ControllerRevision */
  selectedRevision?: string;
  level: Level;
  scale: number;
  /** the Deployment cards that follow in the same column / row (they share its default places) */
  after?: readonly WorkloadEntry[];
  /** the lines each DaemonSet's small rows wrap onto, in the order of dsKeys (smallRows.ts) */
  extras?: readonly SmallExtra[];
  /** grid cells each card spans at a smaller level (layout.ts workloadSpan) */
  span?: number;
}

export function createDaemonSetCards() {
  let memo = new Map<string, { deps: unknown[]; out: DaemonSetNode }>();
  return function daemonSetCards(a: DaemonSetCardsInput): DaemonSetNode[] {
    const small = a.level === 'compact' || a.level === 'tiny';
    const defaults = dsPositions(
      [
        ...a.dsKeys.map((k, i) => ({
          id: dsId(k),
          revisions: a.chains[i].length,
          height: a.measured[dsId(k)]?.height,
          extra: a.extras?.[i],
          span: a.span,
        })),
        ...(a.after ?? []),
      ],
      a.level,
      a.scale,
    );
    const next = new Map<string, { deps: unknown[]; out: DaemonSetNode }>();
    const out: DaemonSetNode[] = [];
    a.dsKeys.forEach((k, i) => {
      const id = dsId(k);
      const ds = a.daemonSets[k];
      const pos = a.positions[id] ?? defaults[id];
      const m = a.measured[id];
      const selected = a.selected === k;
      const ns = namespacedName(ds.metadata.namespace, '');
      const crName =
        a.selectedRevision && a.selectedRevision.startsWith(ns)
          ? a.selectedRevision.slice(a.selectedRevision.indexOf('/') + 1)
          : undefined;
      const selectedRevision = crName && a.chains[i].some((r) => r.name === crName) ? crName : undefined;
      const deps = [
        ds,
        a.chains[i],
        pos.x,
        pos.y,
        m?.width,
        m?.height,
        selected,
        selectedRevision,
        a.level,
        a.scale,
        a.span,
        a.extras?.[i],
      ];
      const old = memo.get(id);
      const card: DaemonSetNode =
        old && sameList(old.deps, deps)
          ? old.out
          : {
              id,
              type: 'daemonSet',
              position: { x: pos.x, y: pos.y },
              data: {
                ds: daemonSetView(ds, a.chains[i]),
                level: a.level,
                ...(a.span && a.span > 1 ? { span: a.span } : {}),
                ...(a.extras?.[i] ? { extra: a.extras[i] } : {}),
                ...(selectedRevision ? { selectedRevision } : {}),
              },
              selected: selected || selectedRevision !== undefined,
              draggable: false,
              ...(small
                ? smallSize(
                    workloadWidth(a.level, a.scale, a.span),
                    dsSmallHeight(a.level, a.scale, a.chains[i].length, a.extras?.[i]),
                  )
                : { width: DS_W, ...(m ? { measured: m } : {}) }),
              ariaLabel: `daemonset.apps/${ds.metadata.name} (${ds.metadata.namespace ?? ''})`,
            };
      next.set(id, { deps, out: card });
      out.push(card);
    });
    memo = next;
    return out;
  };
}

const smallSize = (width: number, height: number) => ({ width, height, measured: { width, height } });
