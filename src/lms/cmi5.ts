// cmi5 (issue 25), pure: the launch parameters, and the statements an AU sends — the cmi5-defined ones
// (initialized, completed, passed/failed with the score, terminated) and, as cmi5 "allowed" statements,
// `answered` for each predict-first check or goal and `experienced` for each step seen. A small client of
// our own (cmi5run.ts, fetch) rather than @xapi/cmi5: that library brings axios and @xapi/xapi into the
// page for the few requests below.

import type { InteractionRecord } from './model';

export const CMI5 = {
  category: 'https://w3id.org/xapi/cmi5/context/categories/cmi5',
  moveOn: 'https://w3id.org/xapi/cmi5/context/categories/moveon',
  sessionId: 'https://w3id.org/xapi/cmi5/context/extensions/sessionid',
  masteryScore: 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore',
  version: '1.0.3',
} as const;

export const VERBS = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  experienced: 'http://adlnet.gov/expapi/verbs/experienced',
} as const;

export interface Cmi5Launch {
  endpoint: string;
  fetch: string;
  actor: Record<string, unknown>;
  registration: string;
  activityId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The five launch parameters, each checked; an Error names the first missing or bad one. */
export function parseLaunch(search: string): Cmi5Launch {
  const p = new URLSearchParams(search);
  const need = (k: string) => {
    const v = p.get(k);
    if (!v) throw new Error(`the cmi5 launch has no ${k} parameter`);
    return v;
  };
  const url = (k: string) => {
    const v = need(k);
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      throw new Error(`the cmi5 ${k} is not a URL`);
    }
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`the cmi5 ${k} is not http(s)`);
    return v;
  };
  const endpoint = url('endpoint');
  const fetchUrl = url('fetch');
  let actor: unknown;
  try {
    actor = JSON.parse(need('actor'));
  } catch {
    throw new Error('the cmi5 actor is not JSON');
  }
  if (typeof actor !== 'object' || actor === null || Array.isArray(actor))
    throw new Error('the cmi5 actor is not an Agent');
  const registration = need('registration');
  if (!UUID.test(registration)) throw new Error('the cmi5 registration is not a UUID');
  const activityId = need('activityId');
  return {
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
    fetch: fetchUrl,
    actor: actor as Record<string, unknown>,
    registration,
    activityId,
  };
}

/**
 * The AU's own state document (cmi5 §11 leaves the State API to the AU for anything but LMS.LaunchData,
 * which it only reads): the suspend data of suspend.ts under this stateId, per actor and registration, so
 * a relaunch in the same registration resumes and a new registration starts fresh.
 */
export const RESUME_STATE_ID = 'https://playground.daemonset.dev/xapi/state/resume';

/** The State API's query for one document of this launch (activity, agent, registration). */
export function stateQuery(launch: Cmi5Launch, stateId: string): string {
  return new URLSearchParams({
    stateId,
    activityId: launch.activityId,
    agent: JSON.stringify(launch.actor),
    registration: launch.registration,
  }).toString();
}

/** The resume document's body. */
export function resumeDocument(suspend: string): string {
  return JSON.stringify({ suspend });
}

/** The suspend data in a resume document; '' when it has none. Throws when it is not ours. */
export function suspendOfDocument(text: string): string {
  let d: unknown;
  try {
    d = JSON.parse(text);
  } catch {
    throw new Error('the saved state document is not JSON');
  }
  if (typeof d !== 'object' || d === null || Array.isArray(d))
    throw new Error('the saved state document is not an object');
  const s = Object.hasOwn(d, 'suspend') ? (d as Record<string, unknown>).suspend : '';
  if (typeof s !== 'string') throw new Error('the saved state document has no suspend text');
  return s;
}

/** What LMS.LaunchData says (cmi5 §10): the context every statement starts from, and the rules. */
export interface LaunchData {
  contextTemplate: Record<string, unknown>;
  launchMode: 'Normal' | 'Browse' | 'Review';
  masteryScore: number | null;
  moveOn: string;
}

export function parseLaunchData(x: unknown): LaunchData {
  if (typeof x !== 'object' || x === null) throw new Error('LMS.LaunchData is not an object');
  const d = x as Record<string, unknown>;
  const ct = d.contextTemplate;
  if (typeof ct !== 'object' || ct === null) throw new Error('LMS.LaunchData has no contextTemplate');
  const mode = d.launchMode === 'Browse' || d.launchMode === 'Review' ? d.launchMode : 'Normal';
  const ms =
    typeof d.masteryScore === 'number' && d.masteryScore >= 0 && d.masteryScore <= 1 ? d.masteryScore : null;
  return {
    contextTemplate: ct as Record<string, unknown>,
    launchMode: mode,
    masteryScore: ms,
    moveOn: typeof d.moveOn === 'string' ? d.moveOn : 'NotApplicable',
  };
}

