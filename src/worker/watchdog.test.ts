// The hang watchdog, with the real host and client over a MessageChannel: a host that hangs while a
// command is in flight is detected quickly, the command gets the error, and a new host replays the
// inputs to the same state. A busy host and a blocked page are not mistaken for a hang. The watchdog
// and the client read a clock the tests move (the watchdog's ticks are its `check()` calls), so what
// is tested does not hang on how fast the machine runs.

import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { BEAT_MS } from './host';
import type { EngineClient } from './client';
import { channelClient, closeChannels } from './hostHarness';
import { Watchdog } from './watchdog';
import type { ChangeBatch, Message, Response } from '../wire/protocol';

const dogs: Watchdog[] = [];
afterEach(() => {
  for (const d of dogs.splice(0)) d.stop();
  closeChannels();
});

/** A host whose `hang` makes it go silent for good, as a worker stuck in a loop looks from outside. */
function connect(now?: () => number, clientNow?: () => number) {
  let stuck = false;
  const posted: Message[] = [];
  const { client, batches } = channelClient({
    ...(now ? { now } : {}),
    ...(clientNow ? { clientNow } : {}),
    wrap: (port) => ({
      postMessage: (m) => {
        posted.push(m);
        if (!stuck) port.postMessage(m);
      },
      onMessage: (fn) => port.onMessage((r) => (stuck ? undefined : fn(r))),
      hang: () => {
        stuck = true;
      },
    }),
  });
  return { client, batches, posted };
}

/** A watchdog on the test's clock; it checks when the test calls `check()` (every 20 ms of that clock). */
function watch(client: EngineClient, onHang: (ms: number) => void, now: () => number) {
  const dog = new Watchdog(client, onHang, {
    everyMs: 20,
    hangMs: 200,
    now,
    setInterval: () => 0,
    clearInterval: () => {},
  });
  dogs.push(dog);
  dog.start();
  return dog;
}

/** A turn of the event loop: messages already posted over the channel get through. */
const turn = () => new Promise((r) => setImmediate(r));

const manifest = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: c
        image: registry.k8s.io/pause:3.10
