// What every card level says in words (issue 22): each pod's state as kubectl would print it, with the
// revision it runs (`Running · rev 2`, `ImagePullBackOff · rev 3`, `0/1 Running` while not ready,
// `Terminating`), and for a node without a daemon pod a short reason (`taint not tolerated`, `no
// network`, `selector`…) beside the full one (hover and focus). Pure: the caller passes `t`.

import { troubleWord, type PodTrouble } from '../../../state/podTrouble';
import type { NoPodReason } from './graphTypes';
import type { PodView } from './model';

export type Tr = (key: string, opts?: Record<string, unknown>) => string;

/** The pod's state word: the trouble word when it is in trouble, `0/1 Running` when it runs unready, else STATUS. */
export function podStateWord(pod: PodView, trouble: PodTrouble | undefined): string {
  if (trouble && trouble.class !== 'unready') return troubleWord(trouble);
  if (pod.status === 'Running' && isUnready(pod.readyText)) return `${pod.readyText} Running`;
  return pod.status;
}

/** `0/1`, `1/2`: fewer containers ready than there are (kubectl's READY column). */
export function isUnready(readyText: string): boolean {
  const m = /^(\d+)\/(\d+)$/.exec(readyText);
  return !!m && Number(m[1]) < Number(m[2]);
}

/** `rev 2` for a pod whose revision is known. */
export function podRevWord(t: Tr, pod: PodView): string | undefined {
  return pod.revision?.revision !== undefined ? t('pod.rev', { revision: pod.revision.revision }) : undefined;
}

/**
 * Whose a pod is, in a word, for the pods that do not speak with a DaemonSet revision: `web` for a
 * Deployment's replica (its ReplicaSet's name without the template hash) or any other owner's pod;
 * undefined for a daemon pod (its revision says it) and a bare pod (its name does).
 */
export function ownerWord(pod: PodView): string | undefined {
  if (!pod.owner || pod.owner.kind === 'DaemonSet') return undefined;
  return pod.workload;
}

/** `Running · rev 2`. */
export function podWords(t: Tr, pod: PodView, trouble: PodTrouble | undefined): string {
  const rev = podRevWord(t, pod);
  const state = podStateWord(pod, trouble);
  return rev ? `${state} · ${rev}` : state;
}

/** The pod a small card speaks for: the first daemon pod that is not leaving, else the first pod not leaving, else the first. */
export function mainPod(pods: readonly PodView[]): PodView | undefined {
  return (
    pods.find((p) => p.owner?.kind === 'DaemonSet' && p.status !== 'Terminating') ??
    pods.find((p) => p.status !== 'Terminating') ??
    pods[0]
  );
}

/**
 * The pods of a small card besides the one it speaks for, in a few words: `+1 web` when they belong to
 * one workload (a Deployment's replica beside the daemon pod, told apart at a glance), `+3` otherwise;
 * the title names each one with its state.
 */
export function othersWords(t: Tr, others: readonly PodView[]): { text: string; title: string } {
  const names = new Set(others.map((p) => p.workload));
  const text =
    names.size === 1
      ? t('node.othersOf', { count: others.length, workload: [...names][0] })
      : `+${others.length}`;
  const title = [
    t('node.othersTitle'),
    ...others.map(
      (p) => `  ${p.namespace}/${p.name}: ${p.status}${p.owner ? ` (${p.owner.kind}/${p.owner.name})` : ''}`,
    ),
  ].join('\n');
  return { text, title };
}

/** The taint keys the node lifecycle controller and the kubelet set, by what they mean. */
const TAINT_MEANING: ReadonlyMap<string, string> = new Map([
  ['node.kubernetes.io/network-unavailable', 'noNetwork'],
  ['node.kubernetes.io/not-ready', 'notReady'],
  ['node.kubernetes.io/unreachable', 'notReady'],
  ['node.kubernetes.io/unschedulable', 'cordoned'],
  ['node.kubernetes.io/disk-pressure', 'pressure'],
  ['node.kubernetes.io/memory-pressure', 'pressure'],
  ['node.kubernetes.io/pid-pressure', 'pressure'],
]);

/** The key of a taint as kubectl prints it (`key=value:Effect`, `key:Effect`). */
export function taintKey(text: string): string {
  return text.split(/[=:]/)[0];
}

/** A short reason, a few words: what a one-line card has room for. */
export function shortReason(t: Tr, r: NoPodReason | undefined): string {
  if (!r) return t('node.short.coming');
  switch (r.kind) {
    case 'taint':
      return t(`node.short.${TAINT_MEANING.get(taintKey(r.taint)) ?? 'taint'}`);
    case 'insufficient':
      return t('node.short.insufficient', { resource: r.resource });
    default:
      return t(`node.short.${r.kind}`);
  }
}

/** The full reason (hover, focus, the full card). */
export function fullReason(t: Tr, r: NoPodReason | undefined): string {
  if (!r) return t('node.reason.coming');
  switch (r.kind) {
    case 'taint':
      return t('node.reason.taint', { taint: r.taint });
    case 'insufficient':
      return t('node.reason.insufficient', { resource: r.resource });
    case 'scheduler':
      return t('node.reason.scheduler', { message: r.message });
    default:
      return t(`node.reason.${r.kind}`);
  }
}