export interface StatementContext {
  launch: Cmi5Launch;
  data: LaunchData;
  /** the session id of this launch (the contextTemplate's, else ours) */
  sessionId: string;
  id: () => string;
  timestamp: string;
}

function context(
  c: StatementContext,
  categories: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const t = c.data.contextTemplate as {
    contextActivities?: Record<string, unknown>;
    extensions?: Record<string, unknown>;
  };
  const ca = { ...t.contextActivities } as Record<string, unknown>;
  if (categories.length)
    ca.category = [
      ...((ca.category as unknown[]) ?? []),
      ...categories.map((id) => ({ id, objectType: 'Activity' })),
    ];
  return {
    ...t,
    registration: c.launch.registration,
    contextActivities: ca,
    extensions: { ...t.extensions, [CMI5.sessionId]: c.sessionId, ...extra },
  };
}

function base(c: StatementContext, verb: keyof typeof VERBS, display: string): Record<string, unknown> {
  return {
    id: c.id(),
    timestamp: c.timestamp,
    actor: c.launch.actor,
    verb: { id: VERBS[verb], display: { 'en-US': display } },
  };
}

const au = (c: StatementContext) => ({ objectType: 'Activity', id: c.launch.activityId });

export function initialized(c: StatementContext): Record<string, unknown> {
  return { ...base(c, 'initialized', 'initialized'), object: au(c), context: context(c, [CMI5.category]) };
}

export function completed(
  c: StatementContext,
  durationIso: string,
  progress: number,
): Record<string, unknown> {
  return {
    ...base(c, 'completed', 'completed'),
    object: au(c),
    result: {
      completion: true,
      duration: durationIso,
      extensions: { 'https://w3id.org/xapi/cmi5/result/extensions/progress': Math.round(progress * 100) },
    },
    context: context(c, [CMI5.category, CMI5.moveOn]),
  };
}

export function judged(
  c: StatementContext,
  passed: boolean,
  score: number,
  masteryScore: number | null,
  durationIso: string,
): Record<string, unknown> {
  return {
    ...base(c, passed ? 'passed' : 'failed', passed ? 'passed' : 'failed'),
    object: au(c),
    result: {
      success: passed,
      duration: durationIso,
      score: { scaled: score, raw: Math.round(score * 100), min: 0, max: 100 },
    },
    context: context(
      c,
      [CMI5.category, CMI5.moveOn],
      masteryScore !== null ? { [CMI5.masteryScore]: masteryScore } : {},
    ),
  };
}

export function terminated(c: StatementContext, durationIso: string): Record<string, unknown> {
  return {
    ...base(c, 'terminated', 'terminated'),
    object: au(c),
    result: { duration: durationIso },
    context: context(c, [CMI5.category]),
  };
}

/** An "allowed" statement for a question check or a goal: a cmi.interaction activity under the AU. */
export function answered(
  c: StatementContext,
  r: InteractionRecord,
  durationIso: string,
): Record<string, unknown> {
  const definition: Record<string, unknown> = {
    type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
    name: { 'en-US': r.id },
    description: { 'en-US': r.description },
    interactionType: r.kind === 'goal' ? 'other' : 'choice',
  };
  if (r.correct) definition.correctResponsesPattern = [r.correct.join('[,]')];
  return {
    ...base(c, 'answered', 'answered'),
    object: { objectType: 'Activity', id: `${c.launch.activityId}/${r.id}`, definition },
    result: {
      success: r.result === 'correct',
      response: r.response.join('[,]'),
      duration: durationIso,
      extensions: { 'https://playground.daemonset.dev/xapi/extensions/attempt': r.attempt },
    },
    context: context(c, []),
  };
}

/** An "allowed" statement: the learner opened a step. */
export function experienced(c: StatementContext, step: number, title: string): Record<string, unknown> {
  return {
    ...base(c, 'experienced', 'experienced'),
    object: {
      objectType: 'Activity',
      id: `${c.launch.activityId}/step-${step}`,
      definition: {
        type: 'http://adlnet.gov/expapi/activities/module',
        name: { 'en-US': title || `step ${step}` },
      },
    },
    context: context(c, []),
  };
}
