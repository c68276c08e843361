import { describe, expect, it } from 'vitest';
import { ARTICLE_YAML, NODE_YAML } from '../engine/testing';
import { findDocument, locateField, parseFieldPath, prepareLocate, yamlSyntaxMarkers } from './locate';
import type { TextRange } from './editorMarkers';

/** The text a range covers (single-line ranges). */
function textAt(text: string, r: TextRange | undefined): string | undefined {
  if (!r) return undefined;
  const line = text.split('\n')[r.line - 1];
  expect(r.endLine).toBe(r.line);
  return line.slice(r.column - 1, r.endColumn - 1);
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('parseFieldPath', () => {
  it('splits fields, list indexes and map keys', () => {
    expect(parseFieldPath('spec.template.spec.containers[0].image')).toEqual([
      { field: 'spec' },
      { field: 'template' },
      { field: 'spec' },
      { field: 'containers' },
      { index: 0 },
      { field: 'image' },
    ]);
    expect(parseFieldPath('spec.template.spec.containers[0].resources.requests[cpu]').slice(-2)).toEqual([
      { field: 'requests' },
      { key: 'cpu' },
    ]);
    expect(parseFieldPath('metadata.labels[node-role.kubernetes.io/master]')).toEqual([
      { field: 'metadata' },
      { field: 'labels' },
      { key: 'node-role.kubernetes.io/master' },
    ]);
    expect(parseFieldPath('')).toEqual([]);
  });
});

describe('locateField', () => {
  it('finds a scalar field: key and value', () => {
    const r = locateField(ARTICLE_YAML, 0, 'spec.template.spec.containers[0].image');
    expect(r?.line).toBe(lineOf(ARTICLE_YAML, 'image: k8s.gcr.io'));
    expect(r?.column).toBe(9);
    expect(textAt(ARTICLE_YAML, r)).toBe('image: k8s.gcr.io/fluentd-elasticsearch:1.20');
  });

  it('finds metadata.name', () => {
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'metadata.name'))).toBe(
      'name: fluentd-elasticsearch',
    );
    expect(locateField(ARTICLE_YAML, 0, 'metadata.name')).toEqual({
      line: 4,
      column: 3,
      endLine: 4,
      endColumn: 30,
    });
  });

  it('finds a map key in brackets', () => {
    const r = locateField(ARTICLE_YAML, 0, 'spec.template.spec.containers[0].resources.requests[cpu]');
    expect(textAt(ARTICLE_YAML, r)).toBe('cpu: 100m');
    expect(r?.line).toBe(lineOf(ARTICLE_YAML, 'cpu: 100m'));
  });

  it('points at the key of a block value', () => {
    const r = locateField(ARTICLE_YAML, 0, 'spec.template.metadata.labels');
    expect(textAt(ARTICLE_YAML, r)).toBe('labels');
    expect(r?.line).toBe(14);
  });

  it('points at the first line of a list item', () => {
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'spec.template.spec.tolerations[0]'))).toBe(
      'key: node-role.kubernetes.io/master',
    );
    expect(
      textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'spec.template.spec.volumes[1].hostPath.path')),
    ).toBe('path: /var/lib/docker/containers');
  });

  it('falls back to the nearest existing ancestor', () => {
    // Required value: spec.template.spec.containers[0].ports → the container's first line.
    const r = locateField(ARTICLE_YAML, 0, 'spec.template.spec.containers[0].ports[0].containerPort');
    expect(textAt(ARTICLE_YAML, r)).toBe('name: fluentd-elasticsearch');
    expect(r?.line).toBe(lineOf(ARTICLE_YAML, '- name: fluentd-elasticsearch'));
    // No such container: the `containers` key.
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'spec.template.spec.containers[3].image'))).toBe(
      'containers',
    );
    // No updateStrategy: `spec`.
    const s = locateField(ARTICLE_YAML, 0, 'spec.updateStrategy.rollingUpdate.maxUnavailable');
    expect(textAt(ARTICLE_YAML, s)).toBe('spec');
    expect(s?.line).toBe(8);
    // No such top-level field: the document's first line.
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'status.numberReady'))).toBe(
      'apiVersion: apps/v1',
    );
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, ''))).toBe('apiVersion: apps/v1');
  });

  it('does not descend into a scalar', () => {
    expect(textAt(ARTICLE_YAML, locateField(ARTICLE_YAML, 0, 'metadata.name.first'))).toBe(
      'name: fluentd-elasticsearch',
    );
  });

  it('works in the n-th document of a multi-document file', () => {
    const text = `${ARTICLE_YAML}---\n${NODE_YAML}`;
    const offset = lineOf(text, '---');
    const r = locateField(text, 1, 'spec.taints[0].effect');
    expect(textAt(text, r)).toBe('effect: NoSchedule');
    expect(r?.line).toBe(offset + lineOf(NODE_YAML, 'effect: NoSchedule'));
    expect(textAt(text, locateField(text, 1, 'metadata.labels[accelerator]'))).toBe('accelerator: nvidia');
    expect(textAt(text, locateField(text, 1, 'metadata.name'))).toBe('name: gpu-1');
    expect(locateField(text, 1, 'metadata.name')?.line).toBe(offset + 4);
    expect(locateField(text, 2, 'metadata.name')).toBeUndefined();
    expect(locateField(text, -1, 'metadata.name')).toBeUndefined();
  });

  it('handles flow collections, quoted keys and CRLF line ends', () => {
    const text = 'apiVersion: v1\r\nkind: Node\r\nmetadata: {name: n1, labels: {"a/b": x}}\r\n';
    expect(textAt(text, locateField(text, 0, 'metadata'))?.trimEnd()).toBe(
      'metadata: {name: n1, labels: {"a/b": x}}',
    );
    expect(textAt(text, locateField(text, 0, 'metadata.labels[a/b]'))).toBe('"a/b": x');
    expect(locateField(text, 0, 'kind')).toEqual({ line: 2, column: 1, endLine: 2, endColumn: 11 });
  });

  it('handles an empty document and a text without a final newline', () => {
    expect(locateField('', 0, 'metadata.name')).toBeUndefined();
    expect(locateField('kind: Node', 0, 'kind')).toEqual({ line: 1, column: 1, endLine: 1, endColumn: 11 });
    const r = locateField('---\n# nothing\n---\nkind: Pod\n', 1, 'metadata.name');
    expect(r?.line).toBe(4);
  });
});

