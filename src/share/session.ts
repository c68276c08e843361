// Share links on the page: boot from `#s=…`, restore a state later (a dropped file, a new fragment),
// and describe the current situation as a SharedState for "Copy link" and the embed bridge.

import type { BootParams } from '../boot';
import type { Replayed, SessionSpec } from '../wire/protocol';
import { lastApplied } from '../state/applied';
import type { PresetName } from '../engine';
import { ARTICLE_MANIFEST } from '../engine/scripts';
import { useStore } from '../state/store';
import { resetEngine, startEngine } from '../state/engine';
import { play } from '../state/actions';
import { i18n } from '../i18n';
import { currentStep, reportStep } from '../state/step';
import { useTimeline } from '../state/timelineStore';
import { formatOffset } from '../state/timeFormat';
import { decodeShared, encodeShared, readSharedState } from './index';
import { storageNamespace } from '../state/persist';
import { forgetSavedSession, readSavedSession } from '../state/saving';
import { useSessionNotice } from '../state/sessionNotice';
import { ShareError } from './errors';
import { useShareNotice } from './notice';
import type { Placement, SharedState } from './types';
import { useLessonHost } from '../state/lessonHost';

interface Base {
  seed: number;
  preset: PresetName;
  nodes?: number;
  lesson?: string;
}

/** The seed, preset and nodes the running engine started from (a link or file sets them). */
let base: Base = { seed: 1, preset: 'article' };

export interface Boot {
  spec: SessionSpec;
  /** the editor text to show, when the state says (else the saved text or the default) */
  editorText?: string;
  appliedText?: string | null;
  step?: number;
  /** the state came from a link */
  shared: SharedState | null;
  /** the state is the session saved in this browser (a reload) */
  session?: SharedState;
  /** start the clock after booting (false: it was paused when the session was saved) */
  play?: boolean;
  speed?: number;
}

/** What the URL asked for, for "start fresh". */
let urlParams: BootParams | null = null;
let sessionNs = '';

/** What to start: the state in `#s=…` when there is a good one, else what the URL asks for. */
export function bootFromLocation(
  params: BootParams,
  hash: string,
  ns: string = storageNamespace(location),
): Boot {
  let shared: SharedState | null = null;
  try {
    shared = readSharedState(hash);
  } catch (e) {
    useShareNotice
      .getState()
      .show(
        e instanceof ShareError ? e.code : 'garbage',
        'default',
        e instanceof ShareError ? e.budget : undefined,
      );
  }
  urlParams = params;
  sessionNs = ns;
  useStore.setState({ placed: placedRecord(shared?.placed) });
  if (!shared) {
    // the status line kept for a link from the first commit (notice.ts) goes: there is none to replay
    useShareNotice.getState().notRestoring();
    base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson };
    const session =
      params.lesson === undefined && params.step === undefined ? savedSessionFor(params, ns) : null;
    if (session) {
      useStore.setState({ placed: placedRecord(session.state.placed) });
      return {
        spec: {
          seed: session.state.seed,
          preset: session.state.preset,
          nodes: session.state.nodes,
          inputs: session.state.inputs,
          until: session.state.until,
        },
        appliedText: lastApplied(session.state.inputs),
        shared: null,
        session: session.state,
        play: session.playing,
        speed: session.speed,
      };
    }
    if (params.step !== undefined) reportStep(params.step, 'url');
    return {
      spec: { seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] },
      step: params.step,
      shared: null,
    };
  }
  base = {
    seed: shared.seed,
    preset: shared.preset,
    nodes: shared.nodes,
    lesson: shared.lesson ?? params.lesson,
  };
  const step = shared.step ?? params.step;
  if (step !== undefined) reportStep(step, 'link');
  return {
    spec: {
      seed: shared.seed,
      preset: shared.preset,
      nodes: shared.nodes,
      inputs: shared.inputs,
      until: shared.until,
    },
    editorText: shared.editorText,
    appliedText: lastApplied(shared.inputs),
    step,
    shared,
  };
}

/**
 * Starts the engine for a boot. When a shared state cannot be replayed (an engine error, or it runs
 * too long), says so and starts the default playground instead.
 */
