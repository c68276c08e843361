// The command lines the graph's mouse and keyboard actions run (through runCommand, so the console
// echoes each one exactly as a person would type it). Pure string building, tested.

import type { TaintEffect } from '../../../engine';
import { splitTaintSpec } from '../../../engine/predicates';

/** Quotes a word for the console's shell-like tokenizer when it needs it. */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_./:=@%+,-]+$/.test(s)) return s;
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

const q = shellQuote;
const ns = (namespace: string) => `-n ${q(namespace)}`;

export const cmd = {
  taint: (node: string, key: string, value: string, effect: TaintEffect) =>
    `kubectl taint nodes ${q(node)} ${q(`${key}${value ? `=${value}` : ''}:${effect}`)}`,
  untaint: (node: string, key: string, effect: TaintEffect) =>
    `kubectl taint nodes ${q(node)} ${q(`${key}:${effect}-`)}`,
  label: (node: string, key: string, value: string, overwrite: boolean) =>
    `kubectl label nodes ${q(node)} ${q(`${key}=${value}`)}${overwrite ? ' --overwrite' : ''}`,
  unlabel: (node: string, key: string) => `kubectl label nodes ${q(node)} ${q(`${key}-`)}`,
  cordon: (node: string) => `kubectl cordon ${q(node)}`,
  uncordon: (node: string) => `kubectl uncordon ${q(node)}`,
  drain: (node: string) => `kubectl drain ${q(node)} --ignore-daemonsets --force`,
  condition: (node: string, type: string, status: 'True' | 'False' | 'Unknown') =>
    `sim node condition ${q(node)} ${type}=${status}`,
  deleteNode: (node: string) => `kubectl delete node ${q(node)}`,
  describeNode: (node: string) => `kubectl describe node ${q(node)}`,
  why: (node: string) => `sim why ${q(node)}`,
  deletePod: (name: string, namespace: string) => `kubectl delete pod ${q(name)} ${ns(namespace)}`,
  failPod: (name: string, namespace: string) => `sim pod fail ${q(name)} ${ns(namespace)}`,
  podYaml: (name: string, namespace: string) => `kubectl get pod ${q(name)} ${ns(namespace)} -o yaml`,
  describePod: (name: string, namespace: string) => `kubectl describe pod ${q(name)} ${ns(namespace)}`,
  setImage: (ds: string, namespace: string, container: string, image: string) =>
    `kubectl set image ds/${q(ds)} ${q(`${container}=${image}`)} ${ns(namespace)}`,
  restart: (ds: string, namespace: string) => `kubectl rollout restart ds/${q(ds)} ${ns(namespace)}`,
  undo: (ds: string, namespace: string, revision: number) =>
    `kubectl rollout undo ds/${q(ds)} ${ns(namespace)} --to-revision=${revision}`,
  /** back to the previous revision */
  undoLast: (ds: string, namespace: string) => `kubectl rollout undo ds/${q(ds)} ${ns(namespace)}`,
  history: (ds: string, namespace: string) => `kubectl rollout history ds/${q(ds)} ${ns(namespace)}`,
  deleteDs: (ds: string, namespace: string) => `kubectl delete ds ${q(ds)} ${ns(namespace)}`,
  describeDs: (ds: string, namespace: string) => `kubectl describe ds ${q(ds)} ${ns(namespace)}`,
  // the registry's rules (`sim image …`): IMAGE as the pod spec names it
  imageMissing: (image: string) => `sim image missing ${q(image)}`,
  imageOk: (image: string) => `sim image ok ${q(image)}`,
  imageCrash: (image: string) => `sim image crash ${q(image)}`,
  imageOom: (image: string) => `sim image oom ${q(image)}`,
  imageUnready: (image: string) => `sim image unready ${q(image)}`,
};

/** The Deployment card's commands: kubectl's own words for a Deployment (`deployment/NAME`). */
export const deployCmd = {
  setImage: (name: string, namespace: string, container: string, image: string) =>
    `kubectl set image deployment/${q(name)} ${q(`${container}=${image}`)} ${ns(namespace)}`,
  restart: (name: string, namespace: string) =>
    `kubectl rollout restart deployment/${q(name)} ${ns(namespace)}`,
  undo: (name: string, namespace: string, revision: number) =>
    `kubectl rollout undo deployment/${q(name)} ${ns(namespace)} --to-revision=${revision}`,
  scale: (name: string, namespace: string, replicas: number) =>
    `kubectl scale deployment/${q(name)} --replicas=${replicas} ${ns(namespace)}`,
  history: (name: string, namespace: string) =>
    `kubectl rollout history deployment/${q(name)} ${ns(namespace)}`,
  getRs: (namespace: string) => `kubectl get rs ${ns(namespace)}`,
  describe: (name: string, namespace: string) => `kubectl describe deployment ${q(name)} ${ns(namespace)}`,
  delete: (name: string, namespace: string) => `kubectl delete deployment ${q(name)} ${ns(namespace)}`,
};

/** What `sim image` makes an image do (the pod menu's "Break image"): missing, crash, oom, unready, or ok again. */
export type ImageVerb = 'missing' | 'crash' | 'oom' | 'unready' | 'ok';

/** `sim image VERB IMAGE` through the builders above: a rule for every pod that runs IMAGE, on every node. */
export function imageRule(verb: ImageVerb, image: string): string {
  const build = {
    missing: cmd.imageMissing,
    crash: cmd.imageCrash,
    oom: cmd.imageOom,
    unready: cmd.imageUnready,
    ok: cmd.imageOk,
  }[verb];
  return build(image);
}

export interface NodeSpecInput {
  name: string;
  labels?: readonly { key: string; value: string }[];
  taints?: readonly { key: string; value?: string; effect: TaintEffect }[];
  noNetwork?: boolean;
  notReady?: boolean;
  cpu?: string;
  memory?: string;
}

/** `sim node add NAME [--label K=V]… [--taint K[=V]:EFFECT]… [--no-network] …` */
export function addNodeCommand(n: NodeSpecInput): string {
  const parts = ['sim node add', q(n.name)];
  for (const l of n.labels ?? []) parts.push('--label', q(`${l.key}=${l.value}`));
  for (const t of n.taints ?? [])
    parts.push('--taint', q(`${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`));
  if (n.cpu) parts.push('--cpu', q(n.cpu));
  if (n.memory) parts.push('--memory', q(n.memory));
  if (n.notReady) parts.push('--not-ready');
  if (n.noNetwork) parts.push('--no-network');
  return parts.join(' ');
}

/** Parses `key[=value]:Effect` (the engine's reading, as `sim node add --taint`); undefined when it is not one. */
export function parseTaintInput(s: string): { key: string; value?: string; effect: TaintEffect } | undefined {
  const r = splitTaintSpec(s.trim());
  return r.ok ? (r.taint as { key: string; value?: string; effect: TaintEffect }) : undefined;
}

/** Parses `key=value` (the value may be empty); undefined when there is no `=` or no key. */
export function parseLabelInput(s: string): { key: string; value: string } | undefined {
  const t = s.trim();
  const eq = t.indexOf('=');
  if (eq <= 0) return undefined;
  return { key: t.slice(0, eq), value: t.slice(eq + 1) };
}

/** Items separated by commas or new lines, blanks dropped. */
export function splitList(s: string): string[] {
  return s
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}
