// The lesson file validator (issue 13): every problem with its path (`spec.steps[2].goal.expect[0]
// .command: …`), not only the first. "schema" problems are the ones public/lesson.schema.json also
// finds (a test keeps the two in agreement); "semantic" ones need the engine: scripts that do not
// parse, expectations that cannot run, answers out of range, unsafe links and patterns.

import { isPreset, PRESETS, parseScript, ScriptParseError, tokenize } from '../engine/scripts';
import { LANGUAGE_TAG, LESSON_API_VERSION, LESSON_KIND, LESSON_LIMITS as L, LESSON_NAME } from './limits';
import { expectationCommandProblem, isUsageError } from './expectations';
import { isSafeHref, linkTargets } from './markdown';
import { patternProblem } from './regex';
import type { Expectation, Goal, Lesson, LessonStep, LText, Question } from './types';

export interface Problem {
  path: string;
  message: string;
  kind: 'schema' | 'semantic';
}

export interface Validation {
  lesson: Lesson | null;
  problems: Problem[];
}

export function formatProblem(p: Problem): string {
  return p.path ? `${p.path}: ${p.message}` : p.message;
}

type Obj = Record<string, unknown>;

class Checker {
  problems: Problem[] = [];
  add(path: string, message: string, kind: Problem['kind'] = 'schema'): void {
    if (this.problems.length < L.maxProblems) this.problems.push({ path, message, kind });
  }

  obj(v: unknown, path: string, allowed: readonly string[], required: readonly string[]): Obj | null {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.add(path, `must be a map (got ${typeName(v)})`);
      return null;
    }
    const o = v as Obj;
    for (const k of Object.keys(o))
      if (!allowed.includes(k))
        this.add(join(path, k), `unknown field (allowed here: ${allowed.join(', ')})`);
    for (const k of required) if (!Object.hasOwn(o, k)) this.add(join(path, k), 'is required');
    return o;
  }

  str(
    v: unknown,
    path: string,
    max: number,
    opts: { nonEmpty?: boolean; pattern?: RegExp; patternText?: string } = {},
  ): string | null {
    if (typeof v !== 'string') {
      this.add(path, `must be a string (got ${typeName(v)})`);
      return null;
    }
    if (v.length > max) this.add(path, `is ${v.length} characters long (at most ${max})`);
    else if (opts.nonEmpty && v.trim() === '') this.add(path, 'must not be empty');
    else if (opts.pattern && !opts.pattern.test(v))
      this.add(path, opts.patternText ?? `must match ${opts.pattern}`);
    else return v;
    return null;
  }

  /** A text: a string, or a map by language tag with `en`. */
  text(v: unknown, path: string, max: number, nonEmpty = false, markdown = false): LText | null {
    if (typeof v === 'string') {
      const s = this.str(v, path, max, { nonEmpty });
      if (s !== null && markdown) this.links(s, path);
      return s;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      this.add(
        path,
        `must be a string or a map by language, like {en: "…", zh-CN: "…"} (got ${typeName(v)})`,
      );
      return null;
    }
    const o = v as Obj;
    const keys = Object.keys(o);
    let ok = true;
    if (!Object.hasOwn(o, 'en')) {
      this.add(
        path,
        `has no "en" text (every text needs English; found ${keys.length ? keys.join(', ') : 'no languages'})`,
      );
      ok = false;
    }
    if (keys.length > L.maxLanguages) {
      this.add(path, `has ${keys.length} languages (at most ${L.maxLanguages})`);
      return null;
    }
    const out: Record<string, string> = {};
    for (const k of keys) {
      if (!LANGUAGE_TAG.test(k)) {
        this.add(join(path, k), 'is not a language tag (like en, zh-CN, pt-BR)');
        ok = false;
        continue;
      }
      const s = this.str(o[k], join(path, k), max, { nonEmpty });
      if (s === null) ok = false;
      else {
        out[k] = s;
        if (markdown) this.links(s, join(path, k));
      }
    }
    return ok ? Object.freeze(out) : null;
  }

  links(s: string, path: string): void {
    for (const href of linkTargets(s))
      if (!isSafeHref(href))
        this.add(
          path,
          `link "${href.slice(0, 80)}" is not an https:// address (only https links are allowed)`,
          'semantic',
        );
  }

  /** A scenario script: it must parse, read no files, and every line must tokenize. */
  script(v: unknown, path: string): string | null {
    const s = this.str(v, path, L.maxScriptChars);
    if (s === null) return null;
    let cmds;
    try {
      cmds = parseScript(s);
    } catch (e) {
      if (e instanceof ScriptParseError) this.add(path, `line ${e.line}: ${e.message}`, 'semantic');
      else this.add(path, (e as Error).message, 'semantic');
      return null;
    }
    let ok = true;
    for (const c of cmds) {
      let words: string[];
      try {
        words = tokenize(c.command);
      } catch (e) {
        this.add(path, `line ${c.line}: ${(e as Error).message}`, 'semantic');
        ok = false;
        continue;
      }
      for (let i = 0; i < words.length; i++) {
        const w = words[i];
        const file =
          w === '-f' || w === '--filename'
            ? words[i + 1]
            : (/^(-f|--filename)=(.*)$/.exec(w)?.[2] ?? /^-f(.+)$/.exec(w)?.[1]);
        if (file !== undefined && file !== '-') {
          this.add(
            path,
            `line ${c.line}: "-f ${file}": a lesson has no files; put the manifest in a here-document (kubectl apply -f - <<EOF … EOF)`,
            'semantic',
          );
          ok = false;
        }
      }
    }
    return ok ? (s.endsWith('\n') || s === '' ? s : s + '\n') : null;
  }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const k = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
  return path ? `${path}.${k}` : k;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  return `a ${typeof v}`;
}

