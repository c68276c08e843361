import { describe, expect, it } from 'vitest';
import { parseConnect } from './target';

const O = 'http://127.0.0.1:4301';

describe('parseConnect', () => {
  it('is none without the parameter', () => {
    expect(parseConnect('?lang=en', O)).toEqual({ type: 'none' });
  });
  it('accepts loopback addresses', () => {
    expect(parseConnect('?connect=http://127.0.0.1:18080', O)).toEqual({
      type: 'remote',
      base: 'http://127.0.0.1:18080',
      label: 'http://127.0.0.1:18080',
      sameOrigin: false,
    });
    expect(parseConnect('?connect=http://localhost:8080/', O)).toMatchObject({
      type: 'remote',
      base: 'http://localhost:8080',
    });
    // no CSP source can name an IPv6 address: refused with that reason rather than blocked silently
    const v6 = parseConnect(`?connect=${encodeURIComponent('http://[::1]:8080')}`, O);
    expect(v6.type === 'refused' && v6.message).toContain('cannot allow an IPv6 address');
  });
  it('accepts same-origin as the page origin', () => {
    expect(parseConnect('?connect=same-origin', O)).toEqual({
      type: 'remote',
      base: O,
      label: O,
      sameOrigin: true,
    });
  });
  it('refuses anything else, saying why', () => {
    const r = parseConnect('?connect=http://example.com:8080', O);
    expect(r.type).toBe('refused');
    expect(r.type === 'refused' && r.message).toContain('example.com is not a loopback address');
    expect(parseConnect('?connect=http://127.0.0.2:1', O).type).toBe('refused');
    expect(parseConnect('?connect=http://127.0.0.1.evil.io:1', O).type).toBe('refused');
    expect(parseConnect('?connect=file:///etc', O).type).toBe('refused');
    expect(parseConnect('?connect=nonsense', O).type).toBe('refused');
    expect(parseConnect('?connect=http://u:p@127.0.0.1:1', O).type).toBe('refused');
  });
});
