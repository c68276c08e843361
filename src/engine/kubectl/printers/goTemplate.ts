// `-o go-template=…`: the part of Go's text/template that kubectl users write — fields (`.a.b`),
// variables (`$`, `$x := …`), pipelines, `if`/`else if`/`else`, `range` (with `$i, $e :=` and
// `else`), `with`, `break`/`continue`, comments, `{{-`/`-}}` trimming, and the functions and, or,
// not, len, index, print, printf, println, eq, ne, lt, le, gt, ge, plus kubectl's exists and
// base64decode. The data is the object as kubectl holds what the server sent, an Unstructured: whole
// numbers are int64 (`{{printf "%d" .status.numberReady}}` prints `2`, checked against the real
// kubectl), others float64.
// Error texts follow text/template (`template: output:1:7: executing "output" at <.a.b>: …`).

import { goFloat, goQuote, isMap, type JSONValue } from './goValue';

/** An int constant of the template (or len's result): Go's int, not the data's float64. */
class GoInt {
  constructor(readonly v: number) {}
}
/** An invalid reflect.Value: a missing map key under missingkey=default; prints `<no value>`. */
const NO_VALUE = Symbol('no value');
type TValue = JSONValue | GoInt | typeof NO_VALUE;

// ---------------------------------------------------------------------------------------- lexer

type TokType =
  | 'text'
  | 'left'
  | 'right'
  | 'space'
  | 'field'
  | 'var'
  | 'dot'
  | 'ident'
  | 'string'
  | 'number'
  | 'bool'
  | 'nil'
  | 'lparen'
  | 'rparen'
  | 'pipe'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'eof';

interface Tok {
  t: TokType;
  v: string;
  pos: number;
}

class TemplateError extends Error {}

function lex(name: string, input: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const lineOf = (p: number) => input.slice(0, p).split('\n').length;
  const fail = (msg: string, p: number) => {
    throw new TemplateError(`template: ${name}:${lineOf(p)}: ${msg}`);
  };
  while (i < input.length) {
    const open = input.indexOf('{{', i);
    if (open < 0) {
      toks.push({ t: 'text', v: input.slice(i), pos: i });
      break;
    }
    let text = input.slice(i, open);
    let j = open + 2;
    const trimLeft = input[j] === '-' && /\s/.test(input[j + 1] ?? '');
    if (trimLeft) {
      text = text.replace(/\s+$/, '');
      j += 1;
    }
    if (text) toks.push({ t: 'text', v: text, pos: i });
    // comment
    const afterSpace = j + (input.slice(j).match(/^\s*/)?.[0].length ?? 0);
    if (input.startsWith('/*', trimLeft ? afterSpace : j)) {
      const end = input.indexOf('*/', j);
      if (end < 0) fail('unclosed comment', j);
      let k = end + 2;
      const m = /^\s*-\}\}/.exec(input.slice(k));
      let trimRight = false;
      if (m) {
        k += m[0].length;
        trimRight = true;
      } else if (input.startsWith('}}', k)) k += 2;
      else fail('comment ends before closing delimiter', k);
      i = k;
      if (trimRight) i += input.slice(i).match(/^\s*/)![0].length;
      continue;
    }
    toks.push({ t: 'left', v: '{{', pos: open });
    for (;;) {
      if (j >= input.length) fail('unclosed action', open);
      const c = input[j];
      if (input.startsWith('}}', j)) {
        toks.push({ t: 'right', v: '}}', pos: j });
        j += 2;
        break;
      }
      if (/\s/.test(c)) {
        let k = j;
        while (k < input.length && /\s/.test(input[k])) k++;
        if (input[k] === '-' && input.startsWith('}}', k + 1)) {
          toks.push({ t: 'right', v: '}}', pos: k });
          j = k + 3;
          j += input.slice(j).match(/^\s*/)![0].length;
          break;
        }
        toks.push({ t: 'space', v: ' ', pos: j });
        j = k;
        continue;
      }
      if (c === '(') toks.push({ t: 'lparen', v: c, pos: j++ });
      else if (c === ')') toks.push({ t: 'rparen', v: c, pos: j++ });
      else if (c === '|') toks.push({ t: 'pipe', v: c, pos: j++ });
      else if (c === ',') toks.push({ t: 'comma', v: c, pos: j++ });
      else if (c === ':' && input[j + 1] === '=') {
        toks.push({ t: 'declare', v: ':=', pos: j });
        j += 2;
      } else if (c === '=') toks.push({ t: 'assign', v: c, pos: j++ });
      else if (c === '"') {
        let k = j + 1;
        while (k < input.length && input[k] !== '"') {
          if (input[k] === '\\') k++;
          if (input[k] === '\n') fail('unterminated quoted string', j);
          k++;
        }
        if (k >= input.length) fail('unterminated quoted string', j);
        toks.push({ t: 'string', v: input.slice(j, k + 1), pos: j });
        j = k + 1;
      } else if (c === '`') {
        const k = input.indexOf('`', j + 1);
        if (k < 0) fail('unterminated raw quoted string', j);
        toks.push({ t: 'string', v: input.slice(j, k + 1), pos: j });
        j = k + 1;
      } else if (c === '.' && !/[0-9]/.test(input[j + 1] ?? '')) {
        const m = /^\.[\p{L}\p{Nd}_]*/u.exec(input.slice(j))!;
        toks.push({ t: m[0] === '.' ? 'dot' : 'field', v: m[0], pos: j });
        j += m[0].length;
      } else if (c === '$') {
        const m = /^\$[\p{L}\p{Nd}_]*/u.exec(input.slice(j))!;
        toks.push({ t: 'var', v: m[0], pos: j });
        j += m[0].length;
      } else if (/[0-9+\-.]/.test(c)) {
        const m = /^[+-]?(0[xX][0-9a-fA-F_]+|(\d[\d_]*)?\.?\d*([eE][+-]?\d+)?)/.exec(input.slice(j))!;
        if (!m[0] || m[0] === '+' || m[0] === '-') fail(`bad number syntax: "${c}"`, j);
        toks.push({ t: 'number', v: m[0], pos: j });
        j += m[0].length;
      } else if (/[\p{L}_]/u.test(c)) {
        const m = /^[\p{L}\p{Nd}_]+/u.exec(input.slice(j))!;
        const w = m[0];
        toks.push({
          t: w === 'true' || w === 'false' ? 'bool' : w === 'nil' ? 'nil' : 'ident',
          v: w,
          pos: j,
        });
        j += w.length;
      } else fail(`unrecognized character in action: ${goQuote(c).replace(/^"|"$/g, "'")}`, j);
    }
    i = j;
  }
  toks.push({ t: 'eof', v: '', pos: input.length });
  return toks;
}

