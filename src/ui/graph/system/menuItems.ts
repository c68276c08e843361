// The actions of each card's menu, as data: which command each one runs. The menu component only
// renders them (labels are i18n keys in the `graph` namespace), so what a click does is tested here.

import { cmd, deployCmd, imageRule, type ImageVerb } from './commands';
import type { DeploymentView } from './deploymentModel';
import type { DaemonSetView, NodeSummary, PodView } from './model';

export type MenuItem =
  | {
      type: 'command';
      id: string;
      label: string;
      params?: Record<string, string | number>;
      command: string;
      danger?: boolean;
    }
  | { type: 'form'; id: string; label: string; form: 'taint' | 'label' | 'image' }
  | { type: 'action'; id: string; label: string; action: 'select' | 'diff' }
  | { type: 'separator'; id: string }
  | {
      type: 'submenu';
      id: string;
      label: string;
      params?: Record<string, string | number>;
      items: MenuItem[];
    };

/** The verbs of "Break image ▸", in menu order, then "Image OK" to restore it. */
export const BREAK_VERBS: readonly ImageVerb[] = ['missing', 'crash', 'oom', 'unready'];

/** `sim image VERB IMAGE` for each way to break an image, and `sim image ok IMAGE`. */
export function breakImageItems(image: string): MenuItem[] {
  return [
    ...BREAK_VERBS.map((verb): MenuItem => ({
      type: 'command',
      id: `image:${verb}`,
      label: `trouble:menu.image.${verb}`,
      command: imageRule(verb, image),
      danger: true,
    })),
    { type: 'separator', id: 'image:s' },
    { type: 'command', id: 'image:ok', label: 'trouble:menu.image.ok', command: imageRule('ok', image) },
  ];
}

export function nodeMenuItems(n: NodeSummary): MenuItem[] {
  const items: MenuItem[] = [
    { type: 'action', id: 'why', label: 'menu.why', action: 'select' },
    { type: 'separator', id: 's1' },
    { type: 'form', id: 'taint', label: 'menu.taint', form: 'taint' },
  ];
  for (const t of n.taints) {
    items.push({
      type: 'command',
      id: `untaint:${t.text}`,
      label: 'menu.untaint',
      params: { taint: t.text },
      command: cmd.untaint(n.name, t.key, t.effect),
    });
  }
  items.push({ type: 'form', id: 'label', label: 'menu.label', form: 'label' });
  for (const l of n.labels) {
    items.push({
      type: 'command',
      id: `unlabel:${l.key}`,
      label: 'menu.unlabel',
      params: { label: l.key },
      command: cmd.unlabel(n.name, l.key),
    });
  }
  items.push({ type: 'separator', id: 's2' });
  items.push(
    n.unschedulable
      ? { type: 'command', id: 'uncordon', label: 'menu.uncordon', command: cmd.uncordon(n.name) }
      : { type: 'command', id: 'cordon', label: 'menu.cordon', command: cmd.cordon(n.name) },
  );
  items.push({ type: 'command', id: 'drain', label: 'menu.drain', command: cmd.drain(n.name) });
  items.push(
    n.ready === 'Ready'
      ? {
          type: 'command',
          id: 'notready',
          label: 'menu.setNotReady',
          command: cmd.condition(n.name, 'Ready', 'False'),
        }
      : {
          type: 'command',
          id: 'ready',
          label: 'menu.setReady',
          command: cmd.condition(n.name, 'Ready', 'True'),
        },
  );
  const pressure = n.conditions.some((c) => c.type === 'MemoryPressure' && c.status === 'True');
  items.push(
    pressure
      ? {
          type: 'command',
          id: 'nopressure',
          label: 'menu.clearMemoryPressure',
          command: cmd.condition(n.name, 'MemoryPressure', 'False'),
        }
      : {
          type: 'command',
          id: 'pressure',
          label: 'menu.memoryPressure',
          command: cmd.condition(n.name, 'MemoryPressure', 'True'),
        },
  );
  items.push({ type: 'command', id: 'describe', label: 'menu.describe', command: cmd.describeNode(n.name) });
  items.push({ type: 'separator', id: 's3' });
  items.push({
    type: 'command',
    id: 'delete',
    label: 'menu.deleteNode',
    command: cmd.deleteNode(n.name),
    danger: true,
  });
  return items;
}

