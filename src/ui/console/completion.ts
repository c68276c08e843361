// Tab completion for the console, computed on the page from the mirrored objects (the Simulation
// lives in the worker). The one list of -o values and flag values. Pure: the command table
// and the objects come in as data, so this is tested without React or a store.

import type { CompletionType, Kind } from '../../engine';
import { GLOBAL_FLAGS, PRESETS } from '../../engine/scripts';

export interface FlagInfo {
  name: string;
  short?: string;
  takesValue: boolean;
}

/** The kubectl commands: names (`get`, `rollout status`, …), each one's flags, and the types served. */
export interface CommandTable {
  names: readonly string[];
  flags: (command: string) => readonly FlagInfo[];
  /** the type words offered for a command's TYPE argument (of the kinds it takes; all when undefined) */
  typeWords: (command: string | undefined) => readonly string[];
  /** the served resource a type word names, if the command takes it */
  resolveType: (command: string | undefined, word: string) => CompletionType | undefined;
}

/** What the cluster holds, for object-name completion. `namespace` null = every namespace. */
export interface ObjectIndex {
  names: (kind: Kind, namespace: string | null) => string[];
  namespaces: () => string[];
  /** container names of an object's pod spec or template (for `set image ds/x CONTAINER=`) */
  containers?: (kind: Kind, namespace: string, name: string) => string[];
  /** the images the cluster's pods and DaemonSet templates name, as written (for `sim image VERB IMAGE`) */
  images?: () => string[];
  /** the namespace of a kubectl command without -n (the kubeconfig context's); unset: default */
  defaultNamespace?: string;
}

export interface Completion {
  /** the new text before the cursor */
  before: string;
  /** candidates to list (several remain and the common prefix adds nothing) */
  list: string[];
}

const GLOBAL_FLAG_INFO: FlagInfo[] = GLOBAL_FLAGS.map((f) => ({
  name: f.name,
  short: f.short,
  takesValue: f.type !== 'bool',
}));

/**
 * The types `kubectl logs` offers as `TYPE/` (completion.go's resourcesWithPods, the kinds whose pods
 * logs can pick), those this API server serves: jobs, replicationcontrollers, services and
 * statefulsets are not.
 */
const RESOURCES_WITH_PODS = [
  'daemonsets',
  'deployments',
  'pods',
  'jobs',
  'replicasets',
  'replicationcontrollers',
  'services',
  'statefulsets',
];

let loaded: CommandTable | undefined;
let loading: Promise<CommandTable> | undefined;

/**
 * Loads the command table of the kubectl emulator (read from its registry). The emulator is big,
 * so it is not in the page's first bundle: it loads when the console first asks for it.
 */
export function loadCommandTable(): Promise<CommandTable> {
  loading ??= Promise.all([
    import('../../engine/kubectl/index'),
    import('../../engine/kubectl/registry'),
  ]).then(([{ commandNames, completionType, completionTypeWords }, { findCommand }]) => {
    loaded = {
      names: commandNames(),
      typeWords: completionTypeWords,
      resolveType: completionType,
      flags: (command) => {
        const def = findCommand(command.split(' '))?.def;
        const own = (def?.flags ?? [])
          .filter((f) => !f.deprecated)
          .map((f) => ({ name: f.name, short: f.short, takesValue: f.type !== 'bool' }));
        return [...own, ...GLOBAL_FLAG_INFO.filter((g) => !own.some((o) => o.name === g.name))];
      },
    };
    return loaded;
  });
  return loading;
}

/**
 * The command table for completion. The emulator's table starts loading when it is first asked for
 * (the console input's focus calls loadCommandTable; the page's first view does not need it); until it
 * has arrived, a moment later, only the global flags complete.
 */
export function kubectlCommandTable(): CommandTable {
  return {
    get names() {
      if (!loaded) void loadCommandTable();
      return loaded?.names ?? [];
    },
    flags: (command) => {
      if (!loaded) void loadCommandTable();
      return loaded ? loaded.flags(command) : GLOBAL_FLAG_INFO;
    },
    typeWords: (command) => {
      if (!loaded) void loadCommandTable();
      return loaded?.typeWords(command) ?? [];
    },
    resolveType: (command, word) => {
      if (!loaded) void loadCommandTable();
      return loaded?.resolveType(command, word);
    },
  };
}

/**
 * Commands whose first argument is a resource type (then names). `explain` is one of them here,
 * though kubectl 1.32's explain has no completion function (its shell falls back to file names,
 * which the console has none of): its one argument is a type, so the console offers the types.
 */
