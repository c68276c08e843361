// The simulated clock. Time only moves when the simulation runs work items or is told to advance.

export const DEFAULT_START = Date.parse('2026-01-01T00:00:00Z');

export class Clock {
  constructor(private ms: number = DEFAULT_START) {}
  now(): number {
    return this.ms;
  }
  set(ms: number): void {
    if (ms < this.ms) throw new Error(`clock cannot go back from ${this.ms} to ${ms}`);
    this.ms = ms;
  }
  /** RFC 3339 with second precision, as Kubernetes serializes metav1.Time. */
  iso(ms: number = this.ms): string {
    return rfc3339(ms);
  }
}

let lastSecond = Number.NaN;
let lastText = '';

export function rfc3339(ms: number): string {
  const sec = Math.floor(ms / 1000);
  if (sec !== lastSecond) {
    lastSecond = sec;
    lastText = new Date(sec * 1000).toISOString().replace('.000Z', 'Z');
  }
  return lastText;
}

export function parseTime(s: string | undefined): number | undefined {
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

/** Parses Go-style durations: `500ms`, `30s`, `5m`, `1h30m`, `2h`. Returns milliseconds. */
export function parseDuration(s: string): number {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = 0;
  for (const m of s.matchAll(re)) {
    if (m.index !== consumed) break;
    consumed += m[0].length;
    const n = Number(m[1]);
    total += m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : m[2] === 'm' ? n * 60_000 : n * 3_600_000;
  }
  if (consumed !== s.length || s.length === 0) throw new Error(`invalid duration "${s}"`);
  return Math.round(total);
}

/** Go's time.Duration.String for whole milliseconds: `2s`, `1.5s`, `500ms`, `1m30s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}
