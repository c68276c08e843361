// Share payloads and lesson ids from outside (issue 10): arbitrary strings and every Object.prototype
// name are refused with a ShareError (never a TypeError), a link's budget counts every input that adds
// nodes or time and names the input, and `?lesson=constructor` is no lesson.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync, strToU8 } from 'fflate';
import { decodeShared, decodeSharedJson, SCENARIO_FILE_FORMAT } from './codec';
import { toBase64url } from '../wire/base64url';
import { crc32 } from './crc32';
import { DICTIONARY_V1_TEXT } from './dictionary';
import { ShareError } from './errors';
import { lessonById } from '../lessons';

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const wire = { v: 1, seed: 1, preset: 'article', inputs: [] as unknown[], until: 0, editorText: '' };

function frameJson(text: string): string {
  const json = strToU8(text);
  const packed = deflateSync(json, { level: 9, dictionary: strToU8(DICTIONARY_V1_TEXT) });
  const out = new Uint8Array(packed.length + 4);
  out.set(packed);
  new DataView(out.buffer).setUint32(packed.length, crc32(json));
  return `1.${toBase64url(out)}`;
}

function outcome(f: () => unknown): string {
  try {
    f();
    return 'ok';
  } catch (e) {
    if (e instanceof ShareError) return e.code;
    throw e; // anything else is a crash
  }
}

describe('share payloads from outside', () => {
  it('arbitrary payloads are refused with a ShareError, never a crash', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom(...PROTO_NAMES).map((n) => `1.${n}`),
          fc.constantFrom(...PROTO_NAMES),
        ),
        (p) => {
          expect(outcome(() => decodeShared(p))).not.toBe('ok');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('prototype names as fields, presets, versions and lesson ids', async () => {
    for (const n of PROTO_NAMES) {
      const withKey = `{"v":1,"seed":1,"preset":"article","inputs":[],"until":0,"editorText":"",${JSON.stringify(n)}:{}}`;
      expect(outcome(() => decodeShared(frameJson(withKey)))).toBe('shape');
      expect(outcome(() => decodeShared(frameJson(JSON.stringify({ ...wire, preset: n }))))).toBe('shape');
      expect(
        outcome(() => decodeSharedJson(JSON.stringify({ format: SCENARIO_FILE_FORMAT, ...wire, v: n }))),
      ).toBe('version');
      expect(
        outcome(() =>
          decodeSharedJson(
            `{"format":"${SCENARIO_FILE_FORMAT}","v":1,"seed":1,"preset":"article","inputs":[],"until":0,"editorText":"",${JSON.stringify(n)}:1}`,
          ),
        ),
      ).toBe('shape');
      // a lesson id is data: kept if it is an id, and no lesson answers to it
      expect(await lessonById(n)).toBeUndefined();
    }
    expect((await lessonById('article'))?.id).toBe('article');
    expect(await lessonById(undefined)).toBeUndefined();
    expect(await lessonById('')).toBeUndefined();
  });

  it('arbitrary JSON shapes with arbitrary keys are a ShareError or a valid state', () => {
    const key = fc.oneof(
      fc.constantFrom(
        ...PROTO_NAMES,
        'v',
        'seed',
        'preset',
        'inputs',
        'until',
        'editorText',
        'lesson',
        'step',
      ),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }), (extra) => {
        const text = JSON.stringify({ ...wire, ...extra });
        const r = outcome(() => decodeShared(frameJson(text)));
        expect(['ok', 'shape', 'budget']).toContain(r);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a link’s budget counts every input that adds nodes or time', () => {
  const refusal = (x: unknown) => {
    try {
      decodeShared(frameJson(JSON.stringify(x)));
      return null;
    } catch (e) {
      if (!(e instanceof ShareError)) throw e;
      return { code: e.code, budget: e.budget };
    }
  };

  it('sim node add counts: the 5,001st node names its input', () => {
    const adds = Array.from({ length: 4999 }, (_, i) => [0, `sim node add n${i}`]);
    expect(refusal({ ...wire, inputs: adds.slice(0, 4998) })).toBeNull();
    expect(refusal({ ...wire, inputs: adds })).toEqual({
      code: 'budget',
      budget: { input: 4999, kind: 'nodes', limit: 5000 },
    });
    expect(
      refusal({
        ...wire,
        inputs: [
          [0, 'sim cluster large --nodes 5000'],
          [0, 'sim node add one-more'],
        ],
      }),
    ).toEqual({
      code: 'budget',
      budget: { input: 2, kind: 'nodes', limit: 5000 },
    });
    // `sim cluster` replaces the cluster: nodes count from there
    expect(
      refusal({
        ...wire,
        inputs: [
          [0, 'sim cluster large --nodes 5000'],
          [0, 'sim cluster article'],
          [0, 'sim node add n'],
        ],
      }),
    ).toBeNull();
  });

  it('simulated time counts the inputs’ times, sim advance and until', () => {
    const day = 24 * 3_600_000;
    expect(
      refusal({
        ...wire,
        inputs: [
          [29 * day, 'sim advance 23h'],
          [29 * day, 'sim advance 2h'],
        ],
      }),
    ).toEqual({
      code: 'budget',
      budget: { input: 2, kind: 'time', limit: 30 * day },
    });
    expect(refusal({ ...wire, inputs: [[29 * day, 'sim advance 23h']], until: 30 * day })).toBeNull();
  });
});