const TYPED = new Set([
  'get',
  'describe',
  'delete',
  'label',
  'annotate',
  'explain',
  'taint',
  'rollout status',
  'rollout history',
  'rollout undo',
  'rollout restart',
  'set image',
  'set env',
  'set resources',
  'set serviceaccount',
  'set selector',
  'edit',
  'rollout pause',
  'rollout resume',
  'patch',
  'wait',
  'scale',
  'expose',
  'autoscale',
]);
/**
 * Commands that take one object (kubectl's SpecifiedResourceTypeAndNameNoRepeatCompletionFunc):
 * after `TYPE NAME` no further name is offered.
 */
const ONE_OBJECT = new Set([
  'rollout status',
  'rollout history',
  'rollout undo',
  'rollout restart',
  'rollout pause',
  'rollout resume',
  'set image',
  'set env',
  'set resources',
  'set serviceaccount',
]);
/** The shells `kubectl completion` writes code for (completion.go's ValidArgs). */
const SHELLS = ['bash', 'zsh', 'fish', 'powershell'];
/** Commands whose first argument is a pod or a TYPE/ whose pods they pick (PodResourceNameCompletionFunc). */
const POD_RESOURCE_COMMANDS = new Set(['logs', 'exec', 'attach', 'port-forward']);
/** Commands that take node names directly. */
const NODE_COMMANDS = new Set(['cordon', 'uncordon', 'drain']);

const FLAG_VALUES: Record<string, string[]> = {
  output: [
    'json',
    'name',
    'wide',
    'yaml',
    'jsonpath=',
    'jsonpath-as-json=',
    'jsonpath-file=',
    'custom-columns=',
    'custom-columns-file=',
    'go-template=',
    'go-template-file=',
  ],
  cascade: ['background', 'foreground', 'orphan'],
  validate: ['false', 'ignore', 'strict', 'true', 'warn'],
  type: ['json', 'merge', 'strategic'],
  for: ['condition=Ready', 'create', 'delete', 'jsonpath='],
  'dry-run': ['client', 'none', 'server'],
  'sort-by': ['.metadata.name', '.metadata.creationTimestamp', '.spec.nodeName', '.status.phase'],
};
/** `auth can-i VERB TYPE`: the verbs offered first. */
const CAN_I_VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
/** The playground's only kubeconfig context. */
const CONTEXTS = ['playground'];

const SIM_SUBCOMMANDS = ['advance', 'cluster', 'image', 'node', 'pod', 'settle', 'step', 'why'];
const SIM_IMAGE_VERBS = ['crash', 'list', 'missing', 'ok', 'oom', 'slow', 'unready'];
/** `sim image VERB`: the flags each verb takes */
const SIM_IMAGE_FLAGS = new Map<string, string[]>([
  ['crash', ['--after', '--exit-code']],
  ['oom', ['--after']],
]);
/** sim flags followed by a value (the value is not a positional word) */
const SIM_VALUE_FLAGS = [
  '-n',
  '--namespace',
  '--nodes',
  '--label',
  '--taint',
  '--cpu',
  '--memory',
  '--pods',
  '--after',
  '--exit-code',
];
const SIM_NODE_FLAGS = ['--label', '--taint', '--cpu', '--memory', '--pods', '--not-ready', '--no-network'];
const SIM_CONDITIONS = [
  'Ready=True',
  'Ready=False',
  'Ready=Unknown',
  'MemoryPressure=True',
  'MemoryPressure=False',
  'DiskPressure=True',
  'DiskPressure=False',
  'PIDPressure=True',
  'PIDPressure=False',
  'NetworkUnavailable=True',
  'NetworkUnavailable=False',
];
const SIM_DURATIONS = ['500ms', '10s', '30s', '1m', '5m', '1h'];

/** Words the console itself understands before anything else. */
export const TOP_WORDS = ['clear', 'kubectl', 'sim'];

export function commonPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  let p = words[0];
  for (const w of words) {
    let i = 0;
    while (i < p.length && i < w.length && p[i] === w[i]) i++;
    p = p.slice(0, i);
  }
  return p;
}

/** The partial word at the end of `before` (text after the last unquoted space). */
export function splitPartial(before: string): { words: string[]; partial: string } {
  const parts = before.split(/\s+/);
  const partial = parts.pop() ?? '';
  return { words: parts.filter((w) => w !== ''), partial };
}

function uniqSorted(c: Iterable<string>, partial: string): string[] {
  return [...new Set(c)].filter((w) => w.startsWith(partial)).sort();
}

