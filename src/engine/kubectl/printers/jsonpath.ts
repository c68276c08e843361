// kubectl's JSONPath (k8s.io/client-go/util/jsonpath): the template parser (parser.go, node.go)
// and the evaluator (jsonpath.go) on unstructured content, with the same error texts. `{range}` …
// `{end}` blocks are evaluated as the current upstream does (an empty range still skips to its
// `{end}`, text after `{end}` prints once). Go visits map keys in random order for `*` and `..`;
// here they go in sorted order, one of the orders kubectl may print.

import { goFloat, goJSON, goJSONIndent, goNumber, goTypeName, goV, isMap, type JSONValue } from './goValue';

// ---------------------------------------------------------------------------------------- nodes

interface ParamsEntry {
  value: number;
  known: boolean;
  derived: boolean;
}

export type JPNode =
  | { t: 'list'; nodes: JPNode[] }
  | { t: 'text'; text: string }
  | { t: 'field'; name: string }
  | { t: 'array'; params: [ParamsEntry, ParamsEntry, ParamsEntry] }
  | { t: 'filter'; left: ListNode; right: ListNode; op: string }
  | { t: 'int'; value: number }
  | { t: 'float'; value: number }
  | { t: 'bool'; value: boolean }
  | { t: 'wildcard' }
  | { t: 'recursive' }
  | { t: 'union'; lists: ListNode[] }
  | { t: 'identifier'; name: string };

type ListNode = { t: 'list'; nodes: JPNode[] };

const newList = (): ListNode => ({ t: 'list', nodes: [] });

/** A float literal of a filter (`@.x<1.5`): a float64, never equal to an int64. */
class FloatLit {
  constructor(readonly value: number) {}
}

type Value = JSONValue | FloatLit | undefined;

// ---------------------------------------------------------------------------------------- parser

const EOF = '';
const isSpace = (r: string) => r === ' ' || r === '\t';
const isEndOfLine = (r: string) => r === '\r' || r === '\n';
const isDigit = (r: string) => /^\p{Nd}$/u.test(r);
const isAlphaNumeric = (r: string) => r === '_' || /^[\p{L}\p{Nd}]$/u.test(r);
function isTerminator(r: string): boolean {
  return isSpace(r) || isEndOfLine(r) || [EOF, '.', ',', '[', ']', '$', '@', '{', '}'].includes(r);
}

const DICT_KEY = /^'([^']*)'$/;
const SLICE_OPERATOR = /^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;

/** fmt's %#U: `U+0021 '!'`. */
function formatU(r: string): string {
  const c = r.codePointAt(0)!;
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(r) || r === ' ' ? `${hex} '${r}'` : hex;
}

/** strconv.Atoi: decimal with an optional sign. */
function atoi(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** parser.go's UnquoteExtend: strconv.Unquote that also takes single-quoted strings. */
export function unquoteExtend(s: string): string {
  const chars = Array.from(s);
  const n = chars.length;
  if (n < 2) throw new Error('invalid syntax');
  const quote = chars[0];
  if (quote !== chars[n - 1] || (quote !== '"' && quote !== "'")) throw new Error('invalid syntax');
  const body = chars.slice(1, n - 1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === quote) throw new Error('invalid syntax');
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i];
    const simple: Record<string, string> = {
      a: '\x07',
      b: '\b',
      f: '\f',
      n: '\n',
      r: '\r',
      t: '\t',
      v: '\v',
      '\\': '\\',
    };
    if (e !== undefined && Object.hasOwn(simple, e)) out += simple[e];
    else if (e === quote) out += e;
    else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + len).join('');
      if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) throw new Error('invalid syntax');
      const code = parseInt(hex, 16);
      if (e !== 'x' && (code > 0x10ffff || (code >= 0xd800 && code < 0xe000)))
        throw new Error('invalid syntax');
      out += String.fromCodePoint(code);
      i += len;
    } else if (e !== undefined && /[0-7]/.test(e)) {
      const oct = body.slice(i, i + 3).join('');
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) throw new Error('invalid syntax');
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else throw new Error('invalid syntax');
  }
  return out;
}

