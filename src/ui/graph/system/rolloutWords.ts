// What the page says about failing pods and a DaemonSet's rollout, in the page's language (the
// `trouble` namespace) around Kubernetes' own words (ImagePullBackOff, CrashLoopBackOff, OOMKilled…,
// which stay as Kubernetes prints them): the word on a pod, the rollout line of a DaemonSet card, and
// the "why is the rollout not progressing?" explanation with the controller's own arithmetic and the
// fixes. Pure: the translate function is passed in.

import type { ControllerRevision, DaemonSet } from '../../../engine';
import type { PodTrouble } from '../../../state/podTrouble';
import { troubleWord } from '../../../state/podTrouble';
import type { Budget, RolloutProgress, UnavailableNode } from '../../../state/rollout';
import { cmd } from './commands';

/** i18next's t for the `trouble` namespace (or anything that answers the same way). */
export type Tr = (key: string, params?: Record<string, string | number>) => string;

/** The state word of a failing pod: `ImagePullBackOff`, `CrashLoopBackOff ×4`, `0/1 not ready`. */
export function troubleText(t: Tr, tr: PodTrouble): string {
  return tr.class === 'unready' ? t('notReady', { ready: tr.ready }) : troubleWord(tr);
}

/** What a one-line card says for it (an accessible label beside the glyph). */
export function troubleLabel(t: Tr, tr: PodTrouble): string {
  return `${troubleText(t, tr)} (${t(`class.${tr.class}`)})`;
}

/** How the pod last ended, when it did (`OOMKilled, exit code 137`). */
export function lastExitText(t: Tr, tr: PodTrouble): string | undefined {
  if (!tr.last) return undefined;
  return tr.last.reason
    ? t('last', { reason: tr.last.reason, code: tr.last.exitCode })
    : t('lastCode', { code: tr.last.exitCode });
}

/** Nodes in a short list: `node-1`, `node-1, node-2`, `node-1, node-2 +3`. */
export function nodeList(t: Tr, nodes: readonly string[], max = 2): string {
  const shown = nodes.slice(0, max).join(', ');
  return nodes.length > max ? `${shown} ${t('more', { count: nodes.length - max })}` : shown;
}

/** `ImagePullBackOff on node-1` for each word among the failing nodes (most nodes first). */
export function stallReason(t: Tr, troubled: readonly UnavailableNode[]): string {
  const groups = new Map<string, string[]>();
  for (const u of troubled) {
    if (!u.trouble) continue;
    const w = troubleText(t, { ...u.trouble, restarts: 0 });
    const list = groups.get(w);
    if (list) list.push(u.node);
    else groups.set(w, [u.node]);
  }
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([word, nodes]) => t('on', { word, nodes: nodeList(t, nodes) }))
    .join('; ');
}

/** The words alone, for a compact card: `ImagePullBackOff`, `ImagePullBackOff, CrashLoopBackOff`. */
export function stallWords(t: Tr, troubled: readonly UnavailableNode[]): string {
  return [
    ...new Set(troubled.flatMap((u) => (u.trouble ? [troubleText(t, { ...u.trouble, restarts: 0 })] : []))),
  ].join(', ');
}

export interface RolloutLine {
  /** where the update stands: `rolling 1 of 3`, `complete`, `2 of 3 available` */
  progress: string;
  /** what holds it: `stalled: 1 unavailable — ImagePullBackOff on node-1` */
  trouble?: string;
  state: RolloutProgress['state'];
}

/** The DaemonSet card's rollout line. */
export function rolloutLine(t: Tr, p: RolloutProgress): RolloutLine {
  let progress: string;
  if (p.state === 'complete') progress = t('rollout.complete');
  else if (p.state === 'pending') progress = t('rollout.pending');
  else if (p.state === 'onDelete')
    progress = t('rollout.onDelete', { updated: p.updated, desired: p.desired });
  else if (p.updated < p.desired) progress = t('rollout.rolling', { updated: p.updated, desired: p.desired });
  else progress = t('rollout.available', { available: p.available, desired: p.desired });
  const troubled = p.state === 'stalled' ? p.troubled : p.unavailable.filter((u) => u.trouble);
  if (!troubled.length) return { progress, state: p.state };
  const reason = stallReason(t, troubled);
  const count = p.state === 'stalled' ? p.unavailable.length : troubled.length;
  return {
    progress,
    trouble: t(p.state === 'stalled' ? 'rollout.stalled' : 'rollout.troubled', { count, reason }),
    state: p.state,
  };
}

