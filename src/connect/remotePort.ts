// The engine protocol (src/wire/protocol.ts) answered by a real API server instead of the worker:
// the page's EngineClient talks to this port exactly as it talks to the worker, so the store, the
// graph, the console and the editor do not need to know where the cluster is.
//
// - State: every mirrored kind is listed and watched (listWatch.ts); changes go to the page as the
//   worker's change batches, a few per second at most.
// - `exec` of a kubectl line: run on a copy of the mirrored objects (mirrorSim.ts); a read prints from
//   the copy; a write's own requests are sent to the server, and the server's refusal is printed word
//   for word instead of the copy's output. Commands that follow the cluster over time are refused
//   (the user's own kubectl does them).
// - `sim …` lines, step and advance: `POST /playground/v1/sim`, only on the playground's own server.
// - `why`: the checks computed on the copy.

import { type Kind, type KObject, type Chunk, Kubeconfig, why } from '../engine';
import { namespacedName } from '../engine/predicates';
import { tokenize } from '../engine/scripts';
import type { Port } from '../worker/client';
import type { ChangeBatch, Message, ObjectRef, Request, WhyData } from '../wire/protocol';
import { ApiError, apiErrorOf, ListWatch, type Fetch } from './listWatch';
import { mirrorSimulation, runRecorded, streamingCommand, watchingCommand, type Op } from './mirrorSim';
import { MIRRORED, objectPath } from './resources';
import { requestFor } from './request';
import { whyData } from '../wire/whyData';
import { ServedClock } from './clock';
import { kubectlText } from './serverError';
import { useConnection } from './status';

import { SIM_MEDIA_TYPE, SIM_PATH } from '../wire/sim';
export { SIM_MEDIA_TYPE, SIM_PATH };
const REQUEST_TIMEOUT_MS = 20_000;

export interface RemoteOptions {
  base: string;
  fetch?: Fetch;
  /** how often changes go to the page at most */
  flushMs?: number;
  /** how often the server's clock is read (a node Lease's renewTime) */
  clockMs?: number;
}

type Handler = (e: MessageEvent<Message>) => void;

