// Counts V8's optimizing compiles and deopts in a bench child's `--trace-opt --trace-deopt` output, by phase
// (the child run with `--marks` prints where each phase starts and ends). Counts that load does not move.
//
//   node --expose-gc --allow-natives-syntax --trace-opt --trace-deopt --import tsx tools/bench/engine.ts \
//     --case mixed --nodes 1000 --spread kept --budget 200 --marks > /tmp/trace.txt
//   node tools/bench/compileTrace.mjs /tmp/trace.txt [--top 25]
//
// With `--trace-generalization --no-sparkplug` added to the child's flags (Node 20's V8 can crash printing a
// baseline frame in that trace without the second), each invalidation is given its cause: V8 prints a field's
// generalization just before it throws out the code that depended on the field, so an invalidation right after
// `[generalizing]F:A->B (...) [fn at file]` lines is put down to the last of them — "mutable" (a field stored
// into after the object was made: const -> mutable), "field type" (the field's class widened, e.g. Class -> Any),
// "representation" (Smi / double / heap object changed), "map deprecated" (V8 made new maps, "+N maps") —
// with the field and where the store was; "weak objects": a map or object the code embedded was collected;
// none traced before it: "not traced" (allocation-site pretenuring decisions, new transitions off a stable map,
// prototype changes: `--no-allocation-site-pretenuring` tells the first apart).
//
// compiles: "completed compiling" lines (TurboFan, OSR included); re-compiles: a function's (its sfi's) compile
// after an earlier one of it in the process (OSR compiles not counted as either); invalidated: optimized code
// thrown out because an assumption it was compiled under broke ("marking dependent code": a map transition,
// a field's type generalized); compile ms: V8's own prepare + execute + finalize times of those compiles.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const topIdx = process.argv.indexOf('--top');
const top = topIdx > 0 ? Number(process.argv[topIdx + 1]) : 25;
const lines = readFileSync(file, 'utf8').split('\n');

const fnOf = (line) => /<JSFunction (\S*) \(sfi = ?(0x[0-9a-f]+)\)>/.exec(line);

/** @type {{name: string, compiles: number, recompiles: number, compileMs: number, deopts: Map<string, number>, byFn: Map<string, Map<string, number>>, recompiled: Map<string, number>}[]} */
const phases = [];
const newPhase = (name) => ({
  name,
  compiles: 0,
  recompiles: 0,
  compileMs: 0,
  deopts: new Map(),
  byFn: new Map(),
  recompiled: new Map(),
  osr: 0,
  invalidated: 0,
  invalidatedFns: new Map(),
  causes: new Map(),
});
let cur = newPhase('before');
phases.push(cur);
const compiled = new Set();
const inc = (m, k, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/** The cause a `[generalizing]` line gives, or undefined for a line that is not one. */
function generalization(line) {
  const g = /^\[generalizing\]([^:]*):(\S+)->(\S+) \(([^)]*)\)(?: \[(.*)\])?/.exec(line);
  if (!g) return undefined;
  const [, field, from, to, what, where] = g;
  const rep = (x) => x[0];
  const kind = / maps\)/.test(line)
    ? 'map deprecated'
    : rep(from) !== rep(to)
      ? 'representation'
      : /;const\}/.test(from) && /;mutable\}/.test(to)
        ? 'mutable'
        : 'field type';
  const at = (where ?? '')
    .replace(/^[~*^]?/, '')
    .replace(/\+\d+ at /, ' at ')
    .replace(/^file:\/\/\S*\//, '');
  const file = at.replace(/ at \S*\/([^/]+?)(:\d+)?$/, ' at $1');
  return `${kind}: ${field.replace(/0x[0-9a-f]+/g, '')} (${/^(uninitialized field|field type generalization)$/.test(what) ? '' : `${what}, `}${file || '?'})`;
}
/** the generalization V8 printed last, while no other line has come between it and an invalidation */
let lastGeneralization;

for (const line of lines) {
  const mark = /bench phase (start|end) (\d+)/.exec(line);
  if (mark) {
    cur = newPhase(mark[1] === 'start' ? `phase ${mark[2]}` : `after phase ${mark[2]}`);
    phases.push(cur);
    continue;
  }
  const gen = generalization(line);
  if (gen) {
    lastGeneralization = gen;
    continue;
  }
  if (line.startsWith('[marking dependent code')) {
    cur.invalidated++;
    const name = /<SharedFunctionInfo (\S*)>/.exec(line)?.[1] ?? '(anonymous)';
    inc(cur.invalidatedFns, name.replace(/>$/, ''));
    const reason = /reason: ([^\]]*)\]/.exec(line)?.[1] ?? '?';
    inc(cur.causes, reason === 'code dependencies' ? (lastGeneralization ?? 'not traced') : reason);
    // (the rest of this group of invalidations has the same cause)
    continue;
  }
  lastGeneralization = undefined;
  if (line.startsWith('[completed compiling')) {
    const f = fnOf(line);
    if (!f) continue;
    cur.compiles++;
    if (/\) OSR/.test(line)) {
      // on-stack replacement of a running loop: the function's own compile may follow
      cur.osr++;
      continue;
    }
    const took = /took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(line);
    if (took) cur.compileMs += Number(took[1]) + Number(took[2]) + Number(took[3]);
    if (compiled.has(f[2])) {
      cur.recompiles++;
      inc(cur.recompiled, f[1] || '(anonymous)');
    }
    compiled.add(f[2]);
  } else if (line.startsWith('[bailout')) {
    const reason = /reason: ([^)]*)\)/.exec(line)?.[1] ?? '?';
    const kind = /kind: ([\w-]+)/.exec(line)?.[1] ?? '?';
    const f = fnOf(line);
    const key = `${kind}: ${reason}`;
    inc(cur.deopts, key);
    const name = f?.[1] || '(anonymous)';
    if (!cur.byFn.has(name)) cur.byFn.set(name, new Map());
    inc(cur.byFn.get(name), key);
  }
}

const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
const sum = (m) => [...m.values()].reduce((a, b) => a + b, 0);
for (const p of phases) {
  if (p.compiles === 0 && p.deopts.size === 0 && p.invalidated === 0) continue;
  console.log(
    `\n== ${p.name}: ${p.compiles} compiles (${p.osr} OSR), ${p.recompiles} re-compiles, ${sum(p.deopts)} deopts, ${p.invalidated} invalidated, ${p.compileMs.toFixed(0)} ms compiling`,
  );
  for (const [k, n] of sorted(p.deopts).slice(0, top)) console.log(`  ${String(n).padStart(4)}  ${k}`);
  console.log('  deopts by function:');
  const fns = [...p.byFn].map(([name, m]) => [name, sum(m), m]).sort((a, b) => b[1] - a[1]);
  for (const [name, n, m] of fns.slice(0, top))
    console.log(
      `  ${String(n).padStart(4)}  ${name}: ${sorted(m)
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')}`,
    );
  console.log('  invalidated, by cause (with --trace-generalization; the field, where it was stored):');
  for (const [cause, n] of sorted(p.causes).slice(0, top))
    console.log(`  ${String(n).padStart(4)}  ${cause}`);
  console.log('  invalidated, by function:');
  for (const [name, n] of sorted(p.invalidatedFns).slice(0, top))
    console.log(`  ${String(n).padStart(4)}  ${name}`);
  console.log('  re-compiled:');
  for (const [name, n] of sorted(p.recompiled).slice(0, top))
    console.log(`  ${String(n).padStart(4)}  ${name}`);
}
