// The page applies the engine's batches in frame-sized slices: coalesced when they fit, spread over
// frames when they do not, all at once before an answer.

import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batchQueue';
import type { ChangeBatch } from '../wire/protocol';
import { changeBatch } from '../wire/testing/changeBatch';

function batch(n: number, reset = false, now = 0): ChangeBatch {
  return changeBatch({
    reset,
    deletes: Array.from({ length: n }, (_, i) => ({ kind: 'Pod' as const, name: `p${i}` })),
    now,
    playing: true,
    speed: 60,
  });
}

function setup(msPerChange: number) {
  let clock = 0;
  const frames: (() => void)[] = [];
  const applied: ChangeBatch[][] = [];
  const q = new BatchQueue(
    (bs) => {
      applied.push([...bs]);
      for (const b of bs) clock += (b.deletes.length + 1) * msPerChange;
    },
    { now: () => clock, schedule: (fn) => frames.push(fn) },
    8,
  );
  const frame = () => frames.shift()?.();
  return { q, frames, applied, frame };
}

describe('BatchQueue', () => {
  it('applies batches that arrive between two frames together, at the next frame', () => {
    const t = setup(0.001);
    t.q.push(batch(10, false, 1));
    t.q.push(batch(10, false, 2));
    t.q.push(batch(10, false, 3));
    expect(t.applied).toEqual([]);
    expect(t.frames.length).toBe(1);
    t.frame();
    expect(t.applied.map((bs) => bs.map((b) => b.now))).toEqual([[1, 2, 3]]);
    expect(t.frames.length).toBe(0);
  });

  it('spreads what does not fit in a frame over the next frames, learning the cost per change', () => {
    const t = setup(0.01); // 1,000 changes ≈ 10 ms
    for (let i = 0; i < 10; i++) t.q.push(batch(1000, false, i));
    let frames = 0;
    while (t.frames.length) {
      t.frame();
      frames++;
    }
    expect(t.applied.flat().map((b) => b.now)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // never more than one such batch per frame once the cost is known (8 ms budget)
    expect(Math.max(...t.applied.slice(1).map((bs) => bs.length))).toBe(1);
    expect(frames).toBeGreaterThanOrEqual(9);
  });

  it('applies everything waiting at once on flush, and a reset drops what waited before it', () => {
    const t = setup(0.01);
    t.q.push(batch(1000, false, 1));
    t.q.push(batch(1000, false, 2));
    t.q.flush();
    expect(t.applied.map((bs) => bs.map((b) => b.now))).toEqual([[1, 2]]);
    t.q.push(batch(5, false, 3));
    t.q.push(batch(5, true, 4));
    t.q.push(batch(5, false, 5));
    t.frame();
    t.frame();
    expect(
      t.applied
        .slice(1)
        .flat()
        .map((b) => b.now),
    ).toEqual([4, 5]);
  });
});

// Issue 24: `init`'s answer follows the engine's first snapshot (a 1,000-node share link: several
// messages of up to 1,000 objects). Flushed, it went in as one long task; drained, it goes into the
// mirror one slice per task and is published once, at the end.
describe('BatchQueue.drain', () => {
  function drainSetup(msPerChange: number) {
    let clock = 0;
    const tasks: (() => void)[] = [];
    const log: string[] = [];
    const q = new BatchQueue(
      (bs) => {
        log.push(`apply ${bs.map((b) => b.now).join(',')}`);
        log.push('publish');
      },
      { now: () => clock, schedule: () => undefined, nextTask: (fn) => tasks.push(fn) },
      8,
      {
        stage(bs) {
          log.push(`stage ${bs.map((b) => b.now).join(',')}`);
          for (const b of bs) clock += (b.deletes.length + 1) * msPerChange;
        },
        publish: () => log.push('publish'),
      },
    );
    return { q, tasks, log };
  }

  it('stages a snapshot of several messages one per task, publishes once, then resolves', async () => {
    const t = drainSetup(0.01);
    t.q.push(batch(1000, true, 1));
    t.q.push(batch(1000, false, 2));
    t.q.push(batch(1000, false, 3));
    let done = false;
    void t.q.drain().then(() => (done = true));
    // the first slice runs in the answer's own task: one message (10 ms by the cost learnt)
    expect(t.log).toEqual(['stage 1']);
    expect(t.tasks.length).toBe(1);
    t.tasks.shift()!();
    expect(t.log).toEqual(['stage 1', 'stage 2']);
    t.tasks.shift()!();
    t.tasks.shift()!();
    await Promise.resolve();
    expect(t.log).toEqual(['stage 1', 'stage 2', 'stage 3', 'publish']);
    expect(done).toBe(true);
    expect(t.q.pending).toBe(0);
    expect(t.q.stats.drainSlices).toBe(3);
  });

  it('takes in batches that arrive while it drains; a flush in between applies the rest at once', async () => {
    const t = drainSetup(0.01);
    t.q.push(batch(1000, true, 1));
    t.q.push(batch(1000, false, 2));
    const drained = t.q.drain();
    expect(t.q.drain()).toBe(drained);
    t.q.push(batch(5, false, 3));
    t.q.flush();
    expect(t.log).toEqual(['stage 1', 'apply 2,3', 'publish']);
    t.tasks.shift()!();
    await drained;
    expect(t.log).toEqual(['stage 1', 'apply 2,3', 'publish', 'publish']);
  });

  it('resolves at once when nothing waits', async () => {
    const t = drainSetup(0.01);
    await t.q.drain();
    expect(t.log).toEqual([]);
  });
});

// Issue 24: the early start's first snapshot may come while React renders the page for the first time
// (a transition); published then, React renders the whole page again at once. Held until the commit.
describe('BatchQueue.hold', () => {
  it('publishes nothing while held: a frame applies nothing, a drain stages but publishes after', async () => {
    const t = setup(0.001);
    let release!: () => void;
    t.q.hold(new Promise<void>((r) => (release = r)));
    t.q.push(batch(10, true, 1));
    while (t.frames.length) t.frame();
    expect(t.applied).toEqual([]);
    expect(t.q.pending).toBe(1);
    release();
    await Promise.resolve();
    await Promise.resolve();
    while (t.frames.length) t.frame();
    expect(t.applied.map((bs) => bs.map((b) => b.now))).toEqual([[1]]);
  });

  it('a drain while held stages the snapshot and publishes it once the hold ends, then resolves', async () => {
    let clock = 0;
    const tasks: (() => void)[] = [];
    const log: string[] = [];
    const q = new BatchQueue(
      () => log.push('apply'),
      { now: () => clock, schedule: () => undefined, nextTask: (fn) => tasks.push(fn) },
      8,
      {
        stage(bs) {
          log.push(`stage ${bs.map((b) => b.now).join(',')}`);
          clock += 1;
        },
        publish: () => log.push('publish'),
      },
    );
    let release!: () => void;
    q.hold(new Promise<void>((r) => (release = r)));
    q.push(batch(10, true, 1));
    let done = false;
    void q.drain().then(() => (done = true));
    while (tasks.length) tasks.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(log).toEqual(['stage 1']);
    expect(done).toBe(false);
    release();
    for (let i = 0; i < 5 && !tasks.length; i++) await Promise.resolve();
    while (tasks.length) tasks.shift()!();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(log).toEqual(['stage 1', 'publish']);
    expect(done).toBe(true);
  });
});

// Issue 24: a large cluster's first snapshot is one batch of 1,000 new objects (a message of the
// worker's); applied whole, it was one task of the store's of 130–180 ms on the throttled phone. It goes
// into the mirror in parts, one per task, each within the budget once the cost is known, and is
// published once, with its last part.
describe('BatchQueue: a batch with many new objects', () => {
  function bigBatch(n: number, now: number): ChangeBatch {
    return {
      ...batch(0, true, now),
      upserts: Array.from({ length: n }, (_, i) => ({
        kind: 'Pod',
        metadata: { name: `p${i}`, namespace: 'default' },
      })) as unknown as ChangeBatch['upserts'],
    };
  }
  function partsSetup(msPerObject: number) {
    let clock = 0;
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const log: { op: 'stage' | 'apply' | 'publish'; objects: number; ms: number }[] = [];
    const cost = (bs: readonly ChangeBatch[]) => {
      const objects = bs.reduce((n, b) => n + b.upserts.length, 0);
      clock += objects * msPerObject;
      return { objects, ms: objects * msPerObject };
    };
    const q = new BatchQueue(
      (bs) => log.push({ op: 'apply', ...cost(bs) }),
      { now: () => clock, schedule: (fn) => frames.push(fn), nextTask: (fn) => tasks.push(fn) },
      8,
      {
        stage: (bs) => log.push({ op: 'stage', ...cost(bs) }),
        publish: () => log.push({ op: 'publish', objects: 0, ms: 0 }),
      },
    );
    const runAll = () => {
      for (let i = 0; i < 1000 && (frames.length || tasks.length); i++) (tasks.shift() ?? frames.shift())!();
    };
    return { q, log, runAll, frames, tasks };
  }

  it('at a frame: stages it a part per task within the budget, then applies (publishes) the last part', () => {
    const t = partsSetup(0.13); // a phone at 4×: 1,000 objects ≈ 130 ms
    t.q.push(bigBatch(1000, 1));
    t.runAll();
    const staged = t.log.filter((e) => e.op === 'stage');
    const applied = t.log.filter((e) => e.op === 'apply');
    expect(staged.length).toBeGreaterThan(5);
    expect(applied.length).toBe(1);
    expect(t.log[t.log.length - 1].op).toBe('apply');
    expect(staged.reduce((n, e) => n + e.objects, 0) + applied[0].objects).toBe(1000);
    // the first part is a probe (128 objects); the ones after it fit the budget (or are the smallest part)
    for (const e of [...staged.slice(1), ...applied]) expect(e.objects <= 64 || e.ms <= 8).toBe(true);
    expect(t.q.stats.parts).toBe(staged.length);
    expect(t.q.pending).toBe(0);
  });

  it('in a drain: stages it in parts too, publishes once at the end', async () => {
    const t = partsSetup(0.13);
    t.q.push(bigBatch(1000, 1));
    let done = false;
    void t.q.drain().then(() => (done = true));
    t.runAll();
    await Promise.resolve();
    expect(done).toBe(true);
    expect(t.log.filter((e) => e.op === 'publish').length).toBe(1);
    expect(t.log[t.log.length - 1].op).toBe('publish');
    const staged = t.log.filter((e) => e.op === 'stage');
    expect(staged.length).toBeGreaterThan(5);
    expect(Math.max(...staged.slice(1).map((e) => e.ms))).toBeLessThanOrEqual(8.5);
  });

  it('leaves a batch of a few parts whole, and a batch without a sink whole', () => {
    const t = partsSetup(0.001);
    t.q.push(bigBatch(200, 1));
    t.runAll();
    expect(t.log.map((e) => e.op)).toEqual(['apply']);
    const u = setup(0.13);
    u.q.push({ ...bigBatch(1000, 1), deletes: [] });
    while (u.frames.length) u.frame();
    expect(u.applied.length).toBe(1);
  });
});

// Issue 24: the 1,000-node link's snapshot is one batch the worker sends as eight messages (nodes,
// pods, 5,000 Event rows); a frame between two of them published each part: a render of the whole
// page per message. The messages before the last say `more`: taken in, shown with the last.
describe('BatchQueue: a batch sent as several messages', () => {
  function moreSetup() {
    const frames: (() => void)[] = [];
    const log: string[] = [];
    const q = new BatchQueue(
      (bs) => log.push(`apply ${bs.map((b) => b.now).join(',')}`),
      { now: () => 0, schedule: (fn) => frames.push(fn) },
      8,
      {
        stage: (bs) => log.push(`stage ${bs.map((b) => b.now).join(',')}`),
        publish: () => log.push('publish'),
      },
    );
    const frame = () => frames.shift()?.();
    return { q, frames, log, frame };
  }

  it('stages the messages that say more, at their frames, and publishes them with the last', () => {
    const t = moreSetup();
    t.q.push({ ...batch(10, true, 1), more: true });
    t.frame();
    expect(t.log).toEqual(['stage 1']);
    t.q.push({ ...batch(10, false, 2), more: true });
    t.frame();
    t.q.push(batch(10, false, 3));
    t.frame();
    expect(t.log).toEqual(['stage 1', 'stage 2', 'apply 3']);
    expect(t.q.pending).toBe(0);
  });
});
