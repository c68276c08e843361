// The pod informer's PodControllerUIDIndex and FilterPodsByOwner (pkg/controller/controller_utils.go):
// pods indexed by their ControllerRef's uid, orphans (no ControllerRef) by their namespace, so a
// ReplicaSet's sync reads its own pods and the orphans it may adopt instead of listing its namespace.
// Upstream's lists come in the index's set order; here each key keeps its pods in list order
// (namespace, then name: listOrder.ts), and a query merges the owner's and the orphans', so a sync
// sees them in the order a namespace list filtered to them has (its claims, notes and the deletion
// ranking's ties unchanged). Built from the store on the first query, then kept from the pod changes.
// The namespace list stays the oracle (ReplicaSetController.listNamespacePods, podControllerUIDIndex.test.ts).

import { byNamespaceAndName, ListOrder } from '../../api/listOrder';
import type { Change } from '../../api/objectStore';
import { controllerRef } from '../../api/podutil';
import type { Pod } from '../../api/types';

/** OrphanPodIndexKeyForNamespace: the key of a namespace's pods without a ControllerRef. */
export function orphanPodIndexKeyForNamespace(namespace: string | undefined): string {
  return `_ORPHAN_POD/${namespace ?? ''}`;
}

/** The index function: the ControllerRef's uid, or the namespace's orphan key. */
function indexKey(pod: Pod): string {
  const ref = controllerRef(pod);
  return ref ? ref.uid : orphanPodIndexKeyForNamespace(pod.metadata.namespace);
}

interface Cell {
  obj: Pod;
  key: string;
}

interface Group {
  readonly cells: Set<Cell>;
  readonly order: ListOrder<Cell>;
}

const byCell = (a: Cell, b: Cell) => byNamespaceAndName(a.obj, b.obj);

const sorted = (g: Group): readonly Cell[] => g.order.cells(() => g.cells);

export class PodControllerUIDIndex {
  /** pod uid → its cell; undefined until the first query */
  private cellOf: Map<string, Cell> | undefined;
  private readonly groups = new Map<string, Group>();

  /** `each`: every stored pod, read once on the first query. */
  constructor(private readonly each: (fn: (p: Pod) => void) => void) {}

  /** Feed every Pod change here. */
  onPodChange(c: Change): void {
    const cells = this.cellOf;
    if (!cells) return;
    const pod = c.obj as Pod;
    const uid = pod.metadata.uid!;
    const cell = cells.get(uid);
    if (c.type === 'DELETED') {
      if (cell) {
        this.leave(cell);
        cells.delete(uid);
      }
      return;
    }
    // the status writes and most updates keep the (frozen) owner references: the same key
    if (cell && c.old && c.old.metadata.ownerReferences === pod.metadata.ownerReferences) {
      cell.obj = pod;
      return;
    }
    const key = indexKey(pod);
    if (cell && cell.key === key) {
      cell.obj = pod;
      return;
    }
    if (cell) this.leave(cell);
    cells.set(uid, this.enter({ obj: pod, key }));
  }

  /**
   * FilterPodsByOwner(owner, includeOrphanedObjects): the pods of `namespace` whose ControllerRef is
   * `uid`, and (`orphans`) the namespace's pods without one, in list order.
   */
  podsByOwner(namespace: string | undefined, uid: string, orphans: boolean): Pod[] {
    this.build();
    const owned = this.groups.get(uid);
    const free = orphans ? this.groups.get(orphanPodIndexKeyForNamespace(namespace)) : undefined;
    const out: Pod[] = [];
    // (no empty array stands for a missing group: the loops see the one kind of array ListOrder makes)
    if (!owned || !free) {
      const g = owned ?? free;
      if (!g) return out;
      const cells = sorted(g);
      for (let i = 0; i < cells.length; i++)
        if (cells[i].obj.metadata.namespace === namespace) out.push(cells[i].obj);
      return out;
    }
    const a = sorted(owned);
    const b = sorted(free);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      let c: Cell;
      if (j >= b.length || (i < a.length && byCell(a[i], b[j]) < 0)) c = a[i++];
      else c = b[j++];
      if (c.obj.metadata.namespace === namespace) out.push(c.obj);
    }
    return out;
  }

  private build(): void {
    if (this.cellOf) return;
    const cells = new Map<string, Cell>();
    this.each((p) => cells.set(p.metadata.uid!, this.enter({ obj: p, key: indexKey(p) })));
    this.cellOf = cells;
  }

  private enter(cell: Cell): Cell {
    let g = this.groups.get(cell.key);
    if (!g) this.groups.set(cell.key, (g = { cells: new Set(), order: new ListOrder<Cell>() }));
    g.cells.add(cell);
    g.order.add(cell);
    return cell;
  }

  private leave(cell: Cell): void {
    const g = this.groups.get(cell.key)!;
    g.cells.delete(cell);
    g.order.remove(cell);
    if (g.cells.size === 0) this.groups.delete(cell.key);
  }
}
