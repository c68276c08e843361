// `kubectl get -w/--watch` and `--watch-only` (kubectl/pkg/cmd/get/get.go watch()): the current
// objects first (not with --watch-only), then one row — or one object, or one name — per change
// of a watched object, as the API server's watch sends them. The table keeps the widths of the
// rows already printed (liggitt/tabwriter RememberWidths); a header is printed once, with the
// first row. In a script the watch lasts until the cluster is quiet, or until --request-timeout;
// then kubectl exits 0 without a message, as when a server closes a watch. On the page the console
// streams the rows until Ctrl+C (src/worker/getWatchLive.ts).

import type { Change } from '../../api/objectStore';
import { NAMESPACED, type Kind, type KObject } from '../../api/types';
import { parseDuration } from '../../clock';
import { TIMINGS } from '../../timings';
import { flagBool, flagString } from '../argv';
import { resourceName } from '../printers/name';
import type { Printer } from '../printers/printFlags';
import { PrintError, resolvePrinter } from '../printers/printFlags';
import { parseResourceArgs, type ResourceRequest } from '../resources';
import { CommandError, type CommandContext } from '../types';
import { formatSingleError } from './common';
import {
  expandAll,
  fetchObjects,
  labelColumns,
  multipleTypesRequested,
  objectFilter,
  renderTables,
  type FetchOptions,
} from './getListing';

/** The state of one watch: what it watches and how it prints. */
export class GetWatcher {
  private readonly remember: number[] = [];
  private headerDone = false;
  private printed = 0;
  private readonly keep: (o: KObject) => boolean;

  /** the kind watched (what to subscribe to) */
  get kind(): Kind {
    return this.req.kind;
  }

  constructor(
    private readonly ctx: CommandContext,
    private readonly req: ResourceRequest,
    private readonly fetch: FetchOptions,
    private readonly printer: Printer,
  ) {
    this.keep = objectFilter(req.kind, fetch);
  }

  /** The listing before the watch (nothing with --watch-only); NotFound for named objects. */
  initial(): string {
    const r = fetchObjects(this.ctx, this.req, this.fetch);
    if (r.errors.length > 0) throw r.errors[0];
    if (flagBool(this.ctx.args, 'watch-only')) return '';
    return this.print(r.objects);
  }

  /** The text for one change of the store ('' when it is not a watched object). */
  onChange(c: Change): string {
    if (c.kind !== this.req.kind) return '';
    const obj = c.obj;
    if (
      NAMESPACED[this.req.kind] &&
      !this.fetch.allNamespaces &&
      obj.metadata.namespace !== this.ctx.namespace
    )
      return '';
    if (this.req.names.length > 0 && !this.req.names.includes(obj.metadata.name)) return '';
    if (!this.keep(obj)) return '';
    return this.print([obj]);
  }

  private print(objs: KObject[]): string {
    if (objs.length === 0) return '';
    const p = this.printer;
    if (p.kind === 'name') return objs.map((o) => `${resourceName(o)}\n`).join('');
    if (p.kind === 'generic') {
      let text = '';
      for (const o of objs) {
        if (p.format === 'yaml' && this.printed > 0) text += '---\n';
        let one = p.print(o);
        // the custom-columns printer writes its header once, before the first row
        if (
          p.format.startsWith('custom-columns') &&
          this.printed > 0 &&
          !flagBool(this.ctx.args, 'no-headers')
        )
          one = one.slice(one.indexOf('\n') + 1);
        this.printed++;
        text += one;
      }
      return text;
    }
    const args = this.ctx.args;
    const text = renderTables(
      objs,
      {
        wide: p.kind === 'human' && p.wide,
        showLabels: flagBool(args, 'show-labels'),
        allNamespaces: this.fetch.allNamespaces,
        noHeaders: flagBool(args, 'no-headers') || this.headerDone,
        withKind: flagBool(args, 'show-kind') || multipleTypesRequested(args.positional),
        labelColumns: labelColumns(this.ctx),
        remember: this.remember,
      },
      this.ctx.sim.now(),
    );
    this.headerDone = true;
    return text;
  }
}