function list(c: Checker, v: unknown, path: string, min: number, max: number): unknown[] | null {
  if (!Array.isArray(v)) {
    c.add(path, `must be a list (got ${typeName(v)})`);
    return null;
  }
  if (v.length < min) c.add(path, `must have at least ${min} item${min === 1 ? '' : 's'}`);
  if (v.length > max) {
    c.add(path, `has ${v.length} items (at most ${max})`);
    return null;
  }
  return v;
}

const DNS_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

function question(c: Checker, v: unknown, path: string): Question | null {
  const raw = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null;
  if (raw && Object.hasOwn(raw, 'nodes')) return nodeQuestion(c, raw, path);
  const o = c.obj(
    v,
    path,
    ['prompt', 'choices', 'answer', 'explanation', 'nodes'],
    ['prompt', 'choices', 'answer'],
  );
  if (!o) return null;
  const prompt = Object.hasOwn(o, 'prompt')
    ? c.text(o.prompt, join(path, 'prompt'), L.maxTextChars, true, true)
    : null;
  const rawChoices = Object.hasOwn(o, 'choices')
    ? list(c, o.choices, join(path, 'choices'), 2, L.maxChoices)
    : null;
  const choices =
    rawChoices?.map((x, i) => c.text(x, join(join(path, 'choices'), i), L.maxTextChars, true, true)) ?? null;
  const explanation = Object.hasOwn(o, 'explanation')
    ? c.text(o.explanation, join(path, 'explanation'), L.maxTextChars, false, true)
    : undefined;
  let answer: number[] | null = null;
  let multiple = false;
  if (Object.hasOwn(o, 'answer')) {
    const a = o.answer;
    const ap = join(path, 'answer');
    const isIndex = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0;
    if (isIndex(a)) answer = [a as number];
    else if (Array.isArray(a)) {
      multiple = true;
      if (a.length === 0) c.add(ap, 'must have at least 1 item');
      else if (a.length > L.maxChoices) c.add(ap, `has ${a.length} items (at most ${L.maxChoices})`);
      else if (!a.every(isIndex)) c.add(ap, 'must be a list of choice indices (0, 1, …)');
      else if (new Set(a).size !== a.length) c.add(ap, 'lists a choice twice');
      else answer = a as number[];
    } else c.add(ap, `must be a choice index (0 is the first choice) or a list of them (got ${typeName(a)})`);
    if (answer && rawChoices) {
      for (const i of answer)
        if (i >= rawChoices.length)
          c.add(ap, `choice ${i} does not exist (the choices are 0 to ${rawChoices.length - 1})`, 'semantic');
    }
  }
  if (!prompt || !choices || choices.some((x) => x === null) || !answer || explanation === null) return null;
  return {
    prompt,
    choices: choices as LText[],
    answer,
    multiple,
    ...(explanation !== undefined ? { explanation } : {}),
  };
}

