// Module-level selectors: components subscribe narrowly with useStore(selectX).

import type {
  DaemonSet,
  Deployment,
  KEvent,
  Kind,
  KObject,
  Node,
  Pod,
  ControllerRevision,
  ReplicaSet,
} from '../engine';
import type { AppState } from './store';
import { NO_PODS } from './clusterSlice';
import { createFailedPulls } from './failedPulls';

export const selectNodes = (s: AppState) => s.objects.Node as Readonly<Record<string, Node>>;
export const selectPods = (s: AppState) => s.objects.Pod as Readonly<Record<string, Pod>>;
export const selectDaemonSets = (s: AppState) => s.objects.DaemonSet as Readonly<Record<string, DaemonSet>>;
export const selectDeployments = (s: AppState) =>
  s.objects.Deployment as Readonly<Record<string, Deployment>>;
export const selectReplicaSets = (s: AppState) =>
  s.objects.ReplicaSet as Readonly<Record<string, ReplicaSet>>;
export const selectRevisions = (s: AppState) =>
  s.objects.ControllerRevision as Readonly<Record<string, ControllerRevision>>;
/** the revisions the DaemonSet controller renumbered, with their old numbers ("was rev N") */
export const selectRenumbered = (s: AppState) => s.renumbered;
const failedPullsOf = createFailedPulls();
/**
 * `namespace/image` of the images the kubelets failed to pull, from the Events (the same array while
 * unchanged): read from the mirror's Map, once per `eventsVersion`.
 */
export const selectFailedPulls = (s: AppState) =>
  failedPullsOf(s.mirror, s.eventsVersion, () => s.mirror.maps.get('Event')!.values() as Iterable<KEvent>);
export const selectEventObjects = (s: AppState) => s.objects.Event as Readonly<Record<string, KEvent>>;
export const selectNow = (s: AppState) => s.now;
export const selectStart = (s: AppState) => s.start;
export const selectPlaying = (s: AppState) => s.playing;
export const selectSpeed = (s: AppState) => s.speed;
export const selectSteps = (s: AppState) => s.steps;
export const selectEvents = (s: AppState) => s.events;
export const selectInputs = (s: AppState) => s.inputs;
export const selectSelection = (s: AppState) => s.selection;
export const selectEditorText = (s: AppState) => s.editorText;
export const selectMarkers = (s: AppState) => s.markers;
export const selectApplyError = (s: AppState) => s.applyError;
export const selectDirty = (s: AppState) => s.appliedText !== s.editorText;
/** The editor against the cluster: nothing applied yet, the text as applied, or changed since. */
export const selectApplyState = (s: AppState): 'notApplied' | 'applied' | 'unapplied' =>
  s.appliedText === null ? 'notApplied' : s.appliedText === s.editorText ? 'applied' : 'unapplied';
export const selectConsoleLines = (s: AppState) => s.lines;
export const selectConsoleHistory = (s: AppState) => s.history;
export const selectBusy = (s: AppState) => s.busy;
/** the namespace of a console command without -n (kubectl config set-context --namespace) */
export const selectNamespace = (s: AppState) => s.namespace;
export const selectEngineStatus = (s: AppState) => s.engineStatus;
export const selectEngineNotice = (s: AppState) => s.engineNotice;
export const selectTheme = (s: AppState) => s.theme;

// Per node, for the graph: a card subscribes to its own node and its own pods, so a pod change
// re-renders one card. The selectors are cached per name, so each card gets the same function (and
// React gets stable references while nothing on that node changes). They read the mirror's Maps, so
// they cost O(1) however large the cluster.
//   const node = useStore(selectNode(name)); const pods = useStore(selectPodsOnNode(name))
//   pods with nowhere to go yet: useStore(selectPodsOnNode(''))
const nodeSelectors = new Map<string, (s: AppState) => Node | undefined>();
const podSelectors = new Map<string, (s: AppState) => readonly Pod[]>();
const waitingSelectors = new Map<string, (s: AppState) => readonly Pod[]>();

export function selectNode(name: string): (s: AppState) => Node | undefined {
  let f = nodeSelectors.get(name);
  if (!f)
    nodeSelectors.set(name, (f = (s: AppState) => s.mirror.get('Node', `/${name}`) as Node | undefined));
  return f;
}

