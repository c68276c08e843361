import { describe, expect, it } from 'vitest';
import { goYamlKeyLess, resolvesToNonString, toYAML } from './yaml';
import { toJSON } from './json';
import { asList } from './list';
import type { KObject } from '../../api/types';

describe('toYAML (go-yaml v2 via sigs.k8s.io/yaml)', () => {
  it('sorts keys and does not indent sequences under their key', () => {
    const obj = {
      spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }], nodeSelector: {} },
      apiVersion: 'v1',
      kind: 'Pod',
    };
    expect(toYAML(obj)).toBe(
      [
        'apiVersion: v1',
        'kind: Pod',
        'spec:',
        '  containers:',
        '  - image: nginx',
        '    name: c',
        '    ports:',
        '    - containerPort: 80',
        '  nodeSelector: {}',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['true', '"true"'],
    ['yes', '"yes"'],
    ['On', '"On"'],
    ['1', '"1"'],
    ['0.5', '"0.5"'],
    ['1e3', '"1e3"'],
    ['', '""'],
    ['~', '"~"'],
    ['null', '"null"'],
    ['2026-01-01T00:00:00Z', '"2026-01-01T00:00:00Z"'],
    ['2026-01-01', '"2026-01-01"'],
    ['*', "'*'"],
    ['- x', "'- x'"],
    ['a: b', "'a: b'"],
    ['{"a":1}', '\'{"a":1}\''],
    ["it's: here", "'it''s: here'"],
    [' lead', "' lead'"],
    ['100m', '100m'],
    ['200Mi', '200Mi'],
    ['nginx:1.14', 'nginx:1.14'],
    ['a #b', "'a #b'"],
    ['a#b', 'a#b'],
    ['node-role.kubernetes.io/master', 'node-role.kubernetes.io/master'],
  ])('scalar %j → %s', (value, want) => {
    expect(toYAML({ k: value })).toBe(`k: ${want}\n`);
  });

  it('uses literal blocks for multi-line strings', () => {
    expect(toYAML({ a: { b: 'line1\nline2\n' } })).toBe('a:\n  b: |\n    line1\n    line2\n');
    expect(toYAML({ b: 'x\ny' })).toBe('b: |-\n  x\n  y\n');
  });

  it('folds long plain strings at the first space past column 80', () => {
    const cause =
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 --record=true';
    expect(toYAML({ metadata: { annotations: { 'kubernetes.io/change-cause': cause } } })).toBe(
      'metadata:\n  annotations:\n    kubernetes.io/change-cause: kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0\n      --record=true\n',
    );
  });

  it('prints scalars, empty collections and nested sequences', () => {
    expect(toYAML({ nil: null, b: false, i: 30, e: [], m: {}, s: [['a']], y: 1 })).toBe(
      'b: false\ne: []\ni: 30\nm: {}\nnil: null\ns:\n- - a\n"y": 1\n',
    );
  });

  it('resolve() follows YAML 1.1 as go-yaml v2 does', () => {
    expect(resolvesToNonString('0x1F')).toBe(true);
    expect(resolvesToNonString('1_000')).toBe(true);
    expect(resolvesToNonString('v1')).toBe(false);
    expect(resolvesToNonString('Always')).toBe(false);
  });

  it('orders keys naturally like go-yaml', () => {
    expect(goYamlKeyLess('a2', 'a10')).toBe(true);
    expect(goYamlKeyLess('a_b', 'aB')).toBe(true);
    expect(goYamlKeyLess('apiVersion', 'kind')).toBe(true);
    expect(goYamlKeyLess('kind', 'apiVersion')).toBe(false);
  });

  it('prints an empty List', () => {
    expect(toYAML(asList([]))).toBe(
      'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n',
    );
  });
});

describe('toJSON', () => {
  it('sorts keys, indents by four spaces and escapes HTML characters', () => {
    const o = {
      kind: 'Pod',
      apiVersion: 'v1',
      metadata: { name: 'p', labels: { b: '1', a: '<none>&' } },
      items: [],
    };
    expect(toJSON(o)).toBe(
      '{\n    "apiVersion": "v1",\n    "items": [],\n    "kind": "Pod",\n    "metadata": {\n        "labels": {\n            "a": "\\u003cnone\\u003e\\u0026",\n            "b": "1"\n        },\n        "name": "p"\n    }\n}\n',
    );
  });

  it('prints a List', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } } as unknown as KObject;
    expect(toJSON(asList([pod]))).toContain(
      '"kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}',
    );
  });
});
