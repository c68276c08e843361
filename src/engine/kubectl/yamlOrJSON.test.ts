// The expected answers were checked with the real kubectl 1.33.1 (`kubectl create -f - --dry-run=client`
// against `npm run serve`), whose YAMLOrJSONDecoder is the one this file follows.

import { describe, expect, it } from 'vitest';
import { decodeYAMLOrJSON, type StreamPart } from './yamlOrJSON';
import { isGoSpace, looksLikeJSON } from './jsonSniff';

const P = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...extra },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  });

/** The parts, shortened: json:NAME, yaml:TEXT, error:MESSAGE. */
function parts(text: string): string[] {
  return [...decodeYAMLOrJSON(text)].map((p: StreamPart) => {
    if (p.kind === 'json') {
      const v = p.value as { metadata?: { name?: string } } | null;
      return `json@${p.line}:${v && typeof v === 'object' && v.metadata?.name ? v.metadata.name : JSON.stringify(v)}`;
    }
    if (p.kind === 'yaml')
      return `yaml@${p.line}:${JSON.stringify(p.text)}${p.jsonError ? ` (else ${p.jsonError.message})` : ''}`;
    return `error@${p.line}:${p.message}`;
  });
}

describe('isGoSpace (unicode.IsSpace)', () => {
  it('is white space in Go: NEL, NBSP, LS and PS too; not the byte-order mark', () => {
    for (const c of [
      ' ',
      '\t',
      '\n',
      '\r',
      '\v',
      '\f',
      '\u0085',
      '\u00a0',
      '\u2028',
      '\u2029',
      '\u3000',
      '\u1680',
      '\u2000',
      '\u200a',
      '\u202f',
      '\u205f',
    ]) {
      expect(isGoSpace(c), JSON.stringify(c)).toBe(true);
    }
    for (const c of ['\ufeff', '\u200b', 'a', '{', '\u180e'])
      expect(isGoSpace(c), JSON.stringify(c)).toBe(false);
  });
});

describe('looksLikeJSON (GuessJSONStream)', () => {
  it('is a `{` after Go white space within the first 4096 bytes', () => {
    expect(looksLikeJSON('{}')).toBe(true);
    expect(looksLikeJSON(' \u00a0\u2028\u0085\n{')).toBe(true);
    expect(looksLikeJSON('\ufeff{')).toBe(false);
    expect(looksLikeJSON('[1]')).toBe(false);
    expect(looksLikeJSON('a: {}')).toBe(false);
    expect(looksLikeJSON(`${' '.repeat(4095)}{`)).toBe(true);
    expect(looksLikeJSON(`${' '.repeat(4096)}{`)).toBe(false);
    // bytes, not characters: 2048 NBSPs are 4096 bytes
    expect(looksLikeJSON(`${'\u00a0'.repeat(2047)}{`)).toBe(true);
    expect(looksLikeJSON(`${'\u00a0'.repeat(2048)}{`)).toBe(false);
  });
});

