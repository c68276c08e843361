// Finding and calling a SCORM LMS's API object (issue 25). The SCO looks for `API` (SCORM 1.2) or
// `API_1484_11` (2004) the way ADL's sample code does: this window, then its parents (at most 500
// levels up), then the opener and its parents. A frame of another origin cannot be read: it is skipped.

export type ScormVersion = 'scorm12' | 'scorm2004';

/** The calls the page makes, the same for both versions (values are strings, as SCORM's are). */
export interface ScormPort {
  version: ScormVersion;
  initialize(): boolean;
  get(element: string): string;
  set(element: string, value: string): boolean;
  commit(): boolean;
  finish(): boolean;
  /** the last error: code and the LMS's words (code '0': none) */
  lastError(): { code: string; text: string };
}

type Fn = (...a: string[]) => unknown;
type ApiObject = Record<string, Fn>;

function lookIn(start: Window, name: string): ApiObject | null {
  let w: Window | null = start;
  for (let tries = 0; w && tries <= 500; tries++) {
    try {
      const api = (w as unknown as Record<string, unknown>)[name];
      if (api && typeof api === 'object') return api as ApiObject;
    } catch {
      // another origin's window: keep climbing
    }
    if (w.parent === w) break;
    w = w.parent;
  }
  return null;
}

export function findApi(win: Window, name: 'API' | 'API_1484_11'): ApiObject | null {
  const here = lookIn(win, name);
  if (here) return here;
  let opener: Window | null = null;
  try {
    opener = (win.top ?? win).opener as Window | null;
  } catch {
    opener = null;
  }
  return opener ? lookIn(opener, name) : null;
}

const METHODS: Record<
  ScormVersion,
  {
    name: 'API' | 'API_1484_11';
    init: string;
    finish: string;
    get: string;
    set: string;
    commit: string;
    error: string;
    errorText: string;
  }
> = {
  scorm12: {
    name: 'API',
    init: 'LMSInitialize',
    finish: 'LMSFinish',
    get: 'LMSGetValue',
    set: 'LMSSetValue',
    commit: 'LMSCommit',
    error: 'LMSGetLastError',
    errorText: 'LMSGetErrorString',
  },
  scorm2004: {
    name: 'API_1484_11',
    init: 'Initialize',
    finish: 'Terminate',
    get: 'GetValue',
    set: 'SetValue',
    commit: 'Commit',
    error: 'GetLastError',
    errorText: 'GetErrorString',
  },
};

/** The port to the LMS's API, or null when there is none (or it lacks the version's calls). */
export function scormPort(version: ScormVersion, win: Window): ScormPort | null {
  const m = METHODS[version];
  const api = findApi(win, m.name);
  if (!api || ![m.init, m.finish, m.get, m.set, m.commit, m.error].every((k) => typeof api[k] === 'function'))
    return null;
  const call = (k: string, ...a: string[]) => String(api[k].call(api, ...a));
  return {
    version,
    initialize: () => call(m.init, '') === 'true',
    get: (e) => call(m.get, e),
    set: (e, v) => call(m.set, e, v) === 'true',
    commit: () => call(m.commit, '') === 'true',
    finish: () => call(m.finish, '') === 'true',
    lastError: () => {
      const code = call(m.error);
      return { code, text: typeof api[m.errorText] === 'function' ? call(m.errorText, code) : '' };
    },
  };
}
