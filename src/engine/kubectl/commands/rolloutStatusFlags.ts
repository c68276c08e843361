// `kubectl rollout status`'s own flags, apart from the command so the page can tell a watching
// `rollout status` line (src/worker/rolloutWatchTarget.ts) without loading the command.

import type { FlagSpec } from '../types';

export const ROLLOUT_STATUS_FLAGS: FlagSpec[] = [
  {
    name: 'watch',
    short: 'w',
    type: 'bool',
    default: 'true',
    usage: "Watch the status of the rollout until it's done.",
  },
  {
    name: 'revision',
    type: 'int',
    default: '0',
    usage: 'Pin to a specific revision for showing its status. Defaults to 0 (last revision).',
  },
  {
    name: 'timeout',
    type: 'duration',
    default: '0s',
    usage: 'The length of time to wait before ending watch, zero means never.',
  },
];
