// Table tests of the go-template printer: each expected result is what the real kubectl (1.32)
// printed for `kubectl create configmap c --from-literal=a=b --from-literal=n=3 --from-literal=x.y=dot
// --dry-run=client -o go-template=TEMPLATE` (output, or the template error).

import { describe, expect, it } from 'vitest';
import { GoTemplate, sprintf } from './goTemplate';
import type { JSONValue } from './goValue';

const data = {
  apiVersion: 'v1',
  data: { a: 'b', n: '3', 'x.y': 'dot' },
  kind: 'ConfigMap',
  metadata: { creationTimestamp: null, name: 'c' },
} as JSONValue;

const cases: [string, { out?: string; error?: string }][] = [
  ['{{.metadata.name}}', { out: 'c' }],
  ['{{.data}}', { out: 'map[a:b n:3 x.y:dot]' }],
  ['{{.nope}}', { out: '<no value>' }],
  ['{{len .data}}', { out: '3' }],
  ['{{printf "%s-%d" .kind 3}}', { out: 'ConfigMap-3' }],
  ['{{printf "%d" .data.n}}', { out: '%!d(string=3)' }],
  ['{{index .data "a"}}', { out: 'b' }],
  ['{{index .data "zz"}}', { out: '<no value>' }],
  ['{{range $k, $v := .data}}[{{$k}}={{$v}}]{{end}}', { out: '[a=b][n=3][x.y=dot]' }],
  ['{{range .data}}{{.}},{{end}}', { out: 'b,3,dot,' }],
  ['{{if .data.a}}yes{{else}}no{{end}}', { out: 'yes' }],
  ['{{if eq .data.a "b"}}B{{end}}', { out: 'B' }],
  ['{{if eq .kind "X"}}x{{else if eq .kind "ConfigMap"}}cm{{else}}other{{end}}', { out: 'cm' }],
  ['{{- .kind -}}  {{ .metadata.name }}', { out: 'ConfigMapc' }],
  ['{{with .metadata}}{{.name}}{{end}}', { out: 'c' }],
  ['{{.metadata.creationTimestamp}}', { out: '<no value>' }],
  [
    '{{.metadata.creationTimestamp.x}}',
    {
      error:
        'template: output:1:11: executing "output" at <.metadata.creationTimestamp.x>: nil pointer evaluating interface {}.x',
    },
  ],
  [
    '{{.data.a.b}}',
    {
      error:
        'template: output:1:7: executing "output" at <.data.a.b>: can\'t evaluate field b in type interface {}',
    },
  ],
  ['{{range .items}}x{{else}}none{{end}}', { out: 'none' }],
  ['{{$n := .metadata.name}}{{$n}}', { out: 'c' }],
  ['{{print 1 2 "a" 3}}', { out: '1 2a3' }],
  ['{{println .kind}}', { out: 'ConfigMap\n' }],
  ['{{/* comment */}}ok', { out: 'ok' }],
  [
    '{{eq 1 .data.n}}',
    {
      error:
        'template: output:1:2: executing "output" at <eq 1 .data.n>: error calling eq: incompatible types for comparison',
    },
  ],
  ['{{lt 1 2}}', { out: 'true' }],
  ['{{and .data.a .kind}}', { out: 'ConfigMap' }],
  ['{{or .nope .kind}}', { out: 'ConfigMap' }],
  ['{{not .data}}', { out: 'false' }],
  ['{{.kind | printf "%q"}}', { out: '"ConfigMap"' }],
  ['{{exists . "data" "a"}}', { out: 'true' }],
  ['{{exists . "data" "q"}}', { out: 'false' }],
  ['{{base64decode "aGVsbG8="}}', { out: 'hello' }],
  ['{{printf "%5s|%-5s|" "ab" "cd"}}', { out: '   ab|cd   |' }],
  [
    '{{len .nope}}',
    {
      error:
        'template: output:1:2: executing "output" at <len .nope>: error calling len: reflect: call of reflect.Value.Type on zero Value',
    },
  ],
  ['{{.x', { error: 'template: output:1: unclosed action' }],
  ['{{end}}', { error: 'template: output:1: unexpected {{end}}' }],
  ['{{foo}}', { error: 'template: output:1: function "foo" not defined' }],
  ['{{if .kind}}', { error: 'template: output:1: unexpected EOF' }],
  [
    '{{index .data 1}}',
    {
      error:
        'template: output:1:2: executing "output" at <index .data 1>: error calling index: value has type int; should be string',
    },
  ],
  ['{{range $i, $e := .data}}{{$i}}{{end}}', { out: 'anx.y' }],
];

describe('go-template (against kubectl)', () => {
  for (const [tpl, want] of cases) {
    it(tpl, () => {
      let got: { out?: string; error?: string };
      try {
        const r = new GoTemplate('output', tpl).execute(data);
        got = r.error !== undefined ? { error: r.error } : { out: r.output };
      } catch (e) {
        got = { error: (e as Error).message };
      }
      if (want.error !== undefined) expect(got.error).toBe(want.error);
      else expect(got).toEqual(want);
    });
  }
});

describe('printf', () => {
  it('formats like fmt: whole data numbers are int64 (Unstructured), others float64', () => {
    expect(sprintf('%s=%v|%5s|%-4s|', ['a', 2, 'ab', 'c'])).toBe('a=2|   ab|c   |');
    // the real kubectl prints `2` for {{printf "%d" .status.numberReady}} of a served DaemonSet
    expect(sprintf('%d', [2])).toBe('2');
    expect(sprintf('%d', [2.5])).toBe('%!d(float64=2.5)');
    expect(sprintf('%f', [2])).toBe('%!f(int64=2)');
    expect(sprintf('%v', [1000000])).toBe('1000000');
    expect(sprintf('%s %s', ['a'])).toBe('a %!s(MISSING)');
  });
});
