// The first error go-yaml v2 (go.yaml.in/yaml/v2, through sigs.k8s.io/yaml's YAMLToJSON, as
// kubectl 1.33–1.35 reads manifests and patches) reports for a text, worded as it words it: the
// scanner (scannerc.go) and the parser (parserc.go) of libyaml as go-yaml ports them, token by
// token with their marks, and `(*parser).fail`'s rule for the line: a scanner error names the line
// of the problem (1-based) unless it is the first, a parser error the 0-based line of the token it
// stopped at (or of its context) — so "line 1" often points at the second line. Only the first
// document is read, as yaml.Unmarshal reads it; aliases of unknown anchors fail as the composer
// fails. No documents are built; the scanner reads each scalar's value as go-yaml does (folding,
// escapes, and U+0085, U+2028 and U+2029 as line breaks), for goYamlBreaks.ts.

interface Mark {
  index: number;
  line: number;
  column: number;
}

const enum T {
  StreamStart,
  StreamEnd,
  VersionDirective,
  TagDirective,
  DocumentStart,
  DocumentEnd,
  BlockSequenceStart,
  BlockMappingStart,
  BlockEnd,
  FlowSequenceStart,
  FlowSequenceEnd,
  FlowMappingStart,
  FlowMappingEnd,
  BlockEntry,
  FlowEntry,
  Key,
  Value,
  Alias,
  Anchor,
  Tag,
  Scalar,
}

interface Token {
  typ: T;
  start: Mark;
  end: Mark;
  value?: string;
  /** a plain scalar (its value is resolved by type) */
  plain?: boolean;
}

interface SimpleKey {
  possible: boolean;
  required: boolean;
  tokenNumber: number;
  mark: Mark;
}

class YamlFail extends Error {
  constructor(
    readonly kind: 'scanner' | 'parser' | 'composer',
    readonly problem: string,
    readonly problemMark: Mark,
    readonly contextMark: Mark,
  ) {
    super(problem);
  }
}

const copy = (m: Mark): Mark => ({ index: m.index, line: m.line, column: m.column });
const ZERO: Mark = { index: 0, line: 0, column: 0 };

/** Double-quoted escapes (`\x`, `\u`, `\U` aside) and what they stand for; YAML 1.1 has no `\/`. */
const ESCAPES = new Map([
  ['0', '\0'],
  ['a', '\x07'],
  ['b', '\b'],
  ['t', '\t'],
  ['\t', '\t'],
  ['n', '\n'],
  ['v', '\v'],
  ['f', '\f'],
  ['r', '\r'],
  ['e', '\x1b'],
  [' ', ' '],
  ['"', '"'],
  ["'", "'"],
  ['\\', '\\'],
  ['N', '\u0085'],
  ['_', '\u00a0'],
  ['L', '\u2028'],
  ['P', '\u2029'],
]);

const isBreakCh = (c: string) =>
  c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlankCh = (c: string) => c === ' ' || c === '\t';
const isAlphaCh = (c: string) => /^[0-9A-Za-z_-]$/.test(c);
const MAX_FLOW_LEVEL = 10000;
const MAX_INDENTS = 10000;

class Scanner {
  private readonly buf: string[];
  private pos = 0;
  mark: Mark = { index: 0, line: 0, column: 0 };
  private tokens: Token[] = [];
  private head = 0;
  tokensParsed = 0;
  tokenAvailable = false;
  streamEndProduced = false;
  private streamStartProduced = false;
  private indent = -1;
  private indents: number[] = [];
  private simpleKeyAllowed = false;
  private simpleKeys: SimpleKey[] = [];
  private simpleKeysByTok = new Map<number, number>();
  private flowLevel = 0;

  constructor(text: string) {
    this.buf = Array.from(text);
  }

  // ---------------------------------------------------------------- characters
  private at(k = 0): string {
    return this.buf[this.pos + k] ?? '\0';
  }
  private isZ(k = 0): boolean {
    return this.at(k) === '\0';
  }
  private isBreak(k = 0): boolean {
    return isBreakCh(this.at(k));
  }
  private isBlank(k = 0): boolean {
    return isBlankCh(this.at(k));
  }
  private isBlankZ(k = 0): boolean {
    return this.isBlank(k) || this.isBreak(k) || this.isZ(k);
  }
  private isBreakZ(k = 0): boolean {
    return this.isBreak(k) || this.isZ(k);
  }
  private skip(): void {
    this.mark.index++;
    this.mark.column++;
    this.pos++;
  }
  private skipLine(): void {
    if (this.at() === '\r' && this.at(1) === '\n') {
      this.mark.index += 2;
      this.mark.column = 0;
      this.mark.line++;
      this.pos += 2;
    } else if (this.isBreak()) {
      this.mark.index++;
      this.mark.column = 0;
      this.mark.line++;
      this.pos++;
    }
  }
  /**
   * read_line: consumes one line break (CR LF as one) and returns what it adds to a scalar: "\n" for
   * CR, LF, CR LF and NEL, the character itself for LS and PS (which go-yaml never folds).
   */
  private readLine(): string {
    let out = '\n';
    if (this.at() === '\r' && this.at(1) === '\n') {
      this.pos += 2;
      this.mark.index++;
    } else if (this.isBreak()) {
      if (this.at() === '\u2028' || this.at() === '\u2029') out = this.at();
      this.pos++;
    } else return '';
    this.mark.index++;
    this.mark.column = 0;
    this.mark.line++;
    return out;
  }