/** `maxUnavailable 1`, `maxUnavailable 10% of 3 nodes → 1 (rounded up)`. */
export function budgetText(t: Tr, name: 'maxUnavailable' | 'maxSurge', b: Budget, other?: Budget): string {
  if (b.fallback)
    return t('why.budgetFallback', { name, spec: String(b.spec ?? 0), other: String(other?.spec ?? 0) });
  if (typeof b.spec === 'string' && b.spec.endsWith('%'))
    return t('why.budgetPercent', { name, spec: b.spec, desired: b.desired, value: b.value });
  return t('why.budget', { name, value: b.value });
}

export type RolloutFix =
  | { type: 'undo'; id: 'undo'; command: string }
  | { type: 'setImage'; id: string; command: string; container: string; image: string; revision: number }
  | { type: 'editImage'; id: 'editImage' };

export interface RolloutWhy {
  /** the budget in the controller's terms */
  budget: string;
  /** `1 unavailable:` */
  count: string;
  /** one line per counted node: pod, node, its word and what the kubelet said */
  pods: { node: string; pod?: { name: string; namespace: string }; text: string; message?: string }[];
  /** what the controller does about it */
  so: string;
  fixes: RolloutFix[];
}

interface TemplateLike {
  spec?: { template?: { spec?: { containers?: { name: string; image?: string }[] } } };
}

/** The containers and images of a ControllerRevision's template. */
export function revisionContainers(cr: ControllerRevision): { name: string; image: string }[] {
  return ((cr.data as TemplateLike | undefined)?.spec?.template?.spec?.containers ?? []).map((c) => ({
    name: c.name,
    image: c.image ?? '',
  }));
}

/**
 * `kubectl set image` back to the newest earlier revision whose pods are not failing, for each
 * container whose image differs from the template's now.
 */
export function previousImageFixes(
  ds: DaemonSet,
  crs: readonly ControllerRevision[],
  p: RolloutProgress,
  revisionHash: (cr: ControllerRevision) => string,
): RolloutFix[] {
  const now = new Map(ds.spec.template.spec.containers.map((c) => [c.name, c.image ?? '']));
  const top = Math.max(-Infinity, ...crs.map((c) => c.revision));
  const earlier = [...crs]
    .filter((c) => c.revision !== top && !p.badRevisions.has(revisionHash(c)))
    .sort((a, b) => b.revision - a.revision)[0];
  if (!earlier) return [];
  const ns = ds.metadata.namespace ?? 'default';
  return revisionContainers(earlier)
    .filter((c) => now.has(c.name) && now.get(c.name) !== c.image && c.image)
    .map((c) => ({
      type: 'setImage' as const,
      id: `setImage:${c.name}`,
      command: cmd.setImage(ds.metadata.name, ns, c.name, c.image),
      container: c.name,
      image: c.image,
      revision: earlier.revision,
    }));
}

/** "Why is the rollout not progressing?", in the controller's terms, with the fixes. */
export function rolloutWhy(
  t: Tr,
  ds: DaemonSet,
  p: RolloutProgress,
  crs: readonly ControllerRevision[],
  revisionHash: (cr: ControllerRevision) => string,
): RolloutWhy {
  const surge = p.maxSurge.value > 0;
  const budget = surge
    ? budgetText(t, 'maxSurge', p.maxSurge)
    : budgetText(t, 'maxUnavailable', p.maxUnavailable, p.maxSurge);
  const max = surge ? p.maxSurge.value : p.maxUnavailable.value;
  const counted = p.unavailable.length;
  // What the kubelet said, once per kind of trouble (the same back-off message for every pod is noise).
  const told = new Set<string>();
  const pods = p.unavailable.map((u) => {
    const what = u.trouble ? troubleText(t, u.trouble) : t(`why.state.${u.why}`);
    const text = u.pod
      ? t('why.podOn', { pod: u.pod.name, node: u.node, what })
      : t('why.nodeOnly', { node: u.node, what });
    const tell = u.trouble?.message && !told.has(u.trouble.word) ? u.trouble.message : undefined;
    if (u.trouble) told.add(u.trouble.word);
    return {
      node: u.node,
      ...(u.pod ? { pod: { name: u.pod.name, namespace: u.pod.namespace } } : {}),
      text,
      ...(tell ? { message: tell } : {}),
    };
  });
  let so: string;
  if (p.waiting === 0) so = t('why.soNothingLeft', { count: counted });
  else if (surge) so = t('why.soSurge', { count: counted, max, waiting: p.waiting });
  else so = t('why.soUnavailable', { count: counted, max, waiting: p.waiting });
  const ns = ds.metadata.namespace ?? 'default';
  const fixes: RolloutFix[] = [
    { type: 'undo', id: 'undo', command: cmd.undoLast(ds.metadata.name, ns) },
    ...previousImageFixes(ds, crs, p, revisionHash),
    { type: 'editImage', id: 'editImage' },
  ];
  return { budget, count: t(surge ? 'why.countSurge' : 'why.count', { count: counted }), pods, so, fixes };
}