// ---------------------------------------------------------------------------------------- parser

type Arg =
  | { t: 'field'; idents: string[]; pos: number }
  | { t: 'dot'; pos: number }
  | { t: 'var'; name: string; idents: string[]; pos: number }
  | { t: 'chain'; node: Arg; idents: string[]; pos: number }
  | { t: 'ident'; name: string; pos: number }
  | { t: 'string'; v: string; pos: number }
  | { t: 'number'; v: number; isInt: boolean; text: string; pos: number }
  | { t: 'bool'; v: boolean; pos: number }
  | { t: 'nil'; pos: number }
  | { t: 'pipe'; pipe: Pipe; pos: number };

interface Cmd {
  args: Arg[];
  pos: number;
}
interface Pipe {
  decl: string[];
  assign: boolean;
  cmds: Cmd[];
  pos: number;
}

type TNode =
  | { t: 'text'; text: string }
  | { t: 'action'; pipe: Pipe; pos: number }
  | { t: 'if' | 'with' | 'range'; pipe: Pipe; list: TNode[]; elseList?: TNode[]; pos: number }
  | { t: 'break' | 'continue'; pos: number };

function unquote(s: string): string {
  if (s.startsWith('`')) return s.slice(1, -1);
  return JSON.parse(
    s
      .replace(/\\x([0-9a-fA-F]{2})/g, '\\u00$1')
      .replace(/\\a/g, '\\u0007')
      .replace(/\\v/g, '\\u000b')
      .replace(/\\'/g, "'"),
  ) as string;
}

function argString(a: Arg): string {
  switch (a.t) {
    case 'field':
      return a.idents.map((i) => `.${i}`).join('');
    case 'dot':
      return '.';
    case 'var':
      return a.name + a.idents.map((i) => `.${i}`).join('');
    case 'chain':
      return argString(a.node) + a.idents.map((i) => `.${i}`).join('');
    case 'ident':
      return a.name;
    case 'string':
      return goQuote(a.v);
    case 'number':
      return a.text;
    case 'bool':
      return String(a.v);
    case 'nil':
      return 'nil';
    case 'pipe':
      return `(${pipeString(a.pipe)})`;
  }
}
const cmdString = (c: Cmd) => c.args.map(argString).join(' ');
const pipeString = (p: Pipe) =>
  (p.decl.length ? `${p.decl.join(', ')} ${p.assign ? '=' : ':='} ` : '') + p.cmds.map(cmdString).join(' | ');

const BUILTINS = new Set([
  'and',
  'or',
  'not',
  'len',
  'index',
  'print',
  'printf',
  'println',
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'exists',
  'base64decode',
  'html',
  'js',
  'urlquery',
  'slice',
  'call',
]);

class Parser {
  private i = 0;
  constructor(
    private readonly name: string,
    private readonly input: string,
    private readonly toks: Tok[],
  ) {}
  private line(p: number) {
    return this.input.slice(0, p).split('\n').length;
  }
  private fail(msg: string, p: number): never {
    throw new TemplateError(`template: ${this.name}:${this.line(p)}: ${msg}`);
  }
  private peek(): Tok {
    return this.toks[this.i];
  }
  private next(): Tok {
    return this.toks[this.i++];
  }
  private peekNonSpace(): Tok {
    while (this.peek().t === 'space') this.i++;
    return this.peek();
  }
  private nextNonSpace(): Tok {
    this.peekNonSpace();
    return this.next();
  }

  parse(): TNode[] {
    const { list, end } = this.itemList();
    if (end !== 'eof') this.fail(`unexpected {{${end}}}`, this.peek().pos);
    return list;
  }

  /** Items until {{end}}/{{else}} or EOF; says which. */
  private itemList(): { list: TNode[]; end: string; endPos: number } {
    const list: TNode[] = [];
    for (;;) {
      const tok = this.next();
      if (tok.t === 'eof') return { list, end: 'eof', endPos: tok.pos };
      if (tok.t === 'text') {
        list.push({ t: 'text', text: tok.v });
        continue;
      }
      // left delim
      const kw = this.peekNonSpace();
      if (kw.t === 'ident' && (kw.v === 'end' || kw.v === 'else')) {
        this.next();
        if (kw.v === 'end') this.expectRight('end');
        return { list, end: kw.v, endPos: kw.pos };
      }
      if (kw.t === 'ident' && (kw.v === 'if' || kw.v === 'with' || kw.v === 'range')) {
        this.next();
        list.push(this.control(kw.v, kw.pos));
        continue;
      }
      if (kw.t === 'ident' && (kw.v === 'break' || kw.v === 'continue')) {
        this.next();
        this.expectRight(kw.v);
        list.push({ t: kw.v, pos: kw.pos });
        continue;
      }
      if (kw.t === 'ident' && (kw.v === 'define' || kw.v === 'template' || kw.v === 'block'))
        this.fail(`{{${kw.v}}} is not supported by this playground`, kw.pos);
      const pipe = this.pipeline('command');
      list.push({ t: 'action', pipe, pos: pipe.pos });
    }
  }

  private expectRight(ctx: string) {
    const t = this.nextNonSpace();
    if (t.t !== 'right') this.fail(`unexpected "${t.v}" in ${ctx}`, t.pos);
  }

  private control(kind: 'if' | 'with' | 'range', pos: number): TNode {
    const pipe = this.pipeline(kind);
    const body = this.itemList();
    if (body.end === 'eof') this.fail('unexpected EOF', body.endPos);
    let elseList: TNode[] | undefined;
    if (body.end === 'else') {
      const nxt = this.peekNonSpace();
      if (nxt.t === 'ident' && (nxt.v === 'if' || nxt.v === 'with') && nxt.v === kind) {
        // {{else if …}}: a nested control that ends this one's {{end}}
        this.next();
        elseList = [this.control(kind, nxt.pos)];
      } else {
        this.expectRight('else');
        const e = this.itemList();
        if (e.end !== 'end')
          this.fail(e.end === 'eof' ? 'unexpected EOF' : 'expected end; found {{else}}', e.endPos);
        elseList = e.list;
      }
    }
    return { t: kind, pipe, list: body.list, elseList, pos };
  }

  private pipeline(context: string, closer: TokType = 'right'): Pipe {
    const start = this.peekNonSpace();
    const pipe: Pipe = { decl: [], assign: false, cmds: [], pos: start.pos };
    // declarations: $x := or $i, $e :=
    const save = this.i;
    const v1 = this.peekNonSpace();
    if (v1.t === 'var') {
      this.next();
      const n = this.peekNonSpace();
      if (n.t === 'declare' || n.t === 'assign') {
        this.next();
        pipe.decl = [v1.v];
        pipe.assign = n.t === 'assign';
      } else if (n.t === 'comma' && context === 'range') {
        this.next();
        const v2 = this.nextNonSpace();
        const d = this.nextNonSpace();
        if (v2.t !== 'var' || (d.t !== 'declare' && d.t !== 'assign'))
          this.fail('range can only initialize variables', v2.pos);
        pipe.decl = [v1.v, v2.v];
        pipe.assign = d.t === 'assign';
      } else this.i = save;
    }
    for (;;) {
      const t = this.peekNonSpace();
      if (t.t === closer) {
        this.next();
        if (pipe.cmds.length === 0) this.fail(`missing value for ${context}`, t.pos);
        return pipe;
      }
      if (t.t === 'eof') this.fail(closer === 'rparen' ? 'unclosed left paren' : 'unclosed action', t.pos);
      pipe.cmds.push(this.command(closer));
    }
  }

  private command(closer: TokType): Cmd {
    const cmd: Cmd = { args: [], pos: this.peekNonSpace().pos };
    for (;;) {
      const t = this.peekNonSpace();
      if (t.t === closer) break;
      if (t.t === 'pipe') {
        this.next();
        if (cmd.args.length === 0) this.fail('missing command', t.pos);
        break;
      }
      if (t.t === 'eof') this.fail('unclosed action', t.pos);
      cmd.args.push(this.operand());
    }
    if (cmd.args.length === 0) this.fail('empty command', cmd.pos);
    return cmd;
  }

  private operand(): Arg {
    let node = this.term();
    if (this.peek().t === 'field') {
      const fieldPos = this.peek().pos;
      const idents: string[] = [];
      while (this.peek().t === 'field') idents.push(this.next().v.slice(1));
      if (node.t === 'field') node = { t: 'field', idents: [...node.idents, ...idents], pos: fieldPos };
      else if (node.t === 'var')
        node = { t: 'var', name: node.name, idents: [...node.idents, ...idents], pos: fieldPos };
      else if (
        node.t === 'string' ||
        node.t === 'number' ||
        node.t === 'bool' ||
        node.t === 'nil' ||
        node.t === 'dot'
      )
        this.fail(`unexpected . after term ${JSON.stringify(argString(node))}`, fieldPos);
      else node = { t: 'chain', node, idents, pos: fieldPos };
    }
    return node;
  }

  private term(): Arg {
    const t = this.nextNonSpace();
    switch (t.t) {
      case 'field':
        return { t: 'field', idents: [t.v.slice(1)], pos: t.pos };
      case 'dot':
        return { t: 'dot', pos: t.pos };
      case 'var':
        return { t: 'var', name: t.v, idents: [], pos: t.pos };
      case 'ident':
        if (!BUILTINS.has(t.v)) this.fail(`function "${t.v}" not defined`, t.pos);
        return { t: 'ident', name: t.v, pos: t.pos };
      case 'string':
        return { t: 'string', v: unquote(t.v), pos: t.pos };
      case 'number': {
        const isInt = /^[+-]?(\d[\d_]*|0[xX][0-9a-fA-F_]+)$/.test(t.v);
        return { t: 'number', v: Number(t.v.replace(/_/g, '')), isInt, text: t.v, pos: t.pos };
      }
      case 'bool':
        return { t: 'bool', v: t.v === 'true', pos: t.pos };
      case 'nil':
        return { t: 'nil', pos: t.pos };
      case 'lparen': {
        const pipe = this.pipeline('parenthesized pipeline', 'rparen');
        return { t: 'pipe', pipe, pos: t.pos };
      }
      default:
        this.fail(`unexpected "${t.v}" in operand`, t.pos);
    }
  }
}

// ---------------------------------------------------------------------------------------- values

function kindOf(v: TValue): 'bool' | 'int' | 'float' | 'string' | 'invalid' {
  if (v instanceof GoInt) return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return 'invalid';
}
const numOf = (v: TValue) => (v instanceof GoInt ? v.v : (v as number));

function truth(v: TValue): boolean {
  if (v === NO_VALUE || v === null) return false;
  if (v instanceof GoInt) return v.v !== 0;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return v !== '';
  if (Array.isArray(v)) return v.length > 0;
  return Object.keys(v).length > 0;
}

/** A whole data number: an int64 in the Unstructured object kubectl templates over. */
const isInt64 = (v: TValue): boolean => typeof v === 'number' && Number.isSafeInteger(v);

/** fmt's %v of a template value (data numbers int64 when whole, float64 otherwise). */
function fmtV(v: TValue): string {
  if (v === NO_VALUE) return '<no value>';
  if (v === null) return '<nil>';
  if (v instanceof GoInt) return String(v.v);
  if (isInt64(v)) return String(v);
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(fmtV).join(' ')}]`;
  const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `map[${keys.map((k) => `${k}:${fmtV(v[k])}`).join(' ')}]`;
}

function goTypeOf(v: TValue): string {
  if (v instanceof GoInt) return 'int';
  if (isInt64(v)) return 'int64';
  if (typeof v === 'number') return 'float64';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (Array.isArray(v)) return '[]interface {}';
  if (v === null || v === NO_VALUE) return 'interface {}';
  return 'map[string]interface {}';
}

/** fmt.Sprintf for the verbs templates use. */
export function sprintf(format: string, args: TValue[]): string {
  let out = '';
  let ai = 0;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const m = /^%([-+# 0]*)(\d*)(?:\.(\d*))?([a-zA-Z%])/.exec(format.slice(i));
    if (!m) {
      out += '%!(NOVERB)';
      break;
    }
    i += m[0].length - 1;
    const [, flags, width, prec, verb] = m;
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (ai >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const a = args[ai++];
    let s: string;
    const bad = () => `%!${verb}(${goTypeOf(a)}=${fmtV(a)})`;
    switch (verb) {
      case 'v':
        s = fmtV(a);
        break;
      case 's':
        s = typeof a === 'string' ? a : Array.isArray(a) || isMap(a as JSONValue) ? fmtV(a) : bad();
        if (prec !== undefined && typeof a === 'string')
          s = Array.from(s)
            .slice(0, Number(prec || 0))
            .join('');
        break;
      case 'q':
        s = typeof a === 'string' ? goQuote(a) : bad();
        break;
      case 'd':
        s = a instanceof GoInt ? String(a.v) : isInt64(a) ? String(a) : bad();
        break;
      case 'f':
      case 'F':
        s =
          typeof a === 'number' && !isInt64(a)
            ? a.toFixed(prec === undefined ? 6 : Number(prec || 0))
            : bad();
        break;
      case 'x':
        s =
          a instanceof GoInt
            ? a.v.toString(16)
            : isInt64(a)
              ? (a as number).toString(16)
              : typeof a === 'string'
                ? Array.from(new TextEncoder().encode(a), (b) => b.toString(16).padStart(2, '0')).join('')
                : bad();
        break;
      case 't':
        s = typeof a === 'boolean' ? String(a) : bad();
        break;
      default:
        s = bad();
    }
    const w = Number(width || 0);
    if (s.length < w)
      s = flags.includes('-') ? s.padEnd(w) : s.padStart(w, flags.includes('0') && verb !== 's' ? '0' : ' ');
    out += s;
  }
  if (ai < args.length)
    out += `%!(EXTRA ${args
      .slice(ai)
      .map((a) => `${goTypeOf(a)}=${fmtV(a)}`)
      .join(', ')})`;
  return out;
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
function sprint(args: TValue[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += fmtV(a);
  });
  return out;
}

function compareKinds(a: TValue, b: TValue): 'bool' | 'int' | 'float' | 'string' {
  const k1 = kindOf(a);
  const k2 = kindOf(b);
  if (k1 === 'invalid' || k2 === 'invalid') throw new Error('invalid type for comparison');
  if (k1 !== k2) throw new Error('incompatible types for comparison');
  return k1;
}
function eqValues(a: TValue, b: TValue): boolean {
  const k = compareKinds(a, b);
  return k === 'int' || k === 'float' ? numOf(a) === numOf(b) : a === b;
}
function ltValues(a: TValue, b: TValue): boolean {
  const k = compareKinds(a, b);
  if (k === 'bool') throw new Error('invalid type for comparison');
  return k === 'string' ? (a as string) < (b as string) : numOf(a) < numOf(b);
}

function indexOne(item: TValue, key: TValue): TValue {
  if (Array.isArray(item) || typeof item === 'string') {
    if (!(key instanceof GoInt)) throw new Error(`cannot index slice/array with type ${goTypeOf(key)}`);
    const len = typeof item === 'string' ? new TextEncoder().encode(item).length : item.length;
    if (key.v < 0 || key.v >= len) throw new Error(`index out of range: ${key.v}`);
    return typeof item === 'string' ? new GoInt(new TextEncoder().encode(item)[key.v]) : item[key.v];
  }
  if (isMap(item as JSONValue)) {
    if (typeof key !== 'string') throw new Error(`value has type ${goTypeOf(key)}; should be string`);
    const m = item as Record<string, JSONValue>;
    return Object.hasOwn(m, key) ? m[key] : null;
  }
  if (item === null || item === NO_VALUE) throw new Error('index of untyped nil');
  throw new Error(`can't index item of type ${goTypeOf(item)}`);
}