interface Parsed {
  /** positional words (flags and their values removed) */
  plain: string[];
  namespace: string | null;
}

/** Separates positional words from flags, using the command's flag table to skip flag values. */
function parseWords(words: string[], flags: readonly FlagInfo[], defaultNamespace = 'default'): Parsed {
  const plain: string[] = [];
  let namespace: string | null = defaultNamespace;
  let all = false;
  const takes = (w: string) => {
    if (w.startsWith('--')) return flags.find((f) => f.name === w.slice(2))?.takesValue ?? false;
    return flags.find((f) => f.short === w.slice(1))?.takesValue ?? false;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === '-n' || w === '--namespace') {
      if (words[i + 1] !== undefined) namespace = words[++i];
      continue;
    }
    if (w.startsWith('--namespace=')) {
      namespace = w.slice('--namespace='.length);
      continue;
    }
    if (w === '-A' || w === '--all-namespaces') {
      all = true;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      if (!w.includes('=') && w.length > 1 && takes(w)) i++;
      continue;
    }
    plain.push(w);
  }
  return { plain, namespace: all ? null : namespace };
}

/** Finds the command named by the first one, two or three positional words. */
function findName(names: readonly string[], plain: string[]): { name: string; used: number } | undefined {
  if (plain.length >= 3 && names.includes(`${plain[0]} ${plain[1]} ${plain[2]}`))
    return { name: `${plain[0]} ${plain[1]} ${plain[2]}`, used: 3 };
  if (plain.length >= 2 && names.includes(`${plain[0]} ${plain[1]}`))
    return { name: `${plain[0]} ${plain[1]}`, used: 2 };
  if (plain.length >= 1 && names.includes(plain[0])) return { name: plain[0], used: 1 };
  return undefined;
}

function flagWords(flags: readonly FlagInfo[]): string[] {
  return flags.map((f) => `--${f.name}`);
}

