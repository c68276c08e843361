// kubectl's --validate flag (cmdutil.GetValidationDirective) and what the API server does with the
// directive it becomes: ?fieldValidation=Strict|Warn|Ignore on create, update and patch requests.

import { decodeWithFieldValidation, type FieldValidation } from '../../api/fieldValidation';
import type { Kind, KObject } from '../../api/types';
import { flagString } from '../argv';
import { CommandError, type CommandContext } from '../types';

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** GetValidationDirective: strict (or true) → Strict, warn → Warn, ignore (or false) → Ignore. */
export function validationDirective(ctx: CommandContext): FieldValidation {
  const v = flagString(ctx.args, 'validate') ?? 'strict';
  if (TRUE.has(v)) return 'Strict';
  if (FALSE.has(v)) return 'Ignore';
  switch (v) {
    case 'strict':
      return 'Strict';
    case 'warn':
      return 'Warn';
    case 'ignore':
      return 'Ignore';
    default:
      throw new CommandError(
        `invalid - validate option "${v}"; must be one of: strict (or true), warn, ignore (or false)`,
      );
  }
}

/**
 * The server's decoding of a request body under the directive: throws the BadRequest of strict
 * decoding, or prints the server's warnings (`Warning: unknown field "…"`, as kubectl shows a
 * Warning header) and returns the object as the server keeps it.
 */
export function serverDecode<T extends KObject>(
  ctx: CommandContext,
  kind: Kind,
  obj: T,
  directive: FieldValidation,
): T {
  const r = decodeWithFieldValidation(kind, obj, directive);
  for (const w of r.warnings) ctx.out.eprintln(`Warning: ${w}`);
  return r.obj;
}
