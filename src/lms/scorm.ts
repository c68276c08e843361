// The SCORM runtime of a lesson package (issue 25): connects to the LMS's API, reads what a returning
// learner left (entry = resume, suspend_data), and reports as the learner goes — the step as the
// location, each predict-first check and each exercise goal as an interaction (journalled: every try is
// a record), status and score (model.ts), suspend_data (suspend.ts) — with a commit at each step and
// after each answer or goal, and session time, exit and a clean finish when the page goes (pagehide).

import type { Lesson } from '../lessons/types';
import { onLessonEvent, useLessonProgress } from '../state/lessonProgress';
import { currentSharedState } from '../share/session';
import {
  interaction12,
  interaction2004,
  interactionOf,
  outcomeOf,
  passingScoreOf,
  status12,
  status2004,
  type Pairs,
} from './model';
import { fitSuspend, readSuspend, type Suspended } from './suspend';
import { scormPort, type ScormPort, type ScormVersion } from './scormApi';
import { duration2004, timespan12 } from './time';
import { showLmsNotice } from './notice';

/** suspend_data's size: SCORM 1.2 CMIString4096; 2004 4th edition characterstring SPM 64000. */
export const SUSPEND_LIMIT: Record<ScormVersion, number> = { scorm12: 4096, scorm2004: 64000 };

export interface ScormConnection {
  port: ScormPort;
  resume: Suspended | null;
  /** the LMS's passing score, 0–1, when it gives one */
  lmsPassing: number | null;
}

/** Finds the API and initialises the session. null: no LMS (the page then reports nothing). */
export function connectScorm(version: ScormVersion, win: Window): ScormConnection | null {
  const port = scormPort(version, win);
  if (!port) return null;
  if (!port.initialize()) {
    const e = port.lastError();
    // 1.2's 101 / 2004's 103: already initialised (a page that reloads inside one LMS session)
    if (e.code !== '101' && e.code !== '103') {
      showLmsNotice('error', `${e.code} ${e.text}`.trim());
      return null;
    }
  }
  const entry = port.get(version === 'scorm12' ? 'cmi.core.entry' : 'cmi.entry');
  const raw = port.get('cmi.suspend_data');
  let resume: Suspended | null = null;
  if (entry === 'resume' || raw.startsWith('d1~')) {
    try {
      resume = readSuspend(raw);
    } catch (e) {
      showLmsNotice('badResume', (e as Error).message);
    }
  }
  const p = port.get(version === 'scorm12' ? 'cmi.student_data.mastery_score' : 'cmi.scaled_passing_score');
  const lmsPassing =
    p.trim() === '' || !Number.isFinite(Number(p))
      ? null
      : version === 'scorm12'
        ? Number(p) / 100
        : Number(p);
  return { port, resume, lmsPassing };
}

/** Reports the open lesson to the LMS until the page goes. Returns a stop (it also finishes the session). */
export function runScorm(c: ScormConnection, opts: { now?: () => number; win?: Window } = {}): () => void {
  const now = opts.now ?? (() => Date.now());
  const win = opts.win ?? window;
  const { port } = c;
  const v = port.version;
  const started = now();
  const shownAt = new Map<number, number>();
  let n = Number(port.get('cmi.interactions._count')) || 0;
  let finished = false;
  let errored = false;

  const set = (pairs: Pairs) => {
    for (const [k, val] of pairs) {
      if (!port.set(k, val) && !errored) {
        errored = true;
        const e = port.lastError();
        showLmsNotice('error', `${k}: ${e.code} ${e.text}`.trim());
      }
    }
  };

  const writeState = () => {
    const { lesson, steps, current } = useLessonProgress.getState();
    if (!lesson) return;
    const o = outcomeOf(lesson, steps, passingScoreOf(c.lmsPassing, lesson));
    set(v === 'scorm12' ? status12(o, current + 1) : status2004(o, current + 1));
    const fit = fitSuspend(current + 1, steps, currentSharedState(), SUSPEND_LIMIT[v]);
    set([['cmi.suspend_data', fit.data]]);
    if (fit.kept === 'noEditor') showLmsNotice('trimmedEditor');
    else if (fit.kept === 'noCommands') showLmsNotice('trimmedCommands');
    else if (fit.kept === 'progressOnly' || fit.kept === 'stepOnly') showLmsNotice('trimmedProgress');
    set([
      [
        v === 'scorm12' ? 'cmi.core.exit' : 'cmi.exit',
        o.complete ? (v === 'scorm12' ? '' : 'normal') : 'suspend',
      ],
    ]);
  };

  const commit = () => {
    if (!finished) port.commit();
  };

  showLmsNotice('reporting');
  const first = useLessonProgress.getState();
  shownAt.set(first.current, started);
  writeState();
  commit();

  const stopEvents = onLessonEvent((e) => {
    if (finished) return;
    const { lesson, steps } = useLessonProgress.getState();
    if (!lesson) return;
    if (e.type === 'answer' || e.type === 'goal') {
      const r = interactionOf(
        lesson,
        e,
        steps[e.step - 1],
        now(),
        now() - (shownAt.get(e.step - 1) ?? started),
      );
      set(v === 'scorm12' ? interaction12(n, r) : interaction2004(n, r));
      n++;
    }
    writeState();
    commit();
  });
  let lastStep = first.current;
  let lastLesson: Lesson | null = first.lesson;
  const stopStore = useLessonProgress.subscribe((s) => {
    if (finished || (s.current === lastStep && s.lesson === lastLesson)) return;
    lastStep = s.current;
    lastLesson = s.lesson;
    if (!shownAt.has(s.current)) shownAt.set(s.current, now());
    writeState();
    commit();
  });

  const finish = () => {
    if (finished) return;
    writeState();
    set([
      [
        v === 'scorm12' ? 'cmi.core.session_time' : 'cmi.session_time',
        v === 'scorm12' ? timespan12(now() - started) : duration2004(now() - started),
      ],
    ]);
    port.commit();
    finished = true;
    port.finish();
    stopEvents();
    stopStore();
  };
  win.addEventListener('pagehide', finish);
  return () => {
    win.removeEventListener('pagehide', finish);
    finish();
  };
}
