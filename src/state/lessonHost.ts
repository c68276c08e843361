// The lesson on the page and where it came from: a built-in (?lesson=ID, the header's button), a URL
// (?lesson=URL), a parent's message ({type: 'lesson'}), a dropped or opened file. Opening a lesson gives
// it a fresh cluster (its preset and setup); a lesson that fails to load says why and the playground
// stays as it was.

import { create } from 'zustand';
import { lastHeredocManifest, parseScript } from '../engine/scripts';
import { LESSON_LIMITS } from '../lessons/limits';
import { isBuiltinLesson, lessonById } from '../lessons/index';
import { lessonStartInputs } from '../lessons/startScript';
import { isAllowedLessonOrigin, resolveLessonRef } from '../lessons/source';
import type { Lesson } from '../lessons/types';
import { formatProblem } from '../lessons/validate';
import { useTimeline } from './timelineStore';
import { resetEngine } from './engine';
import { leaveStep, startProgress, useLessonProgress, type StepProgress } from './lessonProgress';
import { useStore } from './store';
import type { Input } from '../wire/protocol';

export type LessonFrom = 'builtin' | 'url' | 'message' | 'file';

export interface LessonHostState {
  lesson: Lesson | null;
  from: LessonFrom | null;
  /** 1-based step the panel opens at (earlier steps are run first) */
  startStep: number;
  /** the cluster came from a share link: earlier steps already ran, the panel does not run them again */
  restored: boolean;
  /** bumps each time a lesson is opened, so the panel starts over */
  token: number;
  /** the cluster for the lesson is being prepared */
  preparing: boolean;
  /**
   * a lesson was asked for in the page's address and is on its way: its place is kept from the first
   * paint, so the editor and the cluster below it do not jump when it arrives (layout shift, issue 24)
   */
  awaiting: boolean;
  /** the picker of built-in lessons is open */
  picking: boolean;
  error: { message: string; problems: string[] } | null;
}

export const useLessonHost = create<LessonHostState>(() => ({
  lesson: null,
  from: null,
  startStep: 1,
  restored: false,
  token: 0,
  preparing: false,
  awaiting: false,
  picking: false,
  error: null,
}));

/** Keep the lesson's place: the address asks for one (see `awaiting`); openLessonParam ends it. */
export function expectLesson(): void {
  useLessonHost.setState({ awaiting: true });
}

export type OpenResult = { ok: true; lesson: Lesson } | { ok: false; message: string; problems: string[] };

function failed(message: string, problems: string[] = []): OpenResult {
  useLessonHost.setState({ error: { message, problems } });
  return { ok: false, message, problems };
}

/** Puts the engine where the lesson starts: a fresh cluster of its preset, its setup run (not shown). */
async function prepareCluster(lesson: Lesson): Promise<void> {
  await resetEngine({ inputs: lessonStartInputs(lesson) });
  clusterPrepared(lesson);
}

/** The page around a cluster just started for the lesson: no branch, an empty console, its manifest. */
function clusterPrepared(lesson: Lesson): void {
  useTimeline.setState({ branch: null, fork: null, error: null });
  useStore.getState().clearConsole();
  // a manifest the setup applied goes into the editor, as a step's does
  const m = lastHeredocManifest(parseScript(lesson.setup));
  if (m !== null) useStore.setState({ editorText: m, appliedText: m, markers: [], applyError: null });
}