export async function startFromBoot(boot: Boot, params: BootParams): Promise<void> {
  if (boot.session) return startFromSession(boot, boot.session, params);
  if (!boot.shared) {
    await startEngine(boot.spec);
    return;
  }
  const t0 = performance.now();
  try {
    const replayed = await startEngine(boot.spec, { transcript: true });
    noteRestored(boot.shared, 'link', performance.now() - t0, replayed);
    forgetLinkWhenChanged(boot.shared);
  } catch {
    useShareNotice.getState().show('replay');
    base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson };
    useStore.setState({ editorText: ARTICLE_MANIFEST, appliedText: null });
    await resetEngine({ seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] });
  }
}

/** The session saved in this browser, when it was made from the same preset and seed the URL asks for. */
function savedSessionFor(
  params: BootParams,
  ns: string,
): { state: SharedState; playing: boolean; speed: number } | null {
  const saved = readSavedSession(ns);
  if (!saved) return null;
  let state: SharedState;
  try {
    state = decodeShared(saved.payload);
  } catch (e) {
    useSessionNotice.getState().showFailed((e as Error).message);
    forgetSavedSession(ns);
    return null;
  }
  // A different preset or seed in the URL asks for a different start: the URL wins.
  if (state.seed !== params.seed || state.preset !== params.preset || state.nodes !== params.nodes)
    return null;
  // No command was run in that session: nothing to restore (the clock alone changes nothing).
  if (state.inputs.length === 0) return null;
  return { state, playing: saved.playing, speed: saved.speed };
}

/** A reload: the saved session replayed. When it cannot be, the page starts fresh and says why. */
async function startFromSession(boot: Boot, s: SharedState, params: BootParams): Promise<void> {
  const t0 = performance.now();
  try {
    base = { seed: s.seed, preset: s.preset, nodes: s.nodes, lesson: params.lesson };
    await startEngine(boot.spec);
    const ms = performance.now() - t0;
    lastRestoreMs = Math.round(ms);
    try {
      performance.measure('dsp:session-restore', { start: performance.now() - ms, duration: ms });
    } catch {
      // older browsers: no measure with options
    }
    const typed = s.inputs.filter((i) => i.stdin === undefined).map((i) => i.line);
    useStore.setState((x) => ({
      history: [...x.history.filter((h) => !typed.includes(h)), ...typed].slice(-200),
    }));
    useSessionNotice.getState().showRestored(s.inputs.length, s.until);
  } catch (e) {
    useSessionNotice.getState().showFailed((e as Error).message);
    forgetSavedSession(sessionNs);
    base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson };
    boot.play = undefined;
    useStore.setState({ appliedText: null });
    await resetEngine({ seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] });
  }
}

/** "Start fresh": the playground as the URL describes it, the default manifest, nothing saved. */
export async function startFresh(): Promise<void> {
  const params = urlParams;
  if (!params) return;
  forgetSavedSession(sessionNs);
  useSessionNotice.getState().dismiss();
  base = { seed: params.seed, preset: params.preset, nodes: params.nodes, lesson: params.lesson };
  useStore.setState({
    editorText: ARTICLE_MANIFEST,
    appliedText: null,
    markers: [],
    applyError: null,
    placed: {},
  });
  useStore.getState().clearConsole();
  useTimeline.setState({ branch: null, fork: null, error: null });
  await resetEngine({ seed: params.seed, preset: params.preset, nodes: params.nodes, inputs: [] });
  await play(1);
}

/** The share payload of the situation now without the editor text (saved apart): what a reload restores. */
export function sessionPayload(): string {
  return encodeShared({ ...currentSharedState(), editorText: '' });
}

/**
 * Restores a state while the page runs (a dropped scenario file, a pasted link). When the replay fails,
 * the page goes back to what it showed before (its inputs replayed) and says so.
 */
export async function restoreShared(s: SharedState, from: 'link' | 'file'): Promise<boolean> {
  if (useStore.getState().busy) await waitIdle();
  const before = currentSharedState();
  const prevBase = base;
  const wasPlaying = useStore.getState().playing;
  useStore.setState({ busy: true });
  useShareNotice.getState().showRestoring({ from, inputs: s.inputs.length });
  const t0 = performance.now();
  try {
    base = { seed: s.seed, preset: s.preset, nodes: s.nodes, lesson: s.lesson ?? base.lesson };
    const replayed = await resetEngine(
      { seed: s.seed, preset: s.preset, nodes: s.nodes, inputs: s.inputs, until: s.until },
      { transcript: true },
    );
    useTimeline.setState({ branch: null, fork: null, error: null });
    useStore.setState({
      editorText: s.editorText,
      appliedText: lastApplied(s.inputs),
      markers: [],
      applyError: null,
      placed: placedRecord(s.placed),
    });
    if (s.step !== undefined) reportStep(s.step, 'link');
    noteRestored(s, from, performance.now() - t0, replayed);
    if (wasPlaying) await play();
    return true;
  } catch {
    base = prevBase;
    useShareNotice.getState().show('replay', 'unchanged');
    await resetEngine({
      seed: before.seed,
      preset: before.preset,
      nodes: before.nodes,
      inputs: before.inputs,
      until: before.until,
    }).catch(() => undefined);
    return false;
  } finally {
    useStore.setState({ busy: false });
  }
}

