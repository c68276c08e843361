// cli-runtime's PrintFlags: `-o json|yaml|name|jsonpath=…|jsonpath-file=…|jsonpath-as-json=…|
// go-template=…|go-template-file=…|template=…|templatefile=…` (and, for `kubectl get`, the human
// table, `wide`, `custom-columns=…` and `custom-columns-file=…`), `--template`,
// `--allow-missing-template-keys`; the same matching order and error texts as kubectl.

import { flagBool, flagString } from '../argv';
import { CommandError, type CommandContext, type FlagSpec } from '../types';
import { columnsFromSpec, columnsFromTemplate, printCustomColumns } from './customColumns';
import { goSyntax, goV, toUnstructured, type JSONValue } from './goValue';
import { GoTemplate } from './goTemplate';
import { JSONPath } from './jsonpath';
import { toJSON } from './json';
import { toYAML } from './yaml';

/** Allowed formats named in the error of a command whose output is an object (create, apply, patch…). */
export const OBJECT_OUTPUT_FORMATS =
  'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';
/** … and of `kubectl get`. */
export const GET_OUTPUT_FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/** `-o` and the template flags of a command that prints the objects it wrote. */
export const OBJECT_PRINT_FLAGS: FlagSpec[] = [
  {
    name: 'output',
    short: 'o',
    type: 'string',
    usage:
      'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).',
  },
  {
    name: 'template',
    type: 'string',
    usage:
      'Template string or path to template file to use when -o=go-template, -o=go-template-file. The template format is golang templates [http://golang.org/pkg/text/template/#pkg-overview].',
  },
  {
    name: 'allow-missing-template-keys',
    type: 'bool',
    default: 'true',
    usage:
      'If true, ignore any errors in templates when a field or map key is missing in the template. Only applies to golang and jsonpath output formats.',
  },
  {
    name: 'show-managed-fields',
    type: 'bool',
    usage: 'If true, keep the managedFields when printing objects in JSON or YAML format.',
  },
];

export type Printer =
  /** the human-readable table (`kubectl get` only); `wide` adds columns */
  | { kind: 'human'; wide: boolean }
  /** `-o name` */
  | { kind: 'name' }
  /** no -o on a command that writes objects: `kind/name <operation>` */
  | { kind: 'default' }
  /** an object printer: `print` renders one object or a List */
  | { kind: 'generic'; format: string; print: (obj: unknown) => string };

/** A template printer failed: what it wrote before the failure, then the error. */
export class PrintError extends Error {
  constructor(
    message: string,
    readonly partial = '',
  ) {
    super(message);
  }
}

const JSONPATH_FORMATS = ['jsonpath', 'jsonpath-file', 'jsonpath-as-json'];
const TEMPLATE_FORMATS = ['template', 'go-template', 'go-template-file', 'templatefile'];
const COLUMN_FORMATS = ['custom-columns', 'custom-columns-file'];

/** `format=value` split for the given formats (the first whose `format=` prefixes the flag). */
function splitFormat(output: string, formats: string[]): { format: string; value: string } {
  for (const f of formats)
    if (output.startsWith(`${f}=`)) return { format: f, value: output.slice(f.length + 1) };
  return { format: output, value: '' };
}

function readTemplate(ctx: CommandContext, path: string, what: (e: string) => string): string {
  const read = ctx.opts.readFile;
  try {
    if (!read) throw new Error('no such file or directory');
    return read(path);
  } catch (e) {
    const msg = (e as Error).message;
    throw new CommandError(
      what(
        `open ${path}: ${/no such file/i.test(msg) || /ENOENT/.test(msg) ? 'no such file or directory' : msg}`,
      ),
    );
  }
}

export interface PrinterOptions {
  /** `kubectl get`: the human table, wide, custom columns */
  get?: boolean;
  noHeaders?: boolean;
}

/**
 * OmitManagedFieldsPrinter (JSONYamlPrintFlags without --show-managed-fields): the object, or each
 * item of a List, without metadata.managedFields.
 */
export function omitManagedFields(obj: unknown): unknown {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return obj;
  const o = obj as { metadata?: unknown; items?: unknown };
  let out: Record<string, unknown> = o as Record<string, unknown>;
  const md = o.metadata as Record<string, unknown> | undefined;
  if (md && typeof md === 'object' && Object.hasOwn(md, 'managedFields')) {
    const { managedFields: _, ...rest } = md;
    out = { ...out, metadata: rest };
  }
  if (Array.isArray(o.items)) out = { ...out, items: o.items.map(omitManagedFields) };
  return out;
}