`;

type Exec = Extract<Response, { type: 'exec' }>;

function pods(bs: ChangeBatch[]): string[] {
  const m = new Map<string, string>();
  for (const b of bs) {
    if (b.reset) m.clear();
    for (const o of b.upserts)
      if (o.kind === 'Pod') m.set(o.metadata.name, o.metadata.labels?.['controller-revision-hash'] ?? '');
    for (const d of b.deletes) if (d.kind === 'Pod') m.delete(d.name);
  }
  return [...m.entries()].map(([k, v]) => `${k}@${v}`).sort();
}

describe('hang watchdog', () => {
  it('detects a hang with a command in flight, fails that command, and a new engine replays the inputs', async () => {
    let clock = 0;
    const a = connect(undefined, () => clock);
    await a.client.request({ type: 'init', spec: { seed: 7, preset: 'article', inputs: [] } });
    await a.client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await a.client.request({ type: 'advance', ms: 5000 });
    await a.client.request({
      type: 'exec',
      line: 'kubectl set image ds/agent c=registry.k8s.io/pause:3.10.1',
    });
    await a.client.request({ type: 'advance', ms: 1200 });
    const before = a.batches.at(-1)!;
    const podsBefore = pods(a.batches);
    expect(podsBefore.length).toBeGreaterThan(0);

    let silentFor = -1;
    const dog = watch(
      a.client,
      (ms) => {
        silentFor = ms;
        a.client.rejectAll(`the engine stopped answering (${ms} ms)`);
      },
      () => clock,
    );
    await a.client.request({ type: 'hang', when: 'next-exec' });
    const quietSince = clock;
    // The command that hangs is in flight, with no time-out of its own: only the watchdog can end it.
    const inFlight = a.client.request<Exec>(
      { type: 'exec', line: 'kubectl get pods' },
      { timeoutMs: Infinity },
    );
    // ticks, each after the engine had its chance to answer the last ping
    for (let i = 0; i < 50 && silentFor < 0; i++) {
      await turn();
      clock += 20;
      dog.check();
    }
    await expect(inFlight).rejects.toThrow(/stopped answering/);
    // at the first tick past 200 ms of silence (a message already on its way when the engine hung may
    // have come a tick later)
    expect(silentFor).toBeGreaterThan(200);
    expect(silentFor).toBeLessThanOrEqual(240);
    expect(clock - quietSince).toBeLessThanOrEqual(240);

    // The hung command never reached the inputs the page holds; replaying them gives the same state.
    expect(before.inputs.map((i) => i.line)).toEqual([
      'kubectl apply -f -',
      'kubectl set image ds/agent c=registry.k8s.io/pause:3.10.1',
    ]);
    const b = connect();
    await b.client.request({
      type: 'init',
      spec: { seed: 7, preset: 'article', inputs: before.inputs, until: before.now - before.start },
    });
    expect(pods(b.batches)).toEqual(podsBefore);
    expect(b.batches.at(-1)!.now).toBe(before.now);
    const revs = (bs: ChangeBatch[]) =>
      bs.at(-1)!.upserts.filter((o) => o.kind === 'ControllerRevision').length;
    expect(revs(b.batches)).toBe(2);
  });

  it('keeps pinging while a command runs, so a long watch is not taken for a hang', async () => {
    let clock = 0;
    const { client } = connect(undefined, () => clock);
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await client.request({ type: 'advance', ms: 5000 });
    await client.request({ type: 'exec', line: 'kubectl set image ds/agent c=registry.k8s.io/pause:3.10.1' });
    let hung = false;
    const dog = watch(
      client,
      () => (hung = true),
      () => clock,
    );
    const id = client.peekNextId();
    const watching = client.request<Exec>(
      { type: 'exec', line: 'kubectl rollout status ds/agent' },
      { timeoutMs: Infinity },
    );
    // 600 ms of ticks (three times the hang limit): each ping is answered while the watch runs
    for (let i = 0; i < 30; i++) {
      clock += 20;
      dog.check();
      await until(() => expect(client.lastSeen).toBe(clock));
    }
    expect(hung).toBe(false);
    expect(client.inFlight()).toBeGreaterThanOrEqual(1);
    await client.request({ type: 'cancel', target: id });
    expect((await watching).exitCode).toBe(130);
  });

  it('gets a keep-alive from inside long synchronous work', async () => {
    // A clock that moves a little more than BEAT_MS per reading: every write or step may beat.
    let t = 0;
    const { client, posted } = connect(() => (t += BEAT_MS + 1));
    await client.request({ type: 'init', spec: { seed: 1, preset: 'article', inputs: [] } });
    const from = posted.length;
    await client.request({ type: 'exec', line: 'kubectl apply -f -', stdin: manifest });
    await client.request({ type: 'exec', line: 'sim settle' });
    const beats = posted.slice(from).filter((m) => m.type === 'alive' && !('id' in m && m.id !== undefined));
    expect(beats.length).toBeGreaterThan(5);
  });

  it('does not blame the engine for a stall of the page itself', () => {
    let now = 0;
    const fake = {
      lastSeen: 0,
      markAlive: () => (fake.lastSeen = now),
      request: () => new Promise(() => {}),
      inFlightChars: () => 0,
    };
    let hung = 0;
    const dog = new Watchdog(fake as unknown as EngineClient, () => hung++, {
      everyMs: 1000,
      hangMs: 8000,
      now: () => now,
      setInterval: () => 0,
      clearInterval: () => {},
    });
    dog.start();
    // The page was blocked for 20 s (say, the main-thread fallback ran a huge command): no hang.
    now = 20_000;
    dog.check();
    expect(hung).toBe(0);
    // Then 9 s of ticks with no word from the engine: a hang.
    for (let i = 1; i <= 9; i++) {
      now = 20_000 + i * 1000;
      dog.check();
    }
    expect(hung).toBe(1);
  });

  it('gives a big manifest in flight time to be parsed (no keep-alive comes from inside the parser)', () => {
    let now = 0;
    let chars = 5_000_000;
    const fake = {
      lastSeen: 0,
      markAlive: () => (fake.lastSeen = now),
      request: () => new Promise(() => {}),
      inFlightChars: () => chars,
    };
    let hung = 0;
    const dog = new Watchdog(fake as unknown as EngineClient, () => hung++, {
      everyMs: 1000,
      hangMs: 6000,
      perMillionCharsMs: 10_000,
      now: () => now,
      setInterval: () => 0,
      clearInterval: () => {},
    });
    dog.start();
    for (let i = 1; i <= 50; i++) {
      now = i * 1000;
      dog.check();
    }
    expect(hung).toBe(0);
    // its answer came; the next silence is judged as usual
    chars = 0;
    fake.lastSeen = now;
    for (let i = 51; i <= 58; i++) {
      now = i * 1000;
      dog.check();
    }
    expect(hung).toBe(1);
  });
});
