// `-o custom-columns=HEADER:PATH,…` and `-o custom-columns-file=FILE` (kubectl/pkg/cmd/get/
// customcolumn.go): headers as given, one row per object, cells joined with `,` as fmt's %v prints
// them, `<none>` for a path that finds nothing; aligned by the same tabwriter as `kubectl get`.

import { goV, isMap, type JSONValue } from './goValue';
import { JSONPath, plainValue } from './jsonpath';
import { TABLE_TABWRITER, tabwrite } from './tabwriter';

export interface Column {
  header: string;
  fieldSpec: string;
}

const JSON_REGEXP = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/** RelaxedJSONPathExpression: `a.b`, `.a.b`, `{a.b}`, `{.a.b}` → `{.a.b}`. */
export function relaxedJSONPathExpression(path: string): string {
  if (path.length === 0) return path;
  const m = JSON_REGEXP.exec(path);
  if (!m) {
    throw new Error(
      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
    );
  }
  return `{.${m[1] || m[2]}}`;
}

/** NewCustomColumnsPrinterFromSpec. */
export function columnsFromSpec(spec: string): Column[] {
  if (spec.length === 0) throw new Error('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const i = part.indexOf(':');
    if (i < 0) throw new Error(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    return { header: part.slice(0, i), fieldSpec: relaxedJSONPathExpression(part.slice(i + 1)) };
  });
}

const splitOnWhitespace = (s: string) => s.split(/\s+/).filter((w) => w !== '');

/** NewCustomColumnsPrinterFromTemplate: a line of headers, then a line of field specs. */
export function columnsFromTemplate(text: string): Column[] {
  // bufio.Scanner lines: a final newline does not start another line.
  const lines =
    text === ''
      ? []
      : text
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => l.replace(/\r$/, ''));
  if (lines.length < 1) {
    throw new Error(
      'invalid template, missing header line. Expected format is one line of space separated headers, one line of space separated column specs.',
    );
  }
  if (lines.length < 2) {
    throw new Error(
      'invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.',
    );
  }
  const headers = splitOnWhitespace(lines[0]);
  const specs = splitOnWhitespace(lines[1]);
  if (headers.length !== specs.length) {
    throw new Error(
      `number of headers (${headers.length}) and field specifications (${specs.length}) don't match`,
    );
  }
  return headers.map((header, i) => ({ header, fieldSpec: relaxedJSONPathExpression(specs[i]) }));
}

function row(obj: JSONValue, parsers: JSONPath[]): string {
  return parsers
    .map((p) => {
      const values = p.findResults(obj);
      const cells: string[] = [];
      if (values.length === 0 || values[0].length === 0) cells.push('<none>');
      for (const vs of values) for (const v of vs) cells.push(goV(plainValue(v)));
      return cells.join(',');
    })
    .join('\t');
}

/** CustomColumnsPrinter.PrintObj: a List prints one row per item. */
export function printCustomColumns(columns: Column[], obj: JSONValue, noHeaders: boolean): string {
  const lines: string[] = [];
  if (!noHeaders) lines.push(columns.map((c) => c.header).join('\t'));
  const parsers = columns.map((c) => new JSONPath({ allowMissingKeys: true }).parse(c.fieldSpec));
  const items =
    isMap(obj) && Array.isArray(obj.items) && typeof obj.kind === 'string' && obj.kind.endsWith('List')
      ? obj.items
      : [obj];
  for (const item of items) lines.push(row(item, parsers));
  return tabwrite(`${lines.join('\n')}\n`, TABLE_TABWRITER);
}
