// `kubectl explain TYPE[.field...]`: the OpenAPI v3 plaintext template of kubectl
// (pkg/explain/v2/templates/plaintext.tmpl) over a compact schema of the DaemonSet, Pod and Node
// fields (explain/schema.ts). Descriptions are flattened and word-wrapped by kubectl's own `wrap`
// template function, then indented.

import { ownGet } from '../../api/own';
import type { Kind } from '../../api/types';
import { flagBool } from '../argv';
import { SCHEMA, type FieldSchema } from '../explain/schema';
import { resolveResource } from '../resources';
import { CommandError, type CommandDef } from '../types';

const ROOTS: Partial<Record<Kind, { group: string; version: string; type: string }>> = {
  DaemonSet: { group: 'apps', version: 'v1', type: 'DaemonSet' },
  Pod: { group: '', version: 'v1', type: 'Pod' },
  Node: { group: '', version: 'v1', type: 'Node' },
};

/**
 * explain's `wrap`: every newline is removed ("realign all line breaks"), then the text goes through
 * term.NewWordWrapWriter, i.e. github.com/mitchellh/go-wordwrap WrapString. Words longer than the
 * limit (URLs) are never split.
 */
export function wrap(input: string, lim: number): string {
  const s = input.replace(/\n/g, '');
  let out = '';
  let current = 0;
  let word = '';
  let space = '';
  for (const ch of s) {
    if (/\s/.test(ch) && ch !== '\u00a0') {
      if (space.length === 0 || word.length > 0) {
        current += space.length + word.length;
        out += space + word;
        space = '';
        word = '';
      }
      space += ch;
    } else {
      word += ch;
      if (current + space.length + word.length > lim && word.length < lim) {
        out += '\n';
        current = 0;
        space = '';
      }
    }
  }
  if (word.length === 0) {
    if (current + space.length <= lim) out += space;
  } else {
    out += space + word;
  }
  return out;
}

/** sprig's indent: pads the first line and every line after a newline. */
function indent(n: number, s: string): string {
  const pad = ' '.repeat(n);
  return pad + s.replace(/\n/g, `\n${pad}`);
}

function enumShort(f: FieldSchema, indentAmount: number): string {
  if (!f.enum) return '';
  const shown = f.enum.slice(0, 4).join(', ');
  return `\n${' '.repeat(indentAmount)}enum: ${shown}${f.enum.length > 4 ? ', ....' : ''}`;
}

function enumLong(f: FieldSchema): string {
  if (!f.enum) return '';
  return `ENUM:${f.enum.map((e) => `\n    ${e}`).join('')}`;
}

function fieldDetail(name: string, f: FieldSchema, level: number, short: boolean): string {
  const ind = level * 2;
  let s = `${indent(ind, name)}\t<${f.type}>${f.required ? ' -required-' : ''}${enumShort(f, ind)}\n`;
  if (!short) s += `${indent(ind + 2, wrap(f.description || '<no description>', 78 - ind))}\n\n`;
  return s;
}

function fieldList(type: string, level: number, recursive: boolean, seen: Set<string>): string {
  const t = SCHEMA[type];
  if (!t || seen.has(type)) return '';
  const next = new Set(seen).add(type);
  let s = '';
  for (const name of Object.keys(t.fields).sort()) {
    const f = t.fields[name];
    s += fieldDetail(name, f, level, recursive);
    if (recursive && f.ref) s += fieldList(f.ref, level + 1, recursive, next);
  }
  return s;
}

export function explain(resource: string, recursive: boolean): string {
  const [typeWord, ...path] = resource.split('.');
  const kind = resolveResource(typeWord);
  const root = ROOTS[kind];
  if (!root) throw new CommandError(`GVR (${kind}) not found in OpenAPI schema`);
  let s = `${root.group ? `GROUP:      ${root.group}\n` : ''}KIND:       ${kind}\nVERSION:    ${root.version}\n\n`;
  let type: string | undefined = root.type;
  let description = `${SCHEMA[root.type].description}\n`;
  for (let i = 0; i < path.length; i++) {
    const f: FieldSchema | undefined = type ? ownGet(SCHEMA[type]?.fields, path[i]) : undefined;
    if (!f) throw new CommandError(`field "${path[path.length - 1]}" does not exist`);
    if (i === path.length - 1) s += `FIELD: ${path[i]} <${f.type}>\n${enumLong(f)}\n\n`;
    type = f.ref;
    description = `${f.description ? `${f.description}\n` : ''}${f.ref && SCHEMA[f.ref]?.description ? `${SCHEMA[f.ref].description}\n` : ''}`;
  }
  s += `DESCRIPTION:\n${indent(4, wrap(description || '<empty>', 76))}\n`;
  const fields = type ? fieldList(type, 1, recursive, new Set()) : '';
  if (fields) s += `FIELDS:\n${fields}`;
  return `${s}\n`;
}

export const explainCommand: CommandDef = {
  name: 'explain',
  short: 'Get documentation for a resource',
  usage: 'kubectl explain TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [--output=plaintext|plaintext-openapiv2] [options]',
  flags: [
    { name: 'recursive', type: 'bool', usage: 'When true, print the name of all the fields recursively. Otherwise, print the available fields with their description.' },
    { name: 'api-version', type: 'string', usage: 'Use given api-version (group/version) of the resource.' },
    { name: 'output', type: 'string', default: 'plaintext', usage: 'Format in which to render the schema. Valid values are: (plaintext, plaintext-openapiv2).' },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    if (args.length === 0) {
      throw new CommandError(
        'You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.',
      );
    }
    if (args.length > 1) throw new CommandError(`We accept only this format: explain RESOURCE`);
    ctx.out.out(explain(args[0], flagBool(ctx.args, 'recursive')));
  },
};