class Parser {
  root: ListNode = newList();
  private input: string[] = [];
  private pos = 0;
  private start = 0;

  parse(text: string): ListNode {
    this.input = Array.from(text);
    this.root = newList();
    this.pos = 0;
    this.start = 0;
    this.parseText(this.root);
    return this.root;
  }

  private hasPrefix(p: string): boolean {
    const s = Array.from(p);
    for (let i = 0; i < s.length; i++) if (this.input[this.pos + i] !== s[i]) return false;
    return true;
  }

  private consumeText(): string {
    const v = this.input.slice(this.start, this.pos).join('');
    this.start = this.pos;
    return v;
  }

  private next(): string {
    if (this.pos >= this.input.length) {
      this.pos++;
      return EOF;
    }
    return this.input[this.pos++];
  }

  private backup(): void {
    this.pos--;
  }

  private peek(): string {
    const r = this.next();
    this.backup();
    return r;
  }

  private parseText(cur: ListNode): void {
    for (;;) {
      if (this.hasPrefix('{')) {
        if (this.pos > this.start) cur.nodes.push({ t: 'text', text: this.consumeText() });
        this.parseLeftDelim(cur);
        return;
      }
      if (this.next() === EOF) {
        this.backup();
        break;
      }
    }
    if (this.pos > this.start) cur.nodes.push({ t: 'text', text: this.consumeText() });
  }

  private parseLeftDelim(cur: ListNode): void {
    this.pos += 1;
    this.consumeText();
    const node = newList();
    cur.nodes.push(node);
    this.parseInsideAction(node);
  }

