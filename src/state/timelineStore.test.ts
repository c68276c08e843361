import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionSpec } from '../wire/protocol';

const calls: Partial<SessionSpec>[] = [];
vi.mock('./engine', () => ({
  // the replayed engine reports the kept inputs and the clock at `until`
  resetEngine: async (spec: Partial<SessionSpec>) => {
    calls.push(spec);
    const { useStore } = await import('./store');
    useStore.setState((s) => ({
      inputs: spec.inputs ?? [],
      now: s.start + (spec.until ?? 0),
      playing: false,
    }));
  },
}));

const { useStore } = await import('./store');
const { goBackTo, useTimeline, watchForks } = await import('./timelineStore');

const START = Date.parse('2026-01-01T00:00:00Z');
const inputs = [
  { at: 1000, line: 'kubectl apply -f -', stdin: 'x' },
  { at: 5000, line: 'kubectl get pods' },
];

describe('going back in time', () => {
  beforeEach(() => {
    calls.length = 0;
    useStore.setState({ start: START, now: START + 9000, inputs, busy: false });
    useTimeline.setState({ rewinding: false, branch: null, fork: null, error: null });
  });

  it('replays the inputs up to the moment and keeps the future until a fork', async () => {
    const stop = watchForks();
    const b = await goBackTo(500);
    expect(calls).toEqual([{ inputs: [], until: 500 }]);
    expect(b).toMatchObject({ at: 500, end: 9000, kept: 0 });
    expect(useTimeline.getState().branch).not.toBeNull();
    expect(useStore.getState().busy).toBe(false);

    // forward again on the same branch: the recorded inputs come back
    await goBackTo(6000);
    expect(calls[1]).toEqual({ inputs, until: 6000 });
    expect(useTimeline.getState().branch).toMatchObject({ at: 6000, end: 9000, kept: 2 });

    // time moves on: forked, nothing dropped (no command came after +6s) → no note
    useStore.setState({ now: START + 6050 });
    expect(useTimeline.getState().branch).toBeNull();
    expect(useTimeline.getState().fork).toBeNull();
    stop();
  });

  it('notes the dropped commands when a new command forks the timeline', async () => {
    const stop = watchForks();
    await goBackTo(2000);
    useStore.setState((s) => ({ inputs: [...s.inputs, { at: 2000, line: 'kubectl get ds' }] }));
    expect(useTimeline.getState().fork).toEqual({ at: 2000, dropped: 1 });
    stop();
  });

  it('returning to the end leaves no branch; nothing happens while busy', async () => {
    await goBackTo(2000);
    await goBackTo(9000);
    expect(useTimeline.getState().branch).toBeNull();
    useStore.setState({ busy: true });
    expect(await goBackTo(0)).toBeNull();
  });
});
