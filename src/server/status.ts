// metav1.Status bodies for API errors, word for word as the API server sends them.

import { formatFieldError, StatusError, type FieldError } from '../engine';

const CAUSE_REASON = new Map<FieldError['type'], string>([
  ['Required value', 'FieldValueRequired'],
  ['Invalid value', 'FieldValueInvalid'],
  ['Unsupported value', 'FieldValueNotSupported'],
  ['Forbidden', 'FieldValueForbidden'],
  ['Duplicate value', 'FieldValueDuplicate'],
  ['Not found', 'FieldValueNotFound'],
  ['Too long', 'FieldValueTooLong'],
]);

export interface StatusBody {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure' | 'Success';
  message?: string;
  reason?: string;
  details?: {
    name?: string;
    group?: string;
    kind?: string;
    causes?: { reason: string; message: string; field?: string }[];
    retryAfterSeconds?: number;
  };
  code: number;
}

const REASON_FOR_CODE = new Map<number, string>([
  [400, 'BadRequest'],
  [404, 'NotFound'],
  [405, 'MethodNotAllowed'],
  [406, 'NotAcceptable'],
  [409, 'Conflict'],
  [410, 'Expired'],
  [415, 'UnsupportedMediaType'],
  [422, 'Invalid'],
  [500, 'InternalError'],
]);

export function failure(
  code: number,
  message: string,
  reason = REASON_FOR_CODE.get(code) ?? 'Unknown',
  details?: StatusBody['details'],
): StatusBody {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

/** A StatusError from the engine as the Status the API server would answer with. */
export function statusFromError(
  e: StatusError,
  resource?: { plural: string; group: string },
  name?: string,
): StatusBody {
  const details: StatusBody['details'] = {};
  if (name) details.name = name;
  if (resource?.group) details.group = resource.group;
  if (resource) details.kind = resource.plural;
  if (e.reason === 'Invalid' && e.details) {
    details.name = e.details.name;
    details.kind = e.details.kind;
    details.causes = e.fieldErrors.map((f) => ({
      reason: CAUSE_REASON.get(f.type) ?? 'FieldValueInvalid',
      // field.Error.ErrorBody: the text after "<field>: "
      message: formatFieldError(f).slice(f.field.length + 2),
      field: f.field,
    }));
  }
  if (e.causes)
    details.causes = e.causes.map((c) => ({
      reason: c.reason ?? '',
      message: c.message,
      // StatusCause.field is omitempty: a cause about no field (a disruption budget's) has none
      ...(c.field !== undefined || e.reason !== 'TooManyRequests' ? { field: c.field ?? '' } : {}),
    }));
  if (e.retryAfterSeconds) details.retryAfterSeconds = e.retryAfterSeconds;
  // A reason-less 500 (a patch that cannot be applied) is sent without one: kubectl then says "Error from server: …".
  const body = failure(e.code, e.message, e.reason || '', Object.keys(details).length ? details : undefined);
  if (!e.reason) delete body.reason;
  return body;
}

export function notFoundPath(): StatusBody {
  return failure(404, 'the server could not find the requested resource', 'NotFound', {});
}
