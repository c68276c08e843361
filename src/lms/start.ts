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
  /** cmi5: the resume comes from the LRS; the page boots once this settles (`resume` is then null) */
  resumeLater?: Promise<Suspended | null>;
  /** starts reporting (the lesson is open) */
  begin(): void;
  stop(): void;
}

const cmi5Connections = new Map<
  string,
  Promise<{ m: typeof import('./cmi5run'); conn: import('./cmi5run').Cmi5Connection }>
>();

const NONE: LmsBoot = { standard: null, resume: null, begin: () => undefined, stop: () => undefined };

/** `allowed`: the parent origins the page answers (embed/protocol.ts allowedOrigins), for JSInput's jschannel. */
export function startLms(search: string, win: Window, allowed: ReadonlySet<string> = new Set()): LmsBoot {
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
    const resume = resumable(conn.resume);
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
    const js = installJsInput(win, allowed);
    return { standard, resume: null, begin: js.ready, stop: js.stop };
  }
  // cmi5: the token, LMS.LaunchData and the saved state before the page boots; statements once it is open
  let stop: (() => void) | null = null;
  let stopped = false;
  // once per page (the fetch URL gives its token once: cmi5 §8.2), also when React runs effects twice
  let connected = cmi5Connections.get(search);
  if (!connected) {
    connected = import('./cmi5run').then(async (m) => ({ m, conn: await m.connectCmi5(search) }));
    cmi5Connections.set(search, connected);
    connected.catch((e: unknown) => showLmsNotice('error', e instanceof Error ? e.message : String(e)));
  }
  return {
    standard,
    resume: null,
    resumeLater: connected.then(
      ({ conn }) => resumable(conn.resume),
      () => null,
    ),
    begin: () => {
      void connected.then(
        ({ m, conn }) =>
          m
            .runCmi5(conn, win)
            .then((s) => {
              if (stopped) s();
              else stop = s;
            })
            .catch((e: unknown) => showLmsNotice('error', e instanceof Error ? e.message : String(e))),
        () => undefined, // said once, above
      );
    },
    stop: () => {
      stopped = true;
      stop?.();
    },
  };
}

/** A session without commands is no cluster to start from: the lesson rebuilds it from its steps. */
function resumable(r: Suspended | null): Suspended | null {
  return r && r.session && r.session.inputs.length === 0 ? { ...r, session: null, sessionPayload: null } : r;
}