function base64decode(s: string): string {
  const clean = s.replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0)
    throw new Error('base64 decode failed: illegal base64 data at input byte 0');
  const bin = atob(clean);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

// ---------------------------------------------------------------------------------------- exec

class ExecError extends Error {}
class BreakSignal {}
class ContinueSignal {}

export interface ExecuteOptions {
  /** missingkey=error (kubectl's --allow-missing-template-keys=false) */
  missingKeyError?: boolean;
}

export class GoTemplate {
  private readonly tree: TNode[];

  constructor(
    private readonly name: string,
    private readonly text: string,
  ) {
    this.tree = new Parser(name, text, lex(name, text)).parse();
  }

  /** Runs the template; returns what it wrote and, if it failed, the error text. */
  execute(data: JSONValue, opts: ExecuteOptions = {}): { output: string; error?: string } {
    const st = new State(this.name, this.text, data, opts.missingKeyError ?? false);
    try {
      st.walkList(this.tree, data, [{ name: '$', value: data }]);
      return { output: st.out };
    } catch (e) {
      if (e instanceof ExecError) return { output: st.out, error: e.message };
      throw e;
    }
  }
}

interface Variable {
  name: string;
  value: TValue;
}

class State {
  out = '';
  constructor(
    private readonly name: string,
    private readonly text: string,
    private readonly root: JSONValue,
    private readonly missingKeyError: boolean,
  ) {}

