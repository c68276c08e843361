// The commands that stream: a watching `kubectl rollout status`, `kubectl get -w` and `kubectl logs -f`.
// Each prints what there is now, then more as the clock runs, with a keep-alive while it lasts, and
// answers its request when it ends, or on Ctrl+C (cancel) with exit code 130.

import type { Simulation, Chunk } from '../engine';
import type { Message } from '../wire/protocol';
import { rolloutWatchTarget, watchRollout } from './liveWatch';
import { startLiveGetWatch } from './getWatchLive';
import { followLogs, logsFollowTarget } from './logsFollow';

/** What the streams need of the host. */
export interface StreamHost {
  /** the current simulation (a command may replace it) */
  sim(): Simulation;
  /** the namespace of a command without `-n`: the session's kubeconfig context's */
  namespace(): string;
  /** runs a command as the console does (recorded as an input) */
  exec(line: string, stdin: string | undefined, id: number): { chunks: Chunk[]; exitCode: number };
  /** sends the page what changed */
  flush(): void;
  post(m: Message): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(h: unknown): void;
}

export class Streams {
  private readonly watches = new Map<number, () => void>();

  constructor(private readonly host: StreamHost) {}

  /** Starts `line` as a stream answering request `id`; false when it is an ordinary command. */
  start(id: number, line: string): boolean {
    return this.startWatch(id, line) || this.startGetWatch(id, line) || this.startLogsFollow(id, line);
  }

  /** Ctrl+C: ends the stream answering request `id`, if it still runs. */
  cancel(id: number): void {
    const stop = this.watches.get(id);
    if (stop) stop();
  }

  /** Ends every stream (the simulation they watch was replaced). */
  stopAll(): void {
    // stop() removes its entry, so iterate over a copy
    for (const stop of Array.from(this.watches.values())) stop();
  }

  /**
   * A watching `kubectl rollout status`: print the current line now, then a line per change of the
   * DaemonSet as the clock runs, and answer the request when the rollout is done (or cancelled).
   * It is recorded as `--watch=false` so that replaying the inputs does not run the clock.
   */
  private startWatch(id: number, line: string): boolean {
    const host = this.host;
    const target = rolloutWatchTarget(line, host.namespace());
    if (!target) return false;
    const once = host.exec(`${line} --watch=false`, undefined, id);
    const text = once.chunks.map((c) => c.text).join('');
    if (once.exitCode !== 0 || text.includes('successfully rolled out')) {
      host.flush();
      host.post({ id, type: 'exec', chunks: once.chunks, exitCode: once.exitCode, diagnostics: [] });
      return true;
    }
    const chunks = [...once.chunks];
    const keepAlive = host.setInterval(() => host.post({ type: 'alive', id }), 2000);
    const end = (exitCode: number) => {
      host.clearInterval(keepAlive);
      this.watches.delete(id);
      host.post({ id, type: 'exec', chunks, exitCode, diagnostics: [] });
    };
    const stopWatch = watchRollout(
      host.sim(),
      target,
      (text, stream) => {
        const chunk = { stream, text };
        chunks.push(chunk);
        host.post({ type: 'chunk', id, chunk });
      },
      end,
    );
    this.watches.set(id, () => {
      stopWatch();
      end(130);
    });
    host.flush();
    return true;
  }

  /**
   * A watching `kubectl get` (-w, --watch-only): the listing now, then a row per change of a watched
   * object as the clock runs, until Ctrl+C (answered with exit code 130). A read: not recorded.
   */
  private startGetWatch(id: number, line: string): boolean {
    const host = this.host;
    const chunks: { stream: 'stdout' | 'stderr'; text: string }[] = [];
    const live = startLiveGetWatch(
      host.sim(),
      line,
      (chunk) => {
        chunks.push(chunk);
        host.post({ type: 'chunk', id, chunk });
      },
      host.namespace(),
    );
    if (!live) return false;
    const keepAlive = host.setInterval(() => host.post({ type: 'alive', id }), 2000);
    this.watches.set(id, () => {
      live.stop();
      host.clearInterval(keepAlive);
      this.watches.delete(id);
      host.post({ id, type: 'exec', chunks, exitCode: 130, diagnostics: [] });
    });
    host.flush();
    return true;
  }

  /**
   * A following `kubectl logs -f`: print what was written so far now, then each new line as the clock
   * runs, and answer when the container exits (or on Ctrl+C). Recorded as `--follow=false`, like the
   * live rollout status, so that replaying the inputs does not run the clock.
   */
  private startLogsFollow(id: number, line: string): boolean {
    const host = this.host;
    const target = logsFollowTarget(line, host.namespace());
    if (!target) return false;
    const once = host.exec(`${line} --follow=false`, undefined, id);
    const chunks = [...once.chunks];
    if (once.exitCode !== 0) {
      host.flush();
      host.post({ id, type: 'exec', chunks, exitCode: once.exitCode, diagnostics: [] });
      return true;
    }
    const keepAlive = host.setInterval(() => host.post({ type: 'alive', id }), 2000);
    let ended = false;
    const end = (exitCode: number) => {
      ended = true;
      host.clearInterval(keepAlive);
      this.watches.delete(id);
      host.post({ id, type: 'exec', chunks, exitCode, diagnostics: [] });
    };
    host.flush();
    const stopFollow = followLogs(
      host.sim(),
      target,
      (text) => {
        const chunk = { stream: 'stdout' as const, text };
        chunks.push(chunk);
        host.post({ type: 'chunk', id, chunk });
      },
      end,
    );
    if (ended) return true;
    this.watches.set(id, () => {
      stopFollow();
      end(130);
    });
    return true;
  }
}
