// `labelSelector=` and `fieldSelector=` of list and watch requests.

import {
  matches,
  parseSelector,
  SelectorParseError,
  type Selector,
  type Kind,
  type KObject,
  StatusError,
  FIELD_LABELS,
} from '../engine';

export interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

function badRequest(message: string): StatusError {
  return new StatusError(400, 'BadRequest', message);
}

export function parseLabelSelector(s: string | null): Selector {
  if (!s) return [];
  try {
    return parseSelector(s);
  } catch (e) {
    // the list handler's DecodeParameters: labels.Parse's own error, as a 400 (Convert_string_To_labels_Selector)
    if (e instanceof SelectorParseError) throw badRequest(e.message);
    throw e;
  }
}

export function parseFieldSelector(kind: Kind, s: string | null): FieldRequirement[] {
  if (!s) return [];
  const out: FieldRequirement[] = [];
  for (const part of s.split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*([^=!\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(part);
    if (!m) throw badRequest(`invalid selector: '${s}'; can't understand '${part}'`);
    const field = m[1];
    const allowed =
      field === 'metadata.name' ||
      field === 'metadata.namespace' ||
      (FIELD_LABELS[kind] ?? []).includes(field);
    if (!allowed) throw badRequest(`field label not supported: ${field}`);
    out.push({ field, op: m[2] === '!=' ? '!=' : '=', value: m[3] });
  }
  return out;
}

function fieldValue(obj: KObject, path: string): string {
  let v: unknown = obj;
  for (const p of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) {
      v = undefined;
      break;
    }
    v = (v as Record<string, unknown>)[p];
  }
  if (path === 'source') v = (obj as { source?: { component?: string } }).source?.component;
  if (v === undefined || v === null)
    return path === 'spec.unschedulable' || path === 'spec.hostNetwork' ? 'false' : '';
  return String(v);
}

export function fieldsMatch(obj: KObject, reqs: FieldRequirement[]): boolean {
  for (const r of reqs) {
    const v = fieldValue(obj, r.field);
    if (r.op === '=' ? v !== r.value : v === r.value) return false;
  }
  return true;
}

export function objectMatches(obj: KObject, labels: Selector, fields: FieldRequirement[]): boolean {
  return matches(labels, obj.metadata.labels) && fieldsMatch(obj, fields);
}
