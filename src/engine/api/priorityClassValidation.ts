// ValidatePriorityClass and ValidatePriorityClassUpdate (pkg/apis/scheduling/validation): names
// starting with `system-` are the built-in classes' only, a user's class may not go above
// HighestUserDefinablePriority, and value and preemptionPolicy never change.

import type { FieldError } from './errors';
import {
  HIGHEST_USER_DEFINABLE_PRIORITY,
  isKnownSystemPriorityClass,
  SYSTEM_PRIORITY_CLASS_PREFIX,
} from './priority';
import type { PriorityClass } from './types';
import { validateObjectMeta } from './validation';

/** ValidatePreemptionPolicy (pkg/apis/core/validation). */
function validatePreemptionPolicy(policy: unknown, field: string, errs: FieldError[]): void {
  if (policy === 'PreemptLowerPriority' || policy === 'Never') return;
  if (policy === '') errs.push({ field, type: 'Required value' });
  else
    errs.push({
      field,
      type: 'Unsupported value',
      value: policy,
      supported: ['PreemptLowerPriority', 'Never'],
    });
}

export function validatePriorityClass(pc: PriorityClass): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(pc, errs);
  const name = pc.metadata.name ?? '';
  if (name.startsWith(SYSTEM_PRIORITY_CLASS_PREFIX)) {
    const known = isKnownSystemPriorityClass(name, pc.value, pc.globalDefault === true);
    if (!known.ok)
      errs.push({
        field: 'metadata.name',
        type: 'Forbidden',
        detail: `priority class names with '${SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: ${known.why}`,
      });
  } else if (pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push({
      field: 'value',
      type: 'Forbidden',
      detail: `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`,
    });
  }
  if (pc.preemptionPolicy !== undefined && pc.preemptionPolicy !== null)
    validatePreemptionPolicy(pc.preemptionPolicy, 'preemptionPolicy', errs);
  return errs;
}

/** Only metadata, the description and globalDefault may change (the name by ObjectMeta's rules). */
export function validatePriorityClassUpdate(pc: PriorityClass, old: PriorityClass): FieldError[] {
  const errs: FieldError[] = [];
  validateObjectMeta(pc, errs);
  if (pc.value !== old.value)
    errs.push({ field: 'value', type: 'Forbidden', detail: 'may not be changed in an update.' });
  if (pc.preemptionPolicy !== old.preemptionPolicy)
    errs.push({
      field: 'preemptionPolicy',
      type: 'Invalid value',
      value: pc.preemptionPolicy,
      detail: 'field is immutable',
    });
  return errs;
}
