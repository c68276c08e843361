// Keeps the user's work in the browser as they go: the editor text (compressed when long) and the
// session's inputs (the same payload a share link carries, with the clock), so a reload restores the
// situation. Whenever something cannot be kept, the page says so (StorageNotice) and offers the text
// as a download; a page without any storage works too, with a notice.

import { create } from 'zustand';
import { useStore } from './store';
import { load, loadText, save, saveText, storage, storageWorks, type SaveResult } from './persist';
import { SESSION_KEY } from './namespace';

export type SaveProblem = {
  problem: 'quota' | 'error' | 'unavailable';
  reason: string;
  what: 'editor' | 'session' | 'all';
};

type What = SaveProblem['what'];

interface SaveStatus {
  /** the most serious problem now (null: everything is saved) */
  problem: SaveProblem | null;
  /** the problem of each thing kept (the editor text, the session), until a save of it works again */
  problems: ReadonlyMap<What, SaveProblem>;
  /** the user closed the notice (it comes back with a new problem) */
  dismissed: boolean;
  dismiss(): void;
}

export const useSaveStatus = create<SaveStatus>()((set) => ({
  problem: null,
  problems: new Map(),
  dismissed: false,
  dismiss: () => set({ dismissed: true }),
}));

function report(r: SaveResult, what: 'editor' | 'session'): void {
  const st = useSaveStatus.getState();
  const had = st.problems.get(what);
  if (r.ok && !had) return;
  if (!r.ok && had && had.problem === r.problem) return;
  const problems = new Map(st.problems);
  if (r.ok) problems.delete(what);
  else problems.set(what, { problem: r.problem, reason: r.reason, what });
  // the editor text first: it is what cannot be rebuilt from the inputs
  const problem = problems.get('all') ?? problems.get('editor') ?? problems.get('session') ?? null;
  useSaveStatus.setState({ problems, problem, dismissed: r.ok ? st.dismissed : false });
}

/** The saved session: the share payload of the situation (without the editor text) and the clock's state. */
export interface SavedSession {
  v: 1;
  savedAt: number;
  playing: boolean;
  speed: number;
  /** a share-link payload (src/share/codec.ts), editorText left empty: the editor text is saved apart */
  payload: string;
}

export { SESSION_KEY };
export const EDITOR_KEY = 'editor';

export function readSavedSession(ns: string, s: Storage | null = storage()): SavedSession | null {
  const raw = load(ns, SESSION_KEY, s);
  if (!raw) return null;
  try {
    const o = JSON.parse(raw) as Partial<SavedSession>;
    if (o && o.v === 1 && typeof o.payload === 'string' && typeof o.savedAt === 'number') {
      return {
        v: 1,
        savedAt: o.savedAt,
        playing: o.playing === true,
        speed: typeof o.speed === 'number' && o.speed > 0 ? o.speed : 1,
        payload: o.payload,
      };
    }
  } catch {
    // damaged: as if none
  }
  return null;
}

export function forgetSavedSession(ns: string): void {
  save(ns, SESSION_KEY, null);
}

export function loadEditorText(ns: string): string | null {
  return loadText(ns, EDITOR_KEY);
}

export interface PersistenceOptions {
  /** the share payload of the situation now (editor text left out), or throws */
  sessionPayload(): string;
  editorDelayMs?: number;
  sessionEveryMs?: number;
  /** how long the first timed save of the session waits for the user's first input (ms) */
  firstSaveHoldMs?: number;
}

/** What counts as the user's first input (the page's load is over for the session's saves). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Starts saving; returns a function that stops it (after a last save). The editor text is saved
 * 300 ms after the last keystroke, the session at most once a second while it changes, and both at
 * once when the page is hidden or unloaded (a reload).
 *
 * The session's timed saves start with the user's first input, or `firstSaveHoldMs` (10 s) after the
 * start: until then the session is what the page booted from (a link, a saved session) with its clock
 * run on, and its save (the share payload's deflate, 30–240 ms of a phone's main thread) would be one
 * more long task in the page's load (issue 24). Nothing is lost on a reload: a hidden page or a
 * reload saves at once, as before.
 */
export function startPersistence(ns: string, opts: PersistenceOptions): () => void {
  if (!storageWorks()) {
    const problem: SaveProblem = { problem: 'unavailable', reason: 'no storage', what: 'all' };
    useSaveStatus.setState({ problem, problems: new Map([['all', problem]]), dismissed: false });
    return () => {};
  }
  const editorDelay = opts.editorDelayMs ?? 300;
  const sessionEvery = opts.sessionEveryMs ?? 1000;
  const firstSaveHold = opts.firstSaveHoldMs ?? 10_000;
  let editorTimer: ReturnType<typeof setTimeout> | undefined;
  let sessionTimer: ReturnType<typeof setTimeout> | undefined;
  let editorDirty = false;
  let sessionDirty = false;
  let lastEditor: string | null = null;

  const saveEditor = () => {
    clearTimeout(editorTimer);
    editorTimer = undefined;
    if (!editorDirty) return;
    editorDirty = false;
    const text = useStore.getState().editorText;
    if (text === lastEditor) return;
    const r = saveText(ns, EDITOR_KEY, text);
    if (r.ok) lastEditor = text;
    report(r, 'editor');
  };

  const saveSession = () => {
    clearTimeout(sessionTimer);
    sessionTimer = undefined;
    if (!sessionDirty) return;
    const st = useStore.getState();
    // Mid-restart, the mirror is about to be replaced: save the state once the engine is back.
    if (st.engineStatus !== 'ready') return;
    sessionDirty = false;
    // No command yet (a fresh start, "start fresh"): nothing to restore, and no older session either.
    if (st.inputs.length === 0) {
      report(save(ns, SESSION_KEY, null), 'session');
      return;
    }
    let payload: string;
    try {
      payload = opts.sessionPayload();
    } catch (e) {
      report({ ok: false, problem: 'error', reason: (e as Error).message }, 'session');
      return;
    }
    const value: SavedSession = { v: 1, savedAt: Date.now(), playing: st.playing, speed: st.speed, payload };
    report(save(ns, SESSION_KEY, JSON.stringify(value)), 'session');
  };

  // The first timed save waits for the load to be over: the user's first input, or the hold's end.
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    clearTimeout(holdTimer);
    for (const e of INPUT_EVENTS) window.removeEventListener(e, release, true);
    if (sessionDirty && sessionTimer === undefined) sessionTimer = setTimeout(saveSession, sessionEvery);
  };
  const holdTimer = setTimeout(release, firstSaveHold);
  for (const e of INPUT_EVENTS) window.addEventListener(e, release, { capture: true, passive: true });
  const unsub = useStore.subscribe((s, prev) => {
    if (s.editorText !== prev.editorText) {
      editorDirty = true;
      clearTimeout(editorTimer);
      editorTimer = setTimeout(saveEditor, editorDelay);
    }
    if (
      s.inputs !== prev.inputs ||
      s.now !== prev.now ||
      s.playing !== prev.playing ||
      s.speed !== prev.speed ||
      s.placed !== prev.placed ||
      (s.engineStatus === 'ready' && prev.engineStatus !== 'ready')
    ) {
      sessionDirty = true;
      if (sessionTimer === undefined && !holding) sessionTimer = setTimeout(saveSession, sessionEvery);
    }
  });
  const flush = () => {
    saveEditor();
    saveSession();
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    release();
    flush();
    unsub();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
