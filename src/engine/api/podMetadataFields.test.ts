// podMetadata (podMetadataFields.ts) against the plain spread it stands for, and a stored pod's
// metadata in V8 after a rollout: one hidden class for live and deleting pods, every field in the
// object and never stored into after it was made (what spares V8 re-compiling the readers of `pod.metadata`).

import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Random } from '../random';
import { randomOwnFields } from '../testing/hiddenClass';
import { POD_METADATA_FIELDS, podMetadata } from './podMetadataFields';
import type { ObjectMeta } from './types';

/** The plain form: the spread with the three server fields, then every field of ObjectMeta laid out in Go's order. */
function plain(
  md: Record<string, unknown>,
  rv: string,
  ts: string | undefined,
  grace: number | undefined,
): [string, unknown][] {
  const spread: Record<string, unknown> = { ...md };
  const set = { resourceVersion: rv, deletionTimestamp: ts, deletionGracePeriodSeconds: grace };
  const out: [string, unknown][] = [];
  for (const k of POD_METADATA_FIELDS)
    out.push([k, Object.hasOwn(set, k) ? set[k as keyof typeof set] : spread[k]]);
  for (const k of Object.keys(md))
    if (!POD_METADATA_FIELDS.includes(k) && md[k] !== undefined) out.push([k, md[k]]);
  return out;
}

const VALUES: Record<string, readonly unknown[]> = {
  name: ['a', 'web-1'],
  generateName: ['web-'],
  namespace: ['default', 'kube-system'],
  uid: ['u1'],
  resourceVersion: ['7'],
  generation: [1, 3],
  creationTimestamp: ['2026-01-01T00:00:00Z'],
  deletionTimestamp: ['2026-01-01T00:00:30Z'],
  deletionGracePeriodSeconds: [0, 30],
  labels: [{ app: 'web' }, {}],
  annotations: [{ a: 'b' }],
  ownerReferences: [[{ kind: 'ReplicaSet', name: 'web-1', uid: 'r1' }]],
  finalizers: [['f']],
  managedFields: [[]],
  selfLink: ['/api/v1/pods/a'],
  clusterName: ['c'],
  __proto__: [{ polluted: true }],
};

describe('podMetadata', () => {
  it('is the spread with the server fields, laid out in ObjectMeta’s order, other fields after', () => {
    const r = new Random(23);
    for (let i = 0; i < 2000; i++) {
      const md = randomOwnFields(r, VALUES);
      const rv = String(r.int(1000));
      const deleting = r.int(2) === 1;
      const ts = deleting ? '2026-01-01T00:01:00Z' : undefined;
      const grace = deleting ? r.int(40) : undefined;
      const got = podMetadata(md as unknown as ObjectMeta, rv, ts, grace);
      expect(Object.entries(got), `case ${i}`).toEqual(plain(md, rv, ts, grace));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    }
  });
});

// The child: the small mixed rollout, then V8's description (%DebugPrint) of a live pod's metadata
// and a deleting pod's, and whether they share a map.
const CHILD = `
const { rolloutRun } = await import(${JSON.stringify(fileURLToPath(new URL('../testing/rolloutRun.ts', import.meta.url)))});
let deleting;
const sim = rolloutRun({ onStart: (s) => s.watch((c) => { if (c.obj.metadata.deletionTimestamp) deleting = c.obj; }, ['Pod']) });
const live = sim.store.list('Pod', 'default')[0];
const print = new Function('o', '%DebugPrint(o)');
const same = new Function('a', 'b', 'return %HaveSameMap(a, b)');
print(live.metadata);
print(deleting.metadata);
console.error('SAME ' + same(live.metadata, deleting.metadata));
`;

/** Each field V8 lists for an object: its name, "const" or "mutable", and where it is kept. */
function fieldsOf(debugPrint: string): { name: string; constant: boolean; inObject: boolean }[] {
  const out = [];
  for (const m of debugPrint.matchAll(/#(\w+): .*?\((const )?data field \d+\), location: (\S+)/g))
    out.push({ name: m[1], constant: m[2] !== undefined, inObject: m[3] === 'in-object' });
  return out;
}

describe('a stored pod’s metadata in V8', () => {
  it('is one hidden class through a rollout, each field in the object and constant', () => {
    // %DebugPrint writes through C's stdio, buffered: into a file (a pipe Node made non-blocking lost
    // its tail at exit), and Node's own writes to stderr, not between its blocks
    const dir = mkdtempSync(join(tmpdir(), 'podmeta-'));
    const out = openSync(join(dir, 'out'), 'w');
    const child = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', CHILD],
      { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', out, 'pipe'] },
    );
    closeSync(out);
    const stdout = readFileSync(join(dir, 'out'), 'utf8');
    rmSync(dir, { recursive: true });
    expect(child.status, child.stderr).toBe(0);
    const [, live, deleting] = stdout.split(/^DebugPrint: /m);
    expect(child.stderr).toContain('SAME true');
    for (const [who, text] of [
      ['live', live],
      ['deleting', deleting],
    ] as const) {
      const fields = fieldsOf(text);
      expect(
        fields.map((f) => f.name),
        who,
      ).toEqual(POD_METADATA_FIELDS);
      // a field stored into after the object was made is "data field" (mutable); one kept outside
      // the object (past its in-object slots) costs a load more at every read
      expect(
        fields.filter((f) => !f.constant || !f.inObject),
        who,
      ).toEqual([]);
    }
  });
});
