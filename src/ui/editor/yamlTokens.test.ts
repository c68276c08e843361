import { describe, expect, it } from 'vitest';
import { tokenizeLine, tokenizeYaml } from './yamlTokens';
import { ARTICLE_MANIFEST } from '../../engine/scripts';

const kinds = (line: string) => tokenizeLine(line).map((t) => `${t.kind}:${t.text}`);

describe('tokenizeYaml', () => {
  it('keeps every line as it was (tokens joined are the line)', () => {
    const text = `${ARTICLE_MANIFEST}\n# c\n- a: "x # y" # z\n  b: 'it''s'\n  c: |\n    run: this\n    # kept\n  d: 3\n\r\n`;
    const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
    const toks = tokenizeYaml(text);
    expect(toks.length).toBe(lines.length);
    toks.forEach((t, i) => expect(t.map((x) => x.text).join('')).toBe(lines[i]));
  });

  it('tells keys, values, comments and dashes apart', () => {
    expect(kinds('  name: fluentd # the agent')).toEqual([
      'text:  ',
      'key:name',
      'punct::',
      'text: ',
      'string:fluentd',
      'text: ',
      'comment:# the agent',
    ]);
    expect(kinds('- key: value')).toEqual([
      'punct:-',
      'text: ',
      'key:key',
      'punct::',
      'text: ',
      'string:value',
    ]);
    expect(kinds('    memory: 200Mi')).toContain('string:200Mi');
    expect(kinds('  replicas: 3')).toContain('number:3');
    expect(kinds('  hostNetwork: true')).toContain('keyword:true');
    expect(kinds('image: "quay.io/x:v1" # c')).toEqual([
      'key:image',
      'punct::',
      'text: ',
      'string:"quay.io/x:v1"',
      'text: ',
      'comment:# c',
    ]);
    // a colon inside a value is not a key's
    expect(kinds('- image: quay.io/fluentd:v2')).toContain('string:quay.io/fluentd:v2');
    expect(kinds('# only a comment')).toEqual(['comment:# only a comment']);
  });

  it('reads a block scalar as text until the indentation comes back', () => {
    const toks = tokenizeYaml('a: |\n  x: 1\n  # y\nb: 2');
    expect(toks[1]).toEqual([{ kind: 'string', text: '  x: 1' }]);
    expect(toks[2]).toEqual([{ kind: 'string', text: '  # y' }]);
    expect(toks[3][0]).toEqual({ kind: 'key', text: 'b' });
  });
});
