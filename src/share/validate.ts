// Strict shape checks of a decoded state: types, lengths, allowed values. Anything else is refused, so
// what reaches the engine is exactly what a page could have recorded.

import { PRESETS, type PresetName, BudgetError, checkScriptBudget, PAGE_BUDGET } from '../engine/scripts';
import type { Input } from '../wire/protocol';
import { ShareError } from './errors';
import { LIMITS } from './limits';
import type { Placement, SharedState } from './types';

type Json = unknown;

function fail(detail: string): never {
  throw new ShareError('shape', detail);
}

function isObject(x: Json): x is Record<string, Json> {
  return (
    typeof x === 'object' && x !== null && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype
  );
}

function int(x: Json, name: string, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
    fail(`${name} must be an integer from ${min} to ${max}`);
  return x;
}

function str(x: Json, name: string, max: number): string {
  if (typeof x !== 'string' || x.length > max) fail(`${name} must be a string of at most ${max} characters`);
  return x;
}

/** Only the keys listed; a key we do not know means this is not a v1 state. */
function onlyKeys(o: Record<string, Json>, allowed: readonly string[], name: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`${name} has an unknown field`);
}

const V1_KEYS = [
  'v',
  'seed',
  'preset',
  'nodes',
  'inputs',
  'until',
  'editorText',
  'lesson',
  'step',
  'placed',
] as const;
const LESSON_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** RFC 1123 subdomain: what a Node's name may be. */
const NODE_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** The v1 JSON (wire form, inputs as `[at, line, stdin?]`) to a SharedState; throws ShareError. */
export function validateV1(x: Json): SharedState {
  if (!isObject(x)) fail('the state must be a JSON object');
  onlyKeys(x, V1_KEYS, 'the state');
  if (x.v !== 1) fail('v must be 1');
  const seed = int(x.seed, 'seed', 0, LIMITS.maxSeed);
  if (typeof x.preset !== 'string' || !(PRESETS as readonly string[]).includes(x.preset))
    fail(`preset must be one of ${PRESETS.join(', ')}`);
  const preset = x.preset as PresetName;
  const nodes = x.nodes === undefined ? undefined : int(x.nodes, 'nodes', 1, LIMITS.maxNodes);
  if (!Array.isArray(x.inputs) || x.inputs.length > LIMITS.maxInputs)
    fail(`inputs must be a list of at most ${LIMITS.maxInputs}`);
  const inputs: Input[] = [];
  let last = 0;
  x.inputs.forEach((raw: Json, i: number) => {
    if (!Array.isArray(raw) || raw.length < 2 || raw.length > 3)
      fail(`inputs[${i}] must be [at, line] or [at, line, stdin]`);
    const at = int(raw[0], `inputs[${i}][0]`, last, LIMITS.maxSimMs);
    last = at;
    const line = str(raw[1], `inputs[${i}][1]`, LIMITS.maxLineChars);
    const input: Input = { at, line };
    if (raw.length === 3) input.stdin = str(raw[2], `inputs[${i}][2]`, LIMITS.maxStdinChars);
    inputs.push(input);
  });
  const until = int(x.until, 'until', 0, LIMITS.maxSimMs);
  const editorText = str(x.editorText, 'editorText', LIMITS.maxEditorChars);
  const out: SharedState = { seed, preset, inputs, until, editorText };
  if (nodes !== undefined) out.nodes = nodes;
  if (x.lesson !== undefined) {
    const lesson = str(x.lesson, 'lesson', LIMITS.maxLessonChars);
    if (!LESSON_ID.test(lesson)) fail('lesson must be an id (letters, digits, . _ -)');
    out.lesson = lesson;
  }
  if (x.step !== undefined) out.step = int(x.step, 'step', 0, LIMITS.maxStep);
  if (x.placed !== undefined) out.placed = placements(x.placed);
  checkBudget(out);
  return out;
}

/**
 * Refuses states whose replay would run longer than a page session may (PAGE_BUDGET, script/budget.ts):
 * more than 5,000 nodes (preset, `sim cluster --nodes`, `sim node add`), simulated time past 30 days
 * (the inputs' times, `sim advance`, `until`), `sim step` of more than 100,000 items. What only the replay
 * can tell (`sim settle`, `rollout status` waits, nodes from manifests) the engine bounds while replaying.
 */
export function checkBudget(s: SharedState): void {
  try {
    checkScriptBudget(
      s.inputs.map((input, i) => ({ index: i, line: input.line, at: input.at })),
      { preset: s.preset, nodes: s.nodes },
      PAGE_BUDGET,
    );
  } catch (e) {
    if (!(e instanceof BudgetError)) throw e;
    // the detail names the input and the limit, never text from the link
    throw new ShareError('budget', `inputs[${e.index}]: over the ${e.kind} limit of ${e.limit}`, {
      input: e.index + 1,
      kind: e.kind,
      limit: e.limit,
    });
  }
  if (s.until > PAGE_BUDGET.maxSimMs)
    throw new ShareError('budget', 'until: past the time limit', {
      input: 0,
      kind: 'time',
      limit: PAGE_BUDGET.maxSimMs,
    });
}

/** `placed`: at most one `[node, col, row]` per node, a node name as Kubernetes allows, cells in the grid's range. */
function placements(x: Json): Placement[] {
  if (!Array.isArray(x) || x.length > LIMITS.maxNodes)
    fail(`placed must be a list of at most ${LIMITS.maxNodes}`);
  const seen = new Set<string>();
  return x.map((raw: Json, i: number): Placement => {
    if (!Array.isArray(raw) || raw.length !== 3) fail(`placed[${i}] must be [node, col, row]`);
    const name = str(raw[0], `placed[${i}][0]`, 253);
    if (!NODE_NAME.test(name))
      fail(`placed[${i}][0] must be a node name (lower-case letters, digits, - and .)`);
    if (seen.has(name)) fail(`placed[${i}][0] names a node placed twice`);
    seen.add(name);
    return [
      name,
      int(raw[1], `placed[${i}][1]`, 0, LIMITS.maxGridCell),
      int(raw[2], `placed[${i}][2]`, 0, LIMITS.maxGridCell),
    ];
  });
}
