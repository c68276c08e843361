import { describe, expect, it } from 'vitest';
import { WatchStreamError, WatchStreamParser } from './watchStream';

const ev = (type: string, name: string, rv: string) =>
  JSON.stringify({ type, object: { kind: 'Node', metadata: { name, resourceVersion: rv } } });

describe('WatchStreamParser', () => {
  it('parses one event per line, across chunk boundaries anywhere', () => {
    const text = `${ev('ADDED', 'a', '1')}\n${ev('MODIFIED', 'a', '2')}\n${ev('DELETED', 'a', '3')}\n`;
    for (let cut = 1; cut < text.length; cut += 7) {
      const p = new WatchStreamParser();
      const got = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut)), ...p.end()];
      expect(
        got.map((e) => `${e.type}:${(e.object.metadata as { resourceVersion: string }).resourceVersion}`),
      ).toEqual(['ADDED:1', 'MODIFIED:2', 'DELETED:3']);
    }
  });
  it('holds a partial line until its newline, and takes a last line without one at the end', () => {
    const p = new WatchStreamParser();
    expect(p.push(ev('ADDED', 'a', '1').slice(0, 10))).toEqual([]);
    expect(p.push(ev('ADDED', 'a', '1').slice(10))).toEqual([]);
    expect(p.end()).toHaveLength(1);
  });
  it('skips blank lines and keeps bookmarks and errors as events', () => {
    const p = new WatchStreamParser();
    const got = p.push(
      `\n${JSON.stringify({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '9' } } })}\r\n\n${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410 } })}\n`,
    );
    expect(got.map((e) => e.type)).toEqual(['BOOKMARK', 'ERROR']);
  });
  it('says what is wrong with a broken line', () => {
    expect(() => new WatchStreamParser().push('{"type":"ADDED"\n')).toThrow(WatchStreamError);
    expect(() => new WatchStreamParser().push('{"type":"NOPE","object":{}}\n')).toThrow(
      /unknown type "NOPE"/,
    );
    expect(() => new WatchStreamParser().push('{"type":"ADDED"}\n')).toThrow(/without an object/);
    expect(() => new WatchStreamParser().push('[1]\n')).toThrow(/not an event/);
  });
});
