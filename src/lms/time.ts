// SCORM's time formats, pure: SCORM 1.2's CMITimespan (`HHHH:MM:SS.SS`) and CMITime (`HH:MM:SS`), and
// SCORM 2004's ISO 8601 duration (`PT1H2M3.45S`) and time (`2026-01-02T03:04:05.6Z`, xAPI's too).

/** SCORM 1.2 CMITimespan: hours (2–4 digits), minutes, seconds with at most 2 decimals. */
export function timespan12(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.min(9999, Math.floor(cs / 360000));
  const m = Math.floor((cs % 360000) / 6000);
  const s = Math.floor((cs % 6000) / 100);
  const c = cs % 100;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/** SCORM 1.2 CMITime: a time of day, `HH:MM:SS` (UTC). */
export function time12(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 19);
}

/** ISO 8601 duration as SCORM 2004 and xAPI write it: `PT0S`, `PT1H2M3.45S` (at most 2 decimals). */
export function duration2004(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360000);
  const m = Math.floor((cs % 360000) / 6000);
  const sc = cs % 6000;
  const s = sc % 100 === 0 ? String(sc / 100) : (sc / 100).toFixed(2).replace(/0$/, '');
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sc || (!h && !m) ? `${s}S` : ''}`;
}

/** SCORM 2004 time (second.fraction precision of 2 digits), UTC. */
export function time2004(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/(\.\d{2})\dZ$/, '$1Z');
}