/** Whole-word candidates for the partial word of a `kubectl …` line (words after `kubectl`). */
function kubectlCandidates(
  words: string[],
  partial: string,
  table: CommandTable,
  objects: ObjectIndex,
): string[] {
  const prev = words[words.length - 1];
  // The command first (flags may stand before it), to know which flags take values.
  const rough = parseWords(words, GLOBAL_FLAG_INFO, objects.defaultNamespace);
  const found = findName(table.names, rough.plain);
  const flags = found ? table.flags(found.name) : GLOBAL_FLAG_INFO;
  const { plain, namespace } = found ? parseWords(words, flags, objects.defaultNamespace) : rough;

  if (prev === '-n' || prev === '--namespace') return uniqSorted(objects.namespaces(), partial);
  if (partial.startsWith('--namespace='))
    return uniqSorted(
      objects.namespaces().map((n) => `--namespace=${n}`),
      partial,
    );
  const flagEq = /^--([a-z-]+)=/.exec(partial);
  if (flagEq && Object.hasOwn(FLAG_VALUES, flagEq[1]))
    return uniqSorted(
      FLAG_VALUES[flagEq[1]].map((v) => `--${flagEq[1]}=${v}`),
      partial,
    );
  if (prev && prev.startsWith('-')) {
    const f = prev.startsWith('--')
      ? flags.find((x) => x.name === prev.slice(2))
      : flags.find((x) => x.short === prev.slice(1));
    if (f?.takesValue)
      return Object.hasOwn(FLAG_VALUES, f.name) ? uniqSorted(FLAG_VALUES[f.name], partial) : [];
  }

  if (!found) {
    if (partial.startsWith('-')) return uniqSorted(flagWords(GLOBAL_FLAG_INFO), partial);
    const groups = new Set(table.names.filter((n) => n.includes(' ')).map((n) => n.split(' ')[0]));
    if (plain.length === 0)
      return uniqSorted(
        table.names.map((n) => n.split(' ')[0]),
        partial,
      );
    if (plain.length === 1 && groups.has(plain[0])) {
      return uniqSorted(
        table.names.filter((n) => n.startsWith(`${plain[0]} `)).map((n) => n.split(' ')[1]),
        partial,
      );
    }
    return [];
  }
  if (partial.startsWith('-')) return uniqSorted(flagWords(flags), partial);

  const args = plain.slice(found.used);
  // a command with subcommands of its own (`create secret` → generic)
  const subs = table.names.filter((n) => n.startsWith(`${found.name} `)).map((n) => n.split(' ')[found.used]);
  if (args.length === 0 && subs.length > 0 && found.used >= 2) return uniqSorted(subs, partial);
  if (NODE_COMMANDS.has(found.name)) return uniqSorted(objects.names('Node', null), partial);
  // `logs|exec|attach|port-forward POD` or `… TYPE/NAME`: kubectl's PodResourceNameCompletionFunc
  if (POD_RESOURCE_COMMANDS.has(found.name)) {
    if (args.length > 0) return [];
    if (partial.includes('/')) {
      const type = partial.slice(0, partial.indexOf('/'));
      const t = table.resolveType(undefined, type);
      return t
        ? uniqSorted(
            objects.names(t.kind, t.namespaced ? namespace : null).map((n) => `${type}/${n}`),
            partial,
          )
        : [];
    }
    const withPods = RESOURCES_WITH_PODS.filter((r) => table.resolveType(undefined, r)).map((r) => `${r}/`);
    return uniqSorted([...objects.names('Pod', namespace), ...withPods], partial);
  }
  // `cp [[NAMESPACE/]POD:]FILE`: namespaces followed by `/`, pods followed by `:` (cp.go's completion)
  if (found.name === 'cp') {
    if (args.length >= 2) return [];
    const slash = partial.indexOf('/');
    if (slash > 0 && !partial.slice(0, slash).includes(':')) {
      const ns = partial.slice(0, slash);
      return uniqSorted(
        objects.names('Pod', ns).map((p) => `${ns}/${p}:`),
        partial,
      );
    }
    return uniqSorted(
      [
        ...objects.names('Namespace', null).map((n) => `${n}/`),
        ...objects.names('Pod', namespace).map((p) => `${p}:`),
      ],
      partial,
    );
  }
  // `completion SHELL` (its ValidArgs)
  if (found.name === 'completion') return uniqSorted(args.length === 0 ? SHELLS : [], partial);
  if (found.name === 'auth can-i')
    return uniqSorted(
      args.length === 0 ? CAN_I_VERBS : args.length === 1 ? table.typeWords(undefined) : [],
      partial,
    );
  if (found.name === 'config get-contexts' || found.name === 'config use-context')
    return uniqSorted(args.length === 0 ? CONTEXTS : [], partial);
  if (found.name === 'run' || found.name === 'create' || found.name === 'apply' || found.name === 'version')
    return [];
  if (!TYPED.has(found.name)) return [];
  const types = table.typeWords(found.name);

  // TYPE/NAME
  if (partial.includes('/')) {
    const type = partial.slice(0, partial.indexOf('/'));
    const t = table.resolveType(found.name, type);
    if (!t || found.name === 'explain') return [];
    return uniqSorted(
      objects.names(t.kind, t.namespaced ? namespace : null).map((n) => `${type}/${n}`),
      partial,
    );
  }
  if (args.length === 0) return uniqSorted(found.name === 'get' ? [...types, 'all'] : types, partial);
  // explain takes one TYPE (or TYPE.FIELD…), no names
  if (found.name === 'explain') return [];

  // `set image ds/x CONTAINER=IMAGE` or `set image ds x CONTAINER=IMAGE`
  if (found.name === 'set image') {
    const target = args[0].includes('/')
      ? args[0].slice(args[0].indexOf('/') + 1)
      : args.length >= 2
        ? args[1]
        : undefined;
    const t = table.resolveType(found.name, args[0].split('/')[0]);
    if (target !== undefined && (args[0].includes('/') || args.length >= 2) && objects.containers) {
      return t
        ? uniqSorted(
            objects
              .containers(t.kind, namespace ?? objects.defaultNamespace ?? 'default', target)
              .map((c) => `${c}=`),
            partial,
          )
        : [];
    }
  }
  if (args[0].includes('/')) {
    // more TYPE/NAME arguments: offer the same type's names
    return [];
  }
  if (found.name === 'taint' && args.length >= 2) return [];
  const t = table.resolveType(found.name, args[0].split(',')[0]);
  if (!t) return [];
  if (ONE_OBJECT.has(found.name) && args.length >= 2) return [];
  return uniqSorted(
    objects.names(t.kind, t.namespaced ? namespace : null).filter((n) => !args.slice(1).includes(n)),
    partial,
  );
}

