import { describe, expect, it } from 'vitest';
import { FRESH, historyDown, historyUp } from './history';

describe('console history', () => {
  const h = ['kubectl get nodes', 'kubectl get pods', 'sim settle'];

  it('goes back from the newest and keeps the draft', () => {
    const a = historyUp(h, FRESH, 'kubectl ge')!;
    expect(a.line).toBe('sim settle');
    const b = historyUp(h, a.cursor, a.line)!;
    expect(b.line).toBe('kubectl get pods');
    const c = historyUp(h, b.cursor, b.line)!;
    expect(c.line).toBe('kubectl get nodes');
    expect(historyUp(h, c.cursor, c.line)).toBeNull();
    const d = historyDown(h, c.cursor)!;
    expect(d.line).toBe('kubectl get pods');
    const e = historyDown(h, historyDown(h, d.cursor)!.cursor)!;
    expect(e.line).toBe('kubectl ge');
    expect(e.cursor).toEqual(FRESH);
    expect(historyDown(h, e.cursor)).toBeNull();
  });

  it('does nothing with an empty history', () => {
    expect(historyUp([], FRESH, 'x')).toBeNull();
    expect(historyDown([], FRESH)).toBeNull();
  });

  it('copes with a history that shrank', () => {
    const m = historyUp(['a'], { index: 5, draft: 'd' }, 'z')!;
    expect(m.line).toBe('a');
  });
});
