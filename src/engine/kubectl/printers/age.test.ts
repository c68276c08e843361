import { describe, expect, it } from 'vitest';
import { formatRFC1123Z, humanDuration, translateTimestampSince } from './age';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration (KUBERNETES.md §10.12)', () => {
  it.each([
    [-3 * S, '<invalid>'],
    [-1500, '0s'],
    [0, '0s'],
    [45 * S, '45s'],
    [119 * S + 999, '119s'],
    [2 * M, '2m'],
    [2 * M + 5 * S, '2m5s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M, '10m'],
    [10 * M + 30 * S, '10m'],
    [53 * M, '53m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [3 * H + 5 * M, '3h5m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H, '8h'],
    [47 * H, '47h'],
    [2 * D, '2d'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D, '8d'],
    [729 * D, '729d'],
    [730 * D, '2y'],
    [730 * D + 30 * D, '2y30d'],
    [8 * 365 * D, '8y'],
    [20 * 365 * D, '20y'],
  ])('%d ms → %s', (ms, want) => {
    expect(humanDuration(ms)).toBe(want);
  });

  it('translateTimestampSince', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    expect(translateTimestampSince(undefined, now)).toBe('<unknown>');
    expect(translateTimestampSince('2026-01-01T00:07:00Z', now)).toBe('53m');
  });

  it('formats RFC1123Z like Go', () => {
    expect(formatRFC1123Z('2026-01-01T00:00:05Z')).toBe('Thu, 01 Jan 2026 00:00:05 +0000');
    expect(formatRFC1123Z('2025-12-29T13:04:59Z')).toBe('Mon, 29 Dec 2025 13:04:59 +0000');
  });
});
