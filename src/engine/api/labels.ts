// Label selectors: matching (apimachinery labels.Selector), parsing of `-l` strings and printing.

import type { Labels, LabelSelector } from './types';

export interface Requirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | '=' | '!=';
  values: string[];
}

/** A parsed selector: all requirements must hold. An empty list matches everything. */
export type Selector = Requirement[];

export function matches(selector: Selector, labels: Labels | undefined): boolean {
  const l = labels ?? {};
  // an index loop: a ReplicaSet sync matches thousands of pods in a few calls, mostly before the
  // function is optimized, where for-of makes an iterator result per requirement
  for (let i = 0; i < selector.length; i++) {
    const r = selector[i];
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.operator) {
      case '=':
      case 'In':
        if (!has || !r.values.includes(l[r.key])) return false;
        break;
      case '!=':
      case 'NotIn':
        if (has && r.values.includes(l[r.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}

/** metav1.LabelSelectorAsSelector. `undefined` selects nothing, `{}` selects everything. */
export function fromLabelSelector(ls: LabelSelector | undefined): Selector | null {
  if (!ls) return null;
  const out: Selector = [];
  for (const k of Object.keys(ls.matchLabels ?? {}).sort()) {
    out.push({ key: k, operator: '=', values: [ls.matchLabels![k]] });
  }
  for (const e of ls.matchExpressions ?? []) {
    out.push({ key: e.key, operator: e.operator, values: [...(e.values ?? [])].sort() });
  }
  return out;
}

export function isEmptyLabelSelector(ls: LabelSelector | undefined): boolean {
  return !ls || (Object.keys(ls.matchLabels ?? {}).length === 0 && (ls.matchExpressions ?? []).length === 0);
}

export function selectorMatches(ls: LabelSelector | undefined, labels: Labels | undefined): boolean {
  const s = fromLabelSelector(ls);
  return s !== null && matches(s, labels);
}

/** Prints a selector like `labels.Selector.String()`: `a=b,c in (d,e),!f`. */
export function selectorString(s: Selector): string {
  return s
    .map((r) => {
      switch (r.operator) {
        case '=':
          return `${r.key}=${r.values[0]}`;
        case '!=':
          return `${r.key}!=${r.values[0]}`;
        case 'In':
          return `${r.key} in (${r.values.join(',')})`;
        case 'NotIn':
          return `${r.key} notin (${r.values.join(',')})`;
        case 'Exists':
          return r.key;
        case 'DoesNotExist':
          return `!${r.key}`;
      }
    })
    .join(',');
}

/** `labels.FormatLabels`: sorted `k=v` joined by `,`, `<none>` when empty. */
export function formatLabels(l: Labels | undefined): string {
  const keys = Object.keys(l ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${l![k]}`).join(',');
}

export class SelectorParseError extends Error {}

/** Parses kubectl's `-l` syntax: `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`. */
export function parseSelector(input: string): Selector {
  const out: Selector = [];
  const s = input.trim();
  if (s === '') return out;
  let i = 0;
  const skipWs = () => {
    while (i < s.length && s[i] === ' ') i++;
  };
  const readKey = () => {
    const start = i;
    while (i < s.length && /[A-Za-z0-9._\-/]/.test(s[i])) i++;
    return s.slice(start, i);
  };
  while (i < s.length) {
    skipWs();
    let negate = false;
    if (s[i] === '!') {
      negate = true;
      i++;
      skipWs();
    }
    const key = readKey();
    if (!key)
      throw new SelectorParseError(
        `unable to parse requirement: found '${s[i] ?? ''}', expected: identifier`,
      );
    skipWs();
    if (negate) {
      out.push({ key, operator: 'DoesNotExist', values: [] });
    } else if (i >= s.length || s[i] === ',') {
      out.push({ key, operator: 'Exists', values: [] });
    } else if (s.startsWith('!=', i)) {
      i += 2;
      skipWs();
      out.push({ key, operator: '!=', values: [readKey()] });
    } else if (s.startsWith('==', i) || s[i] === '=') {
      i += s.startsWith('==', i) ? 2 : 1;
      skipWs();
      out.push({ key, operator: '=', values: [readKey()] });
    } else if (s.startsWith('in', i) || s.startsWith('notin', i)) {
      const op = s.startsWith('in', i) ? 'In' : 'NotIn';
      i += op === 'In' ? 2 : 5;
      skipWs();
      if (s[i] !== '(')
        throw new SelectorParseError(`unable to parse requirement: found '${s[i] ?? ''}', expected: '('`);
      const close = s.indexOf(')', i);
      if (close < 0) throw new SelectorParseError(`unable to parse requirement: found '', expected: ')'`);
      const values = s
        .slice(i + 1, close)
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      i = close + 1;
      out.push({ key, operator: op, values: values.sort() });
    } else {
      throw new SelectorParseError(
        `unable to parse requirement: found '${s[i]}', expected: in, notin, =, ==, !=, gt, lt`,
      );
    }
    skipWs();
    if (i < s.length) {
      if (s[i] !== ',')
        throw new SelectorParseError(`unable to parse requirement: found '${s[i]}', expected: ','`);
      i++;
    }
  }
  return out;
}