  private fail(pos: number, node: string, msg: string): never {
    const before = this.text.slice(0, pos);
    const line = before.split('\n').length;
    const col = pos - (before.lastIndexOf('\n') + 1);
    throw new ExecError(
      `template: ${this.name}:${line}:${col}: executing "${this.name}" at <${node}>: ${msg}`,
    );
  }

  walkList(list: TNode[], dot: TValue, vars: Variable[]): void {
    for (const n of list) this.walk(n, dot, vars);
  }

  private walk(n: TNode, dot: TValue, vars: Variable[]): void {
    switch (n.t) {
      case 'text':
        this.out += n.text;
        return;
      case 'action': {
        const v = this.evalPipeline(dot, n.pipe, vars);
        // printValue: a nil interface is an invalid value there, printed `<no value>`
        if (n.pipe.decl.length === 0) this.out += v === null ? '<no value>' : fmtV(v);
        return;
      }
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
      case 'if':
      case 'with': {
        const scope = [...vars];
        const v = this.evalPipeline(dot, n.pipe, scope);
        if (truth(v)) this.walkList(n.list, n.t === 'with' ? v : dot, scope);
        else if (n.elseList) this.walkList(n.elseList, dot, scope);
        return;
      }
      case 'range': {
        const scope = [...vars];
        const pipe = { ...n.pipe, decl: [] };
        const v = this.evalPipeline(dot, pipe, scope);
        const entries: [TValue, TValue][] = Array.isArray(v)
          ? v.map((e, i) => [new GoInt(i), e])
          : isMap(v as JSONValue) && v !== null && typeof v === 'object' && !(v instanceof GoInt)
            ? Object.keys(v as object)
                .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
                .map((k) => [k, (v as Record<string, JSONValue>)[k]])
            : v instanceof GoInt
              ? Array.from({ length: Math.max(0, v.v) }, (_, i) => [new GoInt(i), new GoInt(i)])
              : [];
        if (!(
          Array.isArray(v) ||
          (isMap(v as JSONValue) && !(v instanceof GoInt)) ||
          v instanceof GoInt ||
          v === null ||
          v === NO_VALUE
        )) {
          this.fail(n.pos, pipeString(n.pipe), `range can't iterate over ${fmtV(v)}`);
        }
        if (entries.length === 0) {
          if (n.elseList) this.walkList(n.elseList, dot, scope);
          return;
        }
        for (const [k, e] of entries) {
          const inner = [...scope];
          if (n.pipe.decl.length === 1) inner.push({ name: n.pipe.decl[0], value: e });
          if (n.pipe.decl.length === 2)
            inner.push({ name: n.pipe.decl[0], value: k }, { name: n.pipe.decl[1], value: e });
          try {
            this.walkList(n.list, e, inner);
          } catch (sig) {
            if (sig instanceof BreakSignal) break;
            if (sig instanceof ContinueSignal) continue;
            throw sig;
          }
        }
        return;
      }
    }
  }

