// The typed messages between the page and the engine worker. Requests carry an id; the worker answers
// each with a response of the same id, and pushes batched state changes as events.

import type {
  KObject,
  Kind,
  Chunk,
  Diagnostic,
  StepRecord,
  RecordedEvent,
  PresetName,
  EventRow,
  ExportSummary,
  RenumberedRevision,
} from '../engine';
import type { CompactGroup, FieldChange } from './delta';

export const PROTOCOL_VERSION = 2;

/** A user input, replayable: the command and the simulated time it ran at. */
export interface Input {
  at: number;
  line: string;
  stdin?: string;
}

export interface SessionSpec {
  seed: number;
  preset: PresetName;
  nodes?: number;
  /** inputs to replay before anything else (restoring a state) */
  inputs: Input[];
  /** simulated time to run to after the inputs (ms since the start) */
  until?: number;
}

export type Request =
  /** `transcript`: answer with what each replayed input printed (a restored share link shows it) */
  /**
   * `holdCommands`: the engine's second chunk (kubectl, src/worker/commands.ts) is not fetched once the
   * first snapshot is out, but when the page sends `prefetch` (or a request needs it): on a phone it
   * shared the line with the graph's chunk, which the first cards wait for (issue 24)
   */
  | { id: number; type: 'init'; spec: SessionSpec; transcript?: boolean; holdCommands?: boolean }
  /** fetch the engine's second chunk now (answered at once; requests that need it wait for it anyway) */
  | { id: number; type: 'prefetch' }
  | { id: number; type: 'exec'; line: string; stdin?: string }
  | { id: number; type: 'play'; speed: number }
  | { id: number; type: 'pause' }
  | { id: number; type: 'step' }
  | { id: number; type: 'advance'; ms: number }
  | { id: number; type: 'ping' }
  | { id: number; type: 'why'; node: string; namespace?: string; daemonSet?: string }
  | { id: number; type: 'crash' }
  /** for the hang test (debug builds of the page only use it): stop answering, now or in the next `exec` */
  | { id: number; type: 'hang'; when: 'now' | 'next-exec' }
  /** stop a watching command (Ctrl+C); its own request is then answered with exit code 130 */
  | { id: number; type: 'cancel'; target: number }
  /** lesson goals: run read-only commands without recording them as inputs (issue 13) */
  | { id: number; type: 'probe'; lines: string[] }
  /** Export: the session as a kind cluster config, manifests and replay.sh, in one tar archive (`mtime`: seconds since 1970) */
  | { id: number; type: 'export'; mtime: number };

/** One replayed input and what it printed. */
export interface Replayed {
  line: string;
  stdin?: string;
  chunks: Chunk[];
}

export type Response =
  | { id: number; type: 'ok'; replayed?: Replayed[] }
  | { id: number; type: 'exec'; chunks: Chunk[]; exitCode: number; diagnostics: Diagnostic[] }
  | { id: number; type: 'step'; record: StepRecord | null }
  | { id: number; type: 'error'; message: string }
  | { id: number; type: 'why'; reports: WhyData[] }
  | { id: number; type: 'probe'; results: { text: string; exitCode: number }[] }
  | { id: number; type: 'export'; fileName: string; archive: Uint8Array; summary: ExportSummary };

/** `sim why` as data: one report per DaemonSet (see src/engine/script/why.ts). */
export interface WhyData {
  daemonSet: { namespace: string; name: string };
  node: string;
  shouldRun: boolean;
  shouldContinueRunning: boolean;
  checks: {
    check: string;
    passed: boolean;
    message: string;
    blocks?: 'new' | 'all';
    taint?: { key: string; value?: string; effect: string };
  }[];
  scheduler: { name: string; passed: boolean; reason: string }[];
  decisions: { action: string; pod?: string; reason: string }[];
}

export interface ObjectRef {
  kind: Kind;
  namespace?: string;
  name: string;
}

/** A change to an object the page already has: only the fields that changed (see delta.ts). */
export interface ObjectPatch {
  kind: Kind;
  namespace?: string;
  name: string;
  resourceVersion: string;
  changes: FieldChange[];
}

/** Pushed by the worker: what changed since the last push. */
export interface ChangeBatch {
  type: 'changes';
  /** true when this batch replaces everything the page holds (init, restore) */
  reset: boolean;
  /**
   * More messages of the same batch follow at once (a large one cut into messages, changeBatcher.ts
   * splitBatch): the page takes this one in and shows it with the last one (issue 24)
   */
  more?: true;
  /** objects the page does not have yet (all of them on reset); Events are not objects here */
  upserts: KObject[];
  /** many new objects of a kind, each as the changes from the one before it (see delta.ts) */
  compact?: CompactGroup[];
  /** changes to objects the page has */
  patches?: ObjectPatch[];
  deletes: ObjectRef[];
  /**
   * The DaemonSets' revisions renumbered by the controller, with their old numbers (the engine keeps
   * them beside the objects, see renumbered.ts): the whole list, sent when it changed and on reset
   */
  renumbered?: readonly RenumberedRevision[];
  /** Kubernetes Events as table rows (new or changed), and the ones gone (TTL) */
  eventRows?: EventRow[];
  eventDeletes?: { namespace: string; name: string }[];
  now: number;
  start: number;
  steps: StepRecord[];
  events: RecordedEvent[];
  playing: boolean;
  speed: number;
  /** the inputs so far (for share links and scrubbing) */
  inputs: Input[];
  /**
   * The namespace of a kubectl command without -n (the session kubeconfig context's, which
   * `kubectl config set-context --current --namespace=X` sets); absent: `default`.
   */
  namespace?: string;
}

export type WorkerEvent =
  | ChangeBatch
  | { type: 'chunk'; id: number; chunk: Chunk }
  /**
   * A sign of life: a watching command is still running (with its id), or the engine is busy with a long
   * piece of work (no id; sent at most once a second from inside the work, so a busy engine is not
   * mistaken for a hung one)
   */
  | { type: 'alive'; id?: number }
  | { type: 'ready'; version: number }
  | { type: 'fatal'; message: string };

export type Message = Response | WorkerEvent;