export function podMenuItems(p: PodView): MenuItem[] {
  const items: MenuItem[] = [
    { type: 'action', id: 'inspect', label: 'menu.inspect', action: 'select' },
    { type: 'command', id: 'yaml', label: 'menu.yaml', command: cmd.podYaml(p.name, p.namespace) },
    {
      type: 'command',
      id: 'describe',
      label: 'menu.describe',
      command: cmd.describePod(p.name, p.namespace),
    },
  ];
  if (p.owner?.kind === 'DaemonSet')
    items.push({ type: 'action', id: 'diff', label: 'menu.diff', action: 'diff' });
  items.push({ type: 'separator', id: 's1' });
  if (p.tone !== 'failed' && p.tone !== 'done' && p.status !== 'Terminating') {
    items.push({
      type: 'command',
      id: 'fail',
      label: 'menu.fail',
      command: cmd.failPod(p.name, p.namespace),
    });
  }
  // One "Break image ▸" per image the pod runs (a rule is per image: every pod that runs it breaks).
  for (const image of p.images) {
    const one = p.images.length === 1;
    items.push({
      type: 'submenu',
      id: one ? 'breakImage' : `breakImage:${image}`,
      label: one ? 'trouble:menu.breakImage' : 'trouble:menu.breakTitle',
      params: { image },
      items: breakImageItems(image),
    });
  }
  if (p.status !== 'Terminating')
    items.push({
      type: 'command',
      id: 'delete',
      label: 'menu.deletePod',
      command: cmd.deletePod(p.name, p.namespace),
      danger: true,
    });
  return items;
}

export function dsMenuItems(d: DaemonSetView): MenuItem[] {
  const items: MenuItem[] = [
    { type: 'action', id: 'inspect', label: 'menu.inspect', action: 'select' },
    { type: 'form', id: 'image', label: 'menu.setImage', form: 'image' },
    { type: 'command', id: 'restart', label: 'menu.restart', command: cmd.restart(d.name, d.namespace) },
  ];
  const old = d.revisions.filter((r) => !r.current);
  if (old.length) items.push({ type: 'separator', id: 's1' });
  for (const r of old) {
    items.push({
      type: 'command',
      id: `undo:${r.revision}`,
      label: 'menu.undoTo',
      params: { revision: r.revision, hash: r.hash },
      command: cmd.undo(d.name, d.namespace, r.revision),
    });
  }
  items.push({ type: 'separator', id: 's2' });
  items.push({
    type: 'command',
    id: 'history',
    label: 'menu.history',
    command: cmd.history(d.name, d.namespace),
  });
  items.push({
    type: 'command',
    id: 'describe',
    label: 'menu.describe',
    command: cmd.describeDs(d.name, d.namespace),
  });
  items.push({
    type: 'command',
    id: 'delete',
    label: 'menu.deleteDs',
    command: cmd.deleteDs(d.name, d.namespace),
    danger: true,
  });
  return items;
}

/** The Deployment card's menu: the DaemonSet card's, in a Deployment's words (plus scale and `get rs`). */
export function deploymentMenuItems(d: DeploymentView): MenuItem[] {
  const items: MenuItem[] = [
    { type: 'form', id: 'image', label: 'menu.setImage', form: 'image' },
    {
      type: 'command',
      id: 'restart',
      label: 'menu.restart',
      command: deployCmd.restart(d.name, d.namespace),
    },
    {
      type: 'command',
      id: 'scale-up',
      label: 'menu.scaleTo',
      params: { replicas: d.desired + 1 },
      command: deployCmd.scale(d.name, d.namespace, d.desired + 1),
    },
  ];
  if (d.desired > 0)
    items.push({
      type: 'command',
      id: 'scale-down',
      label: 'menu.scaleTo',
      params: { replicas: d.desired - 1 },
      command: deployCmd.scale(d.name, d.namespace, d.desired - 1),
    });
  const old = d.replicaSets.filter((r) => !r.current && r.revision > 0);
  if (old.length) items.push({ type: 'separator', id: 's1' });
  for (const r of old)
    items.push({
      type: 'command',
      id: `undo:${r.revision}`,
      label: 'menu.undoTo',
      params: { revision: r.revision, hash: r.hash },
      command: deployCmd.undo(d.name, d.namespace, r.revision),
    });
  items.push({ type: 'separator', id: 's2' });
  items.push({
    type: 'command',
    id: 'history',
    label: 'menu.history',
    command: deployCmd.history(d.name, d.namespace),
  });
  items.push({ type: 'command', id: 'get-rs', label: 'menu.getRs', command: deployCmd.getRs(d.namespace) });
  items.push({
    type: 'command',
    id: 'describe',
    label: 'menu.describeDeploy',
    command: deployCmd.describe(d.name, d.namespace),
  });
  items.push({
    type: 'command',
    id: 'delete',
    label: 'menu.deleteDeploy',
    command: deployCmd.delete(d.name, d.namespace),
    danger: true,
  });
  return items;
}
