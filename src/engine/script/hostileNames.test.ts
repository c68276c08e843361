// Names from outside never reach Object.prototype (issue 10): every entry that takes a name from a
// script, the console or a manifest is fed arbitrary strings and every Object.prototype name. Nothing
// throws, no JavaScript text shows, and the answer is the one a real cluster gives. Bounded: a few
// hundred runs on the article cluster, well under a second each.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Session } from './session';
import { parseScript } from './parse';
import { qualifiedNameError, labelValueError } from '../api/validation';
import { hasOwn, ownGet, ownSet } from '../api/own';
import { goQuote } from '../api/errors';

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
/** Line breaks to go-yaml (LS, PS, NEL) and white space to Go but not to YAML (NBSP, the byte-order mark). */
const LINE_BREAKS = ['\u2028', '\u2029', '\u0085', '\u00a0', '\ufeff'];
/** Strings a hostile (or unlucky) user types: the prototype's names, with and without decoration. */
const hostileName = fc.oneof(
  fc.constantFrom(
    ...PROTO_NAMES,
    'prototype',
    '__proto__',
    'constructor.prototype',
    'toString()',
    'NaN',
    'null',
    'undefined',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Text that only JavaScript (not kubectl) would print, once the user's own input is taken out. */
const JS_TEXT =
  /function \w*\(|\[native code\]|\[object \w+\]|\bundefined\b|\bNaN\b|Cannot read propert|is not a function|is not iterable|Maximum call stack|RangeError|TypeError/;

function jsLeak(output: string, input: string): string | null {
  const cleaned = input ? output.split(input).join('') : output;
  const m = JS_TEXT.exec(cleaned);
  return m ? m[0] : null;
}

function run(session: Session, line: string, stdin?: string): { text: string; exitCode: number } {
  const r = session.exec(line, stdin);
  return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
}

/** Quotes a word for the script tokenizer (single quotes, `'\''` for a quote). */
function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

describe('names from outside', () => {
  it('kubectl constructor is an unknown command, as kubectl says', () => {
    const s = new Session();
    for (const n of PROTO_NAMES) {
      const r = run(s, `kubectl ${n}`);
      expect(r.exitCode).toBe(1);
      expect(r.text.startsWith(`error: unknown command "${n}" for "kubectl"`)).toBe(true);
      expect(jsLeak(r.text, n)).toBeNull();
    }
  });

  it('kubectl argv: commands, help, resource types, names, flags, selectors, explain paths', () => {
    const templates = [
      (n: string) => `kubectl ${q(n)}`,
      (n: string) => `kubectl help ${q(n)}`,
      (n: string) => `kubectl ${q(n)} --help`,
      (n: string) => `kubectl rollout ${q(n)}`,
      (n: string) => `kubectl set ${q(n)}`,
      (n: string) => `kubectl get ${q(n)}`,
      (n: string) => `kubectl get pods ${q(n)}`,
      (n: string) => `kubectl get ds/${q(n)} -n kube-system`,
      (n: string) => `kubectl get pods -l ${q(n)}`,
      (n: string) => `kubectl get pods --${q(n)}`,
      (n: string) => `kubectl get pods -o ${q(n)}`,
      (n: string) => `kubectl get pods --field-selector ${q(`${n}=x`)}`,
      (n: string) => `kubectl describe node ${q(n)}`,
      (n: string) => `kubectl explain ${q(`ds.${n}`)}`,
      (n: string) => `kubectl explain ${q(`pod.spec.${n}`)}`,
      (n: string) => `kubectl label node node-1 ${q(`${n}=x`)}`,
      (n: string) => `kubectl label node node-1 ${q(`${n}-`)}`,
      (n: string) => `kubectl annotate node node-1 ${q(`${n}=x`)}`,
      (n: string) => `kubectl taint node node-1 ${q(`${n}=x:NoSchedule`)}`,
      (n: string) => `kubectl rollout history ds/x --revision=${q(n)}`,
      (n: string) => `kubectl rollout status ds/x --timeout=${q(n)}`,
      (n: string) => `kubectl run p --image=nginx --labels=${q(`${n}=x`)} --dry-run=client`,
      (n: string) => `kubectl run p --image=nginx --port=${q(n)} --dry-run=client`,
      (n: string) => `kubectl delete pod x --cascade=${q(n)}`,
      (n: string) => `kubectl get pods -A --sort-by=${q(n)}`,
      (n: string) => `kubectl get pods -n ${q(n)}`,
      (n: string) => `kubectl get ${q(`${n}/x`)}`,
      (n: string) => `kubectl set image ds/x ${q(`${n}=nginx`)}`,
      (n: string) => `kubectl cordon ${q(n)}`,
    ];
    fc.assert(
      fc.property(hostileName, fc.nat({ max: templates.length - 1 }), (name, t) => {
        const line = templates[t](name);
        const r = run(new Session(), line); // fresh: earlier inputs must not show up as "leaks"
        expect(jsLeak(r.text, name), `${line}\n${r.text}`).toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it('labels and annotations keyed by prototype names: valid keys stick, invalid ones get the API server error', () => {
    const s = new Session();
    for (const n of PROTO_NAMES) {
      const r = run(s, `kubectl label node node-1 ${q(`${n}=v`)} --overwrite`);
      const err = qualifiedNameError(n);
      if (err) {
        expect(r.text).toBe(
          `The Node "node-1" is invalid: metadata.labels: Invalid value: ${goQuote(n)}: ${err}\n`,
        );
      } else {
        expect(r.text).toBe('node/node-1 labeled\n');
        expect(s.sim.store.get('Node', undefined, 'node-1')!.metadata.labels![n]).toBe('v');
        expect(hasOwn(s.sim.store.get('Node', undefined, 'node-1')!.metadata.labels, n)).toBe(true);
      }
    }
  });

  it('label keys in manifests: arbitrary keys are created or rejected as the API server does, never dropped', () => {
    const s = new Session();
    let i = 0;
    fc.assert(
      fc.property(hostileName, fc.string({ maxLength: 70 }), (key, value) => {
        const name = `p${i++}`;
        const labels: Record<string, string> = {};
        ownSet(labels, key, value);
        const manifest = JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name, labels },
          spec: { containers: [{ name: 'c', image: 'nginx' }] },
        });
        const r = run(s, 'kubectl create -f -', manifest);
        const keyErr = qualifiedNameError(key);
        const valueErr = labelValueError(value);
        if (keyErr || valueErr) {
          expect(r.exitCode).toBe(1);
          expect(r.text.startsWith(`The Pod "${name}" is invalid: `)).toBe(true);
          if (keyErr) expect(r.text).toContain(`metadata.labels: Invalid value: ${goQuote(key)}: ${keyErr}`);
          if (valueErr)
            expect(r.text).toContain(`metadata.labels: Invalid value: ${goQuote(value)}: ${valueErr}`);
          expect(s.sim.store.get('Pod', 'default', name)).toBeUndefined();
        } else {
          expect(r.text).toBe(`pod/${name} created\n`);
          const stored = s.sim.store.get('Pod', 'default', name)!;
          expect(ownGet(stored.metadata.labels, key)).toBe(value);
          expect(Object.getPrototypeOf(stored.metadata.labels)).toBe(Object.prototype);
        }
      }),
      // first the counterexample of issue 26 (seed -50055334: U+2028, which go-yaml reads as a line
      // break, in a JSON manifest), the other characters Go or YAML 1.1 take for white space or breaks
      { numRuns: 200, examples: LINE_BREAKS.map((c): [string, string] => [c, '']) },
    );
  });

  it.each(LINE_BREAKS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'a JSON manifest whose label key is %s is read as JSON, and the API server rejects the key (kubectl 1.33.1)',
    (_name, key) => {
      const s = new Session();
      const manifest = JSON.stringify({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', labels: { [key]: '' } },
        spec: { containers: [{ name: 'c', image: 'nginx' }] },
      });
      for (const command of ['kubectl create -f -', 'kubectl apply -f -']) {
        const r = run(s, command, manifest);
        expect(r.exitCode).toBe(1);
        expect(r.text).toBe(
          `The Pod "p" is invalid: metadata.labels: Invalid value: ${goQuote(key)}: ${qualifiedNameError(key)}\n`,
        );
      }
      expect(goQuote(key)).toBe(`"\\u${key.codePointAt(0)!.toString(16).padStart(4, '0')}"`);
      expect(s.sim.store.get('Pod', 'default', 'p')).toBeUndefined();
    },
  );

  it('YAML manifests with __proto__ keys keep them as data (then validation speaks)', () => {
    const s = new Session();
    const r = run(
      s,
      'kubectl apply -f -',
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    __proto__: x\n  annotations:\n    constructor: "y"\nspec:\n  containers: [{name: c, image: nginx, resources: {requests: {constructor: "1"}}}]\n',
    );
    expect(r.text).toBe(
      `The Pod "p" is invalid: metadata.labels: Invalid value: "__proto__": ${qualifiedNameError('__proto__')}\n`,
    );
    expect(({} as Record<string, unknown>).x).toBeUndefined(); // nothing polluted
  });

  it('script lines: sim subcommands, presets, node conditions, images, durations', () => {
    const templates = [
      (n: string) => `sim ${q(n)}`,
      (n: string) => `sim cluster ${q(n)}`,
      (n: string) => `sim node ${q(n)}`,
      (n: string) => `sim node add ${q(n)}`,
      (n: string) => `sim node add n1 --label ${q(`${n}=x`)}`,
      (n: string) => `sim node condition node-1 ${q(`${n}=True`)}`,
      (n: string) => `sim pod ${q(n)}`,
      (n: string) => `sim pod fail ${q(n)}`,
      (n: string) => `sim why ${q(n)}`,
      (n: string) => `sim why node-1 ${q(n)}`,
      (n: string) => `sim image ${q(n)}`,
      (n: string) => `sim image missing ${q(n)}`,
      (n: string) => `sim image crash ${q(n)} --after 1s`,
      (n: string) => `sim image crash nginx --exit-code ${q(n)}`,
      (n: string) => `sim image slow nginx ${q(n)}`,
      (n: string) => `sim advance ${q(n)}`,
      (n: string) => `sim step ${q(n)}`,
      (n: string) => n,
    ];
    fc.assert(
      fc.property(hostileName, fc.nat({ max: templates.length - 1 }), (name, t) => {
        const line = templates[t](name);
        let cmds;
        try {
          cmds = parseScript(line);
        } catch {
          return; // a parse error (with its line) is the answer for a line that is not a command
        }
        const s = new Session();
        for (const c of cmds) {
          const r = run(s, c.command, c.stdin);
          expect(jsLeak(r.text, name), `${line}\n${r.text}`).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sim image rules keyed by Object.prototype names stay in their Map', () => {
    const s = new Session();
    for (const n of PROTO_NAMES) {
      const r = run(s, `sim image missing ${q(n)}`);
      // a name is a reference when it is lowercase (constructor); the others are refused with the reason
      expect(r.text === '' || r.text.startsWith(`error: invalid image reference "${n}": `), r.text).toBe(
        true,
      );
      expect(jsLeak(r.text, n)).toBeNull();
    }
    expect(s.sim.registry.facts('constructor').exists).toBe(false);
    expect([...s.sim.registry.rules.keys()]).toEqual(['docker.io/library/constructor:latest']);
    expect(run(s, 'sim image list').text).toMatch(
      /^IMAGE {2,}PULL {2,}RUN\ndocker\.io\/library\/constructor:latest {3,}missing {3,}runs\n/,
    );
  });

  it('sim cluster PRESET takes only the presets there are', () => {
    const s = new Session();
    for (const n of PROTO_NAMES) {
      expect(run(s, `sim cluster ${n}`).text).toBe(
        `error: unknown preset "${n}"; one of: article, kubeadm, empty, large\n`,
      );
    }
  });
});