  private parseInsideAction(cur: ListNode): void {
    for (;;) {
      if (this.hasPrefix('}')) return this.parseRightDelim();
      if (this.hasPrefix('[?(')) return this.parseFilter(cur);
      if (this.hasPrefix('..')) return this.parseRecursive(cur);
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) throw new Error('unclosed action');
      if (r === ' ' || r === '@' || r === '$') {
        this.consumeText();
        continue;
      }
      if (r === '[') return this.parseArray(cur);
      if (r === '"' || r === "'") return this.parseQuote(cur, r);
      if (r === '.') return this.parseField(cur);
      if (r === '+' || r === '-' || isDigit(r)) {
        this.backup();
        return this.parseNumber(cur);
      }
      if (isAlphaNumeric(r)) {
        this.backup();
        return this.parseIdentifier(cur);
      }
      throw new Error(`unrecognized character in action: ${formatU(r)}`);
    }
  }

  private parseRightDelim(): void {
    this.pos += 1;
    this.consumeText();
    this.parseText(this.root);
  }

  private parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ t: 'bool', value: value === 'true' });
    else cur.nodes.push({ t: 'identifier', name: value });
    this.parseInsideAction(cur);
  }

  private parseRecursive(cur: ListNode): void {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last && last.t === 'recursive') throw new Error('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ t: 'recursive' });
    if (isAlphaNumeric(this.peek())) return this.parseField(cur);
    this.parseInsideAction(cur);
  }

  private parseNumber(cur: ListNode): void {
    let r = this.peek();
    if (r === '+' || r === '-') this.next();
    for (;;) {
      r = this.next();
      if (r !== '.' && !isDigit(r)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    const i = atoi(value);
    if (i !== undefined) cur.nodes.push({ t: 'int', value: i });
    else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) cur.nodes.push({ t: 'float', value: Number(value) });
    else throw new Error(`cannot parse number ${value}`);
    this.parseInsideAction(cur);
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Error('unterminated array');
      if (r === ']') break;
    }
    let text = this.consumeText();
    text = text.slice(1, -1);
    if (text === '*') text = ':';
    const parts = text.split(',');
    if (parts.length > 1) {
      const lists: ListNode[] = [];
      for (const part of parts) lists.push(parseAction(`[${part.trim()}]`));
      cur.nodes.push({ t: 'union', lists });
      return this.parseInsideAction(cur);
    }
    const key = DICT_KEY.exec(text);
    if (key) {
      for (const n of parseAction(`.${key[1]}`).nodes) cur.nodes.push(n);
      return this.parseInsideAction(cur);
    }
    const m = SLICE_OPERATOR.exec(text);
    if (!m) throw new Error(`invalid array index ${text}`);
    const value = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: [ParamsEntry, ParamsEntry, ParamsEntry] = [
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
      { value: 0, known: false, derived: false },
    ];
    for (let i = 0; i < 3; i++) {
      if (value[i] !== '') {
        if (i > 0) value[i] = value[i].slice(1);
        if (i > 0 && value[i] === '') params[i].known = false;
        else {
          const n = atoi(value[i]);
          if (n === undefined) throw new Error(`array index ${value[i]} is not a number`);
          params[i].known = true;
          params[i].value = n;
        }
      } else if (i === 1) {
        params[i] = { known: true, value: params[0].value + 1, derived: true };
      }
    }
    cur.nodes.push({ t: 'array', params });
    this.parseInsideAction(cur);
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Error('unterminated filter');
      if (r === '"' || r === "'") {
        if (!begin) {
          begin = true;
          pair = r;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')') {
        if (begin === end) break;
      }
    }
    if (this.next() !== ']') throw new Error('unclosed array expect ]');
    let text = this.consumeText();
    text = text.slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) cur.nodes.push({ t: 'filter', left: parseAction(text), right: newList(), op: 'exists' });
    else cur.nodes.push({ t: 'filter', left: parseAction(m[1]), right: parseAction(m[3]), op: m[2] });
    this.parseInsideAction(cur);
  }

  private parseQuote(cur: ListNode, end: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new Error('unterminated quoted string');
      if (r === end && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new Error(`unquote string ${value} error ${(e as Error).message}`);
    }
    cur.nodes.push({ t: 'text', text: s });
    this.parseInsideAction(cur);
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    while (this.advance()) {
      /* scan */
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ t: 'wildcard' });
    else cur.nodes.push({ t: 'field', name: value.replace(/\\/g, '') });
    this.parseInsideAction(cur);
  }

  private advance(): boolean {
    const r = this.next();
    if (r === '\\') this.next();
    else if (isTerminator(r)) {
      this.backup();
      return false;
    }
    return true;
  }
}

/** parseAction: the expression inside one pair of braces. */
function parseAction(text: string): ListNode {
  const root = new Parser().parse(`{${text}}`);
  return root.nodes[0] as ListNode;
}

/** Parses a template; throws Error with the parser's message. */
export function parseJSONPath(text: string): ListNode {
  return new Parser().parse(text);
}

// ---------------------------------------------------------------------------------------- evaluator

const errBadComparisonType = 'invalid type for comparison';
const errBadComparison = 'incompatible types for comparison';

type BasicKind = 'bool' | 'int' | 'float' | 'string';

function basicKind(v: Value): BasicKind {
  if (v instanceof FloatLit) return 'float';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  throw new Error(errBadComparisonType);
}

const num = (v: Value) => (v instanceof FloatLit ? v.value : (v as number));

/** The forked text/template Equal. */
function equal(a: Value, b: Value): boolean {
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 !== k2) throw new Error(errBadComparison);
  if (k1 === 'int' || k1 === 'float') return num(a) === num(b);
  return a === b;
}

/** The forked text/template Less. */
function less(a: Value, b: Value): boolean {
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 !== k2) throw new Error(errBadComparison);
  if (k1 === 'bool') throw new Error(errBadComparisonType);
  if (k1 === 'string') return (a as string) < (b as string);
  return num(a) < num(b);
}

