// A refused request as kubectl prints it: `Error from server (Reason): message`, or for an Invalid
// object `The Kind "name" is invalid: field: detail` (one cause) / a list of `* field: detail`.

import type { ApiError } from './listWatch';

export function kubectlText(e: ApiError): string {
  const s = e.status;
  const reason = typeof s?.reason === 'string' ? s.reason : '';
  const details = (s?.details ?? undefined) as
    { kind?: string; name?: string; causes?: { field?: string; message?: string }[] } | undefined;
  if (reason === 'Invalid' && details?.kind && details.causes?.length) {
    const causes = details.causes.map((c) =>
      c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? ''),
    );
    const head = `The ${details.kind} "${details.name ?? ''}" is invalid: `;
    return causes.length === 1 ? head + causes[0] : `${head}\n${causes.map((c) => `* ${c}`).join('\n')}`;
  }
  return reason ? `Error from server (${reason}): ${e.message}` : `Error from server: ${e.message}`;
}
