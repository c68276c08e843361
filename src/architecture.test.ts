// The layer order of ARCHITECTURE.md, checked: every import in src/ (tests included) goes to its own
// room or down to a lower floor, never up and never sideways to another room of the same floor; the
// engine's api/ stands on the engine's ground files only; outside the engine, the engine is imported
// through its front door (src/engine/index.ts) or one of its faces; no value imports go round in a
// circle. The
// few arrows still left for later are listed below, each with why; one that is gone must leave the
// list too.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const SRC = dirname(SELF);

/**
 * The floors, ground first: a room (a folder or a file directly under src/) may import its own files
 * and the rooms of lower floors. Same-floor rooms do not import each other.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['engine', 'scenarios', 'testing'], // the simulation (pure, deterministic); the scenario scripts (data); test helpers every floor's tests use
  ['wire', 'i18n', 'boot.ts', 'offline'], // messages and encodings; translations; the page's boot parameters; the service worker
  ['lessons'], // lesson files: types, validation, loading
  ['worker', 'server'], // the engine host (worker or main thread); the API-server mode (Node)
  ['state', 'cli'], // the page's stores, actions and their pure helpers; the headless CLI (Node)
  ['share', 'connect'], // share links and session files; the page live against a served cluster
  ['lms'], // the page inside a course platform: SCORM, cmi5, Open edX JSInput (the data model, the adapters)
  ['ui'], // React: the panels
  ['embed', 'firstView'], // the page inside a course: the bridge to the parent, the sandboxed build; the first view's static HTML (build time)
  ['App.tsx', 'engineFirst.ts', 'appStyles.ts'], // the shell; the engine worker started before the entry's modules run; the shell's stylesheets, in the entry's
  ['main.tsx'], // the entry point
];

/** The engine's ground: what every part of the engine may stand on (api/ included). */
const ENGINE_GROUND = ['clock.ts', 'random.ts', 'timings.ts', 'lru.ts', 'version.ts'];

/**
 * Arrows that break the rules today, left for later because other changes hold the files. Each is
 * `from -> to` (paths under src/).
 */
const LEFT_FOR_LATER = new Map<string, string>([]);

/**
 * The engine's front door and faces: outside src/engine, an import of the engine names one of these
 * (src/engine/index.ts re-exports the two faces; a value imported from it puts the whole engine in
 * the importer's bundle, so the page's first load takes the faces).
 */
const ENGINE_FACES = new Map<string, string>([
  ['engine/index.ts', 'the front door: everything the rest of the house may use'],
  ['engine/predicates.ts', 'the pure rules the page reuses on objects'],
  [
    'engine/scripts.ts',
    'the script language, command-line reading and inputs the page checks before a cluster runs',
  ],
  [
    'engine/yaml.ts',
    "the YAML nesting limit the editor checks (it brings the yaml package: not in the page's first bundle)",
  ],
  [
    'engine/start.ts',
    "a session's cluster started, without kubectl: the engine worker's first chunk (the first snapshot)",
  ],
]);

/** The engine's test helpers: for tests, and for the few files named here (with why). */
const ENGINE_TESTING_FACE = 'engine/testing/index.ts';
const ENGINE_TESTING_USERS = new Map<string, string>([
  [
    'ui/editor/harness.tsx',
    'the editor harness is a dev-only page (never shipped) that loads the sample manifests',
  ],
]);

/** Engine modules loaded on demand with import(), each its own lazy chunk: a dynamic import may name them. */
const ENGINE_LAZY_FACES = new Map<string, string>([
  [
    'engine/kubectl/goYamlBreaks.ts',
    "go-yaml's line-break reading, loaded by the editor only for a buffer that has one",
  ],
  ['engine/kubectl/index.ts', "the console's completion loads the command names at the first Tab"],
  ['engine/kubectl/registry.ts', "the console's completion loads the command table at the first Tab"],
]);

