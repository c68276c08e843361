// encoding/json's decoding as the API server and kubectl run it on patches: the scanner's syntax
// error texts (`invalid character 'b' looking for beginning of object key string`, `unexpected end
// of JSON input`) and the unmarshal type errors, so bad patches fail with the words kubectl shows.

export class GoJSONError extends Error {}

/** scanner.go quoteChar. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const q = JSON.stringify(c).slice(1, -1);
  return `'${q}'`;
}

/** Checks `text` as encoding/json's scanner does; throws its first syntax error. */
export function checkGoJSON(text: string): void {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && ' \t\r\n'.includes(text[i])) i++;
  };
  const eof = (): never => {
    throw new GoJSONError('unexpected end of JSON input');
  };
  const bad = (ctx: string): never => {
    throw new GoJSONError(`invalid character ${quoteChar(text[i])} ${ctx}`);
  };
  const value = (): void => {
    ws();
    if (i >= n) eof();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (i >= n) eof();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (i >= n) eof();
        if (text[i] !== '"') bad('looking for beginning of object key string');
        string();
        ws();
        if (i >= n) eof();
        if (text[i] !== ':') bad('after object key');
        i++;
        value();
        ws();
        if (i >= n) eof();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        bad('after object key:value pair');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (i >= n) eof();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (i >= n) eof();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        bad('after array element');
      }
    }
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const lit of ['true', 'false', 'null']) {
      if (c === lit[0]) {
        for (let k = 1; k < lit.length; k++) {
          i++;
          if (i >= n) eof();
          if (text[i] !== lit[k]) bad(`in literal ${lit} (expecting ${quoteChar(lit[k])})`);
        }
        i++;
        return;
      }
    }
    bad('looking for beginning of value');
  };
  const string = (): void => {
    i++;
    for (;;) {
      if (i >= n) eof();
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (i >= n) eof();
        if ('"\\/bfnrt'.includes(text[i])) {
          i++;
          continue;
        }
        if (text[i] === 'u') {
          for (let k = 0; k < 4; k++) {
            i++;
            if (i >= n) eof();
            if (!/[0-9a-fA-F]/.test(text[i])) bad('in \\u hexadecimal character escape');
          }
          i++;
          continue;
        }
        bad('in string escape code');
      }
      if (c < ' ') bad('in string literal');
      i++;
    }
  };
  const number = (): void => {
    if (text[i] === '-') {
      i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('in numeric literal');
    }
    if (text[i] === '0') i++;
    else while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    if (text[i] === '.') {
      i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('after decimal point in numeric literal');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (i >= n) eof();
      if (!(text[i] >= '0' && text[i] <= '9')) bad('in exponent of numeric literal');
      while (i < n && text[i] >= '0' && text[i] <= '9') i++;
    }
  };
  value();
  ws();
  if (i < n) bad('after top-level value');
}

/** json.Unmarshal(text, &v): the syntax check, then JSON.parse. */
export function parseGoJSON(text: string): unknown {
  checkGoJSON(text);
  return JSON.parse(text);
}

/** The Go kind name an unmarshal type error reports for a JSON value. */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  return typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : 'string';
}