/** PrintFlags.ToPrinter for this command's flags. */
export function resolvePrinter(ctx: CommandContext, o: PrinterOptions = {}): Printer {
  const args = ctx.args;
  let output = flagString(args, 'output') ?? '';
  const templateArg = flagString(args, 'template') ?? '';
  const allowMissingKeys = flagString(args, 'allow-missing-template-keys') !== 'false';
  if (templateArg && output === '') output = 'go-template';
  if (output === '') return o.get ? { kind: 'human', wide: false } : { kind: 'default' };
  if (output === 'wide' && o.get) return { kind: 'human', wide: true };
  if (output === 'json' || output === 'yaml') {
    const yaml = output === 'yaml';
    const show = flagBool(args, 'show-managed-fields');
    return {
      kind: 'generic',
      format: output,
      print: (obj) => {
        const o = show ? obj : omitManagedFields(obj);
        return yaml ? toYAML(o) : toJSON(o);
      },
    };
  }
  if (output === 'name') return { kind: 'name' };

  // go templates
  {
    const { format, value } = templateArg
      ? { format: output, value: templateArg }
      : splitFormat(output, TEMPLATE_FORMATS);
    if (TEMPLATE_FORMATS.includes(format)) {
      if (!value) throw new CommandError('template format specified but no template given');
      const text =
        format === 'templatefile' || format === 'go-template-file'
          ? readTemplate(ctx, value, (e) => `error reading --template ${value}, ${e}\n`)
          : value;
      let t: GoTemplate;
      try {
        t = new GoTemplate('output', text);
      } catch (e) {
        throw new CommandError(`error parsing template ${text}, ${(e as Error).message}\n`);
      }
      return { kind: 'generic', format, print: (obj) => goTemplatePrint(t, text, obj, allowMissingKeys) };
    }
  }
  // jsonpath
  {
    const { format, value } = templateArg
      ? { format: output, value: templateArg }
      : splitFormat(output, JSONPATH_FORMATS);
    if (JSONPATH_FORMATS.includes(format)) {
      if (!value) throw new CommandError('template format specified but no template given');
      const text =
        format === 'jsonpath-file'
          ? readTemplate(ctx, value, (e) => `error reading --template ${value}, ${e}`)
          : value;
      const j = new JSONPath({ allowMissingKeys, outputJSON: format === 'jsonpath-as-json' });
      try {
        j.parse(text);
      } catch (e) {
        throw new CommandError(`error parsing jsonpath ${text}, ${(e as Error).message}`);
      }
      return { kind: 'generic', format, print: (obj) => jsonPathPrint(j, text, obj) };
    }
  }
  if (o.get) {
    const { format, value } = templateArg
      ? { format: output, value: templateArg }
      : splitFormat(output, COLUMN_FORMATS);
    if (COLUMN_FORMATS.includes(format)) {
      if (!value) throw new CommandError('custom-columns format specified but no custom columns given');
      let columns;
      try {
        columns =
          format === 'custom-columns-file'
            ? columnsFromTemplate(readTemplate(ctx, value, (e) => `error reading template ${value}, ${e}\n`))
            : columnsFromSpec(value);
      } catch (e) {
        if (e instanceof CommandError) throw e;
        throw new CommandError((e as Error).message);
      }
      const noHeaders = format === 'custom-columns' && (o.noHeaders ?? false);
      return {
        kind: 'generic',
        format,
        print: (obj) => {
          try {
            return printCustomColumns(columns, toUnstructured(obj), noHeaders);
          } catch (e) {
            throw new PrintError((e as Error).message);
          }
        },
      };
    }
  }
  throw new CommandError(
    `unable to match a printer suitable for the output format "${output}", allowed formats are: ${o.get ? GET_OUTPUT_FORMATS : OBJECT_OUTPUT_FORMATS}`,
  );
}

/** Go's %q of a string. */
function goQ(s: string): string {
  return goSyntax(s);
}

function jsonPathPrint(j: JSONPath, raw: string, obj: unknown): string {
  const data = toUnstructured(obj);
  try {
    return j.execute(data);
  } catch (e) {
    const buf =
      `Error executing template: ${(e as Error).message}. Printing more information for debugging the template:\n` +
      `\ttemplate was:\n\t\t${raw}\n` +
      `\tobject given to jsonpath engine was:\n\t\t${goSyntax(data)}\n\n`;
    throw new PrintError(`error executing jsonpath ${goQ(raw)}: ${buf}\n`);
  }
}

function goTemplatePrint(t: GoTemplate, raw: string, obj: unknown, allowMissingKeys: boolean): string {
  const data = toUnstructured(obj) as JSONValue;
  const r = t.execute(data, { missingKeyError: !allowMissingKeys });
  if (r.error === undefined) return r.output;
  const debug =
    `Error executing template: ${r.error}. Printing more information for debugging the template:\n` +
    `\ttemplate was:\n\t\t${raw}\n` +
    `\traw data was:\n\t\t${JSON.stringify(data)}\n` +
    `\tobject given to template engine was:\n\t\t${goV(data)}\n\n`;
  throw new PrintError(`error executing template ${goQ(raw)}: ${r.error}`, r.output + debug);
}