/** Opens a validated lesson. `freshCluster: false` keeps the cluster (a share link restored it). */
export async function openLesson(
  lesson: Lesson,
  from: LessonFrom,
  opts: {
    startStep?: number;
    freshCluster?: boolean;
    progress?: readonly StepProgress[] | null;
    /** the engine's first `init` already was this lesson's fresh cluster (bootLessonParam) */
    clusterStarted?: boolean;
  } = {},
): Promise<OpenResult> {
  useLessonHost.setState({ preparing: true, error: null, picking: false });
  try {
    if (opts.clusterStarted) clusterPrepared(lesson);
    else if (opts.freshCluster !== false) await prepareCluster(lesson);
  } catch (e) {
    useLessonHost.setState({ preparing: false });
    return failed(`the lesson's cluster could not be started: ${(e as Error).message}`);
  }
  startProgress(lesson, opts.progress);
  useLessonHost.setState((s) => ({
    lesson,
    from,
    startStep: opts.startStep ?? 1,
    restored: opts.freshCluster === false,
    token: s.token + 1,
    preparing: false,
  }));
  return { ok: true, lesson };
}

export function closeLesson(): void {
  leaveStep(useLessonProgress.getState().current);
  startProgress(null);
  useLessonHost.setState({ lesson: null, from: null, error: null });
}

/**
 * A lesson's text or object read and checked against an empty cluster (loadLesson). Lesson text is read
 * with the yaml package: loaded with the dry run, on first use (issue 24).
 */
async function validateLesson(data: unknown) {
  const [{ emptyClusterDryRun }, { loadLesson }] = await Promise.all([
    import('../lessons/dryRun'),
    import('../lessons/load'),
  ]);
  return loadLesson(data, { dryRun: emptyClusterDryRun() });
}

/** A lesson given as text or an object (a message, a file): validated, then opened. */
export async function openLessonData(data: unknown, from: LessonFrom, what: string): Promise<OpenResult> {
  const v = await validateLesson(data);
  if (!v.lesson) return failed(`${what} is not a valid lesson`, v.problems.map(formatProblem));
  return openLesson(v.lesson, from);
}

export async function openLessonFile(file: File): Promise<OpenResult> {
  if (file.size > LESSON_LIMITS.maxFileChars * 4)
    return failed(`${file.name} is too large for a lesson (${file.size} bytes)`);
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return failed(`${file.name} cannot be read: ${(e as Error).message}`);
  }
  return openLessonData(text, 'file', file.name);
}

const FETCH_TIMEOUT_MS = 15_000;

type Found =
  { ok: true; lesson: Lesson; from: LessonFrom } | { ok: false; message: string; problems: string[] };

