// Decisions as data: what the controller did or chose not to do on each node, and why.

export type Action = 'create' | 'delete' | 'keep' | 'wait' | 'none';

export interface Decision {
  node: string;
  action: Action;
  /** pod concerned, when there is one */
  pod?: string;
  reason: string;
}

export class DecisionLog {
  private readonly byNode = new Map<string, Decision[]>();
  add(d: Decision): void {
    const l = this.byNode.get(d.node);
    if (l) l.push(d);
    else this.byNode.set(d.node, [d]);
  }
  forNode(node: string): Decision[] {
    return this.byNode.get(node) ?? [];
  }
  all(): Decision[] {
    return [...this.byNode.values()].flat();
  }
}