/** "Click the nodes that will get a pod": `nodes: {daemonSet, namespace}` instead of choices and answer. */
function nodeQuestion(c: Checker, o: Obj, path: string): Question | null {
  for (const k of Object.keys(o))
    if (!['prompt', 'nodes', 'explanation'].includes(k))
      c.add(
        join(path, k),
        k === 'choices' || k === 'answer'
          ? 'a question with nodes is answered on the graph: it has no choices or answer'
          : 'unknown field (allowed here: prompt, nodes, explanation)',
      );
  if (!Object.hasOwn(o, 'prompt')) c.add(join(path, 'prompt'), 'is required');
  const prompt = Object.hasOwn(o, 'prompt')
    ? c.text(o.prompt, join(path, 'prompt'), L.maxTextChars, true, true)
    : null;
  const explanation = Object.hasOwn(o, 'explanation')
    ? c.text(o.explanation, join(path, 'explanation'), L.maxTextChars, false, true)
    : undefined;
  const np = join(path, 'nodes');
  const n = c.obj(o.nodes, np, ['daemonSet', 'namespace'], ['daemonSet']);
  const ds =
    n && Object.hasOwn(n, 'daemonSet')
      ? c.str(n.daemonSet, join(np, 'daemonSet'), 253, {
          pattern: DNS_NAME,
          patternText: 'must be a DaemonSet name',
        })
      : null;
  const ns =
    n && Object.hasOwn(n, 'namespace')
      ? c.str(n.namespace, join(np, 'namespace'), 63, {
          pattern: LESSON_NAME,
          patternText: 'must be a namespace name',
        })
      : 'default';
  if (!prompt || !ds || !ns || explanation === null) return null;
  return {
    prompt,
    nodes: { daemonSet: ds, namespace: ns },
    choices: [],
    answer: [],
    multiple: true,
    ...(explanation !== undefined ? { explanation } : {}),
  };
}