  private fail(context: Mark, problem: string): never {
    throw new YamlFail('scanner', problem, copy(this.mark), copy(context));
  }

  // ---------------------------------------------------------------- token queue
  private insert(pos: number, t: Token): void {
    if (pos < 0) this.tokens.push(t);
    else this.tokens.splice(this.head + pos, 0, t);
  }

  peek(): Token {
    if (!this.tokenAvailable) this.fetchMoreTokens();
    return this.tokens[this.head];
  }

  skipToken(): void {
    this.tokenAvailable = false;
    this.tokensParsed++;
    this.streamEndProduced = this.tokens[this.head].typ === T.StreamEnd;
    this.head++;
  }

  private fetchMoreTokens(): void {
    for (;;) {
      if (this.head !== this.tokens.length) {
        const idx = this.simpleKeysByTok.get(this.tokensParsed);
        if (idx === undefined) break;
        if (!this.simpleKeyIsValid(this.simpleKeys[idx])) break;
      }
      this.fetchNextToken();
    }
    this.tokenAvailable = true;
  }

  private simpleKeyIsValid(k: SimpleKey): boolean {
    if (!k.possible) return false;
    if (k.mark.line < this.mark.line || k.mark.index + 1024 < this.mark.index) {
      if (k.required)
        throw new YamlFail('scanner', "could not find expected ':'", copy(this.mark), copy(k.mark));
      k.possible = false;
      return false;
    }
    return true;
  }

  private saveSimpleKey(): void {
    const required = this.flowLevel === 0 && this.indent === this.mark.column;
    if (this.simpleKeyAllowed) {
      const k: SimpleKey = {
        possible: true,
        required,
        tokenNumber: this.tokensParsed + (this.tokens.length - this.head),
        mark: copy(this.mark),
      };
      this.removeSimpleKey();
      this.simpleKeys[this.simpleKeys.length - 1] = k;
      this.simpleKeysByTok.set(k.tokenNumber, this.simpleKeys.length - 1);
    }
  }

  private removeSimpleKey(): void {
    const i = this.simpleKeys.length - 1;
    const k = this.simpleKeys[i];
    if (k.possible) {
      if (k.required)
        throw new YamlFail('scanner', "could not find expected ':'", copy(this.mark), copy(k.mark));
      k.possible = false;
      this.simpleKeysByTok.delete(k.tokenNumber);
    }
  }

  private increaseFlowLevel(): void {
    this.simpleKeys.push({
      possible: false,
      required: false,
      tokenNumber: this.tokensParsed + (this.tokens.length - this.head),
      mark: copy(this.mark),
    });
    this.flowLevel++;
    if (this.flowLevel > MAX_FLOW_LEVEL)
      this.fail(this.simpleKeys[this.simpleKeys.length - 1].mark, `exceeded max depth of ${MAX_FLOW_LEVEL}`);
  }

  private decreaseFlowLevel(): void {
    if (this.flowLevel > 0) {
      this.flowLevel--;
      const last = this.simpleKeys.pop()!;
      this.simpleKeysByTok.delete(last.tokenNumber);
    }
  }

  private rollIndent(column: number, number: number, typ: T, mark: Mark): void {
    if (this.flowLevel > 0) return;
    if (this.indent < column) {
      this.indents.push(this.indent);
      this.indent = column;
      if (this.indents.length > MAX_INDENTS)
        this.fail(this.simpleKeys[this.simpleKeys.length - 1].mark, `exceeded max depth of ${MAX_INDENTS}`);
      this.insert(number > -1 ? number - this.tokensParsed : -1, { typ, start: copy(mark), end: copy(mark) });
    }
  }

  private unrollIndent(column: number): void {
    if (this.flowLevel > 0) return;
    while (this.indent > column) {
      this.insert(-1, { typ: T.BlockEnd, start: copy(this.mark), end: copy(this.mark) });
      this.indent = this.indents.pop()!;
    }
  }

  private simple(typ: T): void {
    const start = copy(this.mark);
    this.skip();
    this.insert(-1, { typ, start, end: copy(this.mark) });
  }

