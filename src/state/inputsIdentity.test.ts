// The mirror keeps its inputs array while the batches bring the same commands (each batch from the
// worker holds a copy), so the timeline bar does not re-render with every batch of a running clock.

import { describe, expect, it } from 'vitest';
import type { ChangeBatch, Input } from '../wire/protocol';
import { changeBatch } from '../wire/testing/changeBatch';

const { useStore } = await import('./store');

function batch(now: number, inputs: Input[]): ChangeBatch {
  return changeBatch({ now, playing: true, inputs });
}

describe('the inputs in the mirror', () => {
  it('stay the same array while the clock ticks, and change with a command', () => {
    const cmds: Input[] = [{ at: 0, line: 'kubectl get pods' }];
    useStore.getState().applyBatches([batch(100, structuredClone(cmds))]);
    const held = useStore.getState().inputs;
    expect(held).toEqual(cmds);
    useStore.getState().applyBatches([batch(200, structuredClone(cmds))]);
    useStore.getState().applyBatches([batch(300, structuredClone(cmds))]);
    expect(useStore.getState().now).toBe(300);
    expect(useStore.getState().inputs).toBe(held);
    const more = [...cmds, { at: 300, line: 'kubectl get ds' }];
    useStore.getState().applyBatches([batch(400, structuredClone(more))]);
    expect(useStore.getState().inputs).toEqual(more);
    expect(useStore.getState().inputs).not.toBe(held);
  });
});