function expectation(c: Checker, v: unknown, path: string, dry: DryRun | null): Expectation | null {
  const o = c.obj(v, path, ['command', 'equals', 'matches', 'description'], ['command']);
  if (!o) return null;
  const hasEq = Object.hasOwn(o, 'equals');
  const hasRe = Object.hasOwn(o, 'matches');
  if (hasEq === hasRe)
    c.add(path, hasEq ? 'has both equals and matches (give one)' : 'needs equals or matches');
  let ok = hasEq !== hasRe;
  const command = Object.hasOwn(o, 'command')
    ? c.str(o.command, join(path, 'command'), L.maxCommandChars, { nonEmpty: true })
    : null;
  if (command !== null) {
    const why = expectationCommandProblem(command);
    if (why) {
      c.add(join(path, 'command'), why, 'semantic');
      ok = false;
    } else if (dry) {
      // Run it once against an empty cluster: usage errors (unknown flags, commands, resource types,
      // output formats) show there; "not found" is fine.
      const r = dry.exec(command.trim());
      const printed = r.chunks.map((ch) => ch.text).join('');
      if (isUsageError(r.exitCode, printed)) {
        c.add(join(path, 'command'), `cannot run: ${printed.trim().split('\n')[0]}`, 'semantic');
        ok = false;
      }
    }
  }
  const equals = hasEq ? c.str(o.equals, join(path, 'equals'), L.maxTextChars) : undefined;
  let matches = hasRe ? c.str(o.matches, join(path, 'matches'), L.maxPatternChars) : undefined;
  if (typeof matches === 'string') {
    const why = patternProblem(matches);
    if (why) {
      c.add(join(path, 'matches'), why, 'semantic');
      matches = null;
    }
  }
  const description = Object.hasOwn(o, 'description')
    ? c.text(o.description, join(path, 'description'), L.maxTextChars, true, true)
    : undefined;
  if (!ok || command === null || equals === null || matches === null || description === null) return null;
  return {
    command: command.trim(),
    ...(equals !== undefined ? { equals } : {}),
    ...(matches !== undefined ? { matches } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

function goal(c: Checker, v: unknown, path: string, dry: DryRun | null): Goal | null {
  const o = c.obj(v, path, ['text', 'expect', 'hint', 'solution'], ['text', 'expect', 'solution']);
  if (!o) return null;
  const text = Object.hasOwn(o, 'text')
    ? c.text(o.text, join(path, 'text'), L.maxTextChars, true, true)
    : null;
  const raw = Object.hasOwn(o, 'expect') ? list(c, o.expect, join(path, 'expect'), 1, L.maxExpect) : null;
  const expect = raw?.map((x, i) => expectation(c, x, join(join(path, 'expect'), i), dry)) ?? null;
  const hint = Object.hasOwn(o, 'hint')
    ? c.text(o.hint, join(path, 'hint'), L.maxTextChars, false, true)
    : undefined;
  const solution = Object.hasOwn(o, 'solution') ? c.script(o.solution, join(path, 'solution')) : null;
  if (solution !== null && parseScript(solution).length === 0)
    c.add(join(path, 'solution'), 'has no commands (it must reach the goal)', 'semantic');
  if (!text || !expect || expect.some((x) => x === null) || hint === null || solution === null) return null;
  return { text, expect: expect as Expectation[], solution, ...(hint !== undefined ? { hint } : {}) };
}

function step(c: Checker, v: unknown, path: string, dry: DryRun | null): LessonStep | null {
  const o = c.obj(v, path, ['title', 'text', 'script', 'question', 'goal'], ['title']);
  if (!o) return null;
  const title = Object.hasOwn(o, 'title')
    ? c.text(o.title, join(path, 'title'), L.maxTitleChars, true)
    : null;
  const text = Object.hasOwn(o, 'text')
    ? c.text(o.text, join(path, 'text'), L.maxTextChars, false, true)
    : '';
  const script = Object.hasOwn(o, 'script') ? c.script(o.script, join(path, 'script')) : '';
  const q = Object.hasOwn(o, 'question') ? question(c, o.question, join(path, 'question')) : undefined;
  const g = Object.hasOwn(o, 'goal') ? goal(c, o.goal, join(path, 'goal'), dry) : undefined;
  if (!title || text === null || script === null || q === null || g === null) return null;
  return { title, text, script, ...(q ? { question: q } : {}), ...(g ? { goal: g } : {}) };
}

/** Where a dry run runs a command: a session on an empty cluster (`emptyClusterDryRun` in ./dryRun). */
export interface DryRun {
  exec(command: string): { exitCode: number; chunks: readonly { text: string }[] };
}

export interface ValidateOptions {
  /**
   * Runs each expectation once there to find usage errors (unknown flags, commands, types). Without
   * one, no dry run: this module stays free of the engine, so the page loads the engine only when a
   * lesson is opened (it lives in the worker otherwise).
   */
  dryRun?: DryRun | false;
}

/** Validates a parsed lesson document (from YAML, JSON, or a postMessage object). */
export function validateLesson(doc: unknown, opts: ValidateOptions = {}): Validation {
  const c = new Checker();
  const dry = opts.dryRun || null;
  const root = c.obj(
    doc,
    '',
    ['apiVersion', 'kind', 'metadata', 'spec'],
    ['apiVersion', 'kind', 'metadata', 'spec'],
  );
  if (!root) return { lesson: null, problems: c.problems };
  if (Object.hasOwn(root, 'apiVersion') && root.apiVersion !== LESSON_API_VERSION)
    c.add(
      'apiVersion',
      `must be ${LESSON_API_VERSION} (got ${JSON.stringify(root.apiVersion)?.slice(0, 60)})`,
    );
  if (Object.hasOwn(root, 'kind') && root.kind !== LESSON_KIND)
    c.add('kind', `must be ${LESSON_KIND} (got ${JSON.stringify(root.kind)?.slice(0, 60)})`);
  let id: string | null = null;
  if (Object.hasOwn(root, 'metadata')) {
    const m = c.obj(root.metadata, 'metadata', ['name'], ['name']);
    if (m && Object.hasOwn(m, 'name'))
      id = c.str(m.name, 'metadata.name', 63, {
        pattern: LESSON_NAME,
        patternText:
          'must be a lower-case name of letters, digits, "-" and "." (at most 63), like gpu-agents',
      });
  }
  let lesson: Lesson | null = null;
  if (Object.hasOwn(root, 'spec')) {
    const s = c.obj(
      root.spec,
      'spec',
      ['title', 'preset', 'nodes', 'passingScore', 'setup', 'steps'],
      ['title', 'steps'],
    );
    if (s) {
      const title = Object.hasOwn(s, 'title') ? c.text(s.title, 'spec.title', L.maxTitleChars, true) : null;
      let preset: Lesson['preset'] | null = 'article';
      if (Object.hasOwn(s, 'preset')) {
        preset = typeof s.preset === 'string' && isPreset(s.preset) ? s.preset : null;
        if (!preset)
          c.add(
            'spec.preset',
            `must be one of ${PRESETS.join(', ')} (got ${JSON.stringify(s.preset)?.slice(0, 60)})`,
          );
      }
      let nodes: number | undefined | null;
      if (Object.hasOwn(s, 'nodes')) {
        const n = s.nodes;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > L.maxNodes) {
          c.add('spec.nodes', `must be a whole number from 1 to ${L.maxNodes}`);
          nodes = null;
        } else {
          nodes = n;
          if (preset !== null && preset !== 'large')
            c.add(
              'spec.nodes',
              `only the large preset takes a number of nodes (this lesson uses ${preset})`,
              'semantic',
            );
        }
      }
      let passingScore: number | undefined | null;
      if (Object.hasOwn(s, 'passingScore')) {
        const n = s.passingScore;
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 1) {
          c.add(
            'spec.passingScore',
            `must be a number from 0 to 1, the share of the lesson's score needed to pass (got ${JSON.stringify(n)?.slice(0, 60)})`,
          );
          passingScore = null;
        } else passingScore = n;
      }
      const setup = Object.hasOwn(s, 'setup') ? c.script(s.setup, 'spec.setup') : '';
      const raw = Object.hasOwn(s, 'steps') ? list(c, s.steps, 'spec.steps', 1, L.maxSteps) : null;
      const steps = raw?.map((x, i) => step(c, x, `spec.steps[${i}]`, dry)) ?? null;
      if (
        id &&
        title &&
        preset &&
        nodes !== null &&
        passingScore !== null &&
        setup !== null &&
        steps &&
        steps.every((x) => x !== null)
      ) {
        lesson = {
          id,
          title,
          preset,
          ...(nodes !== undefined ? { nodes } : {}),
          ...(passingScore !== undefined ? { passingScore } : {}),
          setup,
          steps: steps as LessonStep[],
        };
      }
    }
  }
  return { lesson: c.problems.length ? null : lesson, problems: c.problems };
}