function utf8Bytes(s: string): number[] {
  return Array.from(new TextEncoder().encode(s));
}

/** The children `*` and `..` visit: struct fields / map values / array, slice and string elements. */
function children(v: Value): Value[] {
  if (Array.isArray(v)) return v;
  if (isMap(v))
    return Object.keys(v)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((k) => v[k]);
  if (typeof v === 'string') return utf8Bytes(v);
  return [];
}

/** A result as plain JSON data (float literals become numbers). */
export function plainValue(v: unknown): JSONValue {
  return v instanceof FloatLit ? v.value : ((v ?? null) as JSONValue);
}

const isNil = (v: Value) => v === null || v === undefined;

export interface JSONPathOptions {
  allowMissingKeys?: boolean;
  /** jsonpath-as-json: every result list printed as one indented JSON array */
  outputJSON?: boolean;
}

export class JSONPath {
  private root: ListNode | null = null;
  allowMissingKeys = false;
  outputJSON = false;

  constructor(opts: JSONPathOptions = {}) {
    this.allowMissingKeys = opts.allowMissingKeys ?? false;
    this.outputJSON = opts.outputJSON ?? false;
  }

  parse(text: string): this {
    this.root = parseJSONPath(text);
    return this;
  }

  /** FindResults: one list of values per printed piece. */
  findResults(data: JSONValue): Value[][] {
    if (!this.root) throw new Error('jsonpath is an incomplete jsonpath template');
    return this.block(this.root.nodes, 0, data, 0).out;
  }

  /** Execute: the printed text. */
  execute(data: JSONValue): string {
    return this.findResults(data)
      .map((r) => this.printResults(r))
      .join('');
  }

  private block(nodes: JPNode[], start: number, cur: Value, depth: number): { out: Value[][]; end: number } {
    const out: Value[][] = [];
    for (let i = start; i < nodes.length; i++) {
      const flags = { range: false, end: false };
      const results = this.walk([cur], nodes[i], flags);
      if (flags.end) {
        if (depth === 0) throw new Error('not in range, nothing to end');
        return { out, end: i };
      }
      if (flags.range) {
        let end = nodes.length;
        if (results.length === 0) end = this.block(nodes, i + 1, undefined, depth + 1).end;
        for (const v of results) {
          const r = this.block(nodes, i + 1, v, depth + 1);
          out.push(...r.out);
          end = r.end;
        }
        i = end;
        continue;
      }
      out.push(results);
    }
    return { out, end: nodes.length };
  }

  private walk(input: Value[], node: JPNode, flags: { range: boolean; end: boolean }): Value[] {
    switch (node.t) {
      case 'list': {
        let cur = input;
        for (const n of node.nodes) cur = this.walk(cur, n, flags);
        return cur;
      }
      case 'text':
        return [node.text];
      case 'field':
        return this.evalField(input, node.name);
      case 'array':
        return this.evalArray(input, node.params);
      case 'filter':
        return this.evalFilter(input, node);
      case 'int':
        return input.map(() => node.value);
      case 'float':
        return input.map(() => new FloatLit(node.value));
      case 'bool':
        return input.map(() => node.value);
      case 'wildcard':
        return input.filter((v) => !isNil(v)).flatMap(children);
      case 'recursive':
        return this.evalRecursive(input);
      case 'union':
        return node.lists.flatMap((l) => this.walk(input, l, flags));
      case 'identifier':
        if (node.name === 'range') {
          flags.range = true;
          return input;
        }
        if (node.name === 'end') {
          flags.end = true;
          return [];
        }
        throw new Error(`unrecognized identifier ${node.name}`);
    }
  }

