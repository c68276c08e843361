// The engine's face for what the page reads before (or without) a running cluster: the script
// language (parse, heredoc manifests, the budgets a shared or embedded script must fit), the cluster
// presets and the article's manifest, kubectl's command-line reading (tokens, flags, TYPE/NAME
// arguments, `rollout status`'s flags, which the page reads to follow a watch), the manifest
// sniffers the editor uses, the export's folder name. All pure or data. A face of its own, beside
// ./predicates, so the page's first load holds only these modules: the front door (./index) brings
// the whole engine, which the page loads only in the worker (or lazily, on the main thread).

export { ScriptParseError, lastHeredocManifest, parseScript, type ScriptCommand } from './script/parse';
export { BudgetError, PAGE_BUDGET, checkScriptBudget, parseScriptInBudget } from './script/budget';
export { ARTICLE_MANIFEST, DEPLOYMENT_MANIFEST } from './cluster/manifests';
export { PRESETS, isPreset, type PresetName } from './cluster/presets';
export { GLOBAL_FLAGS, flagString, parseArgs, tokenize } from './kubectl/argv';
export { parseResourceArgs } from './kubectl/resources';
export { ROLLOUT_STATUS_FLAGS } from './kubectl/commands/rolloutStatusFlags';
export { looksLikeJSON } from './kubectl/jsonSniff';
export { EXPORT_FOLDER, type ExportSummary } from './export/archive';
