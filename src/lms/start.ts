// The page's side of a course platform (issue 25), started by App.tsx when the launch URL says
// `lms=…` (standard.ts): connect before the engine boots (a returning learner's session decides what
// the cluster starts from), then report once the lesson is open. Without `lms=` nothing happens here.

import { standardOf, type Standard } from './standard';
import { connectScorm, runScorm, type ScormConnection } from './scorm';
import type { Suspended } from './suspend';
import { showLmsNotice, useLmsNotice } from './notice';
import { installJsInput } from './jsinput';

export interface LmsBoot {
  standard: Standard | null;
  /** what a returning learner left: the step and progress; `sessionPayload` when the cluster can be replayed from it */
  resume: Suspended | null;
  /** starts reporting (the lesson is open) */
  begin(): void;
  stop(): void;
}

const NONE: LmsBoot = { standard: null, resume: null, begin: () => undefined, stop: () => undefined };

export function startLms(search: string, win: Window): LmsBoot {
  const standard = standardOf(search);
  if (!standard) return NONE;
  useLmsNotice.setState({ standard });
  if (standard === 'scorm12' || standard === 'scorm2004') {
    let c: ScormConnection | null = null;
    try {
      c = connectScorm(standard, win);
    } catch (e) {
      showLmsNotice('error', (e as Error).message);
    }
    if (!c) {
      if (useLmsNotice.getState().kind === null) showLmsNotice('none');
      return { ...NONE, standard };
    }
    const conn = c;
    // a session without commands is no cluster to start from: the lesson rebuilds it from its steps
    const resume =
      conn.resume && conn.resume.session && conn.resume.session.inputs.length === 0
        ? { ...conn.resume, session: null, sessionPayload: null }
        : conn.resume;
    let stop: (() => void) | null = null;
    return {
      standard,
      resume,
      begin: () => {
        stop ??= runScorm(conn);
      },
      stop: () => stop?.(),
    };
  }
  if (standard === 'jsinput') {
    const js = installJsInput(win);
    return { standard, resume: null, begin: js.ready, stop: js.stop };
  }
  let stop: (() => void) | null = null;
  let stopped = false;
  return {
    standard,
    resume: null,
    begin: () => {
      void import('./cmi5run')
        .then((m) => m.runCmi5(search, win))
        .then((s) => {
          if (stopped) s();
          else stop = s;
        })
        .catch((e: unknown) => showLmsNotice('error', e instanceof Error ? e.message : String(e)));
    },
    stop: () => {
      stopped = true;
      stop?.();
    },
  };
}
