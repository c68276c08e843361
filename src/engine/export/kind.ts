// `npm run -s sim -- --export kind DIR SCRIPT`: the way out to a real cluster. Runs SCRIPT in the
// simulator and writes, for the same situation on a kind cluster:
//   kind-config.yaml   the session's nodes (control plane and workers; labels and taints through
//                      kubeadm patches)
//   manifests/         every manifest the script applied (heredocs and -f files)
//   replay.sh          the script's commands as a shell script (kubectl as is, node names looked
//                      up on the cluster; `sim` lines run through `kubectl sim` when the playground's
//                      API server is the cluster, and become waits or notes on a real one)
//   nodes.sim          the same nodes as a scenario script, to start `npm run -s serve` with
// kind: https://kind.sigs.k8s.io (the config's nodes get kind's own names; replay.sh maps them).

import type { Node, Taint } from '../api/types';
import { tokenize } from '../kubectl/argv';
import type { ScriptCommand } from '../script/parse';
import { Session, type SessionOptions } from '../script/session';

/** A command of the session: a script line, or a page input (with the time it ran at). */
export interface ExportCommand extends ScriptCommand {
  /** simulated ms since the session started at which it ran (page inputs); script lines have none */
  at?: number;
}

export interface ExportOptions extends SessionOptions {
  /** what the export is of (a script's path, or the page's session), for the files' headers */
  source: string;
  /** simulated ms since the start the session had reached (the page's clock), after its commands */
  until?: number;
  /** called on every change of the replayed session (the worker's keep-alive during long replays) */
  onWrite?: () => void;
}

export const NODE_LABEL = 'playground.daemonset.dev/node';

/**
 * Labels a kubelet may set on its own node (the NodeRestriction admission plugin): anything outside
 * the kubernetes.io and k8s.io namespaces, and inside them only the well-known ones and the
 * kubelet.kubernetes.io/ and node.kubernetes.io/ prefixes. Others (node-role.kubernetes.io/…) are
 * set by replay.sh with kubectl label.
 */
function kubeletMaySet(key: string): boolean {
  const prefix = key.includes('/') ? key.slice(0, key.indexOf('/')) : '';
  if (!/(^|\.)(kubernetes\.io|k8s\.io)$/.test(prefix)) return true;
  if (prefix === 'kubelet.kubernetes.io' || prefix === 'node.kubernetes.io') return true;
  return (
    [
      'kubernetes.io/hostname',
      'kubernetes.io/arch',
      'kubernetes.io/os',
      'topology.kubernetes.io/region',
      'topology.kubernetes.io/zone',
      'node.kubernetes.io/instance-type',
    ].includes(key) || prefix === 'beta.kubernetes.io'
  );
}

/** Labels every kubelet sets itself: left out of the export. */
const KUBELET_OWN = new Set([
  'beta.kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'kubernetes.io/arch',
  'kubernetes.io/hostname',
  'kubernetes.io/os',
]);

interface ExportedNode {
  name: string;
  controlPlane: boolean;
  labels: Record<string, string>;
  taints: Taint[];
  notes: string[];
}

export interface ExportResult {
  files: Map<string, string>;
  nodes: ExportedNode[];
  /** kubectl commands in replay.sh (the session's; not the labels it sets first) */
  commands: number;
}

export class ExportError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

