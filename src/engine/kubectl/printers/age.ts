// Ages as kubectl prints them: apimachinery's duration.HumanDuration and the printers'
// translateTimestampSince.

import { parseTime } from '../../clock';

/** duration.HumanDuration: `45s`, `2m5s`, `3h5m`, `2d3h`, `2y30d`, … (Go integer truncation). */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / 3_600_000);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const y = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** translateTimestampSince: `<unknown>` for a missing timestamp, else the age at `now`. */
export function translateTimestampSince(ts: string | undefined | null, now: number): string {
  const t = parseTime(ts ?? undefined);
  if (t === undefined) return '<unknown>';
  return humanDuration(now - t);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC1123Z layout in UTC: `Thu, 01 Jan 2026 00:00:00 +0000`. Zero time for a missing one. */
export function formatRFC1123Z(ts: string | undefined | null): string {
  const t = parseTime(ts ?? undefined);
  if (t === undefined) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(t);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(
    d.getUTCHours(),
  )}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}
