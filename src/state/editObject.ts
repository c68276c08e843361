// `kubectl edit` on the page: kubectl would write the live objects to a temporary file and open an
// editor on it; the page's editor is the Manifest panel. So the console opens the object there, with
// kubectl's edit header, and saving it is the panel's Apply (`kubectl apply -f -`), as the brief of
// kubectl edit — change the live object in an editor, save to send it — asks. Unapplied text in the
// Manifest panel is never overwritten. Scripts and the CLI keep kubectl's own answer (no terminal
// editor: `unable to launch the editor "vi"`).

import { tokenize } from '../engine/scripts';
import type { Response } from '../wire/protocol';
import { engine } from './engine';
import { useStore } from './store';

type ExecResponse = Extract<Response, { type: 'exec' }>;

/** The comment kubectl puts at the top of the file it opens (pkg/cmd/util/editor/editoptions.go). */
export const EDIT_HEADER =
  "# Please edit the object below. Lines beginning with a '#' will be ignored,\n" +
  '# and an empty file will abort the edit. If an error occurs while saving this file will be\n' +
  '# reopened with the relevant failures.\n' +
  '#\n';

/** Flags of `kubectl edit` that change nothing about what is opened. */
const IGNORED = new Set(['--save-config', '--windows-line-endings', '--output-patch']);

/**
 * The `kubectl get … -o yaml` that fetches what `kubectl edit ARGS` would open, or null when the line
 * is not a `kubectl edit` of named objects the page can open (`-f`, `-o`, or no name: left to kubectl).
 */
export function editFetchArgs(line: string): string[] | null {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return null;
  }
  if (words[0] === 'kubectl') words = words.slice(1);
  // The first plain word (flags and the value of -n skipped) must be `edit`.
  let i = 0;
  while (i < words.length && words[i].startsWith('-'))
    i += words[i] === '-n' || words[i] === '--namespace' ? 2 : 1;
  if (words[i] !== 'edit') return null;
  const rest = [...words.slice(0, i), ...words.slice(i + 1)];
  const args: string[] = [];
  let names = 0;
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k];
    if (w === '-n' || w === '--namespace') {
      if (rest[k + 1] === undefined) return null;
      args.push(w, rest[++k]);
      continue;
    }
    if (w.startsWith('--namespace=') || /^-n\S/.test(w)) {
      args.push(w);
      continue;
    }
    if (IGNORED.has(w) || /^--validate(=|$)/.test(w)) continue;
    if (w.startsWith('-')) return null; // -f, -o, --help …: kubectl's own handling
    args.push(w);
    names++;
  }
  const plain = args.filter(
    (a, k) => !a.startsWith('-') && !['-n', '--namespace'].includes(args[k - 1] ?? ''),
  );
  const named = plain.some((a) => a.includes('/')) || plain.length >= 2;
  if (names === 0 || !named) return null;
  return ['kubectl', 'get', ...args, '-o', 'yaml'];
}

/** Opens the objects of a `kubectl edit` line in the Manifest panel; false when the line is not one. */
export async function openForEdit(line: string): Promise<boolean> {
  const fetch = editFetchArgs(line);
  if (!fetch) return false;
  const st = useStore.getState();
  st.appendLine('command', line.trim());
  if (st.appliedText !== st.editorText) {
    st.appendLine(
      'info',
      '# The Manifest editor has unapplied changes: apply or discard them, then run kubectl edit again.\n',
    );
    return true;
  }
  useStore.setState({ busy: true });
  try {
    const res = await engine().request<ExecResponse>({ type: 'exec', line: fetch.join(' ') });
    const out = res.chunks
      .filter((c) => c.stream === 'stdout')
      .map((c) => c.text)
      .join('');
    const err = res.chunks
      .filter((c) => c.stream === 'stderr')
      .map((c) => c.text)
      .join('');
    if (err) useStore.getState().appendLine('stderr', err);
    if (res.exitCode !== 0 || !out) return true;
    const text = `${EDIT_HEADER}${out}`;
    // The opened object counts as applied: the panel shows it unchanged until it is edited.
    useStore.setState({ editorText: text, appliedText: text, markers: [], applyError: null });
    useStore
      .getState()
      .appendLine(
        'info',
        '# Opened in the Manifest editor: change it and press Apply (Ctrl+Enter) to save it to the cluster.\n',
      );
  } catch (e) {
    useStore.getState().appendLine('stderr', `error: ${(e as Error).message}\n`);
  } finally {
    useStore.setState({ busy: false });
  }
  return true;
}
