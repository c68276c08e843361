// The engine's front door: what the rest of the house (the worker host, the API server, the CLI, the
// page's stores and panels, lessons, share links, the embed bridge) may use of the engine. Outside
// src/engine, import the engine from here — or from one of its small faces, which this file
// re-exports: ./predicates (the pure rules the page reuses on objects) and ./scripts (the script
// language and the page's inputs), kept apart so that the page's first load holds only those modules
// (a value imported from here puts the whole engine in the importer's bundle); ./testing holds the
// test helpers, for tests. src/architecture.test.ts checks it. What is not exported here is the
// engine's own business: reach for it by adding it here, in the group it belongs to.

// ---------------------------------------------------------------------------- the API's objects
export type * from './api/types';
export type { Change, DeleteOptions, ObjectStore, WriteOptions } from './api/objectStore';
export { metaNamespaceKey } from './api/objectStore';
export { toRow, type EventRecord, type EventRow } from './api/eventStore';
export type { RecordedEvent } from './events';
export { deepFreeze } from './api/objects';

// ---------------------------------------------------------------------------- the faces: pure rules, scripts and inputs
export * from './predicates';
export * from './scripts';
export { rfc3339 } from './clock';

// ---------------------------------------------------------------------------- running a cluster
export type { RenumberedRevision } from './controller/daemonset/renumbered';
export { Session } from './script/session';
export * from './start';
export { why, type WhyReport } from './script/why';
export { KUBELET_VERSION } from './version';

// ---------------------------------------------------------------------------- scripts and transcripts
export { runCommands } from './script/run';
export { compareTranscript } from './script/expect';
export { CLI_BUDGET } from './script/budget';
export { SIM_IMAGE_VERBS } from './script/simImage';

// ---------------------------------------------------------------------------- kubectl
export { commandWords, runKubectl, runKubectlLine, type CompletionType } from './kubectl/index';
export { Kubeconfig } from './kubectl/kubeconfig';
export { flagBool } from './kubectl/argv';
export {
  Output,
  type Chunk,
  type CommandContext,
  type Diagnostic,
  type KubectlResult,
  type ParsedArgs,
} from './kubectl/types';
export type { RewrittenYaml } from './kubectl/goYamlBreaks';
export { COLUMNS, headersFor } from './kubectl/printers/columns';
export { PLAYGROUND_CLUSTER, PLAYGROUND_CONTEXT, PLAYGROUND_USER } from './kubectl/commands/playgroundConfig';
// the streaming commands a host drives (get -w, logs -f, rollout status -w)
export { getCommand } from './kubectl/commands/get';
export { openLiveGetWatch, type LiveGetWatch } from './kubectl/commands/getWatch';
export {
  FOLLOW_LIMIT_MS,
  formatLogLine,
  logFollower,
  logStreams,
  logsCommand,
} from './kubectl/commands/logs';
export { daemonSetStatus, deploymentStatus } from './kubectl/commands/rolloutStatus';
export { containerLogLines, containerLogUnavailable, type LogLine } from './kubelet/containerLogs';

// ---------------------------------------------------------------------------- what the API server serves
export {
  NAMESPACE_VERBS,
  SERVED,
  VERBS,
  discoveryResponse,
  groupVersion,
  servedGroupVersions,
  type ServedResource,
} from './api/discovery';
export { serverJSON } from './api/encode';
export { evictPod } from './api/eviction';
export { EVICTION_RETRY_MS } from './kubectl/commands/drain';
export { StatusError, conflict, formatFieldError, type FieldError } from './api/errors';
export {
  decodeWithFieldValidation,
  dropFields,
  strictDecodingError,
  unknownFields,
  type FieldValidation,
} from './api/fieldValidation';
export { SelectorParseError, matches, parseSelector, type Selector } from './api/labels';
export { FIELD_LABELS } from './kubectl/commands/getListing';
export { decodeError } from './kubectl/manifests';
export { componentSchemas, schemaName } from './kubectl/explain/openapi';
export { SCHEMA_VERSION } from './api/schema';
export { GoJSONError, checkGoJSON, jsonKind, parseGoJSON } from './api/patch/goJson';
export { jsonMergePatch } from './api/patch/jsonMergePatch';
export { JSONPatchError, applyJSONPatch, decodePatch } from './api/patch/jsonPatch';
export { hasPatchMeta } from './api/patch/patchMeta';
export { PatchError, strategicMergePatch } from './api/patch/strategicMerge';

// ---------------------------------------------------------------------------- exports (kind, archive)
export { EXPORT_FILE_NAME, exportArchive, summarize } from './export/archive';
export { ExportError, exportKind } from './export/kind';
export { yamlDepthError } from './api/yamlLimits';
export { selfSubjectReview } from './kubectl/commands/authWhoami';
export { selectorString, fromLabelSelector } from './api/labels';