export class RemotePort implements Port {
  onmessage: Handler | null = null;
  private readonly fetch: Fetch;
  private readonly cache = new Map<Kind, Map<string, KObject>>();
  private readonly upserts = new Map<string, KObject>();
  private readonly deletes = new Map<string, ObjectRef>();
  private reset = true;
  /** kinds listed at least once: the first batch waits for all of them (or a failure) */
  private readonly listed = new Set<Kind>();
  private readonly watches: ListWatch<KObject>[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private clockTimer: ReturnType<typeof setInterval> | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private readonly clock = new ServedClock();
  /**
   * The console's kubeconfig: each command runs on a throwaway copy of the objects, but
   * `kubectl config set-context --current --namespace=X` holds for the commands after it.
   */
  private readonly kubeconfig = new Kubeconfig();
  private start = 0;
  private closed = false;
  private readonly down = new Map<Kind, string>();

  constructor(private readonly opts: RemoteOptions) {
    const raw: Fetch = opts.fetch ?? ((u, i) => globalThis.fetch(u, i));
    // A server that takes the connection and never answers must not leave a command waiting forever
    // (watches have no time limit: they are meant to stay open).
    this.fetch = (u, i) =>
      u.includes('watch=1')
        ? raw(u, i)
        : raw(u, {
            ...i,
            signal: i?.signal
              ? AbortSignal.any([i.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
              : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
    for (const r of MIRRORED) this.cache.set(r.kind, new Map());
  }

  /** The server's time now: its last reading moved on at the rate it was seen to run (serve's --speed; 0 when paced). */
  now(): number {
    return this.clock.now(Date.now());
  }

  postMessage(r: Request): void {
    void this.answer(r).then(
      (m) => m && this.emit(m),
      (e: unknown) => this.emit({ id: r.id, type: 'error', message: (e as Error).message ?? String(e) }),
    );
  }

  terminate(): void {
    this.closed = true;
    for (const w of this.watches) w.stop();
    clearTimeout(this.flushTimer);
    clearInterval(this.clockTimer);
    clearInterval(this.tickTimer);
  }

  private emit(m: Message): void {
    if (this.closed && m.type === 'changes') return;
    this.onmessage?.({ data: m } as MessageEvent<Message>);
  }

  // ------------------------------------------------------------------------------ requests

  private async answer(r: Request): Promise<Message | null> {
    switch (r.type) {
      case 'init':
        this.connect();
        return { id: r.id, type: 'ok', ...(r.transcript ? { replayed: [] } : {}) };
      case 'exec': {
        const res = await this.exec(r.line, r.stdin);
        // The page prints what is streamed (as the worker streams a command's output).
        for (const chunk of res.chunks) this.emit({ type: 'chunk', id: r.id, chunk });
        return { id: r.id, type: 'exec', ...res };
      }
      case 'ping':
      case 'cancel':
        return { id: r.id, type: 'ok' };
      case 'play':
      case 'pause':
        // The cluster's clock is not the page's to run or stop (serve has its --speed).
        return { id: r.id, type: 'ok' };
      case 'step': {
        const out = await this.sim('sim step');
        if (out.exitCode !== 0) throw new Error(out.text.trim());
        return { id: r.id, type: 'step', record: null };
      }
      case 'advance': {
        const out = await this.sim(`sim advance ${Math.max(0, Math.round(r.ms))}ms`);
        void this.readClock();
        if (out.exitCode !== 0) throw new Error(out.text.trim());
        return { id: r.id, type: 'ok' };
      }
      case 'why':
        return { id: r.id, type: 'why', reports: this.why(r.node, r.namespace, r.daemonSet) };
      case 'probe':
        return { id: r.id, type: 'probe', results: r.lines.map((l) => this.probe(l)) };
      default:
        throw new Error(`${r.type} is not available against a connected cluster`);
    }
  }

  // ------------------------------------------------------------------------------ state

  private connect(): void {
    useConnection.setState({ state: 'connecting', error: null });
    for (const res of MIRRORED) {
      const lw = new ListWatch<KObject>(
        {
          base: this.opts.base,
          path: res.path,
          kind: res.kind,
          apiVersion: res.apiVersion,
          ...(res.poll !== undefined ? { poll: res.poll } : {}),
        },
        {
          replace: (items) => this.replace(res.kind, items),
          event: (type, o) => this.change(res.kind, type, o),
          state: (up, error) => this.kindState(res.kind, up, error),
        },
        {
          fetch: this.fetch,
          sleep: (ms, signal) =>
            new Promise<void>((resolve, reject) => {
              const t = setTimeout(resolve, ms);
              signal.addEventListener('abort', () => {
                clearTimeout(t);
                reject(new Error('stopped'));
              });
            }),
        },
      );
      this.watches.push(lw);
      void lw.start();
    }
    void this.probeServer();
    this.clockTimer = setInterval(() => void this.readClock(), this.opts.clockMs ?? 2000);
    // Ages and countdowns move with the clock even when nothing changes.
    this.tickTimer = setInterval(() => this.schedule(), 1000);
  }

  private kindState(kind: Kind, up: boolean, error?: string): void {
    if (up) this.down.delete(kind);
    else this.down.set(kind, error ?? 'unreachable');
    // A kind that cannot be listed at all (forbidden) should not hold back the others.
    if (!up) this.listed.add(kind);
    const network = [...this.down.values()].find((m) => m.startsWith('cannot reach'));
    const kindErrors = Object.fromEntries([...this.down].filter(([, m]) => !m.startsWith('cannot reach')));
    const st = useConnection.getState();
    const state = network
      ? 'disconnected'
      : this.listed.size === MIRRORED.length
        ? 'connected'
        : st.state === 'disconnected'
          ? 'disconnected'
          : 'connecting';
    useConnection.setState({ state, error: network ?? null, kindErrors });
    if (up && st.state === 'disconnected' && !network) void this.probeServer();
  }

  private replace(kind: Kind, items: KObject[]): void {
    const m = this.cache.get(kind)!;
    const next = new Map<string, KObject>();
    for (const o of items) next.set(namespacedName(o.metadata.namespace, o.metadata.name), o);
    for (const [k, o] of m) if (!next.has(k)) this.deletes.set(`${kind}|${k}`, ref(o));
    for (const [k, o] of next) {
      if (m.get(k)?.metadata.resourceVersion !== o.metadata.resourceVersion)
        this.upserts.set(`${kind}|${k}`, o);
      this.deletes.delete(`${kind}|${k}`);
    }
    this.cache.set(kind, next);
    this.listed.add(kind);
    this.kindState(kind, true);
    if (kind === 'Node') void this.readClock();
    this.schedule();
  }

  private change(kind: Kind, type: 'ADDED' | 'MODIFIED' | 'DELETED', o: KObject): void {
    const m = this.cache.get(kind)!;
    const k = namespacedName(o.metadata.namespace, o.metadata.name);
    const id = `${kind}|${k}`;
    if (type === 'DELETED') {
      if (m.delete(k)) {
        this.upserts.delete(id);
        this.deletes.set(id, ref(o));
      }
    } else {
      m.set(k, o);
      this.deletes.delete(id);
      this.upserts.set(id, o);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.flushTimer !== undefined || this.closed) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.opts.flushMs ?? 100);
  }

  private flush(): void {
    // The first picture waits until every kind was listed once, so the graph does not show pods
    // without their nodes.
    if (this.reset && this.listed.size < MIRRORED.length) return;
    const now = this.now();
    if (this.start === 0) this.start = now;
    let b: ChangeBatch;
    if (this.reset) {
      const all: KObject[] = [];
      for (const m of this.cache.values()) all.push(...m.values());
      b = this.batch(true, all, [], now);
      this.reset = false;
    } else {
      b = this.batch(false, [...this.upserts.values()], [...this.deletes.values()], now);
    }
    this.upserts.clear();
    this.deletes.clear();
    this.emit(b);
  }

  private batch(reset: boolean, upserts: KObject[], deletes: ObjectRef[], now: number): ChangeBatch {
    // The same empty lists every time: the page's subscribers to them see no change.
    return {
      type: 'changes',
      reset,
      upserts,
      deletes,
      now,
      start: this.start,
      steps: NONE,
      events: NONE,
      playing: true,
      speed: 1,
      inputs: NONE,
      ...(this.kubeconfig.namespace() !== 'default' ? { namespace: this.kubeconfig.namespace() } : {}),
    };
  }

  /**
   * The served cluster's simulated time: serve sets a node Lease's renewTime to its clock, so two
   * readings also give the rate it runs at (--speed; 0 when paced and idle). A real cluster runs on
   * real time (its kubelets renew every 10 s, so renewTime is no better than the page's own clock).
   */
  private async readClock(): Promise<void> {
    if (!useConnection.getState().served) {
      this.clock.clear();
      return;
    }
    const node = this.cache.get('Node')!.values().next().value as KObject | undefined;
    if (!node) return;
    try {
      const t0 = Date.now();
      const res = await this.fetch(
        `${this.opts.base}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${encodeURIComponent(node.metadata.name)}`,
        { headers: { Accept: 'application/json' } },
      );
      if (!res.ok) return;
      const lease = (await res.json()) as { spec?: { renewTime?: string } };
      const at = Date.parse(lease.spec?.renewTime ?? '');
      if (!Number.isFinite(at)) return;
      this.clock.reading(at, (t0 + Date.now()) / 2);
      this.schedule();
    } catch {
      // the clock stays where it was; the watches report the connection
    }
  }

  /** `/version`, and whether `POST /playground/v1/sim` answers (the playground's own server). */
  private async probeServer(): Promise<void> {
    const base = this.opts.base;
    try {
      const res = await this.fetch(`${base}/version`, { headers: { Accept: 'application/json' } });
      if (res.ok) {
        const v = (await res.json()) as { gitVersion?: string };
        useConnection.setState({ version: v.gitVersion ?? null });
      }
    } catch {
      // unreachable: the watches say so
      return;
    }
    try {
      const res = await this.fetch(`${base}${SIM_PATH}`, {
        method: 'POST',
        body: '',
        headers: { 'Content-Type': SIM_MEDIA_TYPE },
      });
      // An API server without it answers 404; kubectl proxy's --www-prefix=/playground/ files answer 404/405.
      useConnection.setState({
        served: res.ok && (res.headers.get('Content-Type') ?? '').startsWith('text/plain'),
      });
      void this.readClock();
    } catch {
      useConnection.setState({ served: false });
    }
  }

  // ------------------------------------------------------------------------------ commands

  private objects(): KObject[] {
    const out: KObject[] = [];
    for (const m of this.cache.values()) out.push(...m.values());
    return out;
  }

  private why(node: string, namespace?: string, daemonSet?: string): WhyData[] {
    const sim = mirrorSimulation(this.objects(), this.now());
    // the mirror keeps no sync's decisions
    return why(sim, node, namespace, daemonSet).map((w) => ({ ...whyData(w), decisions: [] }));
  }

  private probe(line: string): { text: string; exitCode: number } {
    const sim = mirrorSimulation(this.objects(), this.now());
    const { result, ops } = runRecorded(sim, line, undefined, this.kubeconfig);
    if (ops.length) return { text: 'error: lesson checks only read the cluster\n', exitCode: 1 };
    return { text: result.chunks.map((c) => c.text).join(''), exitCode: result.exitCode };
  }

  private async sim(text: string): Promise<{ text: string; exitCode: number }> {
    const c = useConnection.getState();
    if (!c.served)
      throw new Error(
        `sim commands need the playground's own server (npm run -s serve): ${this.opts.base} does not answer ${SIM_PATH}`,
      );
    const res = await this.fetch(`${this.opts.base}${SIM_PATH}`, {
      method: 'POST',
      body: text,
      headers: { 'Content-Type': SIM_MEDIA_TYPE },
    });
    const out = await res.text();
    const code = Number(res.headers.get('X-Exit-Code') ?? (res.ok ? '0' : '1'));
    return { text: out, exitCode: res.ok ? code : 1 };
  }

  private async exec(
    line: string,
    stdin?: string,
  ): Promise<{
    chunks: Chunk[];
    exitCode: number;
    diagnostics: NonNullable<import('../engine').KubectlResult['diagnostics']>;
  }> {
    const err = (text: string) => ({
      chunks: [{ stream: 'stderr' as const, text: text.endsWith('\n') ? text : `${text}\n` }],
      exitCode: 1,
      diagnostics: [],
    });
    let words: string[];
    try {
      words = tokenize(line);
    } catch (e) {
      return err(`error: ${(e as Error).message}`);
    }
    if (words[0] === 'sim') {
      const c = useConnection.getState();
      if (!c.served)
        return err(
          `error: sim commands need the playground's own server (npm run -s serve); ${this.opts.base} is another cluster`,
        );
      const heredoc =
        stdin !== undefined
          ? `${line} <<'EOF'\n${stdin}${stdin.endsWith('\n') ? '' : '\n'}EOF\n`
          : `${line}\n`;
      const out = await this.sim(heredoc);
      void this.readClock();
      return {
        chunks: out.text ? [{ stream: out.exitCode === 0 ? 'stdout' : 'stderr', text: out.text }] : [],
        exitCode: out.exitCode,
        diagnostics: [],
      };
    }
    if (words[0] !== 'kubectl') return err(`error: only kubectl and sim commands run here`);
    const streaming = streamingCommand(words.slice(1));
    if (streaming)
      return err(
        `error: ${streaming} opens a stream to a container, which this console does not do against ${this.opts.base}: run it with your own kubectl in a terminal`,
      );
    const watching = watchingCommand(words.slice(1));
    if (watching)
      return err(
        `error: ${watching} follows the cluster over time, which this console does not do against ${this.opts.base}: run it with your own kubectl in a terminal`,
      );
    // An update carries the resourceVersion of the copy: when the object changed on the server in
    // the meantime (a controller wrote its status), the server answers 409; the object is read again
    // and the command runs again on the fresh copy, as kubectl's own retries on conflict do.
    let namespacesRead = false;
    for (let attempt = 0; ; attempt++) {
      const sim = mirrorSimulation(this.objects(), this.now());
      const { result, ops } = runRecorded(sim, line, stdin, this.kubeconfig);
      // Namespaces are listed every few seconds: one made a moment ago may not be in the copy yet.
      if (
        result.exitCode !== 0 &&
        !namespacesRead &&
        /namespaces "[^"]*" not found/.test(result.chunks.map((c) => c.text).join(''))
      ) {
        namespacesRead = true;
        if (await this.relist('Namespace')) continue;
      }
      if (result.exitCode !== 0 || ops.length === 0)
        return { chunks: result.chunks, exitCode: result.exitCode, diagnostics: result.diagnostics ?? [] };
      let failed: ApiError | null = null;
      for (const [i, op] of ops.entries()) {
        try {
          await this.send(op);
        } catch (e) {
          if (!(e instanceof ApiError))
            return err(
              `error: ${this.opts.base} could not be reached: ${(e as Error).name === 'TimeoutError' ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s` : (e as Error).message}`,
            );
          if (e.code === 409 && i === 0 && op.op !== 'create' && attempt < 3 && (await this.refresh(op))) {
            failed = e;
            break;
          }
          return err(kubectlText(e));
        }
      }
      if (!failed) return { chunks: result.chunks, exitCode: 0, diagnostics: [] };
    }
  }

  /** Lists one kind again into the copy now; false when the server does not answer. */
  private async relist(kind: Kind): Promise<boolean> {
    const r = MIRRORED.find((x) => x.kind === kind);
    if (!r) return false;
    try {
      const res = await this.fetch(`${this.opts.base}${r.path}`, { headers: { Accept: 'application/json' } });
      if (!res.ok) return false;
      const body = (await res.json()) as { items?: Omit<KObject, 'kind' | 'apiVersion'>[] };
      this.replace(
        kind,
        (body.items ?? []).map((o) => ({ kind: r.kind, apiVersion: r.apiVersion, ...o }) as KObject),
      );
      return true;
    } catch {
      return false;
    }
  }

  /** Reads one object again into the copy (after a conflict); false when it cannot be read. */
  private async refresh(op: Op): Promise<boolean> {
    try {
      const res = await this.fetch(`${this.opts.base}${objectPath(op.kind, op.namespace, op.name)}`, {
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return false;
      const res0 = MIRRORED.find((r) => r.kind === op.kind);
      const o = {
        kind: op.kind,
        apiVersion: res0?.apiVersion ?? 'v1',
        ...((await res.json()) as object),
      } as KObject;
      const m = this.cache.get(op.kind);
      if (!m) return false;
      m.set(namespacedName(o.metadata.namespace, o.metadata.name), o);
      return true;
    } catch {
      return false;
    }
  }

  /** One recorded write as the request kubectl would send. */
  private async send(op: Op): Promise<void> {
    const { path, init } = requestFor(op);
    const res = await this.fetch(`${this.opts.base}${path}`, init);
    if (!res.ok) throw await apiErrorOf(res);
    // The written object, as the server answers it, goes into the copy at once: the next command
    // sees it even before the watch brings it.
    if (op.op !== 'delete' && !op.dryRun) {
      const body = (await res.json().catch(() => null)) as KObject | null;
      const held = body?.metadata?.name
        ? this.cache.get(op.kind)?.get(namespacedName(body.metadata.namespace, body.metadata.name))
        : undefined;
      // …unless the watch already brought a newer version
      const newer = held && Number(held.metadata.resourceVersion) > Number(body?.metadata.resourceVersion);
      if (body && body.kind === op.kind && body.metadata?.name && !newer)
        this.change(op.kind, 'MODIFIED', body);
    }
  }
}

const NONE: never[] = [];

function ref(o: KObject): ObjectRef {
  return o.metadata.namespace !== undefined
    ? { kind: o.kind as Kind, namespace: o.metadata.namespace, name: o.metadata.name }
    : { kind: o.kind as Kind, name: o.metadata.name };
}