  private evalField(input: Value[], name: string): Value[] {
    const results: Value[] = [];
    if (input.length === 0) return results;
    for (const v of input) {
      if (isNil(v)) continue;
      if (isMap(v) && Object.hasOwn(v, name)) results.push(v[name]);
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new Error(`${name} is not found`);
    return results;
  }

  private evalArray(input: Value[], p: [ParamsEntry, ParamsEntry, ParamsEntry]): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      if (isNil(value)) continue;
      if (!Array.isArray(value)) throw new Error(`${goTypeName(value)} is not array or slice`);
      const len = value.length;
      const params = p.map((x) => ({ ...x }));
      if (!params[0].known) params[0].value = 0;
      if (params[0].value < 0) params[0].value += len;
      if (!params[1].known) params[1].value = len;
      if (params[1].value < 0 || (params[1].value === 0 && params[1].derived)) params[1].value += len;
      if (params[1].value === params[0].value) return result;
      if (params[0].value >= len || params[0].value < 0) {
        throw new Error(`array index out of bounds: index ${params[0].value}, length ${len}`);
      }
      if (params[1].value > len || params[1].value < 0) {
        throw new Error(`array index out of bounds: index ${params[1].value - 1}, length ${len}`);
      }
      if (params[0].value > params[1].value) {
        throw new Error(`starting index ${params[0].value} is greater than ending index ${params[1].value}`);
      }
      const slice = value.slice(params[0].value, params[1].value);
      let step = 1;
      if (params[2].known) {
        if (params[2].value <= 0) throw new Error('step must be > 0');
        step = params[2].value;
      }
      for (let i = 0; i < slice.length; i += step) result.push(slice[i]);
    }
    return result;
  }

  private evalRecursive(input: Value[]): Value[] {
    const result: Value[] = [];
    for (const value of input) {
      if (isNil(value)) continue;
      const kids = children(value);
      if (kids.length !== 0) {
        result.push(value);
        result.push(...this.evalRecursive(kids));
      }
    }
    return result;
  }

  private evalFilter(input: Value[], node: { left: ListNode; right: ListNode; op: string }): Value[] {
    const results: Value[] = [];
    const noFlags = { range: false, end: false };
    for (const value of input) {
      if (!Array.isArray(value))
        throw new Error(`${goV(value ?? null)} is not array or slice and cannot be filtered`);
      for (const item of value) {
        let lefts: Value[];
        let leftErr: unknown;
        try {
          lefts = this.walk([item], node.left, noFlags);
        } catch (e) {
          lefts = [];
          leftErr = e;
        }
        if (node.op === 'exists') {
          if (lefts.length > 0) results.push(item);
          continue;
        }
        if (leftErr) throw leftErr;
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new Error('can only compare one element at a time');
        const rights = this.walk([item], node.right, noFlags);
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new Error('can only compare one element at a time');
        const [l, r] = [lefts[0], rights[0]];
        let pass: boolean;
        switch (node.op) {
          case '<':
            pass = less(l, r);
            break;
          case '>':
            pass = !(less(l, r) || equal(l, r));
            break;
          case '==':
            pass = equal(l, r);
            break;
          case '!=':
            pass = !equal(l, r);
            break;
          case '<=':
            pass = less(l, r) || equal(l, r);
            break;
          case '>=':
            pass = !less(l, r);
            break;
          default:
            throw new Error(`unrecognized filter operator ${node.op}`);
        }
        if (pass) results.push(item);
      }
    }
    return results;
  }

  /** PrintResults: maps, slices as compact JSON, the rest as fmt prints it, joined by spaces. */
  printResults(results: Value[]): string {
    if (this.outputJSON) return `${goJSONIndent(results.map(plainValue))}\n`;
    return results
      .map((r) => {
        if (Array.isArray(r) || isMap(r)) return goJSON(r);
        return evalToText(r);
      })
      .join(' ');
  }
}

function evalToText(v: Value): string {
  if (v instanceof FloatLit) return goFloat(v.value);
  // kubectl prints a JSON null as `null`
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return goNumber(v);
  return goV(v ?? null);
}
