// Bounds of a lesson file. They are far above what a real lesson needs and keep a hostile file from
// hanging the page or the CLI. The JSON Schema (public/lesson.schema.json) states the same numbers.

export const LESSON_LIMITS = {
  /** the whole file, in characters */
  maxFileChars: 512 * 1024,
  maxSteps: 100,
  maxChoices: 10,
  maxExpect: 20,
  maxTitleChars: 200,
  maxTextChars: 20_000,
  maxScriptChars: 100_000,
  maxCommandChars: 2_000,
  maxPatternChars: 1_000,
  maxLanguages: 20,
  maxNodes: 5_000,
  /** YAML aliases (a "billion laughs" file expands aliases) */
  maxAliases: 100,
  /** at most this many problems are listed */
  maxProblems: 200,
} as const;

export const LESSON_API_VERSION = 'playground.daemonset.dev/v1';
export const LESSON_KIND = 'Lesson';
/** metadata.name: a DNS label (lower case, digits, '-', '.'), as Kubernetes object names. */
export const LESSON_NAME = /^[a-z0-9]([-a-z0-9.]{0,61}[a-z0-9])?$/;
/** a language tag key of a text map (`en`, `zh-CN`, `pt-BR`, …) */
export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
