// `kubectl auth whoami` (pkg/cmd/auth/whoami.go): asks the API server who it takes you for (a
// SelfSubjectReview, authentication.k8s.io/v1) and prints the user's attributes. The playground has
// no authentication: like an API server serving without it (apiserver's InsecureSuperuser, the old
// insecure port), it takes every request for `system:unsecured` in `system:masters` — the cluster
// admin, which is also why `auth can-i` always says yes.

import { toYAML } from '../printers/yaml';
import { OBJECT_PRINT_FLAGS, PrintError, resolvePrinter } from '../printers/printFlags';
import { TABLE_TABWRITER, tabwrite } from '../printers/tabwriter';
import { CommandError, type CommandDef } from '../types';
import { formatSingleError } from './common';

/** The user the playground's API server authenticates every request as. */
export const UNSECURED_USER = {
  username: 'system:unsecured',
  groups: ['system:masters', 'system:authenticated'],
} as const;

/** The SelfSubjectReview the server answers, as kubectl holds it (typed: a null creationTimestamp). */
export function selfSubjectReview(): Record<string, unknown> {
  return {
    kind: 'SelfSubjectReview',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { creationTimestamp: null },
    status: { userInfo: { username: UNSECURED_USER.username, groups: [...UNSECURED_USER.groups] } },
  };
}

/** json.MarshalIndent of the typed object (its field order kept). */
function typedJSON(v: unknown): string {
  return `${JSON.stringify(v, null, 4)}\n`;
}

export const authWhoamiCommand: CommandDef = {
  name: 'auth whoami',
  short: 'Experimental: Check self subject attributes',
  usage: 'kubectl auth whoami [options]',
  flags: OBJECT_PRINT_FLAGS,
  run(ctx) {
    if (ctx.args.positional.length > 0)
      throw new CommandError(`unknown command "${ctx.args.positional[0]}" for "kubectl auth whoami"`);
    const printer = resolvePrinter(ctx);
    const review = selfSubjectReview();
    if (printer.kind === 'default') {
      const u = UNSECURED_USER;
      ctx.out.out(
        tabwrite(
          `ATTRIBUTE\tVALUE\nUsername\t${u.username}\nGroups\t[${u.groups.join(' ')}]\n`,
          TABLE_TABWRITER,
        ),
      );
      return;
    }
    if (printer.kind === 'name') {
      // the review has no name: the name printer says so
      ctx.out.println('selfsubjectreview.authentication.k8s.io/<unknown>');
      return;
    }
    if (printer.kind !== 'generic') throw new CommandError('unreachable: whoami prints no table');
    try {
      ctx.out.out(
        printer.format === 'json'
          ? typedJSON(review)
          : printer.format === 'yaml'
            ? toYAML(review)
            : printer.print(review),
      );
    } catch (e) {
      if (e instanceof PrintError) throw new CommandError(formatSingleError(e), 1, true);
      throw e;
    }
  },
};
