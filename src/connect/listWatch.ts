// List and watch one kind of a Kubernetes API server, the way client-go's Reflector does: list, hand
// over the items, then watch from the list's resourceVersion; when the watch ends or the connection
// drops, watch again from the last resourceVersion seen (events and bookmarks move it); when the
// server answers 410 Gone (that version is no longer kept) list again. While the server cannot be
// reached, retry with a growing pause and say so.

import { WatchStreamParser, type WatchEvent } from './watchStream';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface ListWatchHandlers<T> {
  /** a (re)list: these are all the objects there are now */
  replace(items: T[], resourceVersion: string): void;
  /** a change seen on the watch */
  event(type: 'ADDED' | 'MODIFIED' | 'DELETED', object: T): void;
  /** up (the list or watch answered) or down (with what went wrong) */
  state(up: boolean, error?: string): void;
}

export interface ListWatchDeps {
  fetch: Fetch;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface ListWatchOptions {
  /** `http://127.0.0.1:8080` (no trailing slash) */
  base: string;
  /** `/api/v1/nodes`, `/apis/apps/v1/daemonsets` */
  path: string;
  kind: string;
  apiVersion: string;
  /** pause before retry n (0-based) */
  backoff?: (attempt: number) => number;
  /**
   * List every `poll` ms instead of watching. A browser keeps at most 6 connections to one server
   * (HTTP/1.1), and each open watch holds one: the kinds that matter least are polled, so requests
   * (Apply, cordon, the console) always find a free connection.
   */
  poll?: number;
}

/** The server said the resourceVersion is too old: list again. */
export class Gone extends Error {}

/** What a failed request says: the Status message when there is one, word for word. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function apiErrorOf(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const s = JSON.parse(text) as Record<string, unknown>;
    if (s && s.kind === 'Status' && typeof s.message === 'string')
      return new ApiError(res.status, s.message, s);
  } catch {
    // not JSON
  }
  return new ApiError(
    res.status,
    `the server answered ${res.status} ${res.statusText}${text ? `: ${text.trim().slice(0, 200)}` : ''}`,
  );
}

const defaultBackoff = (n: number) => Math.min(500 * 2 ** n, 5000);

export class ListWatch<T extends { metadata: { resourceVersion?: string } }> {
  private readonly abort = new AbortController();
  /** the last resourceVersion seen (list, event or bookmark) */
  resourceVersion: string | undefined;
  /** how many lists were made (the first one, and one per 410 Gone) */
  lists = 0;
  /** how many watches were started */
  watches = 0;
  private running: Promise<void> | null = null;
  /** the last attempt failed (connection lost, server gone): check the server's history before resuming */
  private dropped = false;

  constructor(
    private readonly opts: ListWatchOptions,
    private readonly handlers: ListWatchHandlers<T>,
    private readonly deps: ListWatchDeps,
  ) {}

  start(): Promise<void> {
    this.running ??= this.run();
    return this.running;
  }

  stop(): void {
    this.abort.abort();
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      try {
        if (this.opts.poll !== undefined) {
          await this.list();
          attempt = 0;
          await this.deps.sleep(this.opts.poll, this.abort.signal).catch(() => undefined);
          continue;
        }
        if (this.resourceVersion !== undefined && this.dropped) await this.checkSameHistory();
        this.dropped = false;
        if (this.resourceVersion === undefined) await this.list();
        const before = this.watches;
        await this.watch(() => {
          if (attempt) attempt = 0;
        });
        // A watch that ended without a single answer counts as a failure (no busy loop).
        if (this.watches === before) throw new Error('the watch ended at once');
      } catch (e) {
        if (this.stopped) return;
        if (e instanceof Gone) {
          this.resourceVersion = undefined;
          continue;
        }
        this.dropped = true;
        this.handlers.state(false, describe(e, this.opts.base));
        try {
          await this.deps.sleep((this.opts.backoff ?? defaultBackoff)(attempt++), this.abort.signal);
        } catch {
          return;
        }
      }
    }
  }

  private url(query: string): string {
    return `${this.opts.base}${this.opts.path}${query}`;
  }

  /**
   * After a lost connection the watch resumes from the last resourceVersion — unless the server's
   * current one is older than that: then it is not the history the page followed (the server was
   * restarted, or the cluster restored from a backup), and only a new list tells the truth.
   */
  private async checkSameHistory(): Promise<void> {
    const res = await this.deps.fetch(this.url('?limit=1'), {
      signal: this.abort.signal,
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw await apiErrorOf(res);
    const body = (await res.json()) as { metadata?: { resourceVersion?: string } };
    const now = Number(body.metadata?.resourceVersion);
    const last = Number(this.resourceVersion);
    if (Number.isFinite(now) && Number.isFinite(last) && now < last) this.resourceVersion = undefined;
  }

  private async list(): Promise<void> {
    const res = await this.deps.fetch(this.url(''), {
      signal: this.abort.signal,
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) throw await apiErrorOf(res);
    const body = (await res.json()) as { metadata?: { resourceVersion?: string }; items?: T[] };
    const rv = body.metadata?.resourceVersion ?? '';
    const items = (body.items ?? []).map(
      (o) => ({ kind: this.opts.kind, apiVersion: this.opts.apiVersion, ...o }) as T,
    );
    this.lists++;
    this.resourceVersion = rv;
    this.handlers.state(true);
    this.handlers.replace(items, rv);
  }

  private async watch(answered: () => void): Promise<void> {
    const q = `?watch=1&allowWatchBookmarks=true&resourceVersion=${encodeURIComponent(this.resourceVersion ?? '')}`;
    const res = await this.deps.fetch(this.url(q), {
      signal: this.abort.signal,
      headers: { Accept: 'application/json' },
    });
    if (res.status === 410) throw new Gone();
    if (!res.ok) throw await apiErrorOf(res);
    this.watches++;
    answered();
    this.handlers.state(true);
    const parser = new WatchStreamParser();
    const body = res.body;
    if (!body) {
      for (const e of parser.push(await res.text())) this.deliver(e);
      for (const e of parser.end()) this.deliver(e);
      return;
    }
    const reader = body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const e of parser.push(decoder.decode(value, { stream: true }))) this.deliver(e);
    }
    for (const e of parser.push(decoder.decode())) this.deliver(e);
    for (const e of parser.end()) this.deliver(e);
  }

  private deliver(e: WatchEvent): void {
    if (this.stopped) return;
    if (e.type === 'ERROR') {
      const code = Number(e.object.code);
      if (code === 410) throw new Gone();
      throw new ApiError(
        code || 500,
        typeof e.object.message === 'string' ? e.object.message : 'the watch sent an error',
      );
    }
    const md = (e.object.metadata ?? {}) as { resourceVersion?: string };
    if (md.resourceVersion) this.resourceVersion = md.resourceVersion;
    if (e.type === 'BOOKMARK') return;
    const o = { kind: this.opts.kind, apiVersion: this.opts.apiVersion, ...e.object } as unknown as T;
    this.handlers.event(e.type, o);
  }
}

function describe(e: unknown, base: string): string {
  if (e instanceof ApiError) return e.message;
  const m = (e as Error)?.message ?? String(e);
  if (e instanceof TypeError) return `cannot reach ${base} (${m})`;
  if ((e as Error)?.name === 'TimeoutError') return `cannot reach ${base} (no answer in time)`;
  return m;
}
