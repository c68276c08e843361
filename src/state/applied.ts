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

/** Commands that can change an object (what `kubectl get`, `describe`, `rollout status` cannot). */
const CHANGES =
  /^kubectl (apply|create|replace|patch|edit|set|label|annotate|delete|scale|rollout (undo|restart|pause|resume))\b/;

/**
 * After a reload or a link: the text the editor applied and the commands since that changed its
 * objects. The inputs do not say which `kubectl apply -f -` was the editor's (the Why panel's fix and an
 * exercise's solution apply from standard input too): the editor's is the last one whose manifest is
 * the editor's text. When none is, the last one (the text was edited since, and is not applied).
 * `by`: the later commands that name one of its objects or apply a manifest of one of them.
 */
export function appliedOnRestore(
  inputs: readonly Input[],
  editorText: string,
  refsOf: (text: string) => readonly { key: string; name: string }[],
): { text: string | null; by: string[] } {
  let at = -1;
  for (let i = inputs.length - 1; i >= 0 && at < 0; i--)
    if (inputs[i].stdin === editorText && appliesStdin(inputs[i].line)) at = i;
  if (at < 0) return { text: lastApplied(inputs), by: [] };
  const changes = inputs.slice(at + 1).filter((input) => CHANGES.test(input.line));
  // nothing since could have changed its objects: no need to read the manifest (the yaml package's
  // first parse, 0.1–0.2 s of a phone's first render of a share link, issue 24)
  if (!changes.length) return { text: editorText, by: [] };
  const refs = refsOf(editorText);
  const keys = new Set(refs.map((r) => r.key));
  const by: string[] = [];
  for (const input of changes) {
    const hits =
      input.stdin !== undefined
        ? refsOf(input.stdin).some((r) => keys.has(r.key))
        : refs.some((r) => input.line.split(/[\s/=]+/).includes(r.name));
    if (hits && !by.includes(input.line)) by.push(input.line);
  }
  return { text: editorText, by: by.slice(-5) };
}