/** --request-timeout: a duration (`5s`, `1m`) or a number of seconds; 0 means none. */
export function requestTimeoutMs(ctx: CommandContext): number {
  const v = flagString(ctx.args, 'request-timeout');
  if (v === undefined || v === '' || v === '0') return 0;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  try {
    return parseDuration(v);
  } catch {
    throw new CommandError(
      `invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)`,
    );
  }
}

export function checkWatchable(requests: ResourceRequest[]): ResourceRequest {
  if (requests.length !== 1) {
    // the builder's SingleResourceType() answers first (kubectl get.go watch), as the real kubectl shows
    throw new CommandError('you may only specify a single resource type');
  }
  return requests[0];
}

/** The CLI's watch: print, then run the simulation until it is quiet or the request times out. */
export function runGetWatch(
  ctx: CommandContext,
  requests: ResourceRequest[],
  fetch: FetchOptions,
  printer: Printer,
): void {
  const req = checkWatchable(requests);
  const timeoutMs = requestTimeoutMs(ctx);
  const w = new GetWatcher(ctx, req, fetch, printer);
  const sim = ctx.sim;
  let failure: unknown;
  const write = (text: string) => {
    if (text) ctx.out.out(text);
  };
  try {
    write(w.initial());
  } catch (e) {
    if (e instanceof PrintError) throw new CommandError(`unable to output the provided object: ${e.message}`);
    throw e;
  }
  // Subscribed by kind: Events reach only a listener that names them (api/objectStore.ts).
  const stop = sim.watch(
    (c) => {
      if (failure) return;
      try {
        write(w.onChange(c));
      } catch (e) {
        failure = e;
      }
    },
    [req.kind],
  );
  const deadline = sim.now() + (timeoutMs > 0 ? timeoutMs : TIMINGS.settleLimitMs);
  try {
    while (!failure) {
      const t = sim.nextAt();
      if (t === undefined || t > deadline) {
        if (timeoutMs > 0 && sim.now() < deadline) sim.advance(deadline - sim.now());
        break;
      }
      sim.step();
    }
  } finally {
    stop();
  }
  if (failure) throw new CommandError(formatSingleError(failure), 1, true);
}

/** A watch that the page's console follows live: its listing so far, and how to stop it. */
export interface LiveGetWatch {
  stop: () => void;
}

/**
 * For the page's console: when `line` is a watching `kubectl get` (-w, --watch-only) without
 * --request-timeout, prints the listing now and then the rows of each change as the clock runs,
 * until stopped (Ctrl+C). Returns null for any other line, or when the command fails before it
 * would watch (the caller then runs it as usual, which prints the error).
 */
export function openLiveGetWatch(ctx: CommandContext, write: (text: string) => void): LiveGetWatch | null {
  const args = ctx.args;
  if (!(flagBool(args, 'watch') || flagBool(args, 'watch-only'))) return null;
  if (flagString(args, 'request-timeout') !== undefined || flagString(args, 'raw') !== undefined) return null;
  let w: GetWatcher;
  try {
    const printer = resolvePrinter(ctx, { get: true, noHeaders: flagBool(args, 'no-headers') });
    const req = checkWatchable(parseResourceArgs(expandAll(args.positional), 'get'));
    const fetch: FetchOptions = {
      allNamespaces: flagBool(args, 'all-namespaces'),
      labelSelector: flagString(args, 'selector'),
      fieldSelector: flagString(args, 'field-selector'),
    };
    w = new GetWatcher(ctx, req, fetch, printer);
    write(w.initial());
  } catch {
    return null;
  }
  let stopped = false;
  const unsubscribe = ctx.sim.watch(
    (c) => {
      if (stopped) return;
      try {
        const text = w.onChange(c);
        if (text) write(text);
      } catch (e) {
        write(`${formatSingleError(e)}\n`);
        stopped = true;
      }
    },
    [w.kind],
  );
  return {
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}
