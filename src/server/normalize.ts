// What may differ between the emulator's transcript and the real kubectl's for reasons that are
// not the cluster's: each rule is listed in the README.
//
// 1. Ages kubectl computes itself (describe's Events and Non-terminated Pods tables) use the
//    machine's clock, not the simulated one: the age cell is masked and the row's spacing
//    collapsed.

import { maskEventAges } from './normalizeEvents';

const AGE = String.raw`(?:<unknown>|<invalid>|\d+[smhdy](?:\d+[smh])?(?: \(x\d+ over \S+\))?)`;
const EVENT_ROW = new RegExp(String.raw`^(\s+)(Normal|Warning)\s+(\S+)\s+${AGE}\s+(.+?)\s{2,}(.*)$`);
const POD_ROW = new RegExp(
  String.raw`^(\s+)(\S+)\s+(\S+)\s+(\S+ \(\d+%\))\s+(\S+ \(\d+%\))\s+(\S+ \(\d+%\))\s+(\S+ \(\d+%\))\s+${AGE}$`,
);
const TABLE_HEAD =
  /^(\s+)(Type\s+Reason\s+Age\s+From\s+Message|----\s+------\s+----\s+----\s+-------|Namespace\s+Name\s+CPU Requests\s+CPU Limits\s+Memory Requests\s+Memory Limits\s+Age|---------\s+----\s+------------\s+----------\s+---------------\s+-------------\s+---)$/;

function clientAges(line: string): string {
  let m = EVENT_ROW.exec(line);
  if (m) return `${m[1]}${m[2]} ${m[3]} <age> ${m[4]} ${m[5]}`;
  m = POD_ROW.exec(line);
  if (m) return `${m[1]}${m.slice(2, 8).join(' ')} <age>`;
  m = TABLE_HEAD.exec(line);
  if (m) return `${m[1]}${m[2].replace(/\s+/g, ' ')}`;
  return line;
}

/** 2. kubectl ≥ 1.34 says where it deleted from; 1.33 (the newest client here) does not. */
const DELETED_FROM = /^(\S+ "[^"]+" deleted) from \S+ namespace$/;

/** 3. `rollout restart` stamps the pod template with the client's clock. */
const RESTARTED_AT = /(kubectl\.kubernetes\.io\/restartedAt:\s*"?)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g;

/** 4. kubectl < 1.34 prints no last-applied warning on `rollout undo` of a DaemonSet or Deployment. */
const UNDO_WARNING =
  /^Warning: resource (?:daemonsets|deployments)\/\S+ was previously managed with 'kubectl apply'\..*$/;

/**
 * 9. kubectl < 1.34 prints a generated object's zero creationTimestamp (`create deployment
 * --dry-run=client -o yaml`) as `creationTimestamp: null`, and `-o json` as `"creationTimestamp":
 * null`; ≥ 1.34 leaves it out (omitzero).
 */
const NULL_CREATION_TIMESTAMP = /^\s*creationTimestamp: null$/;
const NULL_CREATION_TIMESTAMP_JSON = /^\s*"creationTimestamp": null(,?)$/;

/**
 * Rule 9 on a transcript's lines: a JSON member that was the object's last leaves no comma behind,
 * and an object it was alone in is written empty as ≥ 1.34 writes it (`{}`, `metadata: {}`).
 */
function dropNullCreationTimestamps(lines: string[]): string[] {
  const out: string[] = [];
  const indent = (l: string) => l.length - l.trimStart().length;
  // the column of a line's key (`- metadata:` opens a list item: its key is two columns in)
  const keyColumn = (l: string) => indent(l) + (l.trimStart().startsWith('- ') ? 2 : 0);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const next = lines[i + 1] ?? '';
    const prev = out[out.length - 1] ?? '';
    if (NULL_CREATION_TIMESTAMP.test(l)) {
      // the only key of a YAML map: `metadata:` then a line no deeper than it
      // (a map's keys are deeper than its own; whatever is not deeper has left it)
      if (prev.endsWith(':') && indent(next) <= keyColumn(prev)) out[out.length - 1] = `${prev} {}`;
      continue;
    }
    const json = NULL_CREATION_TIMESTAMP_JSON.exec(l);
    if (!json) {
      out.push(l);
      continue;
    }
    if (json[1] === '' && prev.endsWith('{') && next.trimStart().startsWith('}')) {
      out[out.length - 1] = `${prev}${next.trim()}`;
      i++;
    } else if (json[1] === '' && prev.endsWith(',')) out[out.length - 1] = prev.slice(0, -1);
  }
  return out;
}

/**
 * 5. kubectl < 1.34 marshals the live template with `creationTimestamp: null`, which a ≥ 1.34
 * controller no longer writes into revision data, so its byte comparison never finds the current
 * template already at the revision asked for: it patches ("rolled back", changing nothing) where
 * kubectl ≥ 1.34 says it skipped.
 */
const UNDO_SKIPPED = /^(\S+) skipped rollback \(current template already matches revision \d+\)$/;

/**
 * 10. kubectl ≥ 1.35 names the container a kubelet event is about in describe's Events
 * (`spec.ephemeralContainers{dbg}: Pulling image …`); 1.33 prints the message alone.
 */
const EVENT_FIELD_PATH =
  /^(\s+(?:Normal|Warning) .*?)spec\.(?:containers|initContainers|ephemeralContainers)\{[^}]*\}: /;

/**
 * 11. `kubectl debug` names its container `debugger-` and five characters from the client's own
 * random generator (utilrand.String); the emulator draws them from the simulation's seed: masked.
 */