  private evalPipeline(dot: TValue, pipe: Pipe, vars: Variable[]): TValue {
    let value: TValue | undefined;
    for (const cmd of pipe.cmds) value = this.evalCommand(dot, cmd, vars, value);
    const v = value as TValue;
    for (const name of pipe.decl) {
      if (pipe.assign) {
        const found = [...vars].reverse().find((x) => x.name === name);
        if (!found) this.fail(pipe.pos, pipeString(pipe), `undefined variable: ${name}`);
        found.value = v;
      } else vars.push({ name, value: v });
    }
    return v;
  }

  private variable(vars: Variable[], name: string, pos: number): TValue {
    for (let i = vars.length - 1; i >= 0; i--) if (vars[i].name === name) return vars[i].value;
    this.fail(pos, name, `undefined variable: ${name}`);
  }

  private evalCommand(dot: TValue, cmd: Cmd, vars: Variable[], final: TValue | undefined): TValue {
    const first = cmd.args[0];
    const notFn = () => {
      if (cmd.args.length > 1 || final !== undefined)
        this.fail(first.pos, argString(first), `can't give argument to non-function ${argString(first)}`);
    };
    switch (first.t) {
      case 'ident':
        return this.call(dot, first, cmd.args.slice(1), vars, final, cmd);
      case 'field':
        notFn();
        return this.fields(dot, first.idents, first.pos, argString(first));
      case 'var':
        notFn();
        return this.fields(
          this.variable(vars, first.name, first.pos),
          first.idents,
          first.pos,
          argString(first),
        );
      case 'chain':
        notFn();
        return this.fields(this.evalArg(dot, first.node, vars), first.idents, first.pos, argString(first));
      default:
        notFn();
        return this.evalArg(dot, first, vars);
    }
  }

