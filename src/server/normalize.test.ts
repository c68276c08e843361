import { describe, expect, it } from 'vitest';
import { normalizeClientDifferences } from './normalize';

describe('normalizeClientDifferences', () => {
  it("sorts drain's warnings, which kubectl builds from a Go map", () => {
    const a = 'Warning: deleting Pods that declare no controller: default/web; ignoring DaemonSet-managed Pods: kube-system/f-1';
    const b = 'Warning: ignoring DaemonSet-managed Pods: kube-system/f-1; deleting Pods that declare no controller: default/web';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
  });

  it('leaves other warnings, and a single drain warning, as they are', () => {
    const one = 'Warning: ignoring DaemonSet-managed Pods: kube-system/f-1, kube-system/f-2';
    expect(normalizeClientDifferences(one)).toBe(one);
    const other = 'Warning: resource pods/x: b; a';
    expect(normalizeClientDifferences(other)).toBe(other);
  });

  it("sorts drain's aggregated errors", () => {
    const a = 'error: unable to drain node "n" due to error: [cannot delete x: a, cannot delete y: b], continuing command...';
    const b = 'error: unable to drain node "n" due to error: [cannot delete y: b, cannot delete x: a], continuing command...';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
  });

  it('masks client-computed ages in describe tables', () => {
    expect(normalizeClientDifferences('  Normal  Scheduled  5s  default-scheduler  Assigned'))
      .toBe(normalizeClientDifferences('  Normal  Scheduled  2m3s  default-scheduler  Assigned'));
  });
});

describe('logs of several sources', () => {
  it('groups --prefix lines by their source, keeping each source’s order (a Go map decides which comes first)', () => {
    const a = '$ kubectl logs -l app=x --prefix\n[pod/b/c] one\n[pod/a/c] start\n[pod/a/c] stop\n$ next';
    const b = '$ kubectl logs -l app=x --prefix\n[pod/a/c] start\n[pod/a/c] stop\n[pod/b/c] one\n$ next';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
    const swapped = '$ kubectl logs -l app=x --prefix\n[pod/a/c] stop\n[pod/a/c] start\n[pod/b/c] one\n$ next';
    expect(normalizeClientDifferences(swapped)).not.toBe(normalizeClientDifferences(b));
  });
});
