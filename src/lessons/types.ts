// Lessons are data (issue 13, DESIGN §6): a lesson file (YAML or JSON) is validated and normalised into
// a Lesson. Steps are scenario-script lines (kubectl / sim, heredocs allowed), so the CLI replays a
// lesson exactly as the page runs it.

import type { PresetName } from '../engine';

/** A text: a plain string, or a map by language tag (`en` always present after validation). */
export type LText = string | Readonly<Record<string, string>>;

/** "Click the nodes that will get a pod": the answer is what the engine then does (issue 13). */
export interface NodeQuestion {
  daemonSet: string;
  namespace: string;
}

export interface Question {
  prompt: LText;
  /** a graph question has no choices: the learner picks nodes, the engine's result is the answer */
  nodes?: NodeQuestion;
  choices: LText[];
  /** the right choices (indices into choices); one for a single choice, several for "choose all that apply" */
  answer: number[];
  /** true when the file gave a list: the learner ticks boxes instead of one radio button */
  multiple: boolean;
  explanation?: LText;
}

export interface Expectation {
  /** a read-only command (kubectl get|describe|…, sim why) run against the learner's cluster */
  command: string;
  equals?: string;
  matches?: string;
  /** what the check looks for, in words (shown to the learner instead of the pattern) */
  description?: LText;
}

export interface Goal {
  text: LText;
  expect: Expectation[];
  hint?: LText;
  /** scenario-script lines that reach the goal ("show me", and the CLI's check) */
  solution: string;
}

export interface LessonStep {
  title: LText;
  text: LText;
  /** scenario-script text: one command per line, heredocs allowed; '' when the step runs nothing */
  script: string;
  /** an optional "predict first" question, asked before the commands run */
  question?: Question;
  /** an optional exercise: the learner acts, the engine checks */
  goal?: Goal;
}

export interface Lesson {
  id: string;
  title: LText;
  /** cluster preset the lesson starts from */
  preset: PresetName;
  nodes?: number;
  /** the score (0–1, as `scoreOf` computes it) at or above which an LMS records "passed" (issue 25) */
  passingScore?: number;
  /** scenario-script lines run before step 1, not shown */
  setup: string;
  steps: LessonStep[];
}

/** The text in a language: that language, else its base language (`zh` for `zh-TW`), else English. */
export function textIn(t: LText | undefined, lang: string): string {
  if (t === undefined) return '';
  if (typeof t === 'string') return t;
  if (Object.hasOwn(t, lang)) return t[lang];
  const base = lang.split('-')[0];
  for (const k of Object.keys(t)) if (k.split('-')[0] === base) return t[k];
  return Object.hasOwn(t, 'en') ? t.en : '';
}