  private fields(receiver: TValue, idents: string[], pos: number, node: string): TValue {
    let v = receiver;
    let typ = receiver === this.root ? goTypeOf(receiver) : 'interface {}';
    for (const name of idents) {
      if (v === NO_VALUE) {
        if (this.missingKeyError) this.fail(pos, node, `nil data; no entry for key ${goQuote(name)}`);
        return NO_VALUE;
      }
      if (v === null) this.fail(pos, node, `nil pointer evaluating ${typ}.${name}`);
      if (!isMap(v as JSONValue) || v instanceof GoInt)
        this.fail(pos, node, `can't evaluate field ${name} in type ${typ}`);
      const m = v as Record<string, JSONValue>;
      if (Object.hasOwn(m, name)) v = m[name];
      else {
        if (this.missingKeyError) this.fail(pos, node, `map has no entry for key ${goQuote(name)}`);
        v = NO_VALUE;
      }
      typ = 'interface {}';
    }
    return v;
  }

  private evalArg(dot: TValue, a: Arg, vars: Variable[]): TValue {
    switch (a.t) {
      case 'dot':
        return dot;
      case 'field':
        return this.fields(dot, a.idents, a.pos, argString(a));
      case 'var':
        return this.fields(this.variable(vars, a.name, a.pos), a.idents, a.pos, argString(a));
      case 'chain':
        return this.fields(this.evalArg(dot, a.node, vars), a.idents, a.pos, argString(a));
      case 'string':
        return a.v;
      case 'number':
        return a.isInt ? new GoInt(a.v) : a.v;
      case 'bool':
        return a.v;
      case 'nil':
        this.fail(a.pos, 'nil', 'nil is not a command');
      // falls through (fail throws)
      case 'pipe':
        return this.evalPipeline(dot, a.pipe, [...vars]);
      case 'ident':
        return this.call(dot, a, [], vars, undefined, { args: [a], pos: a.pos });
    }
  }