/** Candidates for a `sim …` line (words after `sim`). */
function simCandidates(words: string[], partial: string, objects: ObjectIndex): string[] {
  const nsIdx = words.findIndex((w) => w === '-n' || w === '--namespace');
  const namespace = nsIdx >= 0 && words[nsIdx + 1] ? words[nsIdx + 1] : null;
  const prev = words[words.length - 1];
  if (prev === '-n' || prev === '--namespace') return uniqSorted(objects.namespaces(), partial);
  const plain = words.filter(
    (w, i) => !w.startsWith('-') && !(i > 0 && SIM_VALUE_FLAGS.includes(words[i - 1])),
  );
  if (plain.length === 0) return uniqSorted(SIM_SUBCOMMANDS, partial);
  const [sub, ...args] = plain;
  switch (sub) {
    case 'cluster':
      if (partial.startsWith('-')) return uniqSorted(['--nodes'], partial);
      return args.length === 0 ? uniqSorted(PRESETS, partial) : [];
    case 'node':
      if (args.length === 0) return uniqSorted(['add', 'condition'], partial);
      if (args[0] === 'add') return partial.startsWith('-') ? uniqSorted(SIM_NODE_FLAGS, partial) : [];
      if (args[0] === 'condition') {
        if (args.length === 1) return uniqSorted(objects.names('Node', null), partial);
        if (args.length === 2) return uniqSorted(SIM_CONDITIONS, partial);
      }
      return [];
    case 'pod':
      if (args.length === 0) return uniqSorted(['fail'], partial);
      if (partial.startsWith('-')) return uniqSorted(['--namespace'], partial);
      if (args[0] === 'fail' && args.length === 1)
        return uniqSorted(objects.names('Pod', namespace ?? 'default'), partial);
      return [];
    case 'image': {
      if (args.length === 0) return uniqSorted(SIM_IMAGE_VERBS, partial);
      const verb = args[0];
      if (verb === 'list' || !SIM_IMAGE_VERBS.includes(verb)) return [];
      if (prev === '--after') return uniqSorted(SIM_DURATIONS, partial);
      if (prev === '--exit-code') return [];
      if (partial.startsWith('-')) return uniqSorted(SIM_IMAGE_FLAGS.get(verb) ?? [], partial);
      if (args.length === 1) return uniqSorted(objects.images?.() ?? [], partial);
      if (args.length === 2 && verb === 'slow') return uniqSorted(SIM_DURATIONS, partial);
      return [];
    }
    case 'advance':
      return args.length === 0 ? uniqSorted(SIM_DURATIONS, partial) : [];
    case 'why':
      if (partial.startsWith('-')) return uniqSorted(['--namespace'], partial);
      if (args.length === 0) return uniqSorted(objects.names('Node', null), partial);
      if (args.length === 1) return uniqSorted(objects.names('DaemonSet', namespace), partial);
      return [];
    default:
      return [];
  }
}

/** Whole-word candidates for the last (possibly empty) word of `before`. */
export function candidates(
  before: string,
  table: CommandTable,
  objects: ObjectIndex,
): { partial: string; words: string[] } {
  const { words, partial } = splitPartial(before);
  if (words.length === 0) return { partial, words: uniqSorted(TOP_WORDS, partial) };
  const [first, ...rest] = words;
  if (first === 'kubectl') return { partial, words: kubectlCandidates(rest, partial, table, objects) };
  if (first === 'sim') return { partial, words: simCandidates(rest, partial, objects) };
  return { partial, words: [] };
}

/**
 * Completes the text before the cursor, like bash: one candidate completes the word (and adds a
 * space unless the word ends in `/`, `=` or `:` — cp's `POD:`); several extend it to their common prefix, or, when
 * that adds nothing, come back as a list to show.
 */
export function complete(before: string, table: CommandTable, objects: ObjectIndex): Completion {
  const { partial, words } = candidates(before, table, objects);
  const head = before.slice(0, before.length - partial.length);
  if (words.length === 0) return { before, list: [] };
  if (words.length === 1) {
    const w = words[0];
    return { before: head + w + (/[/=:]$/.test(w) ? '' : ' '), list: [] };
  }
  const prefix = commonPrefix(words);
  if (prefix.length > partial.length) return { before: head + prefix, list: [] };
  return { before, list: words };
}

/** Lays out a candidate list in columns, as bash does, for a terminal `width` characters wide. */
export function formatColumns(words: readonly string[], width = 80): string {
  if (words.length === 0) return '';
  const col = Math.max(...words.map((w) => w.length)) + 2;
  const perRow = Math.max(1, Math.floor(width / col));
  const rows = Math.ceil(words.length / perRow);
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < perRow; c++) {
      const w = words[c * rows + r];
      if (w === undefined) continue;
      line += w.padEnd(col);
    }
    out.push(line.trimEnd());
  }
  return out.join('\n') + '\n';
}
