// The page's side of the worker protocol: typed requests with ids, streamed chunks, pushed batches.
// Watches the worker: if it throws or stops answering, the owner is told and can restart it.

import type { Chunk } from '../engine';
import type { ChangeBatch, Message, Request, Response } from '../wire/protocol';

type Pending = {
  resolve: (r: Response) => void;
  reject: (e: Error) => void;
  onChunk?: (c: Chunk) => void;
  touch: () => void;
  chars: number;
  type: Request['type'];
};

/** Requests whose answers need no current mirror (they change nothing): answered without applying what waits. */
const READS = new Set<Request['type']>(['ping', 'why', 'probe']);

/** How much text a request makes the engine parse (a manifest, or the manifests of a replay). */
function textChars(body: RequestBody): number {
  if (body.type === 'exec') return body.stdin?.length ?? 0;
  if (body.type === 'init') return body.spec.inputs.reduce((n, i) => n + (i.stdin?.length ?? 0), 0);
  return 0;
}

/** Something that carries messages to a host: a Worker, or a MessagePort for the in-process fallback. */
export interface Port {
  postMessage(m: Request): void;
  onmessage: ((e: MessageEvent<Message>) => void) | null;
  onerror?: ((e: ErrorEvent) => void) | null;
  terminate?(): void;
}

export type RequestBody = Request extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  onBatch: (b: ChangeBatch) => void = () => {};
  /**
   * Called before an answer is handed out: the batches it follows must be in the mirror by then (the
   * page may apply batches later, spread over frames; see src/state/batchQueue.ts). When it returns a
   * promise (the engine's first snapshot, put in over several tasks), the answer waits for it, and so
   * do the answers after it (they stay in order).
   */
  beforeAnswer: (type: Request['type']) => void | Promise<void> = () => {};
  /** an answer waiting for beforeAnswer's promise; later answers queue behind it */
  private answering: Promise<void> | null = null;
  onFatal: (message: string) => void = () => {};
  /** wall-clock ms of the last message from the engine (any message is a sign of life) */
  lastSeen: number;

  constructor(
    private readonly port: Port,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.lastSeen = now();
    port.onmessage = (e) => this.receive(e.data);
    if ('onerror' in port) {
      port.onerror = (e: ErrorEvent) => {
        e.preventDefault?.();
        this.fail(e.message || 'the engine worker crashed');
      };
    }
  }

  private receive(m: Message): void {
    this.lastSeen = this.now();
    if ('id' in m && m.type !== 'chunk' && m.type !== 'alive') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      const hand = () => {
        if (m.type === 'error') p.reject(new Error(m.message));
        else p.resolve(m);
      };
      if (this.answering) {
        const after = this.answering.then(() => {
          const w = READS.has(p.type) ? undefined : this.beforeAnswer(p.type);
          return w ? w.then(hand, hand) : hand();
        });
        this.answering = after;
        void after.then(() => {
          if (this.answering === after) this.answering = null;
        });
        return;
      }
      const waited = READS.has(p.type) ? undefined : this.beforeAnswer(p.type);
      if (!waited) {
        hand();
        return;
      }
      const after = waited.then(hand, hand);
      this.answering = after;
      void after.then(() => {
        if (this.answering === after) this.answering = null;
      });
      return;
    }
    switch (m.type) {
      case 'chunk': {
        const p = this.pending.get(m.id);
        p?.touch();
        p?.onChunk?.(m.chunk);
        return;
      }
      case 'alive':
        if (m.id === undefined) for (const p of this.pending.values()) p.touch();
        else this.pending.get(m.id)?.touch();
        return;
      case 'changes':
        this.onBatch(m);
        return;
      case 'fatal':
        this.fail(m.message);
        return;
      default:
        return;
    }
  }

  private fail(message: string): void {
    this.rejectAll(message);
    this.onFatal(message);
  }

  /** Answers every request still waiting with this error (the engine will not answer them). */
  rejectAll(message: string): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) p.reject(new Error(message));
  }

  /** How many requests are waiting for an answer. */
  inFlight(): number {
    return this.pending.size;
  }

  /** Characters of text (manifests) the requests in flight make the engine parse. */
  inFlightChars(): number {
    let n = 0;
    for (const p of this.pending.values()) n += p.chars;
    return n;
  }

  /** Counts the page's own stall as a sign of life (see Watchdog: a blocked page cannot blame the engine). */
  markAlive(): void {
    this.lastSeen = this.now();
  }

  /** The id the next request will get (to cancel a watching command later). */
  peekNextId(): number {
    return this.nextId;
  }

  /**
   * Sends a request whose answer nobody waits for (`prefetch`): it is not in flight (a reset may reuse
   * the engine meanwhile, src/state/engine.ts reusable) and its answer is dropped.
   */
  tell(body: RequestBody): void {
    this.port.postMessage({ ...body, id: this.nextId++ } as Request);
  }

  /**
   * Sends a request; rejects when the worker shows no sign of life for `timeoutMs` (streamed
   * chunks and keep-alives of a watching command count as signs of life).
   */
  request<T extends Response = Response>(
    body: RequestBody,
    opts: { onChunk?: (c: Chunk) => void; timeoutMs?: number } = {},
  ): Promise<T> {
    const id = this.nextId++;
    const timeoutMs = opts.timeoutMs ?? 15_000;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        // Infinity: no time-out of its own (the Watchdog decides when the engine is gone)
        if (!Number.isFinite(timeoutMs)) return;
        timer = setTimeout(() => {
          if (!this.pending.has(id)) return;
          this.pending.delete(id);
          const msg = `the engine did not answer within ${Math.round(timeoutMs / 1000)} s`;
          reject(new Error(msg));
          this.onFatal(msg);
        }, timeoutMs);
      };
      arm();
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        onChunk: opts.onChunk,
        touch: arm,
        chars: textChars(body),
        type: body.type,
      });
      this.port.postMessage({ ...body, id } as Request);
    });
  }

  terminate(): void {
    this.port.terminate?.();
    this.fail('terminated');
  }
}
