// cmi5's launch parameters and LaunchData are read as hostile input; the statements carry the
// registration, the session id and the cmi5 category only where cmi5 defines the verb.

import { describe, expect, it } from 'vitest';
import {
  answered,
  CMI5,
  completed,
  initialized,
  judged,
  parseLaunch,
  parseLaunchData,
  resumeDocument,
  RESUME_STATE_ID,
  stateQuery,
  suspendOfDocument,
  terminated,
  type StatementContext,
} from './cmi5';

const REG = '0b9bbfa4-52c1-4c8a-a3c1-2d8a5b0f0c11';
const search = (o: Record<string, string>) =>
  `?${new URLSearchParams({ endpoint: 'https://lrs.example/xapi', fetch: 'https://lms.example/fetch/1', actor: '{"account":{"homePage":"https://lms.example","name":"u1"}}', registration: REG, activityId: 'https://x/au', ...o })}`;

describe('parseLaunch', () => {
  it('reads the five parameters; the endpoint ends with a slash', () => {
    const l = parseLaunch(search({}));
    expect(l.endpoint).toBe('https://lrs.example/xapi/');
    expect(l.actor).toEqual({ account: { homePage: 'https://lms.example', name: 'u1' } });
  });
  it('names the first missing or bad one', () => {
    expect(() => parseLaunch('?')).toThrow(/no endpoint/);
    expect(() => parseLaunch(search({ endpoint: 'javascript:alert(1)' }))).toThrow(/endpoint is not http/);
    expect(() => parseLaunch(search({ actor: '[1]' }))).toThrow(/actor is not an Agent/);
    expect(() => parseLaunch(search({ registration: 'x' }))).toThrow(/registration is not a UUID/);
  });
});

describe('statements', () => {
  const data = parseLaunchData({
    contextTemplate: {
      contextActivities: { grouping: [{ id: 'https://x/course' }] },
      extensions: { [CMI5.sessionId]: 's-1' },
    },
    launchMode: 'Normal',
    moveOn: 'Completed',
    masteryScore: 0.8,
  });
  const c: StatementContext = {
    launch: parseLaunch(search({})),
    data,
    sessionId: 's-1',
    id: () => 'id-1',
    timestamp: '2026-01-01T00:00:00.000Z',
  };
  const cats = (s: Record<string, unknown>) =>
    (
      (s.context as { contextActivities: { category?: { id: string }[] } }).contextActivities.category ?? []
    ).map((x) => x.id);

  it('cmi5-defined verbs carry the cmi5 category, completion and judgement the moveon one', () => {
    expect(cats(initialized(c))).toEqual([CMI5.category]);
    expect(cats(completed(c, 'PT1S', 1))).toEqual([CMI5.category, CMI5.moveOn]);
    expect(cats(terminated(c, 'PT1S'))).toEqual([CMI5.category]);
    const failed = judged(c, false, 0.5, 0.8, 'PT2S');
    expect((failed.verb as { id: string }).id).toBe('http://adlnet.gov/expapi/verbs/failed');
    expect(failed.result).toEqual({
      success: false,
      duration: 'PT2S',
      score: { scaled: 0.5, raw: 50, min: 0, max: 100 },
    });
    expect((failed.context as { extensions: Record<string, unknown> }).extensions[CMI5.masteryScore]).toBe(
      0.8,
    );
  });

  it('answered is an allowed statement: no cmi5 category, the registration and session id', () => {
    const s = answered(
      c,
      {
        id: 'step-1-question',
        kind: 'choice',
        response: ['a'],
        correct: ['b'],
        result: 'incorrect',
        attempt: 1,
        description: 'd',
        at: 0,
        latencyMs: 0,
      },
      'PT3S',
    );
    expect(cats(s)).toEqual([]);
    const ctx = s.context as {
      registration: string;
      extensions: Record<string, unknown>;
      contextActivities: { grouping: unknown[] };
    };
    expect(ctx.registration).toBe(REG);
    expect(ctx.extensions[CMI5.sessionId]).toBe('s-1');
    expect(ctx.contextActivities.grouping).toEqual([{ id: 'https://x/course' }]);
    expect((s.object as { id: string }).id).toBe('https://x/au/step-1-question');
  });

  it('LaunchData: a bad mastery score is none, an unknown mode is Normal; no context template is refused', () => {
    expect(parseLaunchData({ contextTemplate: {}, masteryScore: 3, launchMode: 'X' })).toMatchObject({
      masteryScore: null,
      launchMode: 'Normal',
    });
    expect(() => parseLaunchData({ launchMode: 'Normal' })).toThrow(/contextTemplate/);
  });
});

describe('the resume state document', () => {
  it('is addressed per activity, agent and registration', () => {
    const q = new URLSearchParams(stateQuery(parseLaunch(search({})), RESUME_STATE_ID));
    expect(q.get('stateId')).toBe(RESUME_STATE_ID);
    expect(q.get('activityId')).toBe('https://x/au');
    expect(q.get('registration')).toBe(REG);
    expect(JSON.parse(q.get('agent')!)).toEqual({ account: { homePage: 'https://lms.example', name: 'u1' } });
  });
  it('holds the suspend text, read back as hostile input', () => {
    expect(suspendOfDocument(resumeDocument('d1~2~abc~'))).toBe('d1~2~abc~');
    expect(suspendOfDocument('{}')).toBe('');
    expect(suspendOfDocument('{"__proto__":{"suspend":"x"}}')).toBe('');
    expect(() => suspendOfDocument('nope')).toThrow(/not JSON/);
    expect(() => suspendOfDocument('[1]')).toThrow(/not an object/);
    expect(() => suspendOfDocument('{"suspend":1}')).toThrow(/no suspend text/);
  });
});
