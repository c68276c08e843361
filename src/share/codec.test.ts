// The share-link codec: round trips, the stored v1 links (forever), and every kind of hostile input.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { createHash } from 'node:crypto';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import {
  decodeShared,
  decodeSharedJson,
  decoders,
  encodeScenarioFile,
  encodeShared,
  inflateCapped,
} from './codec';
import { toBase64url } from '../wire/base64url';
import { crc32 } from './crc32';
import { DICTIONARY_V1_TEXT } from './dictionary';
import { ShareError, type ShareErrorCode } from './errors';
import { LIMITS } from './limits';
import { readSharedState, shareUrl, sharePayload } from './index';
import type { SharedState } from './types';
import samples from './fixtures/v1-links.json';

const walkthrough: SharedState = {
  seed: 1,
  preset: 'article',
  inputs: [
    { at: 2100, line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST },
    { at: 9050, line: 'kubectl get pods -A' },
    {
      at: 15000,
      line: 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record -n kube-system',
    },
    { at: 17000, line: 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system --watch=false' },
    {
      at: 90000,
      line: 'kubectl rollout undo daemonset fluentd-elasticsearch --to-revision=1 -n kube-system',
    },
  ],
  until: 160000,
  editorText: ARTICLE_MANIFEST,
};

/** A v1 payload around any bytes (valid framing, valid checksum): for shape and bomb tests. */
function frame(json: Uint8Array, dictionary = true): string {
  const packed = deflateSync(json, {
    level: 9,
    ...(dictionary ? { dictionary: strToU8(DICTIONARY_V1_TEXT) } : {}),
  });
  const out = new Uint8Array(packed.length + 4);
  out.set(packed);
  new DataView(out.buffer).setUint32(packed.length, crc32(json));
  return `1.${toBase64url(out)}`;
}
const frameJson = (x: unknown) => frame(strToU8(JSON.stringify(x)));

function code(f: () => unknown): ShareErrorCode | 'ok' {
  try {
    f();
    return 'ok';
  } catch (e) {
    if (e instanceof ShareError) return e.code;
    throw e;
  }
}

describe('round trip', () => {
  it('decodes what it encodes, and the link is short', () => {
    const p = encodeShared(walkthrough);
    expect(p.startsWith('1.')).toBe(true);
    expect(p).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(decodeShared(p)).toEqual(walkthrough);
    // the article manifest is in the dictionary: the whole walk-through fits in a few hundred characters
    expect(p.length).toBeLessThan(400);
  });

  it('keeps optional fields and any text (Chinese, quotes, newlines, control characters)', () => {
    const s: SharedState = {
      seed: 7,
      preset: 'kubeadm',
      nodes: 3,
      inputs: [{ at: 0, line: 'kubectl label node worker-1 "a=中文"', stdin: 'x\u0000y\n"\\' }],
      until: 0,
      editorText: '# 日本語 ✓ </script><img src=x onerror=alert(1)>\r\n\t',
      lesson: 'taints-1',
      step: 0,
    };
    expect(decodeShared(encodeShared(s))).toEqual(s);
  });

  it('property: any valid state survives the trip', () => {
    const input = fc.record({
      at: fc.nat({ max: 1000 }),
      line: fc.string({ maxLength: 80, unit: 'binary' }),
      stdin: fc.option(fc.string({ maxLength: 200, unit: 'binary' }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(input, { maxLength: 20 }),
        fc.nat({ max: LIMITS.maxSeed }),
        fc.string({ unit: 'binary', maxLength: 300 }),
        (raw, seed, editorText) => {
          let at = 0;
          const inputs = raw.map((i) => {
            at += i.at;
            return i.stdin === undefined ? { at, line: i.line } : { at, line: i.line, stdin: i.stdin };
          });
          const s: SharedState = { seed, preset: 'empty', inputs, until: at + 5, editorText };
          // lines starting with `sim` could hit the budget check; they round-trip as long as they pass it
          const c = code(() => decodeShared(encodeShared(s)));
          if (c === 'ok') expect(decodeShared(encodeShared(s))).toEqual(s);
          else expect(c).toBe('budget');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('links keep lang and theme, and drop the embedding parameters', () => {
    const { url, payload, tooLong } = shareUrl(
      walkthrough,
      'https://x.example/sub/dir/?embed=1&view=graph&origin=https://c.example&id=a&lang=zh-CN&theme=dark&seed=9#old',
    );
    expect(url).toBe(`https://x.example/sub/dir/?lang=zh-CN&theme=dark#s=${payload}`);
    expect(tooLong).toBe(false);
    expect(readSharedState(new URL(url).hash)).toEqual(walkthrough);
  });

  it('says when a state is too long for a link', () => {
    const big: SharedState = {
      ...walkthrough,
      editorText: Array.from({ length: 3000 }, (_, i) => `line ${i} ${(i * 7919) % 10007}`).join('\n'),
    };
    expect(shareUrl(big, 'https://x.example/').tooLong).toBe(true);
  });

  it('finds s= in a fragment, also among other fields, and undoes percent-encoding', () => {
    expect(sharePayload('')).toBeNull();
    expect(sharePayload('#')).toBeNull();
    expect(sharePayload('#other=1')).toBeNull();
    expect(sharePayload('#a=1&s=1.xyz')).toBe('1.xyz');
    const p = encodeShared(walkthrough);
    expect(readSharedState(`#s=${p.replace('.', '%2E')}`)).toEqual(walkthrough);
    expect(readSharedState('#nothing')).toBeNull();
  });
});

describe('links written by format v1 still open', () => {
  it('has a decoder for every version ever written', () => {
    expect(Object.keys(decoders)).toContain('1');
  });

  it('the v1 dictionary never changes', () => {
    // A changed dictionary would turn every v1 link into garbage. Make a new version instead.
    expect(createHash('sha256').update(DICTIONARY_V1_TEXT).digest('hex').slice(0, 16)).toBe(DICT_FINGERPRINT);
  });

  for (const sample of samples.samples) {
    it(`decodes the stored link: ${sample.name}`, () => {
      expect(decodeShared(sample.payload)).toEqual(sample.state);
      expect(readSharedState(`#s=${sample.payload}`)).toEqual(sample.state);
    });
  }
});

const DICT_FINGERPRINT = 'aab74ef64ad64348';

describe('damaged and hostile links', () => {
  const good = encodeShared(walkthrough);

  it('an empty or missing payload', () => {
    expect(code(() => readSharedState('#s='))).toBe('garbage');
    expect(code(() => decodeShared(''))).toBe('garbage');
  });

  it('garbage', () => {
    expect(code(() => decodeShared('hello world'))).toBe('garbage');
    expect(code(() => decodeShared('1.<script>alert(1)</script>'))).toBe('garbage');
    expect(code(() => decodeShared('1.!!!!'))).toBe('garbage');
    expect(code(() => readSharedState('#s=%E0%A4%A'))).toBe('garbage');
  });

  it('a wrong or future version', () => {
    expect(code(() => decodeShared(`2${good.slice(1)}`))).toBe('version');
    expect(code(() => decodeShared(`0${good.slice(1)}`))).toBe('version');
    expect(code(() => decodeShared(`99999.${good.slice(2)}`))).toBe('garbage');
  });

  it('too large before anything is decoded', () => {
    expect(code(() => decodeShared(`1.${'A'.repeat(LIMITS.maxPayloadChars)}`))).toBe('tooLarge');
  });

  it('truncated at every length', () => {
    for (let n = 2; n < good.length; n++) {
      const c = code(() => decodeShared(good.slice(0, n)));
      expect(['garbage', 'damaged'], `cut at ${n}`).toContain(c);
    }
  });

  it('any changed character is noticed', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 2; i < good.length; i += 3) {
      const ch = good[i] === 'A' ? 'B' : 'A';
      const bad = good.slice(0, i) + ch + good.slice(i + 1);
      const c = code(() => decodeShared(bad));
      expect(c, `changed at ${i}`).not.toBe('ok');
      expect(alphabet.includes(ch)).toBe(true);
    }
  });

  it('random text never gets through and never throws anything but a ShareError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        expect(code(() => decodeShared(`1.${s}`))).not.toBe('ok');
        expect(code(() => readSharedState(`#s=${s}`))).not.toBe('ok');
      }),
      { numRuns: 500 },
    );
  });

  it('a decompression bomb stops at the cap, without inflating the rest', () => {
    const bomb = frame(new Uint8Array(16 * 1024 * 1024), false); // 16 MiB of zeros, ~16 KB compressed
    expect(bomb.length).toBeLessThan(LIMITS.maxPayloadChars);
    expect(code(() => decodeShared(bomb))).toBe('tooLargeInflated');
    // It stops where the cap is passed: the second half of the compressed data is never read, so
    // spoiling it changes nothing (read to the end, it would be 'damaged').
    const zeros = deflateSync(new Uint8Array(8 * 1024 * 1024)); // the cap (2 MiB) is passed in its first quarter
    const spoiled = zeros.slice();
    spoiled.fill(0xff, zeros.length >> 1);
    expect(code(() => inflateCapped(spoiled, LIMITS.maxInflatedBytes))).toBe('tooLargeInflated');
    expect(code(() => inflateCapped(spoiled, 32 * 1024 * 1024))).toBe('damaged');
    expect(() => inflateCapped(deflateSync(new Uint8Array(100)), 50)).toThrow(ShareError);
    expect(inflateCapped(deflateSync(new Uint8Array(100)), 100).length).toBe(100);
  });

  it('valid framing around something that is not JSON', () => {
    expect(code(() => decodeShared(frame(strToU8('{"v":1,'))))).toBe('shape');
    expect(code(() => decodeShared(frame(new Uint8Array([0xff, 0xfe, 0xfd]))))).toBe('damaged');
  });
});

describe('shape checks', () => {
  const wire = {
    v: 1,
    seed: 1,
    preset: 'article',
    inputs: [[0, 'kubectl get pods -A']],
    until: 10,
    editorText: 'x',
  };
  const ok = (x: unknown) => code(() => decodeShared(frameJson(x)));

  it('accepts the minimal state', () => {
    expect(ok(wire)).toBe('ok');
  });

  const cases: [string, unknown][] = [
    ['an array', [wire]],
    ['null', null],
    ['a string', 'hello'],
    ['v missing', { ...wire, v: undefined }],
    ['v 2 inside a v1 frame', { ...wire, v: 2 }],
    ['an unknown field', { ...wire, script: 'alert(1)' }],
    [
      '__proto__',
      JSON.parse(
        '{"v":1,"seed":1,"preset":"article","inputs":[],"until":0,"editorText":"","__proto__":{"polluted":true}}',
      ),
    ],
    ['seed as a string', { ...wire, seed: '1' }],
    ['seed fractional', { ...wire, seed: 1.5 }],
    ['seed negative', { ...wire, seed: -1 }],
    ['seed too large', { ...wire, seed: 2 ** 40 }],
    ['preset unknown', { ...wire, preset: 'prod' }],
    ['preset with markup', { ...wire, preset: '<b>article</b>' }],
    ['nodes zero', { ...wire, nodes: 0 }],
    ['nodes too many', { ...wire, nodes: LIMITS.maxNodes + 1 }],
    ['inputs not a list', { ...wire, inputs: {} }],
    [
      'too many inputs',
      { ...wire, inputs: Array.from({ length: LIMITS.maxInputs + 1 }, () => [0, 'kubectl get po']) },
    ],
    ['an input object', { ...wire, inputs: [{ at: 0, line: 'x' }] }],
    ['an input of 4', { ...wire, inputs: [[0, 'x', 'y', 'z']] }],
    ['at as a string', { ...wire, inputs: [['0', 'x']] }],
    ['at negative', { ...wire, inputs: [[-5, 'x']] }],
    [
      'at going backwards',
      {
        ...wire,
        inputs: [
          [10, 'x'],
          [5, 'y'],
        ],
      },
    ],
    ['line a number', { ...wire, inputs: [[0, 42]] }],
    ['line too long', { ...wire, inputs: [[0, 'k'.repeat(LIMITS.maxLineChars + 1)]] }],
    ['stdin an object', { ...wire, inputs: [[0, 'kubectl apply -f -', { toString: 1 }]] }],
    ['until missing', { ...wire, until: undefined }],
    ['until infinite (null in JSON)', { ...wire, until: Infinity }],
    ['until past 30 days', { ...wire, until: LIMITS.maxSimMs + 1 }],
    ['editorText missing', { ...wire, editorText: undefined }],
    ['editorText too long', { ...wire, editorText: 'x'.repeat(LIMITS.maxEditorChars + 1) }],
    ['lesson with markup', { ...wire, lesson: '<img src=x onerror=alert(1)>' }],
    ['lesson too long', { ...wire, lesson: 'a'.repeat(101) }],
    ['step negative', { ...wire, step: -1 }],
    ['step a string', { ...wire, step: '2' }],
    ['placed not a list', { ...wire, placed: { 'node-1': [1, 2] } }],
    ['a placement of 2', { ...wire, placed: [['node-1', 1]] }],
    ['a placement with a negative cell', { ...wire, placed: [['node-1', -1, 0]] }],
    ['a placement with a fractional cell', { ...wire, placed: [['node-1', 0.5, 0]] }],
    ['a placement past the grid', { ...wire, placed: [['node-1', LIMITS.maxGridCell + 1, 0]] }],
    ['a placement of no node name', { ...wire, placed: [['Node_1', 0, 0]] }],
    ['a placement of __proto__', { ...wire, placed: [['__proto__', 0, 0]] }],
    [
      'a node placed twice',
      {
        ...wire,
        placed: [
          ['node-1', 0, 0],
          ['node-1', 1, 0],
        ],
      },
    ],
  ];
  it('keeps the moved node cards (compactly, [node, col, row]), and links without them still open', () => {
    const placed: SharedState['placed'] = [
      ['gpu-1', 3, 0],
      ['node-1', 0, 2],
    ];
    const back = decodeShared(encodeShared({ ...walkthrough, placed }));
    expect(back.placed).toEqual(placed);
    expect(decodeShared(encodeShared(walkthrough)).placed).toBeUndefined();
    // an empty list is not written
    expect(encodeShared({ ...walkthrough, placed: [] })).toBe(encodeShared(walkthrough));
    // compact: two placements cost a few bytes of link
    const more = encodeShared({ ...walkthrough, placed }).length - encodeShared(walkthrough).length;
    expect(more).toBeLessThan(48);
  });
  for (const [name, x] of cases) {
    it(`refuses ${name}`, () => {
      expect(ok(x)).toBe('shape');
    });
  }

  it('refuses replays a page could not run (the budget)', () => {
    expect(ok({ ...wire, inputs: [[0, 'sim advance 1000h']] })).toBe('budget');
    expect(
      ok({
        ...wire,
        inputs: [
          [0, 'sim advance 400h'],
          [1, 'sim advance 400h'],
        ],
      }),
    ).toBe('budget');
    expect(ok({ ...wire, inputs: [[0, 'sim cluster large --nodes 100000']] })).toBe('budget');
    expect(ok({ ...wire, inputs: [[0, 'sim cluster large --nodes=100000']] })).toBe('budget');
    expect(ok({ ...wire, inputs: [[0, 'sim step 1e9']] })).toBe('budget');
    expect(
      ok({
        ...wire,
        preset: 'large',
        nodes: 4000,
        inputs: [
          [0, 'sim advance 24h'],
          [0, 'sim step 20'],
          [0, 'sim cluster large --nodes 50'],
        ],
      }),
    ).toBe('ok');
    // lines the engine answers with an error are inputs like any other
    expect(
      ok({
        ...wire,
        inputs: [
          [0, 'sim advance soon'],
          [0, 'kubctl get po'],
          [0, 'sim cluster large --nodes abc'],
          [0, 'echo "unclosed'],
        ],
      }),
    ).toBe('ok');
  });
});

describe('scenario files', () => {
  it('round-trip as readable JSON', () => {
    const text = encodeScenarioFile(walkthrough);
    expect(text).toContain('"format": "daemonset-playground-scenario"');
    expect(text).toContain('"kubectl get pods -A"');
    expect(decodeSharedJson(text)).toEqual(walkthrough);
  });

  it('refuses other JSON, other formats and bad shapes', () => {
    expect(code(() => decodeSharedJson('not json'))).toBe('file');
    expect(code(() => decodeSharedJson('[]'))).toBe('file');
    expect(code(() => decodeSharedJson('{"v":1}'))).toBe('file');
    expect(code(() => decodeSharedJson('{"format":"daemonset-playground-scenario","v":7}'))).toBe('version');
    expect(code(() => decodeSharedJson('{"format":"daemonset-playground-scenario","v":1,"seed":"x"}'))).toBe(
      'shape',
    );
    expect(code(() => decodeSharedJson(' '.repeat(LIMITS.maxFileBytes + 1)))).toBe('tooLarge');
  });
});
