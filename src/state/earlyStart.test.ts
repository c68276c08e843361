// When the entry may start the engine before the first render (issue 24): only where App's boot is
// certain to start the same cluster (src/share/session.ts bootFromLocation without a link or a session).

import { describe, expect, it } from 'vitest';
import { earlySpec, sameStart } from './earlyStart';

const at = (search: string, hash = '', pathname = '/p/') => ({ pathname, search, hash });
const none = () => null;

describe('earlySpec', () => {
  it('is the default cluster for the plain page, with present, lang or theme', () => {
    const spec = { seed: 1, preset: 'article', nodes: undefined, inputs: [] };
    expect(earlySpec(at(''), none)).toEqual(spec);
    expect(earlySpec(at('?present=1&lang=zh-CN&theme=dark'), none)).toEqual(spec);
  });
  it('is null for a share link, another parameter, or a saved session of this page', () => {
    expect(earlySpec(at('', '#s=abc'), none)).toBeNull();
    for (const q of [
      '?lesson=article',
      '?preset=large',
      '?seed=2',
      '?nodes=10',
      '?embed=1',
      '?connect=http://x',
      '?lms=scorm12',
      '?step=2',
      '?id=a',
      '?ctl=1',
    ])
      expect(earlySpec(at(q), none), q).toBeNull();
    const asked: string[] = [];
    const saved = (k: string) => {
      asked.push(k);
      return k === 'daemonset-playground:/p/::session' ? '{"v":1}' : null;
    };
    expect(earlySpec(at(''), saved)).toBeNull();
    expect(asked).toEqual(['daemonset-playground:/p/::session']);
    // another page's session is not this one's
    expect(earlySpec(at('', '', '/other/'), saved)).not.toBeNull();
  });
  it('is null when storage throws (as in a sandboxed frame)', () => {
    expect(
      earlySpec(at(''), () => {
        throw new Error('SecurityError');
      }),
    ).toBeNull();
  });
});

describe('sameStart', () => {
  const a = { seed: 1, preset: 'article' as const, inputs: [] };
  it('holds for the same seed, preset and size with no inputs and no clock', () => {
    expect(sameStart(a, { ...a })).toBe(true);
    expect(sameStart(a, { ...a, seed: 2 })).toBe(false);
    expect(sameStart(a, { ...a, preset: 'large' })).toBe(false);
    expect(sameStart(a, { ...a, nodes: 3 })).toBe(false);
    expect(sameStart(a, { ...a, until: 1000 })).toBe(false);
    expect(sameStart(a, { ...a, inputs: [{ at: 0, line: 'kubectl get nodes' }] })).toBe(false);
  });
});
