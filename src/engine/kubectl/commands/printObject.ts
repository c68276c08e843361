// How a command that wrote an object reports it (cli-runtime PrintFlags with the command's
// operation): `daemonset.apps/x created` by default, `daemonset.apps/x` with `-o name`, the object
// itself with `-o json|yaml|jsonpath=…|go-template=…`.

import { kindGroup, type Kind, type KObject } from '../../api/types';
import { PrintError, resolvePrinter } from '../printers/printFlags';
import { CommandError, type CommandContext } from '../types';
import { formatSingleError } from './common';

/** Prints one written object; `operation` includes the dry-run marker. */
export function printWritten(
  ctx: CommandContext,
  kind: Kind,
  obj: KObject | { metadata: { name: string } },
  operation: string,
): void {
  const printer = resolvePrinter(ctx);
  const name = obj.metadata.name;
  if (printer.kind === 'name') {
    ctx.out.println(`${kindGroup(kind)}/${name}`);
    return;
  }
  if (printer.kind === 'generic') {
    try {
      ctx.out.out(printer.print(obj));
    } catch (e) {
      if (!(e instanceof PrintError)) throw e;
      if (e.partial) ctx.out.out(e.partial);
      throw new CommandError(formatSingleError(e), 1, true);
    }
    return;
  }
  ctx.out.println(`${kindGroup(kind)}/${name} ${operation}`);
}