describe('decodeYAMLOrJSON', () => {
  it('reads a JSON manifest as JSON: U+2028, U+2029, U+0085, U+00A0 and U+FEFF in strings are characters', () => {
    for (const ch of ['\u2028', '\u2029', '\u0085', '\u00a0', '\ufeff']) {
      const [part] = [...decodeYAMLOrJSON(P('p', { labels: { [ch]: '' } }))];
      expect(part).toEqual({ kind: 'json', line: 1, value: JSON.parse(P('p', { labels: { [ch]: '' } })) });
    }
  });

  it('reads JSON values one after the other, and YAML documents otherwise', () => {
    expect(parts(P('a') + P('b'))).toEqual(['json@1:a', 'json@1:b']);
    expect(parts(`${P('a')}\n\n  ${P('b')}\n`)).toEqual(['json@1:a', 'json@3:b']);
    expect(parts(`${P('a')} null 5 "s" [1] true`)).toEqual([
      'json@1:a',
      'json@1:null',
      'json@1:5',
      'json@1:"s"',
      'json@1:[1]',
      'json@1:true',
    ]);
    expect(parts('a: 1\n---\nb: 2\n--- # c\nc: 3')).toEqual([
      'yaml@1:"a: 1"',
      'yaml@3:"b: 2"',
      'yaml@5:"c: 3"',
    ]);
    expect(parts('a: "---"\n')).toEqual(['yaml@1:"a: \\"---\\"\\n"']);
    expect(parts('---\na: 1\n---\n---\nb: 2\n')).toEqual(['yaml@2:"a: 1"', 'yaml@5:"b: 2\\n"']);
    expect(parts('[1]')).toEqual(['yaml@1:"[1]"']);
  });

  it('drops a leading byte-order mark, as the file reader does', () => {
    expect(parts(`\ufeff${P('a')}`)).toEqual(['json@1:a']);
    expect(parts(`\ufeff\ufeff${P('a')}`)).toEqual([`yaml@1:${JSON.stringify(`\ufeff${P('a')}`)}`]);
  });

  it('the number that starts a value ends where its digits end, as json.Decoder reads it', () => {
    expect(parts(`${P('a')}01`)).toEqual(['json@1:a', 'json@1:0', 'json@1:1']);
  });

  it('a stream that does not read as JSON is read as YAML, and the JSON error is the one reported', () => {
    // `{a: 1}` is YAML; `{a}` is 3 bytes: consumeWhitespace wants 4 to look at, so the decoder gives up
    expect(parts('{a: 1}')).toEqual([
      'yaml@1:"{a: 1}" (else json: offset 2: invalid character \'a\' looking for beginning of object key string)',
    ]);
    expect(parts('{a}')).toEqual([
      "error@1:json: offset 2: invalid character 'a' looking for beginning of object key string",
    ]);
    expect(parts('{"a": 1')).toEqual(['yaml@1:"{\\"a\\": 1" (else unexpected EOF)']);
    // after one value: YAML from after it, the white space up to the first line break eaten
    expect(parts(`${P('a')}\n---\n${P('b')}\n`)).toEqual([
      'json@1:a',
      `yaml@3:${JSON.stringify(`${P('b')}\n`)} (else json: offset 112: invalid character '-' in numeric literal)`,
    ]);
    expect(parts(`${P('a')}  kind: x\n`)).toEqual([
      'json@1:a',
      'yaml@1:"kind: x\\n" (else json: offset 112: invalid character \'k\' looking for beginning of value)',
    ]);
    expect(parts(`${P('a')}\u0085kind: x\n`)).toEqual([
      'json@1:a',
      'yaml@1:"kind: x\\n" (else json: offset 110: invalid character \'Â\' looking for beginning of value)',
    ]);
    // fewer than 4 bytes left, or U+FFFD: the JSON error
    expect(parts(`${P('a')} x`)).toEqual([
      'json@1:a',
      "error@1:json: offset 111: invalid character 'x' looking for beginning of value",
    ]);
    expect(parts(`${P('a')}\u00a0`)).toEqual([
      'json@1:a',
      "error@1:json: offset 110: invalid character 'Â' looking for beginning of value",
    ]);
    expect(parts(`${P('a')}\u2028`)).toEqual([
      'json@1:a',
      "error@1:json: offset 110: invalid character 'â' looking for beginning of value",
    ]);
    expect(parts(`${P('a')}\ufffdkind: x\n`)).toEqual([
      'json@1:a',
      "error@1:json: offset 110: invalid character 'ï' looking for beginning of value",
    ]);
    // a byte-order mark is no white space: YAML starts with it (and go-yaml skips it)
    expect(parts(`${P('a')}\ufeffkind: x\n`)).toEqual([
      'json@1:a',
      'yaml@1:"\ufeffkind: x\\n" (else json: offset 110: invalid character \'ï\' looking for beginning of value)',
    ]);
  });

  it('after two JSON values, a value that does not read is an error as it is', () => {
    expect(parts(`${P('a')}${P('b')} x`)).toEqual([
      'json@1:a',
      'json@1:b',
      "error@1:invalid character 'x' looking for beginning of value",
    ]);
    expect(parts(`${P('a')}${P('b')}{"a":[\n`)).toEqual(['json@1:a', 'json@1:b', 'error@2:unexpected EOF']);
  });

  it('a bad separator ends the stream, dropping the document before it (the JSON error when that is the first YAML)', () => {
    expect(parts('a: 1\n---\nb: 2\n--- x\nc: 3\n')).toEqual([
      'yaml@1:"a: 1"',
      'error@4:invalid Yaml document separator: x',
    ]);
    expect(parts(`${P('a')}\n---\nb: 2\n--- x\nc: 3\n`)).toEqual([
      'json@1:a',
      "error@2:json: offset 112: invalid character '-' in numeric literal",
    ]);
    // Go's strings.TrimSpace: a NEL after the separator is white space, a BOM is not
    expect(parts('a: 1\n---\u0085\nb: 2')).toEqual(['yaml@1:"a: 1"', 'yaml@3:"b: 2"']);
    expect(parts('a: 1\n---\ufeff\nb: 2')).toEqual(['error@2:invalid Yaml document separator: \ufeff']);
  });
});