  // ---------------------------------------------------------------- fetchers
  private fetchNextToken(): void {
    if (!this.streamStartProduced) {
      this.indent = -1;
      this.simpleKeys.push({ possible: false, required: false, tokenNumber: 0, mark: copy(ZERO) });
      this.simpleKeyAllowed = true;
      this.streamStartProduced = true;
      this.insert(-1, { typ: T.StreamStart, start: copy(this.mark), end: copy(this.mark) });
      return;
    }
    this.scanToNextToken();
    this.unrollIndent(this.mark.column);
    if (this.isZ()) {
      if (this.mark.column !== 0) {
        this.mark.column = 0;
        this.mark.line++;
      }
      this.unrollIndent(-1);
      this.removeSimpleKey();
      this.simpleKeyAllowed = false;
      this.insert(-1, { typ: T.StreamEnd, start: copy(this.mark), end: copy(this.mark) });
      return;
    }
    const c = this.at();
    if (this.mark.column === 0 && c === '%') return this.fetchDirective();
    if (
      this.mark.column === 0 &&
      ((c === '-' && this.at(1) === '-' && this.at(2) === '-') ||
        (c === '.' && this.at(1) === '.' && this.at(2) === '.')) &&
      this.isBlankZ(3)
    ) {
      this.unrollIndent(-1);
      this.removeSimpleKey();
      this.simpleKeyAllowed = false;
      const start = copy(this.mark);
      this.skip();
      this.skip();
      this.skip();
      this.insert(-1, { typ: c === '-' ? T.DocumentStart : T.DocumentEnd, start, end: copy(this.mark) });
      return;
    }
    if (c === '[' || c === '{') {
      this.saveSimpleKey();
      this.increaseFlowLevel();
      this.simpleKeyAllowed = true;
      return this.simple(c === '[' ? T.FlowSequenceStart : T.FlowMappingStart);
    }
    if (c === ']' || c === '}') {
      this.removeSimpleKey();
      this.decreaseFlowLevel();
      this.simpleKeyAllowed = false;
      return this.simple(c === ']' ? T.FlowSequenceEnd : T.FlowMappingEnd);
    }
    if (c === ',') {
      this.removeSimpleKey();
      this.simpleKeyAllowed = true;
      return this.simple(T.FlowEntry);
    }
    if (c === '-' && this.isBlankZ(1)) {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed)
          this.fail(this.mark, 'block sequence entries are not allowed in this context');
        this.rollIndent(this.mark.column, -1, T.BlockSequenceStart, this.mark);
      }
      this.removeSimpleKey();
      this.simpleKeyAllowed = true;
      return this.simple(T.BlockEntry);
    }
    if (c === '?' && (this.flowLevel > 0 || this.isBlankZ(1))) {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed) this.fail(this.mark, 'mapping keys are not allowed in this context');
        this.rollIndent(this.mark.column, -1, T.BlockMappingStart, this.mark);
      }
      this.removeSimpleKey();
      this.simpleKeyAllowed = this.flowLevel === 0;
      return this.simple(T.Key);
    }
    if (c === ':' && (this.flowLevel > 0 || this.isBlankZ(1))) return this.fetchValue();
    if (c === '*' || c === '&') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.scanAnchor(c === '*' ? T.Alias : T.Anchor);
    }
    if (c === '!') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.scanTag();
    }
    if ((c === '|' || c === '>') && this.flowLevel === 0) {
      this.removeSimpleKey();
      this.simpleKeyAllowed = true;
      return this.scanBlockScalar();
    }
    if (c === "'" || c === '"') {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.scanFlowScalar(c === "'");
    }
    if (
      !(this.isBlankZ() || '-?:,[]{}#&*!|>\'"%@`'.includes(c)) ||
      (c === '-' && !this.isBlank(1)) ||
      (this.flowLevel === 0 && (c === '?' || c === ':') && !this.isBlankZ(1))
    ) {
      this.saveSimpleKey();
      this.simpleKeyAllowed = false;
      return this.scanPlainScalar();
    }
    this.fail(this.mark, 'found character that cannot start any token');
  }

  private fetchDirective(): void {
    this.unrollIndent(-1);
    this.removeSimpleKey();
    this.simpleKeyAllowed = false;
    // %YAML / %TAG directives: taken as a whole line (their own errors are not reproduced).
    const start = copy(this.mark);
    while (!this.isBreakZ()) this.skip();
    this.insert(-1, { typ: T.VersionDirective, start, end: copy(this.mark) });
  }

  private fetchValue(): void {
    const k = this.simpleKeys[this.simpleKeys.length - 1];
    if (this.simpleKeyIsValid(k)) {
      this.insert(k.tokenNumber - this.tokensParsed, { typ: T.Key, start: copy(k.mark), end: copy(k.mark) });
      this.rollIndent(k.mark.column, k.tokenNumber, T.BlockMappingStart, k.mark);
      k.possible = false;
      this.simpleKeysByTok.delete(k.tokenNumber);
      this.simpleKeyAllowed = false;
    } else {
      if (this.flowLevel === 0) {
        if (!this.simpleKeyAllowed) this.fail(this.mark, 'mapping values are not allowed in this context');
        this.rollIndent(this.mark.column, -1, T.BlockMappingStart, this.mark);
      }
      this.simpleKeyAllowed = this.flowLevel === 0;
    }
    this.simple(T.Value);
  }

  private scanToNextToken(): void {
    for (;;) {
      if (this.mark.column === 0 && this.at() === '\ufeff') this.skip();
      while (this.at() === ' ' || ((this.flowLevel > 0 || !this.simpleKeyAllowed) && this.at() === '\t'))
        this.skip();
      if (this.at() === '#') while (!this.isBreakZ()) this.skip();
      if (this.isBreak()) {
        this.skipLine();
        if (this.flowLevel === 0) this.simpleKeyAllowed = true;
      } else break;
    }
  }

  private scanAnchor(typ: T): void {
    const start = copy(this.mark);
    this.skip();
    let s = '';
    while (isAlphaCh(this.at())) {
      s += this.at();
      this.skip();
    }
    const end = copy(this.mark);
    if (s.length === 0 || !(this.isBlankZ() || '?:,]}%@`'.includes(this.at()))) {
      this.fail(start, 'did not find expected alphabetic or numeric character');
    }
    this.insert(-1, { typ, start, end, value: s });
  }

  private scanTag(): void {
    const start = copy(this.mark);
    if (this.at(1) === '<') {
      this.skip();
      this.skip();
      while (!this.isBlankZ() && this.at() !== '>') this.skip();
      if (this.at() !== '>') this.fail(start, "did not find the expected '>'");
      this.skip();
    } else {
      // handle (`!`, `!!`, `!name!`) and suffix: URI characters up to white space
      this.skip();
      while (!this.isBlankZ() && this.at() !== '!' && isAlphaCh(this.at())) this.skip();
      if (this.at() === '!') this.skip();
      while (!this.isBlankZ() && /^[0-9A-Za-z_\-;/?:@&=+$,.!~*'()[\]%]$/.test(this.at())) this.skip();
    }
    if (!this.isBlankZ()) this.fail(start, 'did not find expected whitespace or line break');
    this.insert(-1, {
      typ: T.Tag,
      start,
      end: copy(this.mark),
      value: this.buf.slice(start.index, this.mark.index).join(''),
    });
  }

  private scanBlockScalar(): void {
    const start = copy(this.mark);
    const literal = this.at() === '|';
    this.skip();
    let increment = 0;
    let chomping = 0;
    const digit = () => {
      if (/^[0-9]$/.test(this.at())) {
        if (this.at() === '0') this.fail(start, 'found an indentation indicator equal to 0');
        increment = Number(this.at());
        this.skip();
        return true;
      }
      return false;
    };
    if (this.at() === '+' || this.at() === '-') {
      chomping = this.at() === '+' ? 1 : -1;
      this.skip();
      digit();
    } else if (digit()) {
      if (this.at() === '+' || this.at() === '-') {
        chomping = this.at() === '+' ? 1 : -1;
        this.skip();
      }
    }
    while (this.isBlank()) this.skip();
    if (this.at() === '#') while (!this.isBreakZ()) this.skip();
    if (!this.isBreakZ()) this.fail(start, 'did not find expected comment or line break');
    if (this.isBreak()) this.skipLine();
    let end = copy(this.mark);
    let indent = increment > 0 ? (this.indent >= 0 ? this.indent + increment : increment) : 0;
    let s = '';
    let leadingBreak = '';
    let trailingBreaks = '';
    // yaml_parser_scan_block_scalar_breaks
    const breaks = () => {
      end = copy(this.mark);
      let maxIndent = 0;
      for (;;) {
        while ((indent === 0 || this.mark.column < indent) && this.at() === ' ') this.skip();
        if (this.mark.column > maxIndent) maxIndent = this.mark.column;
        if ((indent === 0 || this.mark.column < indent) && this.at() === '\t') {
          this.fail(start, 'found a tab character where an indentation space is expected');
        }
        if (!this.isBreak()) break;
        trailingBreaks += this.readLine();
        end = copy(this.mark);
      }
      if (indent === 0) indent = Math.max(maxIndent, this.indent + 1, 1);
    };
    breaks();
    let leadingBlank = false;
    while (this.mark.column === indent && !this.isZ()) {
      const trailingBlank = this.isBlank();
      // a folded scalar joins two lines with a space, unless a line is more indented (or the break is LS/PS)
      if (!literal && !leadingBlank && !trailingBlank && leadingBreak.startsWith('\n')) {
        if (trailingBreaks === '') s += ' ';
      } else s += leadingBreak;
      leadingBreak = '';
      s += trailingBreaks;
      trailingBreaks = '';
      leadingBlank = this.isBlank();
      while (!this.isBreakZ()) {
        s += this.at();
        this.skip();
      }
      leadingBreak = this.readLine();
      breaks();
    }
    if (chomping !== -1) s += leadingBreak;
    if (chomping === 1) s += trailingBreaks;
    this.insert(-1, { typ: T.Scalar, start, end, value: s });
  }

  private scanFlowScalar(single: boolean): void {
    const start = copy(this.mark);
    this.skip();
    let s = '';
    let leadingBreak = '';
    let trailingBreaks = '';
    let whitespaces = '';
    for (;;) {
      if (
        this.mark.column === 0 &&
        ((this.at() === '-' && this.at(1) === '-' && this.at(2) === '-') ||
          (this.at() === '.' && this.at(1) === '.' && this.at(2) === '.')) &&
        this.isBlankZ(3)
      ) {
        this.fail(start, 'found unexpected document indicator');
      }
      if (this.isZ()) this.fail(start, 'found unexpected end of stream');
      let leadingBlanks = false;
      while (!this.isBlankZ()) {
        const c = this.at();
        if (single && c === "'" && this.at(1) === "'") {
          s += "'";
          this.skip();
          this.skip();
        } else if (single && c === "'") break;
        else if (!single && c === '"') break;
        else if (!single && c === '\\' && this.isBreak(1)) {
          this.skip();
          this.skipLine();
          leadingBlanks = true;
          break;
        } else if (!single && c === '\\') {
          const e = this.at(1);
          let codeLength = 0;
          if (e === 'x') codeLength = 2;
          else if (e === 'u') codeLength = 4;
          else if (e === 'U') codeLength = 8;
          else if (!ESCAPES.has(e)) this.fail(start, 'found unknown escape character');
          else s += ESCAPES.get(e);
          this.skip();
          this.skip();
          if (codeLength > 0) {
            let value = 0;
            for (let k = 0; k < codeLength; k++) {
              if (!/^[0-9A-Fa-f]$/.test(this.at(k)))
                this.fail(start, 'did not find expected hexdecimal number');
              value = value * 16 + parseInt(this.at(k), 16);
            }
            if ((value >= 0xd800 && value <= 0xdfff) || value > 0x10ffff)
              this.fail(start, 'found invalid Unicode character escape code');
            s += String.fromCodePoint(value);
            for (let k = 0; k < codeLength; k++) this.skip();
          }
        } else {
          s += c;
          this.skip();
        }
      }
      if (single ? this.at() === "'" : this.at() === '"') break;
      while (this.isBlank() || this.isBreak()) {
        if (this.isBlank()) {
          if (!leadingBlanks) whitespaces += this.at();
          this.skip();
        } else if (!leadingBlanks) {
          whitespaces = '';
          leadingBreak = this.readLine();
          leadingBlanks = true;
        } else trailingBreaks += this.readLine();
      }
      // join the white space, or fold the line breaks (a first break of LS/PS is kept, never folded)
      if (leadingBlanks) {
        if (leadingBreak.startsWith('\n')) s += trailingBreaks === '' ? ' ' : trailingBreaks;
        else s += leadingBreak + trailingBreaks;
        leadingBreak = '';
        trailingBreaks = '';
      } else {
        s += whitespaces;
        whitespaces = '';
      }
    }
    this.skip();
    this.insert(-1, { typ: T.Scalar, start, end: copy(this.mark), value: s });
  }

  private scanPlainScalar(): void {
    let leadingBlanks = false;
    const indent = this.indent + 1;
    const start = copy(this.mark);
    let end = copy(this.mark);
    let s = '';
    let leadingBreak = '';
    let trailingBreaks = '';
    let whitespaces = '';
    for (;;) {
      if (
        this.mark.column === 0 &&
        ((this.at() === '-' && this.at(1) === '-' && this.at(2) === '-') ||
          (this.at() === '.' && this.at(1) === '.' && this.at(2) === '.')) &&
        this.isBlankZ(3)
      )
        break;
      if (this.at() === '#') break;
      while (!this.isBlankZ()) {
        const c = this.at();
        if ((c === ':' && this.isBlankZ(1)) || (this.flowLevel > 0 && ',?[]{}'.includes(c))) break;
        if (leadingBlanks) {
          // fold the line breaks (a first break of LS/PS is kept, never folded)
          if (leadingBreak.startsWith('\n')) s += trailingBreaks === '' ? ' ' : trailingBreaks;
          else s += leadingBreak + trailingBreaks;
          leadingBreak = '';
          trailingBreaks = '';
          leadingBlanks = false;
        } else if (whitespaces) {
          s += whitespaces;
          whitespaces = '';
        }
        s += c;
        this.skip();
        end = copy(this.mark);
      }
      if (!(this.isBlank() || this.isBreak())) break;
      while (this.isBlank() || this.isBreak()) {
        if (this.isBlank()) {
          if (leadingBlanks && this.mark.column < indent && this.at() === '\t')
            this.fail(start, 'found a tab character that violates indentation');
          if (!leadingBlanks) whitespaces += this.at();
          this.skip();
        } else if (!leadingBlanks) {
          whitespaces = '';
          leadingBreak = this.readLine();
          leadingBlanks = true;
        } else trailingBreaks += this.readLine();
      }
      if (this.flowLevel === 0 && this.mark.column < indent) break;
    }
    this.insert(-1, { typ: T.Scalar, start, end, value: s, plain: true });
    if (leadingBlanks) this.simpleKeyAllowed = true;
  }
}

const enum S {
  StreamStart,
  ImplicitDocumentStart,
  DocumentStart,
  DocumentContent,
  DocumentEnd,
  BlockNode,
  BlockNodeOrIndentlessSequence,
  FlowNode,
  BlockSequenceFirstEntry,
  BlockSequenceEntry,
  IndentlessSequenceEntry,
  BlockMappingFirstKey,
  BlockMappingKey,
  BlockMappingValue,
  FlowSequenceFirstEntry,
  FlowSequenceEntry,
  FlowSequenceEntryMappingKey,
  FlowSequenceEntryMappingValue,
  FlowSequenceEntryMappingEnd,
  FlowMappingFirstKey,
  FlowMappingKey,
  FlowMappingValue,
  FlowMappingEmptyValue,
  End,
}

type EventType =
  | 'stream-start'
  | 'stream-end'
  | 'document-start'
  | 'document-end'
  | 'alias'
  | 'scalar'
  | 'sequence-start'
  | 'sequence-end'
  | 'mapping-start'
  | 'mapping-end';

interface Event {
  typ: EventType;
  anchor?: string;
  start: Mark;
  tag?: string;
  /** a plain scalar's text */
  plain?: string;
}

class Parser {
  private state = S.StreamStart;
  private states: S[] = [];
  private marks: Mark[] = [];

  constructor(private readonly sc: Scanner) {}

  private fail(problem: string, problemMark: Mark, contextMark: Mark = ZERO): never {
    throw new YamlFail('parser', problem, copy(problemMark), copy(contextMark));
  }

  private pop(): void {
    this.state = this.states.pop()!;
  }

  next(): Event | undefined {
    if (this.sc.streamEndProduced || this.state === S.End) return undefined;
    const sc = this.sc;
    switch (this.state) {
      case S.StreamStart: {
        const t = sc.peek();
        if (t.typ !== T.StreamStart) this.fail('did not find expected <stream-start>', t.start);
        this.state = S.ImplicitDocumentStart;
        sc.skipToken();
        return { typ: 'stream-start', start: t.start };
      }
      case S.ImplicitDocumentStart:
      case S.DocumentStart: {
        const implicit = this.state === S.ImplicitDocumentStart;
        let t = sc.peek();
        if (!implicit) {
          while (t.typ === T.DocumentEnd) {
            sc.skipToken();
            t = sc.peek();
          }
        }
        if (
          implicit &&
          t.typ !== T.VersionDirective &&
          t.typ !== T.TagDirective &&
          t.typ !== T.DocumentStart &&
          t.typ !== T.StreamEnd
        ) {
          this.states.push(S.DocumentEnd);
          this.state = S.BlockNode;
          return { typ: 'document-start', start: t.start };
        }
        if (t.typ !== T.StreamEnd) {
          while (t.typ === T.VersionDirective || t.typ === T.TagDirective) {
            sc.skipToken();
            t = sc.peek();
          }
          if (t.typ !== T.DocumentStart) this.fail('did not find expected <document start>', t.start);
          this.states.push(S.DocumentEnd);
          this.state = S.DocumentContent;
          sc.skipToken();
          return { typ: 'document-start', start: t.start };
        }
        this.state = S.End;
        sc.skipToken();
        return { typ: 'stream-end', start: t.start };
      }
      case S.DocumentContent: {
        const t = sc.peek();
        if (
          [T.VersionDirective, T.TagDirective, T.DocumentStart, T.DocumentEnd, T.StreamEnd].includes(t.typ)
        ) {
          this.pop();
          return { typ: 'scalar', start: t.start };
        }
        return this.parseNode(true, false);
      }
      case S.DocumentEnd: {
        const t = sc.peek();
        if (t.typ === T.DocumentEnd) sc.skipToken();
        this.state = S.DocumentStart;
        return { typ: 'document-end', start: t.start };
      }
      case S.BlockNode:
        return this.parseNode(true, false);
      case S.BlockNodeOrIndentlessSequence:
        return this.parseNode(true, true);
      case S.FlowNode:
        return this.parseNode(false, false);
      case S.BlockSequenceFirstEntry:
      case S.BlockSequenceEntry: {
        if (this.state === S.BlockSequenceFirstEntry) {
          this.marks.push(sc.peek().start);
          sc.skipToken();
        }
        let t = sc.peek();
        if (t.typ === T.BlockEntry) {
          const mark = t.end;
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.BlockEntry && t.typ !== T.BlockEnd) {
            this.states.push(S.BlockSequenceEntry);
            return this.parseNode(true, false);
          }
          this.state = S.BlockSequenceEntry;
          return { typ: 'scalar', start: mark };
        }
        if (t.typ === T.BlockEnd) {
          this.pop();
          this.marks.pop();
          sc.skipToken();
          return { typ: 'sequence-end', start: t.start };
        }
        this.fail("did not find expected '-' indicator", t.start, this.marks.pop()!);
        break;
      }
      case S.IndentlessSequenceEntry: {
        let t = sc.peek();
        if (t.typ === T.BlockEntry) {
          const mark = t.end;
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.BlockEntry && t.typ !== T.Key && t.typ !== T.Value && t.typ !== T.BlockEnd) {
            this.states.push(S.IndentlessSequenceEntry);
            return this.parseNode(true, false);
          }
          this.state = S.IndentlessSequenceEntry;
          return { typ: 'scalar', start: mark };
        }
        this.pop();
        return { typ: 'sequence-end', start: t.start };
      }
      case S.BlockMappingFirstKey:
      case S.BlockMappingKey: {
        if (this.state === S.BlockMappingFirstKey) {
          this.marks.push(sc.peek().start);
          sc.skipToken();
        }
        let t = sc.peek();
        if (t.typ === T.Key) {
          const mark = t.end;
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.Key && t.typ !== T.Value && t.typ !== T.BlockEnd) {
            this.states.push(S.BlockMappingValue);
            return this.parseNode(true, true);
          }
          this.state = S.BlockMappingValue;
          return { typ: 'scalar', start: mark };
        }
        if (t.typ === T.BlockEnd) {
          this.pop();
          this.marks.pop();
          sc.skipToken();
          return { typ: 'mapping-end', start: t.start };
        }
        this.fail('did not find expected key', t.start, this.marks.pop()!);
        break;
      }
      case S.BlockMappingValue: {
        let t = sc.peek();
        if (t.typ === T.Value) {
          const mark = t.end;
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.Key && t.typ !== T.Value && t.typ !== T.BlockEnd) {
            this.states.push(S.BlockMappingKey);
            return this.parseNode(true, true);
          }
          this.state = S.BlockMappingKey;
          return { typ: 'scalar', start: mark };
        }
        this.state = S.BlockMappingKey;
        return { typ: 'scalar', start: t.start };
      }
      case S.FlowSequenceFirstEntry:
      case S.FlowSequenceEntry: {
        const first = this.state === S.FlowSequenceFirstEntry;
        if (first) {
          this.marks.push(sc.peek().start);
          sc.skipToken();
        }
        let t = sc.peek();
        if (t.typ !== T.FlowSequenceEnd) {
          if (!first) {
            if (t.typ === T.FlowEntry) {
              sc.skipToken();
              t = sc.peek();
            } else this.fail("did not find expected ',' or ']'", t.start, this.marks.pop()!);
          }
          if (t.typ === T.Key) {
            this.state = S.FlowSequenceEntryMappingKey;
            sc.skipToken();
            return { typ: 'mapping-start', start: t.start };
          }
          if (t.typ !== T.FlowSequenceEnd) {
            this.states.push(S.FlowSequenceEntry);
            return this.parseNode(false, false);
          }
        }
        this.pop();
        this.marks.pop();
        sc.skipToken();
        return { typ: 'sequence-end', start: t.start };
      }
      case S.FlowSequenceEntryMappingKey: {
        const t = sc.peek();
        if (t.typ !== T.Value && t.typ !== T.FlowEntry && t.typ !== T.FlowSequenceEnd) {
          this.states.push(S.FlowSequenceEntryMappingValue);
          return this.parseNode(false, false);
        }
        const mark = t.end;
        sc.skipToken();
        this.state = S.FlowSequenceEntryMappingValue;
        return { typ: 'scalar', start: mark };
      }
      case S.FlowSequenceEntryMappingValue: {
        let t = sc.peek();
        if (t.typ === T.Value) {
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.FlowEntry && t.typ !== T.FlowSequenceEnd) {
            this.states.push(S.FlowSequenceEntryMappingEnd);
            return this.parseNode(false, false);
          }
        }
        this.state = S.FlowSequenceEntryMappingEnd;
        return { typ: 'scalar', start: t.start };
      }
      case S.FlowSequenceEntryMappingEnd: {
        const t = sc.peek();
        this.state = S.FlowSequenceEntry;
        return { typ: 'mapping-end', start: t.start };
      }
      case S.FlowMappingFirstKey:
      case S.FlowMappingKey: {
        const first = this.state === S.FlowMappingFirstKey;
        if (first) {
          this.marks.push(sc.peek().start);
          sc.skipToken();
        }
        let t = sc.peek();
        if (t.typ !== T.FlowMappingEnd) {
          if (!first) {
            if (t.typ === T.FlowEntry) {
              sc.skipToken();
              t = sc.peek();
            } else this.fail("did not find expected ',' or '}'", t.start, this.marks.pop()!);
          }
          if (t.typ === T.Key) {
            sc.skipToken();
            t = sc.peek();
            if (t.typ !== T.Value && t.typ !== T.FlowEntry && t.typ !== T.FlowMappingEnd) {
              this.states.push(S.FlowMappingValue);
              return this.parseNode(false, false);
            }
            this.state = S.FlowMappingValue;
            return { typ: 'scalar', start: t.start };
          }
          if (t.typ !== T.FlowMappingEnd) {
            this.states.push(S.FlowMappingEmptyValue);
            return this.parseNode(false, false);
          }
        }
        this.pop();
        this.marks.pop();
        sc.skipToken();
        return { typ: 'mapping-end', start: t.start };
      }
      case S.FlowMappingValue:
      case S.FlowMappingEmptyValue: {
        let t = sc.peek();
        if (this.state === S.FlowMappingEmptyValue) {
          this.state = S.FlowMappingKey;
          return { typ: 'scalar', start: t.start };
        }
        if (t.typ === T.Value) {
          sc.skipToken();
          t = sc.peek();
          if (t.typ !== T.FlowEntry && t.typ !== T.FlowMappingEnd) {
            this.states.push(S.FlowMappingKey);
            return this.parseNode(false, false);
          }
        }
        this.state = S.FlowMappingKey;
        return { typ: 'scalar', start: t.start };
      }
      default:
        return undefined;
    }
    return undefined;
  }

  private parseNode(block: boolean, indentless: boolean): Event {
    const sc = this.sc;
    let t = sc.peek();
    if (t.typ === T.Alias) {
      this.pop();
      sc.skipToken();
      return { typ: 'alias', anchor: t.value, start: t.start };
    }
    const start = t.start;
    let anchor: string | undefined;
    let tagged = false;
    let tag: string | undefined;
    if (t.typ === T.Anchor) {
      anchor = t.value;
      sc.skipToken();
      t = sc.peek();
      if (t.typ === T.Tag) {
        tagged = true;
        tag = t.value;
        sc.skipToken();
        t = sc.peek();
      }
    } else if (t.typ === T.Tag) {
      tagged = true;
      tag = t.value;
      sc.skipToken();
      t = sc.peek();
      if (t.typ === T.Anchor) {
        anchor = t.value;
        sc.skipToken();
        t = sc.peek();
      }
    }
    if (indentless && t.typ === T.BlockEntry) {
      this.state = S.IndentlessSequenceEntry;
      return { typ: 'sequence-start', anchor, start };
    }
    if (t.typ === T.Scalar) {
      this.pop();
      sc.skipToken();
      return { typ: 'scalar', anchor, start, tag, plain: t.plain ? t.value : undefined };
    }
    if (t.typ === T.FlowSequenceStart) {
      this.state = S.FlowSequenceFirstEntry;
      return { typ: 'sequence-start', anchor, start };
    }
    if (t.typ === T.FlowMappingStart) {
      this.state = S.FlowMappingFirstKey;
      return { typ: 'mapping-start', anchor, start };
    }
    if (block && t.typ === T.BlockSequenceStart) {
      this.state = S.BlockSequenceFirstEntry;
      return { typ: 'sequence-start', anchor, start };
    }
    if (block && t.typ === T.BlockMappingStart) {
      this.state = S.BlockMappingFirstKey;
      return { typ: 'mapping-start', anchor, start };
    }
    if (anchor !== undefined || tagged) {
      this.pop();
      return { typ: 'scalar', anchor, start };
    }
    this.fail('did not find expected node content', t.start, start);
  }
}

