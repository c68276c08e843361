// API server errors with the real reasons, codes and message shapes (apimachinery/pkg/api/errors,
// apimachinery/pkg/util/validation/field).

import { type Kind, qualifiedResource, RESOURCE } from './types';
import { canonicalJSON } from './objects';

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'MethodNotAllowed'
  | 'InternalError'
  | 'RequestEntityTooLarge'
  | 'TooManyRequests'
  | 'UnsupportedMediaType'
  /** StatusReasonUnknown: a plain error the server did not classify (a 500 without a reason) */
  | '';

/** One field error, as `field.Error`: path + type + value + detail. */
export interface FieldError {
  field: string;
  type:
    | 'Required value'
    | 'Invalid value'
    | 'Unsupported value'
    | 'Forbidden'
    | 'Duplicate value'
    | 'Not found'
    | 'Too long';
  value?: unknown;
  detail?: string;
  /** supported values, for `Unsupported value` */
  supported?: string[];
}

export class StatusError extends Error {
  readonly code: number;
  readonly reason: StatusReason;
  readonly fieldErrors: FieldError[];
  /** the object an Invalid error is about */
  details?: { kind: string; name: string };
  /** causes without a field (a generic server response), or with one (an apply's conflicts) */
  causes?: { message: string; reason?: string; field?: string }[];
  /** details.retryAfterSeconds (and the Retry-After header) when the server suggests a wait */
  retryAfterSeconds?: number;
  constructor(code: number, reason: StatusReason, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.fieldErrors = fieldErrors;
  }
}

export function notFound(kind: Kind, name: string): StatusError {
  return new StatusError(404, 'NotFound', `${qualifiedResource(kind)} "${name}" not found`);
}

export function alreadyExists(kind: Kind, name: string): StatusError {
  return new StatusError(409, 'AlreadyExists', `${qualifiedResource(kind)} "${name}" already exists`);
}

export function conflict(kind: Kind, name: string, detail: string): StatusError {
  return new StatusError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedResource(kind)} "${name}": ${detail}`,
  );
}

export function badRequest(message: string): StatusError {
  return new StatusError(400, 'BadRequest', message);
}

const GO_ESCAPES = new Map([
  ['\x07', '\\a'],
  ['\b', '\\b'],
  ['\f', '\\f'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
  ['\v', '\\v'],
  ['"', '\\"'],
  ['\\', '\\\\'],
]);

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const GO_PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/**
 * Go's strconv.Quote (what `%q` prints): printable characters as they are, the usual backslash escapes,
 * other ASCII controls as \xNN, other non-printable characters as \uNNNN or \UNNNNNNNN.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const named = GO_ESCAPES.get(ch);
    const c = ch.codePointAt(0)!;
    if (named) out += named;
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += '\ufffd';
    else if (GO_PRINTABLE.test(ch)) out += ch;
    else if (c > 0xffff) out += `\\U${c.toString(16).padStart(8, '0')}`;
    else out += `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** Go's %#v-ish rendering used by field.Invalid for common value kinds. */
export function formatFieldValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]string{${v.map((x) => JSON.stringify(String(x))).join(', ')}}`;
  if (typeof v === 'object') {
    // anything but a map of strings: as json.Marshal writes it (what ErrorBody falls back to)
    if (!Object.values(v as object).every((x) => typeof x === 'string')) return canonicalJSON(v);
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `map[string]string{${entries.map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(String(x))}`).join(', ')}}`;
  }
  return String(v);
}

export function formatFieldError(e: FieldError): string {
  switch (e.type) {
    case 'Required value':
      return `${e.field}: Required value${e.detail ? `: ${e.detail}` : ''}`;
    case 'Forbidden':
      return `${e.field}: Forbidden${e.detail ? `: ${e.detail}` : ''}`;
    case 'Unsupported value':
      return `${e.field}: Unsupported value: ${formatFieldValue(e.value)}${
        e.supported ? `: supported values: ${e.supported.map((s) => JSON.stringify(s)).join(', ')}` : ''
      }`;
    case 'Duplicate value':
      return `${e.field}: Duplicate value: ${formatFieldValue(e.value)}`;
    case 'Not found':
      return `${e.field}: Not found: ${formatFieldValue(e.value)}`;
    case 'Too long':
      return `${e.field}: Too long: ${e.detail ?? ''}`;
    case 'Invalid value':
    default:
      return `${e.field}: Invalid value: ${formatFieldValue(e.value)}${e.detail ? `: ${e.detail}` : ''}`;
  }
}

/** `The DaemonSet "x" is invalid: a: ...` or, with several errors, `[a: ..., b: ...]`. */
/** errors.NewInvalid: `DaemonSet.apps "x" is invalid: a: ...`, several errors as `[a: ..., b: ...]`. */
export function invalid(kind: Kind, name: string, errs: FieldError[]): StatusError {
  const parts = errs.map(formatFieldError);
  const body = parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
  const group = RESOURCE[kind].group;
  const e = new StatusError(
    422,
    'Invalid',
    `${group ? `${kind}.${group}` : kind} "${name}" is invalid: ${body}`,
    errs,
  );
  e.details = { kind, name };
  return e;
}

/**
 * kubectl's rendering of a server error (cmdutil.StandardErrorMessage): `Error from server (NotFound): …`;
 * an Invalid error as `The DaemonSet "x" is invalid: cause`, several causes as a `* ` list.
 */
export function kubectlErrorText(e: StatusError, context?: string): string {
  if (e.reason === 'Invalid' && e.details && e.fieldErrors.length > 0) {
    const causes = e.fieldErrors.map(formatFieldError);
    const head = `The ${e.details.kind} "${e.details.name}" is invalid: `;
    return causes.length === 1 ? head + causes[0] : `${head}\n${causes.map((c) => `* ${c}`).join('\n')}`;
  }
  return `Error from server (${e.reason}): ${context ? `${context}: ` : ''}${e.message}`;
}