function describeNode(n: Node): ExportedNode {
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(n.metadata.labels ?? {})) if (!KUBELET_OWN.has(k)) labels[k] = v;
  const controlPlane =
    Object.hasOwn(labels, 'node-role.kubernetes.io/control-plane') ||
    Object.hasOwn(labels, 'node-role.kubernetes.io/master');
  // Condition taints (node.kubernetes.io/…) belong to the node lifecycle controller, not to the config.
  const taints = (n.spec?.taints ?? []).filter((t) => !t.key.startsWith('node.kubernetes.io/'));
  const notes: string[] = [];
  const cap = n.status?.capacity ?? {};
  if (cap.cpu !== '4' || cap.memory !== '8Gi' || cap.pods !== '110')
    notes.push(
      `capacity cpu ${cap.cpu}, memory ${cap.memory}, pods ${cap.pods} in the playground (kind nodes have the machine's)`,
    );
  const cond = (n.status?.conditions ?? []).filter(
    (c) =>
      (c.type === 'Ready' && c.status !== 'True') || (c.type === 'NetworkUnavailable' && c.status === 'True'),
  );
  if (cond.length > 0)
    notes.push(`registered with ${cond.map((c) => `${c.type}=${c.status}`).join(', ')} in the playground`);
  return { name: n.metadata.name, controlPlane, labels, taints, notes };
}

const yamlString = (s: string) => JSON.stringify(s);

function kindConfig(nodes: ExportedNode[], source: string): string {
  let out = `# kind cluster for ${source}, exported by DaemonSet Playground.\n# kind create cluster --config kind-config.yaml && ./replay.sh\nkind: Cluster\napiVersion: kind.x-k8s.io/v1alpha4\nnodes:\n`;
  let first = true;
  if (!nodes.some((n) => n.controlPlane)) {
    // kind refuses a cluster without one ("must have at least one control-plane node").
    out += `# kind needs a control-plane node and the session had none: this one is extra (not in nodes.sim),\n# tainted NoSchedule so the session's pods stay off it (kind takes the taint off when there are no workers).\n`;
    out += `- role: control-plane\n  kubeadmConfigPatches:\n  - |\n    kind: InitConfiguration\n    nodeRegistration:\n      taints:\n      - key: "node-role.kubernetes.io/control-plane"\n        effect: NoSchedule\n`;
  }
  for (const n of nodes) {
    for (const note of n.notes) out += `# ${n.name}: ${note}\n`;
    const selfLabels = Object.entries({ ...n.labels, [NODE_LABEL]: n.name }).filter(([k]) =>
      kubeletMaySet(k),
    );
    const config = n.controlPlane && first ? 'InitConfiguration' : 'JoinConfiguration';
    if (n.controlPlane) first = false;
    out += `- role: ${n.controlPlane ? 'control-plane' : 'worker'}\n  kubeadmConfigPatches:\n  - |\n    kind: ${config}\n    nodeRegistration:\n`;
    out += `      kubeletExtraArgs:\n        node-labels: ${yamlString(selfLabels.map(([k, v]) => `${k}=${v}`).join(','))}\n`;
    if (n.taints.length === 0) out += '      taints: []\n';
    else {
      out += '      taints:\n';
      for (const t of n.taints)
        out += `      - key: ${yamlString(t.key)}\n${t.value ? `        value: ${yamlString(t.value)}\n` : ''}        effect: ${t.effect}\n`;
    }
  }
  return out;
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=,@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A kubectl argument that names a node, as a shell word that looks the node up. */
function mapNodeArg(arg: string, names: Set<string>): string {
  const ref = (n: string) => `"$(node_name ${n})"`;
  if (names.has(arg)) return ref(arg);
  let m = /^(nodes?|no)\/(.+)$/.exec(arg);
  if (m && names.has(m[2])) return `${m[1]}/${ref(m[2])}`;
  m = /^(kubernetes\.io\/hostname=|--node-name=|--field-selector=spec\.nodeName=)(.+)$/.exec(arg);
  if (m && names.has(m[2])) return `${shellQuote(m[1])}${ref(m[2])}`;
  return shellQuote(arg);
}

const REPLAY_HEAD = `#!/usr/bin/env bash
# Replays a DaemonSet Playground scenario on a cluster made from kind-config.yaml:
#   kind create cluster --config kind-config.yaml && ./replay.sh
# or against the playground's own API server (npm run -s serve -- --preset empty nodes.sim, with the
# kubectl-sim plugin on PATH), where the sim lines run too.
set -u
cd "$(dirname "$0")"

# The cluster's name for a playground node (kind names its nodes itself; each carries its playground
# name in the label ${NODE_LABEL}).
node_name() {
  local n
  n=$(kubectl get nodes -l "${NODE_LABEL}=$1" -o jsonpath='{.items[0].metadata.name}' 2>/dev/null)
  echo "\${n:-$1}"
}

# sim lines: run by the playground's API server when it is the cluster (kubectl sim plugin);
# on a real cluster time passes by itself, so they become waits.
sim() {
  if command -v kubectl-sim >/dev/null 2>&1; then
    kubectl sim "$@"
    return
  fi
  case "$1" in
    settle) sleep "\${SETTLE_SECONDS:-20}" ;;
    advance) sleep "$(secs "$2")" ;;
    *) echo "# sim $* — nothing to run on a real cluster" ;;
  esac
}

# 1h30m / 5m / 30s / 500ms as whole seconds, for sleep.
secs() {
  local d=$1 total=0 n
  while [[ $d =~ ^([0-9]+)(ms|h|m|s)(.*)$ ]]; do
    n=\${BASH_REMATCH[1]}
    case \${BASH_REMATCH[2]} in h) total=$((total + n * 3600)) ;; m) total=$((total + n * 60)) ;; s) total=$((total + n)) ;; ms) total=$((total + (n + 999) / 1000)) ;; esac
    d=\${BASH_REMATCH[3]}
  done
  echo "$total"
}

`;

/** `1h2m3s450ms`: a gap of simulated time as `sim advance` and replay.sh's `secs` read it. */
export function formatGap(ms: number): string {
  const parts: [number, string][] = [
    [Math.floor(ms / 3_600_000), 'h'],
    [Math.floor(ms / 60_000) % 60, 'm'],
    [Math.floor(ms / 1000) % 60, 's'],
    [ms % 1000, 'ms'],
  ];
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, u]) => `${n}${u}`)
      .join('') || '0s'
  );
}