/** Fetches a lesson file from an allowed origin (also after redirects) and validates it. */
async function fetchLessonUrl(url: string, allowed: ReadonlySet<string>): Promise<Found> {
  const bad = (message: string, problems: string[] = []): Found => ({ ok: false, message, problems });
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), FETCH_TIMEOUT_MS);
  let text: string;
  try {
    const res = await fetch(url, {
      signal: ctl.signal,
      credentials: 'same-origin',
      headers: { Accept: 'application/yaml, application/json, text/plain' },
    });
    if (res.url && !isAllowedLessonOrigin(new URL(res.url).origin, location.href, allowed))
      return bad(`the lesson at ${url} redirects to ${new URL(res.url).origin}, which is not allowed`);
    if (!res.ok) return bad(`the lesson at ${url} could not be loaded: HTTP ${res.status}`);
    const len = Number(res.headers.get('content-length') ?? 0);
    if (len > LESSON_LIMITS.maxFileChars * 4) return bad(`the lesson at ${url} is too large (${len} bytes)`);
    text = await res.text();
  } catch (e) {
    return bad(
      `the lesson at ${url} could not be loaded: ${ctl.signal.aborted ? 'no answer in 15 s' : (e as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
  }
  const v = await validateLesson(text);
  if (!v.lesson) return bad(`the lesson at ${url} is not valid`, v.problems.map(formatProblem));
  return { ok: true, lesson: v.lesson, from: 'url' };
}

/** Fetches a lesson file from an allowed origin (also after redirects) and opens it. */
export async function openLessonUrl(
  url: string,
  allowed: ReadonlySet<string>,
  opts: { startStep?: number; freshCluster?: boolean; progress?: readonly StepProgress[] | null } = {},
): Promise<OpenResult> {
  const found = await fetchLessonUrl(url, allowed);
  if (!found.ok) return failed(found.message, found.problems);
  return openLesson(found.lesson, 'url', opts);
}

/** What `?lesson=` names: a built-in (loaded and parsed) or a file (fetched and validated). */
async function findLessonParam(value: string, allowed: ReadonlySet<string>): Promise<Found> {
  const ref = resolveLessonRef(value, {
    pageUrl: location.href,
    allowedOrigins: allowed,
    isBuiltin: isBuiltinLesson,
  });
  if (ref.kind === 'error') return { ok: false, message: ref.message, problems: [] };
  if (ref.kind === 'url') return fetchLessonUrl(ref.url, allowed);
  const lesson = await lessonById(ref.id);
  if (!lesson) return { ok: false, message: `the built-in lesson ${ref.id} is damaged`, problems: [] };
  return { ok: true, lesson, from: 'builtin' };
}

/** `?lesson=` at boot: a built-in id or a URL. */
export async function openLessonParam(
  value: string,
  opts: {
    allowed: ReadonlySet<string>;
    startStep?: number;
    freshCluster?: boolean;
    progress?: readonly StepProgress[] | null;
  },
): Promise<OpenResult> {
  try {
    const found = await findLessonParam(value, opts.allowed);
    if (!found.ok) return failed(found.message, found.problems);
    // a lesson from a URL keeps a cluster restored for it only when a course platform restored it (issue 25)
    const keep = found.from === 'builtin' || opts.progress ? opts.freshCluster : undefined;
    return await openLesson(found.lesson, found.from, {
      startStep: opts.startStep,
      freshCluster: keep,
      progress: opts.progress,
    });
  } finally {
    useLessonHost.setState({ awaiting: false });
  }
}

/**
 * `?lesson=` at boot on a page whose engine has not started yet, for a fresh cluster (no share link):
 * the lesson is found first (a built-in's chunk loaded and parsed, a file fetched and validated) and
 * its cluster is the engine's FIRST `init` (issue 24: the page used to start the default preset's
 * cluster, draw it, then start over with the lesson's — a second session, a second first snapshot into
 * the store and the graph). `startEngineOn` starts the engine on those inputs; `startDefault` starts
 * the page's own cluster when there is no lesson to open (its error is shown). A lesson whose cluster
 * cannot be started leaves the default cluster, as opening it later would.
 */
export async function bootLessonParam(
  value: string,
  opts: {
    allowed: ReadonlySet<string>;
    startStep?: number;
    progress?: readonly StepProgress[] | null;
    startEngineOn: (inputs: Input[]) => Promise<unknown>;
    startDefault: () => Promise<void>;
  },
): Promise<OpenResult> {
  try {
    const found = await findLessonParam(value, opts.allowed);
    if (!found.ok) {
      const r = failed(found.message, found.problems);
      await opts.startDefault();
      return r;
    }
    useLessonHost.setState({ preparing: true, error: null, picking: false });
    try {
      await opts.startEngineOn(lessonStartInputs(found.lesson));
    } catch (e) {
      useLessonHost.setState({ preparing: false });
      const r = failed(`the lesson's cluster could not be started: ${(e as Error).message}`);
      // the page's own cluster instead (on the same engine when it answers; resetEngine decides)
      await resetEngine({ inputs: [] });
      return r;
    }
    // A task boundary: the first snapshot's render (cards, clock, events) is done in the task that
    // brought it; the lesson's opening (its panel, the console and timeline reset) renders in one of
    // its own instead of adding to that one (one task of 130 ms at 4× CPU on a phone, issue 24).
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    return await openLesson(found.lesson, found.from, {
      startStep: opts.startStep,
      progress: opts.progress,
      clusterStarted: true,
    });
  } finally {
    useLessonHost.setState({ awaiting: false });
  }
}

export function dismissLessonError(): void {
  useLessonHost.setState({ error: null });
}

export function setPicking(picking: boolean): void {
  useLessonHost.setState({ picking });
}
