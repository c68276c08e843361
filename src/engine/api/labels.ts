// Label selectors: matching (apimachinery labels.Selector), parsing of `-l` strings and printing.

import { goQuote } from './errors';
import type { Labels, LabelSelector } from './types';
import { labelValueErrors, qualifiedNameErrors } from './utilValidation';

export interface Requirement {
  key: string;
  /** `=` also stands for `==` (selection.DoubleEquals); `Gt`/`Lt` are `>`/`<` */
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | '=' | '!=' | 'Gt' | 'Lt';
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
      case 'Gt':
      case 'Lt': {
        // Requirement.Matches: both sides as int64; a label that is not one does not match
        if (!has || !isInt64(l[r.key])) return false;
        const [lv, rv] = [BigInt(l[r.key]), BigInt(r.values[0])];
        if (r.operator === 'Gt' ? !(lv > rv) : !(lv < rv)) return false;
        break;
      }
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
        case 'Gt':
          return `${r.key}>${r.values[0]}`;
        case 'Lt':
          return `${r.key}<${r.values[0]}`;
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

// ------------------------------------------------------------------------------------------------
// labels.Parse (apimachinery pkg/labels/selector.go): its Lexer, its recursive-descent Parser and
// NewRequirement's checks, so a malformed `-l` gets the words kubectl and the API server print.

type Token =
  | 'Error'
  | 'EndOfString'
  | 'ClosedPar'
  | 'Comma'
  | 'DoesNotExist'
  | 'DoubleEquals'
  | 'Equals'
  | 'GreaterThan'
  | 'Identifier'
  | 'In'
  | 'LessThan'
  | 'NotEquals'
  | 'NotIn'
  | 'OpenPar';

/** string2token: the literal tokens (keywords and operators). */
const STRING_TO_TOKEN = new Map<string, Token>([
  [')', 'ClosedPar'],
  [',', 'Comma'],
  ['!', 'DoesNotExist'],
  ['==', 'DoubleEquals'],
  ['=', 'Equals'],
  ['>', 'GreaterThan'],
  ['in', 'In'],
  ['<', 'LessThan'],
  ['!=', 'NotEquals'],
  ['notin', 'NotIn'],
  ['(', 'OpenPar'],
]);

/** binaryOperators as parseOperator lists them (selection.Operator strings). */
const BINARY_OPERATORS = 'in, notin, =, ==, !=, gt, lt';

const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string) => '=!(),><'.includes(ch) && ch !== '';

/** Lexer.Lex over the whole input: [token, literal] pairs ending with EndOfString. */
function lexSelector(s: string): [Token, string][] {
  let pos = 0;
  const read = () => (pos < s.length ? s[pos++] : '');
  const items: [Token, string][] = [];
  for (;;) {
    let ch = read();
    while (ch !== '' && isWhitespace(ch)) ch = read();
    if (ch === '') {
      items.push(['EndOfString', '']);
      return items;
    }
    pos--;
    if (isSpecialSymbol(ch)) {
      // scanSpecialSymbol: the longest operator the symbols spell
      let buffer = '';
      let last: [Token, string] | null = null;
      for (;;) {
        const c = read();
        if (c === '') break;
        if (!isSpecialSymbol(c)) {
          pos--;
          break;
        }
        buffer += c;
        const t = STRING_TO_TOKEN.get(buffer);
        if (t !== undefined) last = [t, buffer];
        else if (last !== null) {
          pos--;
          break;
        }
      }
      items.push(last ?? ['Error', `error expected: keyword found '${buffer}'`]);
    } else {
      // scanIDOrKeyword
      let buffer = '';
      for (;;) {
        const c = read();
        if (c === '') break;
        if (isSpecialSymbol(c) || isWhitespace(c)) {
          pos--;
          break;
        }
        buffer += c;
      }
      items.push([STRING_TO_TOKEN.get(buffer) ?? 'Identifier', buffer]);
    }
  }
}

/** field.Error's text with a nil path (`<nil>`) or a path. */
const invalid = (path: string, value: string, detail: string) =>
  `${path}: Invalid value: ${goQuote(value)}: ${detail}`;

