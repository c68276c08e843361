// Time labels for the timeline and the event log. The simulated clock is UTC epoch milliseconds, so
// everything is formatted in UTC (the same on every machine). Pure.

import type { StepRecord } from '../engine';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Time since the start: `+0s`, `+12s`, `+1m05s`, `+1h02m03s` (whole seconds, truncated). */
export function formatOffset(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `+${h}h${pad(m)}m${pad(s)}s`;
  if (m > 0) return `+${m}m${pad(s)}s`;
  return `+${s}s`;
}

/** Absolute simulated time of day, `HH:MM:SS` (UTC). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `HH:MM:SS.mmm` (UTC), as `sim step` prints it. */
export function formatStamp(ms: number): string {
  return `${formatClock(ms)}.${pad(((ms % 1000) + 1000) % 1000, 3)}`;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) for tooltips. */
export function formatDateTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

/** One work item as `sim step` prints it: `[00:00:03.020] daemonset-controller ns/name (why): what`. */
export function stepLine(r: StepRecord): string {
  return `[${formatStamp(r.time)}] ${r.controller} ${r.key} (${r.reason}): ${r.result || 'done'}`;
}