/** A command's text as one comment line. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

/**
 * Runs the commands and builds the export. `sim cluster` may only come first (it picks the starting
 * nodes); `sim node add` nodes join the config and their lines become notes. Commands with a time
 * (the page's inputs) run at that time, as the page's engine replays them, and the time between them
 * becomes `sim advance` lines.
 */
export function exportKind(commands: ExportCommand[], opts: ExportOptions): ExportResult {
  const session = new Session(opts);
  const registered = new Map<string, Node>();
  const follow = () => {
    for (const n of session.sim.store.list('Node')) registered.set(n.metadata.name, n);
    return session.sim.watch((c) => {
      opts.onWrite?.();
      if (c.kind === 'Node' && c.type === 'ADDED') registered.set(c.obj.metadata.name, c.obj as Node);
    });
  };
  let stop = follow();
  const files = new Map<string, string>();
  let body = '';
  let manifests = 0;
  let sawKubectl = false;
  let kubectlLines = 0;
  const nodeAddLines: string[] = [];
  const readFile = (path: string): string => {
    if (!opts.readFile) throw new Error(`no file ${path}`);
    return opts.readFile(path);
  };
  /** Runs the clock to `at` ms after the start, as a `sim advance` line. */
  const runTo = (at: number | undefined) => {
    if (at === undefined) return;
    const gap = session.startMs + at - session.sim.now();
    if (gap < 1) return;
    session.sim.advance(gap);
    body += `sim advance ${formatGap(gap)}\n`;
  };
  for (const c of commands) {
    runTo(c.at);
    let words: string[];
    try {
      words = tokenize(c.command);
    } catch {
      words = [];
    }
    if (words[0] !== 'kubectl' && words[0] !== 'sim') {
      // Only the page has these (a script line starts with kubectl or sim): a typo, an unclosed quote.
      session.exec(c.command, c.stdin);
      if (c.command.trim()) body += `# ${oneLine(c.text)}  (not a kubectl or sim command: left out)\n`;
      continue;
    }
    if (words[0] === 'sim' && words[1] === 'cluster') {
      if (sawKubectl || (registered.size > 0 && c !== commands[0]))
        throw new ExportError(
          c.line,
          'sim cluster can only come first in an exported script (a real cluster is not replaced)',
        );
      stop();
      session.exec(c.command, c.stdin);
      registered.clear();
      stop = follow();
      body += `# ${oneLine(c.text)}  (the nodes are in kind-config.yaml)\n`;
      continue;
    }
    session.exec(c.command, c.stdin);
    if (words[0] === 'sim' && words[1] === 'node' && words[2] === 'add') {
      nodeAddLines.push(c.command);
      body += `# ${oneLine(c.text)}  (in kind-config.yaml)\n`;
      continue;
    }
    if (words[0] === 'sim') {
      body += `sim ${words.slice(1).map(shellQuote).join(' ')}\n`;
      continue;
    }
    sawKubectl = true;
    const args = words.slice(1);
    // Manifests: a heredoc, or -f FILE relative to the script, become files under manifests/
    // (`kubectl logs -f` is --follow).
    for (let i = 0; i < args.length && args[0] !== 'logs'; i++) {
      const a = args[i];
      const eq = a.startsWith('--filename=') ? '--filename=' : a.startsWith('-f=') ? '-f=' : null;
      const isFlag = a === '-f' || a === '--filename';
      if (!isFlag && !eq) continue;
      const file = eq ? a.slice(eq.length) : args[i + 1];
      if (file === undefined) continue;
      let text: string;
      try {
        text = file === '-' ? (c.stdin ?? '') : readFile(file);
      } catch {
        // No such file (the page has none): the command failed in the simulation and fails the same
        // on the cluster, so it is left as it was.
        continue;
      }
      manifests++;
      const name = `manifests/${String(manifests).padStart(2, '0')}-${(/name:\s*([a-z0-9.-]+)/.exec(text)?.[1] ?? 'manifest').slice(0, 40)}.yaml`;
      files.set(name, text.endsWith('\n') ? text : `${text}\n`);
      if (eq) args[i] = `${eq}${name}`;
      else args[i + 1] = name;
    }
    const names = new Set(registered.keys());
    body += `kubectl ${args.map((a) => mapNodeArg(a, names)).join(' ')}\n`;
    kubectlLines++;
  }
  runTo(opts.until);
  stop();
  const nodes = [...registered.values()].map(describeNode);
  files.set('kind-config.yaml', kindConfig(nodes, opts.source));
  const relabel = nodes.flatMap((n) =>
    Object.entries(n.labels)
      .filter(([k]) => !kubeletMaySet(k))
      .map(
        ([k, v]) =>
          `kubectl label node "$(node_name ${n.name})" ${shellQuote(`${k}=${v}`)} --overwrite >/dev/null`,
      ),
  );
  files.set(
    'replay.sh',
    `${REPLAY_HEAD}# Labels a kubelet may not set on its own node (NodeRestriction), set here.\n${relabel.join('\n')}${relabel.length ? '\n' : ''}\n# ${opts.source}\n${body}`,
  );
  const nodesSim = nodes.map((n) => {
    const labels = Object.entries({ ...n.labels, [NODE_LABEL]: n.name }).map(
      ([k, v]) => ` --label ${shellQuote(`${k}=${v}`)}`,
    );
    const taints = n.taints.map(
      (t) => ` --taint ${shellQuote(`${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`)}`,
    );
    return `sim node add ${n.name}${labels.join('')}${taints.join('')}`;
  });
  files.set(
    'nodes.sim',
    `# The nodes of kind-config.yaml, for: npm run -s serve -- --preset empty nodes.sim\n${nodesSim.join('\n')}\n`,
  );
  return { files, nodes, commands: kubectlLines };
}