/** utilerrors.NewAggregate(...).Error(): one message, or `[a, b]` (duplicates once). */
function aggregate(msgs: string[]): string {
  const unique = [...new Set(msgs)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

/** Go's strconv.ParseInt(s, 10, 64) succeeds. */
function isInt64(s: string): boolean {
  if (!/^[+-]?\d+$/.test(s)) return false;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n;
}

/**
 * Parses a label selector as labels.Parse does: `a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`,
 * `a`, `!a`, `a>1`, `a<1`; requirements sorted by key, values sorted and unique. Throws
 * SelectorParseError with upstream's words.
 */
export function parseSelector(input: string): Selector {
  const items = lexSelector(input);
  let position = 0;
  // lookahead/consume in the Values context, where `in` and `notin` are identifiers
  const values = (t: Token): Token => (t === 'In' || t === 'NotIn' ? 'Identifier' : t);
  const lookahead = (asValue = true): [Token, string] => {
    const [t, l] = items[position];
    return [asValue ? values(t) : t, l];
  };
  const consume = (asValue = true): [Token, string] => {
    const [t, l] = items[position++];
    return [asValue ? values(t) : t, l];
  };
  const fail = (m: string): never => {
    throw new SelectorParseError(m);
  };

  const parseKeyAndInferOperator = (): [string, Requirement['operator'] | ''] => {
    let operator: Requirement['operator'] | '' = '';
    let [tok, literal] = consume();
    if (tok === 'DoesNotExist') {
      operator = 'DoesNotExist';
      [tok, literal] = consume();
    }
    if (tok !== 'Identifier') fail(`found '${literal}', expected: identifier`);
    const keyErrs = qualifiedNameErrors(literal);
    if (keyErrs.length > 0) fail(invalid('<nil>', literal, keyErrs.join('; ')));
    const [t] = lookahead();
    if ((t === 'EndOfString' || t === 'Comma') && operator !== 'DoesNotExist') operator = 'Exists';
    return [literal, operator];
  };

  const parseOperator = (): Requirement['operator'] => {
    const [tok, lit] = consume(false);
    const op = OPERATOR_OF_TOKEN.get(tok);
    return op ?? fail(`found '${lit}', expected: ${BINARY_OPERATORS}`);
  };

  const parseIdentifiersList = (): Set<string> => {
    const s = new Set<string>();
    for (;;) {
      const [tok, lit] = consume();
      if (tok === 'Identifier') {
        s.add(lit);
        const [tok2, lit2] = lookahead();
        if (tok2 === 'Comma') continue;
        if (tok2 === 'ClosedPar') return s;
        fail(`found '${lit2}', expected: ',' or ')'`);
      } else if (tok === 'Comma') {
        if (s.size === 0) s.add(''); // (,
        const [tok2] = lookahead();
        if (tok2 === 'ClosedPar') {
          s.add(''); // ,)
          return s;
        }
        if (tok2 === 'Comma') {
          consume();
          s.add(''); // ,,
        }
      } else fail(`found '${lit}', expected: ',', or identifier`);
    }
  };

  const parseValues = (): Set<string> => {
    const [open, openLit] = consume();
    if (open !== 'OpenPar') fail(`found '${openLit}' expected: '('`);
    const [tok, lit] = lookahead();
    if (tok === 'Identifier' || tok === 'Comma') {
      const s = parseIdentifiersList();
      if (consume()[0] !== 'ClosedPar') fail(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === 'ClosedPar') {
      consume();
      return new Set(['']);
    }
    return fail(`found '${lit}', expected: ',', ')' or identifier`);
  };

  const parseExactValue = (): Set<string> => {
    const [t] = lookahead();
    if (t === 'EndOfString' || t === 'Comma') return new Set(['']);
    const [tok, lit] = consume();
    if (tok === 'Identifier') return new Set([lit]);
    return fail(`found '${lit}', expected: identifier`);
  };

  const parseRequirement = (): Requirement => {
    const [key, inferred] = parseKeyAndInferOperator();
    if (inferred === 'Exists' || inferred === 'DoesNotExist') return { key, operator: inferred, values: [] };
    const operator = parseOperator();
    const vals = [...(operator === 'In' || operator === 'NotIn' ? parseValues() : parseExactValue())].sort();
    newRequirementCheck(key, operator, vals);
    return { key, operator, values: vals };
  };

  const out: Selector = [];
  for (;;) {
    const [tok, lit] = lookahead();
    if (tok === 'Identifier' || tok === 'DoesNotExist') {
      try {
        out.push(parseRequirement());
      } catch (e) {
        if (e instanceof SelectorParseError)
          throw new SelectorParseError(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const [t, l] = consume();
      if (t === 'EndOfString') break;
      if (t === 'Comma') {
        const [t2, l2] = lookahead();
        if (t2 !== 'Identifier' && t2 !== 'DoesNotExist')
          fail(`found '${l2}', expected: identifier after ','`);
      } else fail(`found '${l}', expected: ',' or 'end of string'`);
    } else if (tok === 'EndOfString') break;
    else fail(`found '${lit}', expected: !, identifier, or 'end of string'`);
  }
  // sort.Sort(ByKey(items)): insertion sort below 12 items, stable like this one
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const OPERATOR_OF_TOKEN = new Map<Token, Requirement['operator']>([
  ['In', 'In'],
  ['Equals', '='],
  ['DoubleEquals', '='],
  ['GreaterThan', 'Gt'],
  ['LessThan', 'Lt'],
  ['NotIn', 'NotIn'],
  ['NotEquals', '!='],
]);

/** NewRequirement's checks on the values (the key was checked while parsing), aggregated. */
function newRequirementCheck(key: string, op: Requirement['operator'], vals: string[]): void {
  const errs: string[] = [];
  if (op === 'Gt' || op === 'Lt') {
    // (parseExactValue gives exactly one value, so the count check never fails here)
    vals.forEach((v, i) => {
      if (!isInt64(v))
        errs.push(invalid(`values[${i}]`, v, "for 'Gt', 'Lt' operators, the value must be an integer"));
    });
  }
  vals.forEach((v, i) => {
    const msgs = labelValueErrors(v);
    if (msgs.length > 0) errs.push(invalid(`values[${i}][${key}]`, v, msgs.join('; ')));
  });
  if (errs.length > 0) throw new SelectorParseError(aggregate(errs));
}