const BOOL = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const INT = /^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|0[0-7_]*|[1-9][0-9_]*)$/;
const FLOAT =
  /^([-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$/;

/** resolve's implicit tag of a plain scalar (YAML 1.1 as go-yaml v2 reads it). */
function implicitTag(v: string): string {
  if (v === '' || v === '~' || v === 'null' || v === 'Null' || v === 'NULL') return '!!null';
  if (BOOL.test(v)) return '!!bool';
  if (INT.test(v)) return '!!int';
  if (FLOAT.test(v)) return '!!float';
  return '!!str';
}

/** resolve() with an explicit `!!bool`, `!!int`, `!!float` or `!!null` tag the text does not match. */
function tagError(tag: string | undefined, plain: string | undefined): string | undefined {
  if (tag === undefined || plain === undefined || !['!!bool', '!!int', '!!float', '!!null'].includes(tag))
    return undefined;
  const rtag = implicitTag(plain);
  if (rtag === tag || (tag === '!!float' && rtag === '!!int')) return undefined;
  return `cannot decode ${rtag} \`${plain}\` as a ${tag}`;
}

/** `(*parser).fail`: where the message says the error is. */
function where(e: YamlFail): string {
  let line = 0;
  if (e.problemMark.line !== 0) line = e.problemMark.line + (e.kind === 'scanner' ? 1 : 0);
  else if (e.contextMark.line !== 0) line = e.contextMark.line;
  return line !== 0 ? `line ${line}: ` : '';
}

/** A scalar as go-yaml's scanner reads it: its span in code points (`end` exclusive) and its value. */
export interface GoYamlScalar {
  start: number;
  end: number;
  value: string;
}

/** An outermost flow collection (`[…]`, `{…}`): its span in code points and the column it starts at. */
export interface GoYamlFlow {
  start: number;
  end: number;
  column: number;
}

/** The scalars and outermost flow collections of `text`, in order, up to the end of the stream or the scanner's first error. */
export function goYamlTokens(text: string): { scalars: GoYamlScalar[]; flows: GoYamlFlow[] } {
  const scanner = new Scanner(text);
  const scalars: GoYamlScalar[] = [];
  const flows: GoYamlFlow[] = [];
  let depth = 0;
  let open: Mark = ZERO;
  try {
    for (let t = scanner.peek(); t.typ !== T.StreamEnd; t = scanner.peek()) {
      if (t.typ === T.Scalar) scalars.push({ start: t.start.index, end: t.end.index, value: t.value ?? '' });
      else if (t.typ === T.FlowSequenceStart || t.typ === T.FlowMappingStart) {
        if (depth++ === 0) open = t.start;
      } else if ((t.typ === T.FlowSequenceEnd || t.typ === T.FlowMappingEnd) && depth > 0 && --depth === 0) {
        flows.push({ start: open.index, end: t.end.index, column: open.column });
      }
      scanner.skipToken();
    }
  } catch (e) {
    if (!(e instanceof YamlFail)) throw e;
  }
  if (depth > 0) flows.push({ start: open.index, end: Array.from(text).length, column: open.column });
  return { scalars, flows };
}

export interface GoYamlError {
  /** as go-yaml words it, without its `yaml: ` prefix: `line 1: did not find expected key` */
  message: string;
  /** 1-based line of the problem (for editor markers), when the error has a place */
  line?: number;
}

/** What go-yaml's Unmarshal says about the first document of `text`, or undefined when it reads. */
export function goYamlFirstError(text: string): GoYamlError | undefined {
  const parser = new Parser(new Scanner(text));
  const anchors = new Set<string>();
  // resolve errors come after the whole document parsed (decoding follows parsing)
  let decodeError: GoYamlError | undefined;
  let depth = 0;
  let started = false;
  try {
    for (;;) {
      const ev = parser.next();
      if (!ev) return decodeError;
      switch (ev.typ) {
        case 'stream-end':
          return decodeError;
        case 'document-start':
          started = true;
          break;
        case 'document-end':
          if (started) return decodeError;
          break;
        case 'alias':
          if (!anchors.has(ev.anchor ?? ''))
            return { message: `unknown anchor '${ev.anchor ?? ''}' referenced`, line: ev.start.line + 1 };
          break;
        case 'scalar': {
          if (ev.anchor !== undefined) anchors.add(ev.anchor);
          if (!decodeError) {
            const bad = tagError(ev.tag, ev.plain);
            if (bad) decodeError = { message: bad, line: ev.start.line + 1 };
          }
          break;
        }
        case 'sequence-start':
        case 'mapping-start':
          if (ev.anchor !== undefined) anchors.add(ev.anchor);
          depth++;
          break;
        case 'sequence-end':
        case 'mapping-end':
          depth--;
          break;
        default:
          break;
      }
    }
  } catch (e) {
    if (e instanceof YamlFail) return { message: `${where(e)}${e.problem}`, line: e.problemMark.line + 1 };
    throw e;
  }
}