/** The pods drawn on a node: bound to it, or pinned to it and on their way (see PodsByNode). */
export function selectPodsOnNode(name: string): (s: AppState) => readonly Pod[] {
  let f = podSelectors.get(name);
  if (!f) podSelectors.set(name, (f = (s: AppState) => s.podsByNode.get(name) ?? NO_PODS));
  return f;
}

/** Unschedulable pods pinned to a node (they wait in the lane; the card counts them). */
export function selectWaitingFor(name: string): (s: AppState) => readonly Pod[] {
  let f = waitingSelectors.get(name);
  if (!f) waitingSelectors.set(name, (f = (s: AppState) => s.waitingByNode.get(name) ?? NO_PODS));
  return f;
}

/** One object by kind and key (`namespace/name`), O(1). */
export function selectObject<T extends KObject = KObject>(
  kind: Kind,
  key: string,
): (s: AppState) => T | undefined {
  return (s: AppState) => s.mirror.get(kind, key) as T | undefined;
}

/** Node names in order; a new array only when a node comes or goes. */
export const selectNodeNames = (s: AppState): readonly string[] => s.nodeNames;
export const selectPodsVersion = (s: AppState) => s.podsVersion;

// The DaemonSets for the graph's layout (its column, revision chains, the cards' why-lines): a
// DaemonSet's status moves with every sync of a rollout, its spec only when someone changes it. This
// record keeps each DaemonSet's previous object while its uid, generation (bumped on every spec
// change) and deletion mark stay the same, so a status update rebuilds nothing; the DaemonSet card
// reads its own counters with selectDaemonSetCounters.
let specMemo:
  { src: Readonly<Record<string, DaemonSet>>; out: Readonly<Record<string, DaemonSet>> } | undefined;

function sameSpec(a: DaemonSet, b: DaemonSet): boolean {
  return (
    a === b ||
    (a.metadata.uid === b.metadata.uid &&
      a.metadata.generation === b.metadata.generation &&
      a.metadata.deletionTimestamp === b.metadata.deletionTimestamp &&
      a.metadata.name === b.metadata.name)
  );
}

export function selectDaemonSetSpecs(s: AppState): Readonly<Record<string, DaemonSet>> {
  const src = selectDaemonSets(s);
  if (specMemo?.src === src) return specMemo.out;
  const prev = specMemo?.out;
  const keys = Object.keys(src);
  let same = !!prev && keys.length === Object.keys(prev).length;
  const out: Record<string, DaemonSet> = {};
  for (const k of keys) {
    const old = prev && Object.hasOwn(prev, k) ? prev[k] : undefined;
    if (old && sameSpec(old, src[k])) out[k] = old;
    else {
      out[k] = src[k];
      same = false;
    }
  }
  specMemo = { src, out: same && prev ? prev : Object.freeze(out) };
  return specMemo.out;
}

/** kubectl's counters of one DaemonSet (DESIRED … AVAILABLE, misscheduled), the same object while they are. */
export interface DaemonSetCounters {
  desired: number;
  current: number;
  ready: number;
  upToDate: number;
  available: number;
  misscheduled: number;
}
/** The counters of a DaemonSet's status (0 where the controller has not written one yet). */
export function daemonSetCounters(st: DaemonSet['status'] | undefined): DaemonSetCounters {
  return {
    desired: st?.desiredNumberScheduled ?? 0,
    current: st?.currentNumberScheduled ?? 0,
    ready: st?.numberReady ?? 0,
    upToDate: st?.updatedNumberScheduled ?? 0,
    available: st?.numberAvailable ?? 0,
    misscheduled: st?.numberMisscheduled ?? 0,
  };
}

const counterSelectors = new Map<string, (s: AppState) => DaemonSetCounters | undefined>();

/** One DaemonSet's counters by key (`namespace/name`): O(1), a new object only when a counter moved. */
export function selectDaemonSetCounters(key: string): (s: AppState) => DaemonSetCounters | undefined {
  let f = counterSelectors.get(key);
  if (!f) {
    let last: DaemonSetCounters | undefined;
    f = (s: AppState) => {
      const ds = s.mirror.get('DaemonSet', key) as DaemonSet | undefined;
      if (!ds) return (last = undefined);
      const next = daemonSetCounters(ds.status);
      if (
        last &&
        last.desired === next.desired &&
        last.current === next.current &&
        last.ready === next.ready &&
        last.upToDate === next.upToDate &&
        last.available === next.available &&
        last.misscheduled === next.misscheduled
      )
        return last;
      return (last = next);
    };
    counterSelectors.set(key, f);
  }
  return f;
}
