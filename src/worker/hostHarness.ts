// The engine host (host.ts) as tests drive it, two ways: synchronously (every request handled before
// `send` returns, no timers) and over a real MessageChannel with real timers and the page's
// EngineClient on the other end, as the page talks to its worker. For tests only: nothing shipped
// imports this file.

import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createHost, type Endpoint, type Host } from './host';
import * as commands from './commands';
import { EngineClient, type Port } from './client';
import type { ChangeBatch, Message, Request } from '../wire/protocol';

type Commands = typeof import('./commands');

/** A request as a test writes it: the harness numbers it. */
export type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** Real timers, for a host that runs its play loop and keep-alives between requests. */
export const realTimers = {
  setInterval: (fn: () => void, ms: number): unknown => setInterval(fn, ms),
  clearInterval: (h: unknown) => clearInterval(h as ReturnType<typeof setInterval>),
};

export interface HostOptions {
  /** kubectl's chunk (default: there at once, so a synchronous test needs no await) */
  loadCommands?: () => Commands | Promise<Commands>;
  /** the host's wall clock (default its own) */
  now?: () => number;
}

/**
 * A host driven synchronously: each message it posts reaches `onMessage` as it is posted; `send`
 * numbers the requests 1, 2, … and returns the id; `request` sends one with the test's own id.
 */
export function syncHost(onMessage: (m: Message) => void, options: HostOptions = {}) {
  let handler: (r: Request) => void = () => {};
  const host: Host = createHost(
    {
      postMessage: onMessage,
      onMessage: (fn) => {
        handler = fn;
      },
    },
    { setInterval: () => 0, clearInterval: () => {}, ...(options.now ? { now: options.now } : {}) },
    options.loadCommands ?? (() => commands),
  );
  let id = 0;
  const send = (r: RequestBody): number => {
    handler({ id: ++id, ...r } as Request);
    return id;
  };
  return { host, send, request: (r: Request) => handler(r) };
}

/** Ports a test opened; `closeChannels` in its afterEach closes them. */
const opened: { close(): void }[] = [];
export function closeChannels(): void {
  for (const p of opened.splice(0)) p.close();
}

export interface ChannelOptions extends HostOptions {
  /** the host's side of the channel, changed by the test (e.g. to make it hang) */
  wrap?: (endpoint: Endpoint) => Endpoint;
}

/**
 * A host on one end of a real MessageChannel with real timers; answers the other end (`page`) and a
 * `Port` over it for an EngineClient. Close it with `closeChannels` after each test.
 */
export function channelHost(options: ChannelOptions = {}): { page: MessagePort; port: Port } {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  const endpoint: Endpoint = {
    postMessage: (m: Message) => port1.postMessage(m),
    onMessage: (fn) => port1.on('message', (r: Request) => fn(r)),
  };
  createHost(
    options.wrap ? options.wrap(endpoint) : endpoint,
    { ...realTimers, ...(options.now ? { now: options.now } : {}) },
    ...(options.loadCommands ? [options.loadCommands] : []),
  );
  const port: Port = { postMessage: (m) => port2.postMessage(m), onmessage: null };
  port2.on('message', (data: Message) => port.onmessage?.({ data } as MessageEvent<Message>));
  return { page: port2, port };
}

/** The page's EngineClient talking to a host over a real MessageChannel, and every batch it got. */
export function channelClient(options: ChannelOptions & { clientNow?: () => number } = {}) {
  const client = new EngineClient(channelHost(options).port, options.clientNow);
  const batches: ChangeBatch[] = [];
  client.onBatch = (b) => batches.push(b);
  return { client, batches };
}

/**
 * The batches as the worker made them, from the messages it sent: a batch cut into several messages
 * (changeBatcher.ts splitBatch: the ones before its last say `more`) joined back into one — the first
 * message's `reset`, every change in order, the last one's clock, steps, events and revisions.
 */
export function wholeBatches(messages: readonly ChangeBatch[]): ChangeBatch[] {
  const out: ChangeBatch[] = [];
  let run: ChangeBatch[] = [];
  for (const m of messages) {
    run.push(m);
    if (m.more) continue;
    const [first] = run;
    const { more: _more, ...last } = m;
    out.push({
      ...last,
      reset: first.reset,
      upserts: run.flatMap((x) => x.upserts),
      compact: run.flatMap((x) => x.compact ?? []),
      patches: run.flatMap((x) => x.patches ?? []),
      deletes: run.flatMap((x) => x.deletes),
      eventRows: run.flatMap((x) => x.eventRows ?? []),
      eventDeletes: run.flatMap((x) => x.eventDeletes ?? []),
    });
    run = [];
  }
  if (run.length) throw new Error(`the last ${run.length} message(s) say more follow`);
  return out;
}