const DEBUGGER_NAME = /\bdebugger-[bcdfghjklmnpqrstvwxz2456789]{5}\b/g;

/**
 * 6. `kubectl diff` writes into os.MkdirTemp directories (a random suffix) and GNU diff prints the
 * files' modification times, which are the machine's clock: both are masked.
 */
const DIFF_TEMP_DIR = /\/tmp\/(LIVE|MERGED)-\d+\//g;
const DIFF_FILE_TIME =
  /^((?:---|\+\+\+) \/tmp\/(?:LIVE|MERGED)-\S+)\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} [+-]\d{4}$/;

/**
 * 7. The server URL in the kubeconfig (`config view`, YAML and JSON) is where the client reaches
 * the cluster: the emulator's https://127.0.0.1:6443, the served one's http://127.0.0.1:PORT.
 */
const KUBECONFIG_SERVER = /^(\s+)(server: |"server": ")https?:\/\/[^\s"]+("?,?)$/;

/**
 * 8. drain groups its errors in a Go map (PodDeleteList.errors), so their order is random: the
 * aggregate `[a, b]` and the one-per-line list at the end are compared sorted.
 */
const DRAIN_AGGREGATE =
  /^(error: unable to drain node "[^"]+" due to error: )\[(.*)\](, continuing command\.\.\.)$/;

/** Its warnings come from a Go map too (PodDeleteList.Warnings): `Warning: a: p1; b: p2`. */
const DRAIN_WARNING = /^Warning: ((?:(?:deleting|ignoring) [^;]+)(?:; (?:deleting|ignoring) [^;]+)+)$/;

function sortDrainErrors(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = DRAIN_AGGREGATE.exec(lines[i]);
    if (m) {
      out.push(
        `${m[1]}[${m[2]
          .split(/, (?=cannot delete |error when evicting )/)
          .sort()
          .join(', ')}]${m[3]}`,
      );
      continue;
    }
    if (lines[i].startsWith('cannot delete ')) {
      let j = i;
      while (j < lines.length && lines[j].startsWith('cannot delete ')) j++;
      out.push(...lines.slice(i, j).sort());
      i = j - 1;
      continue;
    }
    const w = DRAIN_WARNING.exec(lines[i]);
    if (w) {
      out.push(`Warning: ${w[1].split('; ').sort().join('; ')}`);
      continue;
    }
    out.push(lines[i]);
  }
  return out;
}

/**
 * 6. `logs` of several pods or containers reads them in the order of a Go map
 * (LogsOptions.sequentialConsumeRequest ranges over a map of requests): a run of `--prefix`ed lines
 * is compared grouped by its `[pod/NAME/CONTAINER]` prefix, each source's lines in their order.
 */
const LOG_PREFIX = /^\[pod\/[^/\]]+\/[^\]]*\] /;

function groupPrefixedLogs(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!LOG_PREFIX.test(lines[i])) {
      out.push(lines[i]);
      continue;
    }
    let j = i;
    while (j < lines.length && LOG_PREFIX.test(lines[j])) j++;
    const prefix = (l: string) => LOG_PREFIX.exec(l)![0];
    // Array.prototype.sort is stable: one source's lines keep their order.
    out.push(
      ...lines.slice(i, j).sort((a, b) => (prefix(a) < prefix(b) ? -1 : prefix(a) > prefix(b) ? 1 : 0)),
    );
    i = j - 1;
  }
  return out;
}

export function normalizeClientDifferences(text: string): string {
  const lines = dropNullCreationTimestamps(maskEventAges(text.split('\n')))
    .filter((l) => !UNDO_WARNING.test(l))
    .map((l) =>
      clientAges(l)
        .replace(DELETED_FROM, '$1')
        .replace(RESTARTED_AT, '$1<client clock>')
        .replace(UNDO_SKIPPED, '$1 rolled back'),
    )
    .map((l) =>
      l
        .replace(DIFF_TEMP_DIR, '/tmp/$1-<random>/')
        .replace(DIFF_FILE_TIME, '$1\t<file time>')
        .replace(KUBECONFIG_SERVER, '$1$2<kubeconfig server>$3')
        .replace(EVENT_FIELD_PATH, '$1')
        .replace(DEBUGGER_NAME, 'debugger-<random>'),
    );
  return groupPrefixedLogs(sortDrainErrors(lines)).join('\n');
}

export const NORMALIZATION_RULES = [
  "ages kubectl computes on the client (describe's Events and Non-terminated Pods tables) are masked",
  'kubectl < 1.34: `… deleted` without ` from NS namespace`',
  'rollout restart: the restartedAt annotation carries the client clock',
  'kubectl < 1.34: no last-applied warning on rollout undo of a DaemonSet or Deployment',
  'kubectl < 1.34: rollout undo to the current template says "rolled back", not "skipped rollback (…)"',
  "kubectl diff: the temp directories' random suffixes and the files' times (the machine's clock) are masked",
  "config view: the kubeconfig's server URL (where the client reaches the cluster) is masked",
  "drain's grouped errors and warnings come in random order (Go maps): compared sorted",
  'logs of several pods or containers come in random order (a Go map): --prefix lines compared grouped by source',
  "kubectl events: LAST SEEN is computed on the client (the machine's clock): masked, the row's spacing collapsed",
  'kubectl < 1.34: a generated object (create deployment --dry-run=client -o yaml|json) prints creationTimestamp: null',
  "kubectl < 1.35: describe's Events print no container field path (spec.ephemeralContainers{NAME}: ) before the message",
  "kubectl debug: the default container name's five random characters (debugger-xxxxx) come from the client's own generator: masked",
];
