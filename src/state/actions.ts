// Module-level actions (zustand's "no store actions" pattern): what the UI does, through the engine.

import type { Chunk } from '../engine';
import type { Response } from '../wire/protocol';
import type { EditorMarker } from './editorMarkers';
import { engine } from './engine';
import { useStore } from './store';
import { appliesStdin } from './applied';
import { liveDriftNow, loadLiveDrift } from './liveDriftLoad';
import { takeTurn, type Turn } from './commandTurns';
import type { Kind } from '../engine';

const live = (kind: Kind, key: string) => useStore.getState().mirror.get(kind, key);

type ExecResponse = Extract<Response, { type: 'exec' }>;

const EXEC_TIMEOUT_MS = 120_000;

/**
 * Runs a command line as typed in the console (`kubectl …` or `sim …`), echoing it and its output,
 * after the commands given before it have been sent (commandTurns.ts; `turn`: one taken earlier).
 */
export async function runCommand(
  line: string,
  opts: { stdin?: string; echo?: string; remember?: boolean; turn?: Turn } = {},
): Promise<ExecResponse | null> {
  const turn = opts.turn ?? takeTurn();
  try {
    await turn.ready;
    return await runInTurn(line, opts, turn);
  } finally {
    turn.done();
  }
}

async function runInTurn(
  line: string,
  opts: { stdin?: string; echo?: string; remember?: boolean },
  turn: Turn,
): Promise<ExecResponse | null> {
  const st = useStore.getState();
  const trimmed = line.trim();
  if (!trimmed) return null;
  st.appendLine('command', opts.echo ?? trimmed);
  if (opts.remember !== false)
    useStore.setState((s) => ({ history: [...s.history.filter((h) => h !== trimmed), trimmed].slice(-200) }));
  useStore.setState({ busy: true });
  // The objects the editor's text was applied to, before the command: if it changes them, the editor
  // says so and names this command (liveDrift.ts).
  // (liveDrift.ts reads the text with the yaml package, loaded on first use: whoever applied the text
  // loaded it, so this waits for nothing then)
  const drift =
    useStore.getState().appliedText === null
      ? null
      : (liveDriftNow() ?? (await loadLiveDrift().catch(() => null)));
  const applied = useStore.getState().appliedText;
  const before = applied === null || drift === null ? null : drift.fingerprints(applied, live);
  running = engine().peekNextId();
  try {
    const answer = engine().request<ExecResponse>(
      { type: 'exec', line: trimmed, stdin: opts.stdin },
      { timeoutMs: EXEC_TIMEOUT_MS, onChunk: (c: Chunk) => useStore.getState().appendLine(c.stream, c.text) },
    );
    // sent: the next command may go (it does not wait for this one's answer)
    turn.done();
    const res = await answer;
    // A manifest applied from standard input is what the editor is compared with when it is the
    // editor's text (the Apply button); another one (the Why panel's fix, an exercise's solution) is a
    // change of the live object, recorded below, not a new "Applied" text.
    const s = useStore.getState();
    if (
      res.exitCode === 0 &&
      opts.stdin !== undefined &&
      appliesStdin(trimmed) &&
      opts.stdin === s.editorText
    ) {
      useStore.setState({ appliedText: opts.stdin, liveChanges: null });
    } else if (applied !== null && drift !== null && before !== null && s.appliedText === applied) {
      const changes = drift.recordChange(
        s.liveChanges,
        applied,
        before,
        drift.fingerprints(applied, live),
        opts.echo ?? trimmed,
      );
      if (changes !== s.liveChanges) useStore.setState({ liveChanges: changes });
    }
    return res;
  } catch (e) {
    useStore.getState().appendLine('stderr', `error: ${(e as Error).message}\n`);
    return null;
  } finally {
    running = null;
    useStore.setState({ busy: false });
  }
}

let running: number | null = null;

/** Ctrl+C: stops a watching command (`kubectl rollout status`) that is still running. */
export async function cancelCommand(): Promise<boolean> {
  if (running === null) return false;
  await engine().request({ type: 'cancel', target: running });
  return true;
}

/** `kubectl apply -f -` of the editor buffer. Errors become markers; the cluster keeps its last good state. */
export async function applyEditor(): Promise<boolean> {
  // its place among the commands now, at the click, not after the code below has loaded
  const turn = takeTurn();
  try {
    return await applyInTurn(turn);
  } finally {
    turn.done();
  }
}

async function applyInTurn(turn: Turn): Promise<boolean> {
  const text = useStore.getState().editorText;
  // the editor's YAML reading (the yaml package) and the applied text's comparison with the live
  // objects come on the first Apply, not in the page's first bundle (issue 24)
  const [{ locateField, prepareLocate, yamlSyntaxMarkers }] = await Promise.all([
    import('./locate'),
    loadLiveDrift(),
  ]);
  await prepareLocate(text);
  const syntax = yamlSyntaxMarkers(text);
  if (syntax.length) {
    useStore.setState({
      markers: syntax,
      applyError: syntax.map((m) => `line ${m.line}: ${m.message}`).join('\n'),
    });
    useStore
      .getState()
      .appendLine(
        'info',
        `# not applied: the YAML does not parse (line ${syntax[0].line}: ${syntax[0].message})\n`,
      );
    return false;
  }
  // Echoed as it runs: the buffer goes to `kubectl apply -f -`, so kubectl's messages say "STDIN".
  const res = await runCommand('kubectl apply -f -', { stdin: text, remember: false, turn });
  if (!res) return false;
  if (res.exitCode === 0) {
    useStore.setState({ appliedText: text, liveChanges: null, markers: [], applyError: null });
    return true;
  }
  const markers: EditorMarker[] = res.diagnostics.map((d) => {
    const at = d.field ? locateField(text, d.document, d.field) : undefined;
    const line = at?.line ?? d.line ?? 1;
    return {
      line,
      column: at?.column ?? d.column ?? 1,
      endLine: at?.endLine,
      endColumn: at?.endColumn,
      message: d.message,
      severity: 'error',
    };
  });
  const errText = res.chunks
    .filter((c) => c.stream === 'stderr')
    .map((c) => c.text)
    .join('')
    .trim();
  useStore.setState({ markers, applyError: errText || 'apply failed' });
  return false;
}

export async function play(speed?: number): Promise<void> {
  await engine().request({ type: 'play', speed: speed ?? useStore.getState().speed });
}

export async function pause(): Promise<void> {
  await engine().request({ type: 'pause' });
}

export async function setSpeed(speed: number): Promise<void> {
  if (useStore.getState().playing) await engine().request({ type: 'play', speed });
  else useStore.setState({ speed });
}

export async function step() {
  const r = await engine().request<Extract<Response, { type: 'step' }>>({ type: 'step' });
  return r.record;
}
