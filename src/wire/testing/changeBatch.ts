// A change batch for tests: nothing changed, nothing recorded, the clock at 0, paused at 1× — with the
// fields a test cares about given over it. One builder instead of a literal of every field in each test.

import type { ChangeBatch } from '../protocol';

export function changeBatch(over: Partial<ChangeBatch> = {}): ChangeBatch {
  return {
    type: 'changes',
    reset: false,
    upserts: [],
    deletes: [],
    now: 0,
    start: 0,
    steps: [],
    events: [],
    playing: false,
    speed: 1,
    inputs: [],
    ...over,
  };
}
