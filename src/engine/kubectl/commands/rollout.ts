// The `rollout` subcommands (pkg/cmd/rollout), one file each.

export { rolloutStatusCommand } from './rolloutStatus';
export { rolloutHistoryCommand } from './rolloutHistory';
export { rolloutUndoCommand } from './rolloutUndo';
export { rolloutRestartCommand } from './rolloutRestart';
