import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatOffset, formatStamp, stepLine } from './timeFormat';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('time labels', () => {
  it('formats offsets', () => {
    expect(formatOffset(0)).toBe('+0s');
    expect(formatOffset(-50)).toBe('+0s');
    expect(formatOffset(12_999)).toBe('+12s');
    expect(formatOffset(65_000)).toBe('+1m05s');
    expect(formatOffset(3_723_000)).toBe('+1h02m03s');
  });
  it('formats the simulated clock in UTC', () => {
    expect(formatClock(T0 + 65_000)).toBe('00:01:05');
    expect(formatStamp(T0 + 3020)).toBe('00:00:03.020');
    expect(formatDateTime(T0 + 3020)).toBe('2026-01-01 00:00:03 UTC');
  });
  it('prints a step like sim step', () => {
    expect(
      stepLine({
        time: T0 + 3020,
        controller: 'daemonset-controller',
        key: 'kube-system/fluentd-elasticsearch',
        reason: 'DaemonSet added',
        result: 'created 1 pod',
      }),
    ).toBe(
      '[00:00:03.020] daemonset-controller kube-system/fluentd-elasticsearch (DaemonSet added): created 1 pod',
    );
    expect(stepLine({ time: T0, controller: 'kubelet', key: 'a/b', reason: 'r', result: '' })).toBe(
      '[00:00:00.000] kubelet a/b (r): done',
    );
  });
});
