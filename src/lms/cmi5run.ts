// The cmi5 AU at run time (issue 25): reads the launch parameters, trades the fetch URL for the auth
// token (once: cmi5 §8.2), reads LMS.LaunchData from the State API, then sends the statements of
// cmi5.ts in order — initialized; answered/experienced as the learner goes (Normal launch mode only);
// completed and passed/failed once the lesson is complete; terminated when the page goes (pagehide, with
// keepalive). A request that fails is said on the page, and the lesson goes on.
// Resume: the AU's own state document (cmi5.ts RESUME_STATE_ID, per actor and registration) holds the
// suspend data of suspend.ts, read before the page boots (connectCmi5) and written at each step, answer
// and goal and when the page goes (not in Review mode).

import { onLessonEvent, useLessonProgress } from '../state/lessonProgress';
import { textIn } from '../lessons/types';
import {
  answered,
  completed,
  experienced,
  initialized,
  judged,
  parseLaunch,
  parseLaunchData,
  resumeDocument,
  RESUME_STATE_ID,
  stateQuery,
  suspendOfDocument,
  terminated,
  CMI5,
  type StatementContext,
} from './cmi5';
import { interactionOf, outcomeOf, passingScoreOf } from './model';
import { duration2004 } from './time';
import { showLmsNotice } from './notice';
import { fitSuspend, readSuspend, type Suspended } from './suspend';
import { currentSharedState } from '../share/session';
import type { Cmi5Launch, LaunchData } from './cmi5';

async function fetchToken(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST' });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || typeof body['auth-token'] !== 'string')
    throw new Error(
      `the cmi5 fetch URL gave no token (HTTP ${res.status}${body && body['error-code'] ? `, error ${String(body['error-code'])}` : ''})`,
    );
  return body['auth-token'];
}

export interface Cmi5Connection {
  launch: Cmi5Launch;
  headers: Record<string, string>;
  data: LaunchData;
  /** what the learner left in this registration, null on a first launch */
  resume: Suspended | null;
}

/** The launch, the token, LMS.LaunchData and the learner's saved state: before the page boots. */
export async function connectCmi5(search: string): Promise<Cmi5Connection> {
  const launch = parseLaunch(search);
  const token = await fetchToken(launch.fetch);
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': CMI5.version };
  const res = await fetch(`${launch.endpoint}activities/state?${stateQuery(launch, 'LMS.LaunchData')}`, {
    headers,
  });
  if (!res.ok) throw new Error(`LMS.LaunchData could not be read (HTTP ${res.status})`);
  const data = parseLaunchData(await res.json());
  let resume: Suspended | null = null;
  try {
    const r = await fetch(`${launch.endpoint}activities/state?${stateQuery(launch, RESUME_STATE_ID)}`, {
      headers,
    });
    // 404: nothing saved in this registration yet
    if (r.ok) resume = readSuspend(suspendOfDocument(await r.text()));
    else if (r.status !== 404) throw new Error(`the saved state could not be read (HTTP ${r.status})`);
  } catch (e) {
    showLmsNotice('badResume', (e as Error).message);
  }
  return { launch, headers, data, resume };
}

export async function runCmi5(
  conn: Cmi5Connection,
  win: Window,
  now: () => number = () => Date.now(),
): Promise<() => void> {
  const { launch, headers, data } = conn;
  const ext = (data.contextTemplate as { extensions?: Record<string, unknown> }).extensions;
  const sessionId =
    typeof ext?.[CMI5.sessionId] === 'string' ? (ext[CMI5.sessionId] as string) : crypto.randomUUID();
  const started = now();
  const ctx = (): StatementContext => ({
    launch,
    data,
    sessionId,
    id: () => crypto.randomUUID(),
    timestamp: new Date(now()).toISOString(),
  });
  const normal = data.launchMode === 'Normal';

  let chain: Promise<unknown> = Promise.resolve();
  let failed = false;
  const send = (statements: Record<string, unknown>[], keepalive = false) => {
    chain = chain.then(async () => {
      const r = await fetch(`${launch.endpoint}statements`, {
        method: 'POST',
        keepalive,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(statements),
      }).catch((e: unknown) => e as Error);
      if ((r instanceof Error || !r.ok) && !failed) {
        failed = true;
        showLmsNotice('error', r instanceof Error ? r.message : `HTTP ${r.status}`);
      }
    });
    return chain;
  };

  // the resume document, written in order with the statements (one chain); when the page goes, at once
  // and with keepalive (a later link of the chain would never run)
  const saveState = (leaving = false) => {
    if (data.launchMode === 'Review') return;
    const { lesson, steps, current } = useLessonProgress.getState();
    if (!lesson) return;
    const body = resumeDocument(fitSuspend(current + 1, steps, currentSharedState(), 1_000_000).data);
    const put = async () => {
      const r = await fetch(`${launch.endpoint}activities/state?${stateQuery(launch, RESUME_STATE_ID)}`, {
        method: 'PUT',
        // a keepalive request may carry at most 64 KiB
        keepalive: leaving && body.length < 60_000,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      }).catch((e: unknown) => e as Error);
      if ((r instanceof Error || !r.ok) && !failed) {
        failed = true;
        showLmsNotice('error', r instanceof Error ? r.message : `HTTP ${r.status}`);
      }
    };
    if (leaving) void put();
    else chain = chain.then(put);
  };

  showLmsNotice('reporting');
  void send([initialized(ctx())]);
  let completedSent = false;
  let judgedSent = false;
  const seen = new Set<number>();
  const shownAt = new Map<number, number>();
  const see = (i: number) => {
    shownAt.set(i, shownAt.get(i) ?? now());
    const lesson = useLessonProgress.getState().lesson;
    if (!normal || seen.has(i) || !lesson) return;
    seen.add(i);
    void send([experienced(ctx(), i + 1, textIn(lesson.steps[i]?.title, 'en'))]);
  };
  const checkDone = () => {
    const { lesson, steps } = useLessonProgress.getState();
    if (!lesson || !normal) return;
    const passing = passingScoreOf(data.masteryScore, lesson);
    const o = outcomeOf(lesson, steps, passing);
    if (!o.complete) return;
    const out: Record<string, unknown>[] = [];
    if (!completedSent) out.push(completed(ctx(), duration2004(now() - started), o.progress));
    if (!judgedSent && o.passed !== null && o.score !== null)
      out.push(judged(ctx(), o.passed, o.score, data.masteryScore, duration2004(now() - started)));
    completedSent = true;
    judgedSent ||= o.passed !== null;
    if (out.length) void send(out);
  };

  see(useLessonProgress.getState().current);
  checkDone();
  const stopEvents = onLessonEvent((e) => {
    const { lesson, steps } = useLessonProgress.getState();
    if (!lesson) return;
    if (normal && (e.type === 'answer' || e.type === 'goal')) {
      const r = interactionOf(
        lesson,
        e,
        steps[e.step - 1],
        now(),
        now() - (shownAt.get(e.step - 1) ?? started),
      );
      void send([answered(ctx(), r, duration2004(r.latencyMs))]);
    }
    checkDone();
    saveState();
  });
  let last = useLessonProgress.getState().current;
  const stopStore = useLessonProgress.subscribe((s) => {
    if (s.current !== last) {
      last = s.current;
      see(s.current);
      saveState();
    }
  });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stopEvents();
    stopStore();
    saveState(true);
    void send([terminated(ctx(), duration2004(now() - started))], true);
  };
  win.addEventListener('pagehide', end);
  return () => {
    win.removeEventListener('pagehide', end);
    end();
  };
}
