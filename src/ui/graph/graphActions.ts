// What the graph's clicks and keys do: select an object (the app store's selection), open a card's
// menu, run a command through the console. Every cluster change goes through runCommand so the
// console echoes it.

import { runCommand } from '../../state/actions';
import { useStore } from '../../state/store';
import { graphUi, type MenuState, type MenuTarget } from './graphStore';

export function selectNode(name: string) {
  useStore.getState().select({ kind: 'Node', name });
}

export function selectPod(namespace: string, name: string) {
  useStore.getState().select({ kind: 'Pod', namespace, name });
}

export function selectDaemonSet(namespace: string, name: string) {
  useStore.getState().select({ kind: 'DaemonSet', namespace, name });
}

export function selectDeployment(namespace: string, name: string) {
  useStore.getState().select({ kind: 'Deployment', namespace, name });
}

export function selectTarget(t: MenuTarget) {
  if (t.kind === 'node') selectNode(t.name);
  else if (t.kind === 'pod') selectPod(t.namespace, t.name);
  else if (t.kind === 'deploy') selectDeployment(t.namespace, t.name);
  else selectDaemonSet(t.namespace, t.name);
}

export function clearSelection() {
  useStore.getState().select(null);
}

/** Opens a card's menu next to an element (keyboard, menu button) or at a point (right click). */
export function openMenu(
  target: MenuTarget,
  at: HTMLElement | { x: number; y: number },
  returnFocus?: HTMLElement | null,
  form?: MenuState['form'],
) {
  let x: number;
  let y: number;
  if (at instanceof HTMLElement) {
    const r = at.getBoundingClientRect();
    x = r.left;
    y = r.bottom + 2;
  } else {
    x = at.x;
    y = at.y;
  }
  const back = returnFocus ?? (at instanceof HTMLElement ? at : null);
  // Where its card is now: if the view then moves on its own, the menu moves with the card.
  const card = back?.closest<HTMLElement>('.react-flow__node');
  const r = card?.getBoundingClientRect();
  graphUi.openMenu({
    target,
    x,
    y,
    returnFocus: back,
    ...(card && r ? { card, cardAt: { x: r.left, y: r.bottom } } : {}),
    ...(form ? { form } : {}),
  });
}

export function run(line: string, opts?: Parameters<typeof runCommand>[1]) {
  return runCommand(line, opts);
}

/** Keys that open a focused card's or chip's menu. */
export function isMenuKey(e: { key: string; shiftKey: boolean }): boolean {
  return e.key === 'Enter' || e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
}