function waitIdle(): Promise<void> {
  return new Promise((resolve) => {
    const unsub = useStore.subscribe((s) => {
      if (!s.busy) {
        unsub();
        resolve();
      }
    });
  });
}

/** Last restore's duration (ms from asking the engine to the restored state), for the e2e figures. */
export let lastRestoreMs: number | null = null;

function noteRestored(
  s: SharedState,
  from: 'link' | 'file',
  ms: number,
  replayed: readonly Replayed[],
): void {
  lastRestoreMs = Math.round(ms);
  try {
    // readable by tests and the curious: performance.getEntriesByName('dsp:restore')
    performance.measure('dsp:restore', { start: performance.now() - ms, duration: ms });
  } catch {
    // older browsers: no measure with options
  }
  const st = useStore.getState();
  // `+7s`, `+1m05s`: the clock as the timeline writes it (the message adds the `+`)
  st.appendLine(
    'info',
    `# ${i18n.t(from === 'link' ? 'share:restored.link' : 'share:restored.file', { count: s.inputs.length, time: formatOffset(s.until).slice(1) })}\n`,
  );
  // The replayed commands with what they printed, as if they had just been typed.
  for (const r of replayed) {
    st.appendLine('command', r.stdin !== undefined ? `${r.line} <<EOF …` : r.line);
    for (const c of r.chunks) st.appendLine(c.stream, c.text);
  }
  const typed = s.inputs.filter((i) => i.stdin === undefined).map((i) => i.line);
  useStore.setState((x) => ({
    history: [...x.history.filter((h) => !typed.includes(h)), ...typed].slice(-200),
  }));
  useShareNotice.getState().showInfo(from);
}

/**
 * The fragment stays in the address bar while the page shows exactly the linked state, so a reload
 * opens it again; once the user changes something (a command, the editor text), it is dropped, so a
 * reload does not throw that work away for the old link.
 */
function forgetLinkWhenChanged(s: SharedState): void {
  const unsub = useStore.subscribe((st) => {
    if (st.inputs.length > s.inputs.length || st.editorText !== s.editorText) {
      unsub();
      try {
        if (location.hash.includes('s='))
          history.replaceState(history.state, '', location.pathname + location.search);
      } catch {
        // sandboxed: keep the URL
      }
    }
  });
}

/** The situation on the page now, as inputs: what "Copy link" writes. */
export function currentSharedState(): SharedState {
  const st = useStore.getState();
  const s: SharedState = {
    seed: base.seed,
    preset: base.preset,
    inputs: st.inputs,
    until: Math.max(0, st.now - st.start),
    editorText: st.editorText,
  };
  if (base.nodes !== undefined) s.nodes = base.nodes;
  // the lesson on screen (issue 13): a built-in's id; a lesson from a file or message has none to link
  const open = useLessonHost.getState();
  const lesson = open.lesson ? (open.from === 'builtin' ? open.lesson.id : undefined) : base.lesson;
  if (lesson !== undefined && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(lesson)) s.lesson = lesson;
  const step = currentStep();
  if (step !== undefined) s.step = step;
  const placed = placements(st.placed, st.nodeNames);
  if (placed.length) s.placed = placed;
  return s;
}

/** The cells of the moved node cards that are still there, by name (a stable order: equal states, equal links). */
export function placements(
  placed: Readonly<Record<string, { col: number; row: number }>>,
  nodeNames: readonly string[],
): Placement[] {
  const out: Placement[] = [];
  for (const name of [...nodeNames].sort())
    if (Object.hasOwn(placed, name)) out.push([name, placed[name].col, placed[name].row]);
  return out;
}

/** A link's placements as the store keeps them (a Map would do too; node names cannot be `__proto__`). */
export function placedRecord(
  p: readonly Placement[] | undefined,
): Record<string, { col: number; row: number }> {
  const out: Record<string, { col: number; row: number }> = Object.create(null);
  for (const [name, col, row] of p ?? []) out[name] = { col, row };
  return out;
}
