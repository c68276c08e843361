// Label validation remembers the keys and values it found valid: against the checks themselves (the
// oracle), on random label maps validated again and again — the same errors, in the same order —
// and past the bound where the remembered texts are dropped.

import { describe, expect, it } from 'vitest';
import type { FieldError } from './errors';
import type { KObject } from './types';
import { Random } from '../random';
import { VALID_LABEL_TEXTS_MAX, labelValueError, qualifiedNameError, validateObjectMeta } from './validation';

const PIECES = ['app', 'a', '-', '.', '_', '/', 'example.com', 'Web', '9', '', 'x'.repeat(40), 'é', ' '];

function text(r: Random): string {
  let s = '';
  for (let i = 0, n = 1 + r.int(4); i < n; i++) s += PIECES[r.int(PIECES.length)];
  return s;
}

/** validateLabels' errors, spelled out from the checks (the oracle). */
function oracle(labels: Record<string, unknown>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(labels)) {
    const ke = qualifiedNameError(k);
    if (ke) errs.push({ field: path, type: 'Invalid value', value: k, detail: ke });
    if (typeof v !== 'string') {
      errs.push({ field: path, type: 'Invalid value', value: v, detail: 'label values must be strings' });
      continue;
    }
    const ve = labelValueError(v);
    if (ve) errs.push({ field: path, type: 'Invalid value', value: v, detail: ve });
  }
  return errs;
}

function labelErrors(labels: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels } } as unknown as KObject,
    errs,
  );
  return errs;
}

describe('label validation’s remembered valid texts', () => {
  it('give the errors the checks give, on random labels validated again and again', () => {
    const r = new Random(5);
    const seen: Record<string, unknown>[] = [];
    for (let i = 0; i < 3000; i++) {
      // new labels, or labels validated before (their valid texts remembered)
      let labels: Record<string, unknown>;
      if (seen.length && r.int(3) === 0) labels = seen[r.int(seen.length)];
      else {
        labels = {};
        for (let j = 0, n = r.int(4); j < n; j++) labels[text(r)] = r.int(10) === 0 ? 7 : text(r);
        seen.push(labels);
      }
      expect(labelErrors(labels), JSON.stringify(labels)).toEqual(oracle(labels, 'metadata.labels'));
    }
  });

  it('stay right past the bound (the remembered texts dropped and learned again)', () => {
    for (let i = 0; i < VALID_LABEL_TEXTS_MAX + 50; i++)
      expect(labelErrors({ [`k${i}`]: `v${i}` })).toEqual([]);
    expect(labelErrors({ 'k1/': 'v1', k2: '-v2' })).toEqual(
      oracle({ 'k1/': 'v1', k2: '-v2' }, 'metadata.labels'),
    );
    expect(labelErrors({ 'k1/': 'v1', k2: '-v2' })).toHaveLength(2);
  });
});
