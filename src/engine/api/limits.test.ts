// Limits the API server and kubectl's YAML reader enforce (issue 10): annotation keys and total size,
// the request body size, YAML nesting depth and manifest size. Inputs are generated, sizes bounded.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { Session } from '../script/session';
import { MAX_MANIFEST_CHARS, MAX_YAML_DEPTH, yamlDepthError } from './yamlLimits';
import { TOTAL_ANNOTATION_SIZE_LIMIT_B, utf8Length, qualifiedNameError } from './validation';
import { hasOwn, ownGet, ownSet } from './own';
import { clone, deepEqual } from './objects';
import { goQuote } from './errors';

function run(s: Session, line: string, stdin?: string): string {
  return s
    .exec(line, stdin)
    .chunks.map((c) => c.text)
    .join('');
}

const pod = (name: string, annotations: Record<string, string>) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, annotations },
    spec: { containers: [{ name: 'c', image: 'nginx' }] },
  });

describe('annotations', () => {
  it('all keys and values together may have 262144 bytes, not one more', () => {
    const s = new Session();
    const fits = 'x'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_B - 1);
    expect(run(s, 'kubectl create -f -', pod('fits', { a: fits }))).toBe('pod/fits created\n');
    expect(run(s, 'kubectl create -f -', pod('over', { a: `${fits}x` }))).toBe(
      'The Pod "over" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes\n',
    );
    // bytes, not characters: 'é' is two bytes in UTF-8
    expect(
      run(s, 'kubectl create -f -', pod('bytes', { a: 'é'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_B / 2) })),
    ).toMatch(/Too long: may not be more than 262144 bytes/);
    expect(run(s, 'kubectl annotate pod fits b=c')).toBe(
      'The Pod "fits" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes\n',
    );
  });

  it('keys are qualified names, checked lower-cased (case does not matter for annotations)', () => {
    const s = new Session();
    expect(run(s, 'kubectl create -f -', pod('upper', { 'Example.COM/Key': 'v' }))).toBe(
      'pod/upper created\n',
    );
    expect(run(s, 'kubectl create -f -', pod('bad', { '-bad': 'v' }))).toBe(
      `The Pod "bad" is invalid: metadata.annotations: Invalid value: "-bad": ${qualifiedNameError('-bad')}\n`,
    );
  });

  it('a DaemonSet’s pod template annotations are validated too', () => {
    const s = new Session();
    const ds = {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'd' },
      spec: {
        selector: { matchLabels: { app: 'd' } },
        template: {
          metadata: { labels: { app: 'd' }, annotations: { _x: '1' } },
          spec: { containers: [{ name: 'c', image: 'nginx' }] },
        },
      },
    };
    expect(run(s, 'kubectl create -f -', JSON.stringify(ds))).toBe(
      `The DaemonSet "d" is invalid: spec.template.metadata.annotations: Invalid value: "_x": ${qualifiedNameError('_x')}\n`,
    );
  });

  it('utf8Length is the UTF-8 byte count', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (t) => {
        expect(utf8Length(t)).toBe(new TextEncoder().encode(t).length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('request and manifest sizes', () => {
  it('an object over 3 MiB is refused as the API server refuses a large body', () => {
    const s = new Session();
    const big = pod('big', {});
    const withBigImage = big.replace('"nginx"', JSON.stringify(`nginx:${'x'.repeat(3 * 1024 * 1024)}`));
    expect(run(s, 'kubectl create -f -', withBigImage)).toBe(
      'Error from server (RequestEntityTooLarge): error when creating "STDIN": Request entity too large: limit is 3145728\n',
    );
  });

  it('a manifest over 4 MiB is not read', () => {
    const s = new Session();
    expect(run(s, 'kubectl apply -f -', '#'.repeat(MAX_MANIFEST_CHARS + 1))).toBe(
      'error: error reading STDIN: the playground reads at most 4194304 characters (4 MiB) from one file; the API server takes at most 3145728 bytes per object\n',
    );
  });
});

describe('YAML nesting', () => {
  const blockNest = (depth: number) => {
    const lines = ['apiVersion: v1', 'kind: Pod', 'metadata:', '  name: deep', 'spec:'];
    for (let i = 0; i < depth; i++) lines.push(`${'  '.repeat(i + 1)}k${i}:`);
    lines[lines.length - 1] += ' x';
    return `${lines.join('\n')}\n`;
  };

  it('1,000 levels: a YAML error with the line where the limit is passed, not a stack overflow', () => {
    const s = new Session();
    const out = run(s, 'kubectl apply -f -', blockNest(1000));
    expect(out).toBe(
      `error: error parsing STDIN: error converting YAML to JSON: yaml: line 105: exceeded max depth of ${MAX_YAML_DEPTH}\n`,
    );
    expect(run(s, 'kubectl apply -f -', `a: ${'['.repeat(1000)}${']'.repeat(1000)}\n`)).toBe(
      'error: error parsing STDIN: error converting YAML to JSON: yaml: line 1: exceeded max depth of 100\n',
    );
    expect(run(s, 'kubectl apply -f -', `a: ${'{a: '.repeat(5000)}x${'}'.repeat(5000)}\n`)).toMatch(
      /yaml: line 1: exceeded max depth of 100\n$/,
    );
    expect(run(s, 'kubectl apply -f -', `${'- '.repeat(3000)}x\n`)).toMatch(
      /yaml: line 1: exceeded max depth of 100\n$/,
    );
  });

  it('the line counts from the document (as go-yaml does after a --- separator)', () => {
    const s = new Session();
    const out = run(
      s,
      'kubectl apply -f -',
      `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ok\n---\n${blockNest(200)}`,
    );
    expect(out).toBe(
      'namespace/ok created\nerror: error parsing STDIN: error converting YAML to JSON: yaml: line 105: exceeded max depth of 100\n',
    );
  });

  it('nesting within the limit parses (and is then the API server’s business)', () => {
    expect(yamlDepthError(blockNest(95))).toBeNull();
    expect(yamlDepthError(`a: ${'['.repeat(98)}${']'.repeat(98)}`)).toBeNull();
    expect(yamlDepthError(blockNest(120))).toEqual({ line: 105, message: 'exceeded max depth of 100' });
  });

  it('the depth is the nesting of mappings and sequences, in flow (JSON) and block style alike', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (v) => {
        const d = depthOf(v);
        for (const text of [JSON.stringify(v), stringify(v)]) {
          expect(yamlDepthError(text, d)).toBeNull();
          if (d > 0) expect(yamlDepthError(text, d - 1)?.message).toBe(`exceeded max depth of ${d - 1}`);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('arbitrary text: the depth check never throws', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('[', ']', '{', '}', '-', ' ', ':', 'a', '\n', '"', "'", '#', '|', '?'),
          maxLength: 400,
        }),
        (t) => {
          const r = yamlDepthError(t, 10);
          if (r) expect(r.line).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('own-property helpers', () => {
  it('__proto__ and constructor are data keys', () => {
    const o: Record<string, string> = {};
    ownSet(o, '__proto__', 'x');
    ownSet(o, 'constructor', 'y');
    expect(Object.keys(o)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    expect(ownGet(o, '__proto__')).toBe('x');
    expect(ownGet({}, 'toString')).toBeUndefined();
    expect(hasOwn({}, 'constructor')).toBe(false);
    const c = clone(o);
    expect(hasOwn(c, '__proto__')).toBe(true);
    expect(deepEqual(c, o)).toBe(true);
    expect(deepEqual({ a: undefined }, { constructor: undefined })).toBe(true);
    expect(deepEqual({ toString: 1 }, {})).toBe(false);
  });
});

describe('field values in errors', () => {
  it('are quoted as Go’s %q (strconv.Quote)', () => {
    expect(goQuote('a"b\\c\n\x01\x7f é\u00a0\u200b😀\u2028')).toBe(
      '"a\\"b\\\\c\\n\\x01\\x7f é\\u00a0\\u200b😀\\u2028"',
    );
    expect(goQuote('__proto__')).toBe('"__proto__"');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), (t) => {
        // for printable ASCII, Go and JSON agree
        if (/^[ -~]*$/.test(t)) expect(goQuote(t)).toBe(JSON.stringify(t));
      }),
      { numRuns: 100 },
    );
  });
});
