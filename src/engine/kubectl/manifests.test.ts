import { describe, expect, it } from 'vitest';
import { parseArgs } from './argv';
import { decodeError, loadManifests } from './manifests';
import { Output, type CommandContext } from './types';
import type { Simulation } from '../simulation';
import type { KObject } from './../api/types';

function ctxWith(
  files: Record<string, string>,
  o: { namespace?: string; stdin?: string } = {},
): CommandContext {
  return {
    sim: {} as Simulation,
    opts: {
      stdin: o.stdin,
      readFile: (f) => {
        if (!(f in files)) throw new Error('ENOENT');
        return files[f];
      },
    },
    out: new Output(),
    namespace: o.namespace ?? 'default',
    namespaceExplicit: o.namespace !== undefined,
    args: parseArgs([], [], 'kubectl create'),
    argv: [],
  };
}

const NODE = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n';
const POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p1\nspec:\n  containers:\n  - name: c\n    image: nginx\n';

const messages = (es: { error?: unknown }[]) => es.map((e) => (e.error ? (e.error as Error).message : null));

describe('loadManifests', () => {
  it('reads multi-document files and List items, filling in the namespace', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n- ${NODE.replace(/\n(?!$)/g, '\n  ')}`;
    const es = loadManifests(ctxWith({ 'a.yaml': `${NODE}---\n${POD}\n---\n`, 'b.yaml': list }), [
      'a.yaml',
      'b.yaml',
    ]);
    expect(es.map((e) => [e.source, e.kind, e.obj?.metadata.name, e.obj?.metadata.namespace])).toEqual([
      ['a.yaml', 'Node', 'n1', undefined],
      ['a.yaml', 'Pod', 'p1', 'default'],
      ['b.yaml', 'Node', 'n1', undefined],
    ]);
  });

  it('reads -f - from stdin and names it STDIN', () => {
    const es = loadManifests(ctxWith({}, { stdin: POD }), ['-']);
    expect(es[0].source).toBe('STDIN');
    expect(es[0].obj?.kind).toBe('Pod');
  });

  it('fails the whole command on a missing file', () => {
    expect(() => loadManifests(ctxWith({ 'a.yaml': NODE }), ['a.yaml', 'nope.yaml'])).toThrow(
      'the path "nope.yaml" does not exist',
    );
  });

  it.each([
    [
      'nested mapping',
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: a: b\n',
      'yaml: line 4: mapping values are not allowed in this context',
    ],
    [
      'tab indentation',
      'apiVersion: v1\nkind: Node\nmetadata:\n\tname: a\n',
      'yaml: line 4: found character that cannot start any token',
    ],
    [
      'bad indentation',
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n labels: x\n',
      'yaml: line 4: did not find expected key',
    ],
    ['sequence then key', 'a:\n  - b\n  c: d\n', "yaml: line 2: did not find expected '-' indicator"],
  ])('YAML syntax error: %s', (_, text, want) => {
    const es = loadManifests(ctxWith({ 'x.yaml': text }), ['x.yaml']);
    expect(messages(es)).toEqual([`error parsing x.yaml: error converting YAML to JSON: ${want}`]);
  });

  it('counts error lines from the start of the document and keeps earlier documents', () => {
    const es = loadManifests(
      ctxWith({ 'x.yaml': `${NODE}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: a: b\n---\n${POD}` }),
      ['x.yaml'],
    );
    expect(messages(es)).toEqual([
      null,
      'error parsing x.yaml: error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context',
    ]);
  });

  it('reports missing apiVersion and kind', () => {
    const es = loadManifests(ctxWith({ 'x.yaml': 'metadata:\n  name: a\n' }), ['x.yaml']);
    expect(messages(es)).toEqual([
      'error validating "x.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false',
    ]);
    const one = loadManifests(ctxWith({ 'x.yaml': 'apiVersion: v1\nmetadata:\n  name: a\n' }), ['x.yaml']);
    expect(messages(one)[0]).toContain('error validating data: kind not set; if you choose');
  });

  it.each([
    ['Foo', 'v1', 'no matches for kind "Foo" in version "v1"'],
    ['DaemonSet', 'extensions/v1beta1', 'no matches for kind "DaemonSet" in version "extensions/v1beta1"'],
  ])('unknown kind %s in %s', (kind, apiVersion, want) => {
    const es = loadManifests(
      ctxWith({ 'x.yaml': `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: x\n---\n${NODE}` }),
      ['x.yaml'],
    );
    expect(messages(es)).toEqual([
      `resource mapping not found for name: "x" namespace: "" from "x.yaml": ${want}\nensure CRDs are installed first`,
      null,
    ]);
  });

  it('rejects a manifest namespace that differs from an explicit -n', () => {
    const text = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: a\nspec:\n  containers: []\n';
    expect(messages(loadManifests(ctxWith({ 'x.yaml': text }, { namespace: 'b' }), ['x.yaml']))).toEqual([
      `the namespace from the provided object "a" does not match the namespace "b". You must pass '--namespace=a' to perform this operation.`,
    ]);
    expect(loadManifests(ctxWith({ 'x.yaml': text }), ['x.yaml'])[0].obj?.metadata.namespace).toBe('a');
  });

  it('parses YAML 1.1 booleans like go-yaml v2', () => {
    const es = loadManifests(
      ctxWith({
        'x.yaml': 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nspec:\n  unschedulable: yes\n',
      }),
      ['x.yaml'],
    );
    expect((es[0].obj!.spec as { unschedulable: unknown }).unschedulable).toBe(true);
    // `n` is false too, so a node named n does not decode (real kubectl says the same)
    const n = loadManifests(ctxWith({ 'x.yaml': 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n\n' }), [
      'x.yaml',
    ]);
    expect((n[0].error as Error).message).toBe(
      'unable to decode "x.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.name of type string',
    );
  });
});

describe('loadManifests: JSON streams, as kubectl 1.33.1 reads them', () => {
  const pod = (name: string, labels: Record<string, string> = {}) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, labels },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });

  it('a JSON manifest is JSON: a label key with U+2028 (or U+2029, U+0085) is a key, not a line break', () => {
    for (const key of ['\u2028', '\u2029', '\u0085', '\u00a0', '\ufeff']) {
      const es = loadManifests(ctxWith({}, { stdin: pod('p', { [key]: 'v' }) }), ['-']);
      expect(messages(es)).toEqual([null]);
      expect(es[0].obj?.metadata.labels).toEqual({ [key]: 'v' });
    }
  });

  it('JSON values one after the other are objects one after the other, each its own document and line', () => {
    const es = loadManifests(ctxWith({}, { stdin: `${pod('a')}${pod('b')}\n\n${pod('c')}` }), ['-']);
    expect(es.map((e) => [e.obj?.metadata.name, e.document])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('a JSON syntax error names its byte offset; the YAML after a JSON object is read as YAML', () => {
    const bad = loadManifests(ctxWith({}, { stdin: `${pod('a')}\n[1,\n` }), ['-']);
    expect(bad.map((e) => e.obj?.metadata.name ?? (e.error as Error).message)).toEqual([
      'a',
      'error parsing STDIN: unexpected EOF',
    ]);
    const broken = loadManifests(ctxWith({}, { stdin: '{\n  "apiVersion": "v1",\n  "kind": "Pod" x\n}' }), [
      '-',
    ]);
    expect(messages(broken)).toEqual([
      "error parsing STDIN: json: offset 41: invalid character 'x' after object key:value pair",
    ]);
    expect(broken[0].line).toBe(3);
    const mixed = loadManifests(ctxWith({}, { stdin: `${pod('a')}\n---\n${POD}` }), ['-']);
    expect(mixed.map((e) => e.obj?.metadata.name)).toEqual(['a', 'p1']);
  });

  it('an object the builder cannot decode is an error of its own; the stream goes on', () => {
    const es = loadManifests(
      {
        ...ctxWith({}, { stdin: `${pod('a')}\n[1]\n{"apiVersion":"v1","kind":5}\n${pod('b')}` }),
        args: parseArgs(['--validate=false'], [{ name: 'validate', type: 'string' }], 'kubectl create'),
      },
      ['-'],
    );
    expect(es.map((e) => e.obj?.metadata.name ?? (e.error as Error).message)).toEqual([
      'a',
      'unable to decode "STDIN": json: cannot unmarshal array into Go value of type unstructured.detector',
      `unable to decode "STDIN": Object 'Kind' is missing in '{"apiVersion":"v1","kind":5}'`,
      'b',
    ]);
  });
});

describe('decodeError', () => {
  const ds = (patch: string) =>
    loadManifests(
      ctxWith({
        'x.yaml': `apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: d\nspec:\n  selector: {matchLabels: {a: b}}\n  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers:\n      - name: c\n        image: i\n${patch}`,
      }),
      ['x.yaml'],
    )[0].obj as KObject;

  it('rejects quantities that do not parse', () => {
    expect(decodeError(ds('        resources: {limits: {cpu: abc}}\n'), 'DaemonSet')?.message).toBe(
      `DaemonSet in version "v1" cannot be handled as a DaemonSet: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
    expect(decodeError(ds('        resources: {limits: {cpu: 1, memory: 200Mi}}\n'), 'DaemonSet')).toBeNull();
  });

  it('rejects non-string label values', () => {
    const obj = ds('');
    (obj.metadata as unknown as Record<string, unknown>).labels = { version: 2 };
    expect(decodeError(obj, 'DaemonSet')?.message).toBe(
      'DaemonSet in version "v1" cannot be handled as a DaemonSet: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string',
    );
  });
});