/** Folders outside the engine still importing it deep, left for later (prefix under src/ -> why). */
const DEEP_ENGINE_IMPORTS_LEFT_FOR_LATER = new Map<string, string>([]);

/** Circles of value imports left for later, as the files in them (sorted, space-separated). */
const CIRCLES_LEFT_FOR_LATER = new Map<string, string>([]);

const CODE = /\.(tsx?|mjs|js)$/;

function codeFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...codeFiles(p));
    else if (CODE.test(e.name)) out.push(p);
  }
  return out;
}

interface Import {
  /** the specifier as written */
  spec: string;
  /** 1-based line */
  line: number;
  /** `import type`, `export type` or only `type` names: not there at run time */
  typeOnly: boolean;
  /** import('…'): loaded on demand */
  dynamic?: boolean;
}

const isCommentLine = (text: string, at: number) =>
  /^\s*(\/\/|\/\*|\*)/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at + 1));
const lineAt = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** Every relative import of a source text: static, re-export, side-effect, dynamic, worker URL, vi.mock. */
function importsOf(text: string): Import[] {
  const out: Import[] = [];
  const add = (spec: string, at: number, typeOnly: boolean, dynamic = false) => {
    if (spec.startsWith('.') && !isCommentLine(text, at))
      out.push({ spec, line: lineAt(text, at), typeOnly, ...(dynamic ? { dynamic } : {}) });
  };
  for (const m of text.matchAll(
    /^(import|export)\s+(type\s+)?([\w$\s,{}*]*?)\bfrom\s*(['"])([^'"\n]+)\4/gm,
  )) {
    const names = m[3];
    const braced = /\{([^}]*)\}/.exec(names);
    const outside = names.replace(/\{[^}]*\}/, '').replace(/[\s,]/g, '');
    const allTypes =
      !!braced &&
      !outside &&
      braced[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    add(m[5], m.index, !!m[2] || allTypes);
  }
  for (const m of text.matchAll(/^import\s*(['"])([^'"\n]+)\1/gm)) add(m[2], m.index, false);
  for (const m of text.matchAll(/\bimport\(\s*(['"])([^'"\n]+)\1\s*[,)]/g))
    add(m[2], m.index, /\btypeof\s+$/.test(text.slice(Math.max(0, m.index - 10), m.index)), true);
  for (const m of text.matchAll(/\bnew URL\(\s*(['"])([^'"\n]+\.(?:tsx?|mjs|js))\1\s*,\s*import\.meta\.url/g))
    add(m[2], m.index, false);
  for (const m of text.matchAll(/\bvi\.(?:do)?[mM]ock\(\s*(['"])([^'"\n]+)\1/g)) add(m[2], m.index, false);
  return out;
}

/** The file an import names, or undefined. */
function resolve(from: string, spec: string): string | undefined {
  const base = join(dirname(from), spec.replace(/\?.*$/, ''));
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mjs', '.js', '.json', '/index.ts', '/index.tsx'].map((e) => base + e),
  ];
  if (base.endsWith('.js')) candidates.push(base.slice(0, -3) + '.ts', base.slice(0, -3) + '.tsx');
  return candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

const posix = (p: string) => p.split(sep).join('/');
/** The room of a path under src/: its first folder, or the file itself. */
const roomOf = (rel: string) => rel.split('/')[0];
const floorOf = (room: string) => FLOORS.findIndex((f) => f.includes(room));
const isTest = (rel: string) => /\.test\.tsx?$/.test(rel);

interface Arrow {
  from: string;
  to: string;
  line: number;
  typeOnly: boolean;
  dynamic?: boolean;
}

/** Every import of the files under src/, resolved (paths relative to src/; outside it, starting with ../). */
function arrows(files: readonly string[] = codeFiles(SRC).filter((f) => f !== SELF)): {
  arrows: Arrow[];
  unresolved: string[];
} {
  const out: Arrow[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    const from = posix(relative(SRC, file));
    for (const i of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(file, i.spec);
      if (!target) unresolved.push(`${from}:${i.line} ${i.spec}`);
      else
        out.push({
          from,
          to: posix(relative(SRC, target)),
          line: i.line,
          typeOnly: i.typeOnly,
          ...(i.dynamic ? { dynamic: true } : {}),
        });
    }
  }
  return { arrows: out, unresolved };
}

/** What is wrong with one arrow, or null. */
function breach(a: Arrow): string | null {
  if (a.to.startsWith('../')) {
    // outside src/: static data in public/ only (never e2e/ or tools/, which stand above src/)
    return a.to.startsWith('../public/') ? null : `imports ${a.to.replace(/^\.\.\//, '')}, outside src/`;
  }
  const [rf, rt] = [roomOf(a.from), roomOf(a.to)];
  const [ff, ft] = [floorOf(rf), floorOf(rt)];
  if (ff < 0) return `${rf} is on no floor: add it to FLOORS (and to ARCHITECTURE.md)`;
  if (ft < 0) return `${rt} is on no floor: add it to FLOORS (and to ARCHITECTURE.md)`;
  if (rf === rt) {
    // inside the engine, api/ stands on the ground files only (tests may drive the whole engine)
    const [sf, st] = [a.from.split('/')[1], a.to.split('/')[1]];
    if (rf === 'engine' && sf === 'api' && st !== 'api' && !ENGINE_GROUND.includes(st) && !isTest(a.from))
      return `engine/api/ imports engine/${st}, above it`;
    return null;
  }
  if (ft > ff) return `${rf} (floor ${ff}) imports ${rt} (floor ${ft}), a floor up`;
  if (ft === ff) return `${rf} imports ${rt}, another room of its own floor (${ff})`;
  if (rt === 'engine') return deepEngineImport(a);
  return null;
}

/** An import of the engine from outside it that is not through the front door or a face, or null. */
function deepEngineImport(a: Arrow): string | null {
  if (ENGINE_FACES.has(a.to)) return null;
  if (a.to === ENGINE_TESTING_FACE)
    return isTest(a.from) || ENGINE_TESTING_USERS.has(a.from)
      ? null
      : `imports the engine's test helpers outside a test`;
  if (a.dynamic && ENGINE_LAZY_FACES.has(a.to)) return null;
  return `imports ${a.to} deep: go through src/engine/index.ts (or a face: ${[...ENGINE_FACES.keys()].slice(1).join(', ')})`;
}

/** Whether a breach is one left for later. */
const leftForLater = (a: Arrow) =>
  LEFT_FOR_LATER.has(`${a.from} -> ${a.to}`) ||
  (roomOf(a.to) === 'engine' &&
    [...DEEP_ENGINE_IMPORTS_LEFT_FOR_LATER.keys()].some((p) => a.from.startsWith(p)));

/** The circles (strongly connected sets of two files or more) of value imports. */
function valueCircles(list: readonly Arrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const a of list) {
    if (a.typeOnly || a.to.startsWith('../')) continue;
    const l = next.get(a.from);
    if (l) l.push(a.to);
    else next.set(a.from, [a.to]);
  }
  // Tarjan's strongly connected components
  let n = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) circles.push(c.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('the layers (ARCHITECTURE.md)', () => {
  const all = arrows();

  it('reads the imports of every source file, and each names a file', () => {
    expect(all.arrows.length).toBeGreaterThan(2000);
    expect(all.unresolved).toEqual([]);
  });

  it('has no import that runs up a floor or sideways, except those left for later', () => {
    const found = all.arrows.flatMap((a) => {
      const why = breach(a);
      return why ? [`${a.from} -> ${a.to}`] : [];
    });
    const unexpected = all.arrows
      .map((a) => ({ a, why: breach(a) }))
      .filter(({ a, why }) => why && !leftForLater(a))
      .map(({ a, why }) => `${a.from}:${a.line} -> ${a.to}: ${why}`);
    expect(unexpected).toEqual([]);
    // an arrow mended since: take it off the list
    expect([...LEFT_FOR_LATER.keys()].filter((k) => !found.includes(k))).toEqual([]);
    const deep = all.arrows.filter(
      (a) => roomOf(a.from) !== 'engine' && roomOf(a.to) === 'engine' && deepEngineImport(a),
    );
    expect(
      [...DEEP_ENGINE_IMPORTS_LEFT_FOR_LATER.keys()].filter((p) => !deep.some((a) => a.from.startsWith(p))),
    ).toEqual([]);
  });

  it('has no circle of value imports, except those left for later', () => {
    const circles = valueCircles(all.arrows).map((c) => c.join(' '));
    expect(circles.filter((c) => !CIRCLES_LEFT_FOR_LATER.has(c))).toEqual([]);
    expect([...CIRCLES_LEFT_FOR_LATER.keys()].filter((k) => !circles.includes(k))).toEqual([]);
  });

  it("takes no value from the engine's index on the page's side (it would bring the whole engine into the first bundle)", () => {
    // the page runs the engine in its worker; its own code names the engine's types, and takes values
    // from its faces (engine/predicates.ts, engine/scripts.ts), never from the index
    const seen = all.arrows
      .filter(
        (a) =>
          (roomOf(a.from) === 'ui' || roomOf(a.from) === 'state') &&
          !isTest(a.from) &&
          !a.from.includes('/testing/') &&
          a.to === 'engine/index.ts' &&
          !a.typeOnly &&
          !a.dynamic,
      )
      .map((a) => `${a.from}:${a.line}`);
    expect(seen).toEqual([]);
  });

  it("keeps kubectl out of the engine worker's first chunk (its static value imports; issue 24)", () => {
    // the first snapshot waits for that chunk on a phone: kubectl, the Session and the engine's front
    // door come as the second chunk (worker/commands.ts, loaded with import())
    const next = new Map<string, string[]>();
    for (const a of all.arrows)
      if (!a.typeOnly && !a.dynamic) next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
    const seen = new Set<string>();
    const todo = ['worker/engine.worker.ts'];
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...(next.get(f) ?? []));
    }
    expect(seen.has('worker/host.ts')).toBe(true);
    expect(seen.has('engine/simulation.ts')).toBe(true);
    expect(
      [...seen].filter(
        (f) =>
          f.startsWith('engine/kubectl/commands/') ||
          [
            'engine/index.ts',
            'engine/kubectl/index.ts',
            'engine/script/session.ts',
            'worker/commands.ts',
          ].includes(f),
      ),
    ).toEqual([]);
  });

  it("starts the engine worker in main.tsx's first import, before the page's modules evaluate (issue 24)", () => {
    const first = all.arrows.filter((a) => a.from === 'main.tsx').sort((a, b) => a.line - b.line)[0];
    expect(first?.to).toBe('engineFirst.ts');
  });

  it('gives the components the narrow host (engine/host.ts), not the Simulation', () => {
    // the controllers, the scheduler and the kubelet, as upstream's take informers and clients; the
    // scheduler's explanation for `why` (scheduler/explain.ts) reads the scheduler itself
    const component = (f: string) =>
      /^engine\/(controller|scheduler|kubelet)\//.test(f) &&
      !isTest(f) &&
      f !== 'engine/scheduler/explain.ts';
    const seen = all.arrows
      .filter((a) => component(a.from) && a.to === 'engine/simulation.ts')
      .map((a) => `${a.from}:${a.line}`);
    expect(seen).toEqual([]);
    expect(all.arrows.some((a) => component(a.from) && a.to === 'engine/host.ts')).toBe(true);
  });

  it('knows every room under src/', () => {
    const rooms = new Set(
      codeFiles(SRC)
        .filter((f) => f !== SELF)
        .map((f) => roomOf(posix(relative(SRC, f)))),
    );
    expect([...rooms].filter((r) => floorOf(r) < 0)).toEqual([]);
    // every room named on a floor is there
    expect(FLOORS.flat().filter((r) => !statSafe(join(SRC, r)))).toEqual([]);
  });

  it('reads imports as written (the checks above can fail)', () => {
    const text = [
      "import { a, type B } from '../state/store'",
      "import type { C } from './c'",
      "import { type D } from './d'",
      "export { e } from '../e'",
      "import './side.css'",
      '// import { f } from "../commented"',
      "const m = import('./lazy')",
      "type T = typeof import('./typed')",
      "new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' })",
      "vi.mock('./mocked', () => ({}))",
      'import {',
      '  g,',
      '  h,',
      "} from '../multi'",
    ].join('\n');
    const marks = (i: Import) => [i.typeOnly && 'type', i.dynamic && 'dynamic'].filter(Boolean).join(', ');
    expect(importsOf(text).map((i) => `${i.spec}${marks(i) ? ` (${marks(i)})` : ''}`)).toEqual([
      '../state/store',
      './c (type)',
      './d (type)',
      '../e',
      '../multi',
      './side.css',
      './lazy (dynamic)',
      './typed (type, dynamic)',
      './engine.worker.ts',
      './mocked',
    ]);
    const arrow = (from: string, to: string): Arrow => ({ from, to, line: 1, typeOnly: false });
    expect(breach(arrow('state/actions.ts', 'ui/editor/locate.ts'))).toBe(
      'state (floor 4) imports ui (floor 7), a floor up',
    );
    expect(breach(arrow('engine/simulation.ts', 'state/store.ts'))).toBe(
      'engine (floor 0) imports state (floor 4), a floor up',
    );
    expect(breach(arrow('worker/host.ts', 'server/apiServer.ts'))).toBe(
      'worker imports server, another room of its own floor (3)',
    );
    expect(breach(arrow('engine/api/discovery.ts', 'engine/cluster/nodeFactory.ts'))).toBe(
      'engine/api/ imports engine/cluster, above it',
    );
    expect(breach(arrow('engine/api/objectStore.ts', 'engine/clock.ts'))).toBeNull();
    expect(breach(arrow('cli/sim.ts', '../tools/bench/engine.ts'))).toBe(
      'imports tools/bench/engine.ts, outside src/',
    );
    expect(breach(arrow('ui/graph/GraphPanel.tsx', 'connect/status.ts'))).toBeNull();
    expect(breach(arrow('lessons/schema.test.ts', '../public/lesson.schema.json'))).toBeNull();
    expect(breach(arrow('state/rollout.ts', 'engine/predicates.ts'))).toBeNull();
    expect(breach(arrow('worker/host.ts', 'engine/index.ts'))).toBeNull();
    expect(breach(arrow('state/rollout.ts', 'engine/scheduler/nodeAffinity.ts'))).toBe(
      'imports engine/scheduler/nodeAffinity.ts deep: go through src/engine/index.ts (or a face: engine/predicates.ts, engine/scripts.ts, engine/yaml.ts, engine/start.ts)',
    );
    expect(breach(arrow('state/rollout.test.ts', 'engine/testing/index.ts'))).toBeNull();
    expect(breach(arrow('state/rollout.ts', 'engine/testing/index.ts'))).toBe(
      "imports the engine's test helpers outside a test",
    );
    expect(breach(arrow('state/locate.ts', 'engine/kubectl/goYamlBreaks.ts'))).toMatch(/deep/);
    expect(
      breach({ ...arrow('state/locate.ts', 'engine/kubectl/goYamlBreaks.ts'), dynamic: true }),
    ).toBeNull();
    expect(
      breach(arrow('engine/kubectl/commands/get.ts', 'engine/kubectl/commands/getListing.ts')),
    ).toBeNull();
    expect(
      valueCircles([
        arrow('a.ts', 'b.ts'),
        arrow('b.ts', 'a.ts'),
        arrow('b.ts', 'c.ts'),
        { ...arrow('c.ts', 'b.ts'), typeOnly: true },
      ]),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});

function statSafe(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
