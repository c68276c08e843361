// The dry run lesson validation uses: a session on an empty cluster, where each expectation's command
// runs once so usage errors show (a "not found" is fine). Kept apart from ./validate so that module
// does not pull the engine into the page's first bundle.

import { Session } from '../engine';
import type { DryRun } from './validate';

export function emptyClusterDryRun(): DryRun {
  return new Session({ preset: 'empty' });
}