describe('findDocument', () => {
  it('finds a document by kind and name', () => {
    const text = `${NODE_YAML}---\n${ARTICLE_YAML}`;
    expect(findDocument(text, { kind: 'DaemonSet', name: 'fluentd-elasticsearch' })).toBe(1);
    expect(
      findDocument(text, { kind: 'DaemonSet', name: 'fluentd-elasticsearch', namespace: 'kube-system' }),
    ).toBe(1);
    expect(
      findDocument(text, { kind: 'DaemonSet', name: 'fluentd-elasticsearch', namespace: 'default' }),
    ).toBeUndefined();
    expect(findDocument(text, { kind: 'Node', name: 'gpu-1' })).toBe(0);
    expect(findDocument(text, { kind: 'Node', name: 'nope' })).toBeUndefined();
  });
});

describe('yamlSyntaxMarkers', () => {
  it('is empty for valid YAML', () => {
    expect(yamlSyntaxMarkers(ARTICLE_YAML)).toEqual([]);
    expect(yamlSyntaxMarkers('')).toEqual([]);
  });

  it('reports a syntax error with its line and column', () => {
    const text = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n   labels: x\n';
    const markers = yamlSyntaxMarkers(text);
    expect(markers.length).toBeGreaterThan(0);
    // The yaml package reports it where the compact mapping starts: after `name: ` on line 4.
    expect(markers[0]).toMatchObject({ severity: 'error', line: 4, column: 9 });
    expect(markers[0].column).toBeGreaterThanOrEqual(1);
    expect(markers[0].message).not.toMatch(/\n/);
  });

  it('reports errors in a later document on the right line', () => {
    const text = `${ARTICLE_YAML}---\nkind: Node\nmetadata: [a\n`;
    const markers = yamlSyntaxMarkers(text);
    expect(markers.length).toBeGreaterThan(0);
    expect(markers[0].line).toBeGreaterThan(lineOf(text, '---'));
    for (const m of markers) {
      expect(m.line).toBeLessThanOrEqual(text.split('\n').length);
      expect(m.endLine ?? m.line).toBeGreaterThanOrEqual(m.line);
    }
  });

  it('reports a tab used for indentation', () => {
    const markers = yamlSyntaxMarkers('metadata:\n\tname: a\n');
    expect(markers[0]).toMatchObject({ severity: 'error', line: 2, column: 1 });
  });

  it('keeps an error at a line break on its line', () => {
    expect(yamlSyntaxMarkers('kind: [a\n')[0]).toMatchObject({
      line: 1,
      column: 9,
      endLine: 1,
      endColumn: 10,
    });
  });

  it('reports an unterminated quote at the end of the text', () => {
    const markers = yamlSyntaxMarkers('kind: "Node');
    expect(markers.length).toBeGreaterThan(0);
    expect(markers[0].line).toBe(1);
  });

  // The API server's YAML depth limit (engine/api/yamlLimits.ts, tested in limits.test.ts there): the
  // editor marks the same line, not a stack overflow, before anything is sent.
  it('marks YAML nested deeper than the API server reads', () => {
    const blockNest = (depth: number) => {
      const lines = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: deep', 'spec:'];
      for (let i = 0; i < depth; i++) lines.push(`${'  '.repeat(i + 1)}k${i}:`);
      lines[lines.length - 1] += ' x';
      return `${lines.join('\n')}\n`;
    };
    expect(yamlSyntaxMarkers(`# a comment\n${blockNest(1000)}`)).toEqual([
      { line: 106, column: 1, message: 'exceeded max depth of 100', severity: 'error' },
    ]);
    expect(yamlSyntaxMarkers(blockNest(50))).toEqual([]);
  });
});

