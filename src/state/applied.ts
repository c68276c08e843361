// What the editor is compared with ("Applied" / "Unapplied changes"): the last manifest applied from
// standard input (the Apply button, a lesson step's here-document) among the inputs that made the
// cluster. Share links, scenario files and going back in time rebuild it from their inputs.

import type { Input } from '../wire/protocol';

const APPLIES_STDIN = /^kubectl (apply|create) -f -$/;

export function appliesStdin(line: string): boolean {
  return APPLIES_STDIN.test(line);
}

export function lastApplied(inputs: readonly Input[]): string | null {
  for (let i = inputs.length - 1; i >= 0; i--) {
    const stdin = inputs[i].stdin;
    if (stdin !== undefined && appliesStdin(inputs[i].line)) return stdin;
  }
  return null;
}
