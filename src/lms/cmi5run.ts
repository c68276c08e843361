// The cmi5 AU at run time (issue 25): reads the launch parameters, trades the fetch URL for the auth
// token (once: cmi5 §8.2), reads LMS.LaunchData from the State API, then sends the statements of
// cmi5.ts in order — initialized; answered/experienced as the learner goes (Normal launch mode only);
// completed and passed/failed once the lesson is complete; terminated when the page goes (pagehide, with
// keepalive). A request that fails is said on the page, and the lesson goes on.

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
  terminated,
  CMI5,
  type StatementContext,
} from './cmi5';
import { interactionOf, outcomeOf, passingScoreOf } from './model';
import { duration2004 } from './time';
import { showLmsNotice } from './notice';

async function fetchToken(url: string): Promise<string> {
  const res = await fetch(url, { method: 'POST' });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || typeof body['auth-token'] !== 'string')
    throw new Error(
      `the cmi5 fetch URL gave no token (HTTP ${res.status}${body && body['error-code'] ? `, error ${String(body['error-code'])}` : ''})`,
    );
  return body['auth-token'];
}

export async function runCmi5(
  search: string,
  win: Window,
  now: () => number = () => Date.now(),
): Promise<() => void> {
  const launch = parseLaunch(search);
  const token = await fetchToken(launch.fetch);
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': CMI5.version };
  const q = new URLSearchParams({
    stateId: 'LMS.LaunchData',
    activityId: launch.activityId,
    agent: JSON.stringify(launch.actor),
    registration: launch.registration,
  });
  const res = await fetch(`${launch.endpoint}activities/state?${q}`, { headers });
  if (!res.ok) throw new Error(`LMS.LaunchData could not be read (HTTP ${res.status})`);
  const data = parseLaunchData(await res.json());
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
  });
  let last = useLessonProgress.getState().current;
  const stopStore = useLessonProgress.subscribe((s) => {
    if (s.current !== last) {
      last = s.current;
      see(s.current);
    }
  });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stopEvents();
    stopStore();
    void send([terminated(ctx(), duration2004(now() - started))], true);
  };
  win.addEventListener('pagehide', end);
  return () => {
    win.removeEventListener('pagehide', end);
    end();
  };
}