describe('the buffer as kubectl reads it (issue 26)', () => {
  const pod = (labels: Record<string, string>) =>
    JSON.stringify(
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', labels },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      },
      null,
      2,
    );

  it('a JSON buffer gets no YAML markers: kubectl reads it as JSON, and its decoder says what is wrong', () => {
    expect(yamlSyntaxMarkers(pod({ '\u2028': '' }))).toEqual([]);
    // two objects in a row are a JSON stream, not a YAML error
    expect(yamlSyntaxMarkers(`${pod({})}${pod({})}`)).toEqual([]);
  });

  it('finds a field of a JSON manifest whose strings hold U+2028', () => {
    const text = pod({ '\u2028': '' });
    expect(locateField(text, 0, 'metadata.labels')?.line).toBe(lineOf(text, '"labels"'));
  });

  it('reads U+2028 and U+0085 in YAML as go-yaml does (line breaks), and places markers on the editor’s lines', async () => {
    const text =
      'apiVersion: v1\u2028kind: Pod\nmetadata:\n  name: "a\u0085b"\n  labels: {x: y,\u2028z: w}\n';
    // before go-yaml's reader is loaded, the yaml package's reading (YAML 1.2: no line breaks there)
    expect(yamlSyntaxMarkers(text).length).toBeGreaterThan(0);
    await prepareLocate(text);
    expect(yamlSyntaxMarkers(text)).toEqual([]);
    // the editor breaks lines at "\n" only: z is on the fourth
    expect(locateField(text, 0, 'metadata.labels[z]')).toMatchObject({ line: 4, column: 18 });
    expect(locateField(text, 0, 'metadata.name')).toMatchObject({ line: 3, column: 3 });
    expect(findDocument(text, { kind: 'Pod', name: 'a b' })).toBe(0);
    const broken = 'a: 1\u2028b: [\nc: 2\n';
    expect(yamlSyntaxMarkers(broken)[0]).toMatchObject({ severity: 'error' });
    expect(yamlSyntaxMarkers(broken)[0].line).toBeLessThanOrEqual(3);
  });
});