  private call(
    dot: TValue,
    fn: { name: string; pos: number },
    argNodes: Arg[],
    vars: Variable[],
    final: TValue | undefined,
    cmd: Cmd,
  ): TValue {
    const node = cmdString(cmd);
    const lazy = fn.name === 'and' || fn.name === 'or';
    if (lazy) {
      const all = [...argNodes];
      if (all.length === 0 && final === undefined)
        this.fail(fn.pos, node, `wrong number of args for ${fn.name}: want at least 1 got 0`);
      let v: TValue = null;
      for (let i = 0; i < all.length; i++) {
        v = this.evalArg(dot, all[i], vars);
        if (fn.name === 'and' ? !truth(v) : truth(v)) return v;
      }
      if (final !== undefined) v = final;
      return v;
    }
    const args = argNodes.map((a) => this.evalArg(dot, a, vars));
    if (final !== undefined) args.push(final);
    const want = (n: number) => {
      if (args.length !== n)
        this.fail(fn.pos, node, `wrong number of args for ${fn.name}: want ${n} got ${args.length}`);
    };
    try {
      switch (fn.name) {
        case 'not':
          want(1);
          return !truth(args[0]);
        case 'len': {
          want(1);
          const a = args[0];
          if (typeof a === 'string') return new GoInt(new TextEncoder().encode(a).length);
          if (Array.isArray(a)) return new GoInt(a.length);
          if (isMap(a as JSONValue) && !(a instanceof GoInt))
            return new GoInt(Object.keys(a as object).length);
          if (a === NO_VALUE || a === null)
            throw new Error('reflect: call of reflect.Value.Type on zero Value');
          throw new Error(`len of type ${goTypeOf(a)}`);
        }
        case 'index': {
          if (args.length < 1) want(1);
          let item = args[0];
          for (const k of args.slice(1)) item = indexOne(item, k);
          return item;
        }
        case 'print':
          return sprint(args);
        case 'println':
          return `${args.map(fmtV).join(' ')}\n`;
        case 'printf': {
          if (args.length < 1) want(1);
          if (typeof args[0] !== 'string')
            throw new Error(`wrong type for value; expected string; got ${goTypeOf(args[0])}`);
          return sprintf(args[0], args.slice(1));
        }
        case 'eq':
          if (args.length < 2) throw new Error('missing argument for comparison');
          return args.slice(1).some((b) => eqValues(args[0], b));
        case 'ne':
          want(2);
          return !eqValues(args[0], args[1]);
        case 'lt':
          want(2);
          return ltValues(args[0], args[1]);
        case 'le':
          want(2);
          return ltValues(args[0], args[1]) || eqValues(args[0], args[1]);
        case 'gt':
          want(2);
          return !(ltValues(args[0], args[1]) || eqValues(args[0], args[1]));
        case 'ge':
          want(2);
          return !ltValues(args[0], args[1]);
        case 'exists': {
          let item = args[0];
          for (const k of args.slice(1)) {
            try {
              item = indexOne(item, k);
            } catch {
              return false;
            }
            if (isMap(args[0] as JSONValue) && item === null) return false;
          }
          return item !== null && item !== NO_VALUE;
        }
        case 'base64decode':
          want(1);
          return base64decode(String(fmtV(args[0])));
        case 'html':
          return sprint(args)
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/"/g, '&#34;')
            .replace(/'/g, '&#39;');
        default:
          throw new Error(`function ${fn.name} is not supported by this playground`);
      }
    } catch (e) {
      if (e instanceof ExecError) throw e;
      this.fail(fn.pos, node, `error calling ${fn.name}: ${(e as Error).message}`);
    }
  }
}
