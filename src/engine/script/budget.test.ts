// The budget (issue 10): nodes and simulated time, checked as written (naming the line) and while
// running (whatever adds nodes or time: sim node add, manifests, settle, rollout status waits).

import { describe, expect, it } from 'vitest';
import {
  BudgetError,
  checkScriptBudget,
  CLI_BUDGET,
  PAGE_BUDGET,
  parseScriptInBudget,
  type Budget,
  type BudgetLine,
  type BudgetStart,
} from './budget';
import { ScriptParseError } from './parse';
import { Session } from './session';
import { runCommands } from './run';
import { parseScript } from './parse';
import { ARTICLE_MANIFEST } from '../cluster/manifests';

const HOUR = 3_600_000;
const tiny: Budget = { where: 'the test', maxNodes: 3, maxSimMs: 2 * HOUR, maxStepCount: 10 };

function run(s: Session, line: string, stdin?: string): string {
  return s
    .exec(line, stdin)
    .chunks.map((c) => c.text)
    .join('');
}

function lines(...l: string[]) {
  return l.map((line, i) => ({ index: i + 1, line }));
}

describe('checkScriptBudget (as written)', () => {
  const refused = (ls: BudgetLine[], start: BudgetStart = { preset: 'article' }, b = tiny) => {
    try {
      checkScriptBudget(ls, start, b);
      return null;
    } catch (e) {
      if (!(e instanceof BudgetError)) throw e;
      return { index: e.index, kind: e.kind, message: e.message };
    }
  };

  it('counts sim node add from the preset and from each sim cluster', () => {
    expect(refused(lines('sim node add a'))).toBeNull();
    expect(refused(lines('sim node add a', 'sim node add b'))).toEqual({
      index: 2,
      kind: 'nodes',
      message: 'sim node add: more than 3 nodes, the most the test runs',
    });
    expect(
      refused(lines('sim cluster empty', 'sim node add a', 'sim node add b', 'sim node add c')),
    ).toBeNull();
    expect(refused(lines('sim cluster kubeadm', 'sim node add a'))).toMatchObject({
      index: 2,
      kind: 'nodes',
    });
    expect(refused(lines('sim cluster large --nodes 4'))).toEqual({
      index: 1,
      kind: 'nodes',
      message: 'sim cluster asks for 4 nodes; the test runs at most 3',
    });
    expect(refused(lines('sim cluster large --nodes=4'))).toMatchObject({ index: 1, kind: 'nodes' });
    expect(refused([], { preset: 'large' }, PAGE_BUDGET)).toBeNull(); // 1000 nodes
    expect(refused([], { preset: 'large', nodes: 5001 }, PAGE_BUDGET)).toMatchObject({
      index: -1,
      kind: 'nodes',
    });
  });

  it('adds up sim advance and the inputs’ times', () => {
    expect(refused(lines('sim advance 1h', 'sim advance 59m'))).toBeNull();
    expect(refused(lines('sim advance 1h', 'sim advance 61m'))).toEqual({
      index: 2,
      kind: 'time',
      message: 'sim advance 61m runs the simulated clock past 2h, the most a session runs',
    });
    expect(refused([{ index: 0, line: 'sim advance 1h', at: HOUR + 1 }])).toMatchObject({
      index: 0,
      kind: 'time',
    });
    expect(refused(lines('sim step 11'))).toMatchObject({ index: 1, kind: 'steps' });
  });

  it('leaves lines the engine answers with an error to the engine', () => {
    expect(
      refused(lines('sim advance soon', 'sim cluster large --nodes abc', 'echo "unclosed', 'kubectl get po')),
    ).toBeNull();
  });

  it('embed load scripts: a line over the budget is a parse error with its line', () => {
    const script = 'kubectl get nodes\n# a comment\nsim cluster large --nodes 6000\n';
    try {
      parseScriptInBudget(script);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ScriptParseError);
      expect((e as ScriptParseError).line).toBe(3);
      expect((e as Error).message).toBe('sim cluster asks for 6000 nodes; the page runs at most 5000');
    }
    expect(parseScriptInBudget('sim cluster large --nodes 6000\n', CLI_BUDGET)).toHaveLength(1);
  });
});

describe('the budget while running', () => {
  it('the store refuses nodes past the cap, from sim node add and from manifests alike', () => {
    const s = new Session({ budget: tiny });
    expect(run(s, 'sim node add a')).toBe('');
    expect(run(s, 'sim node add b')).toBe(
      'Error from server (Forbidden): nodes "b" is forbidden: exceeded the playground\'s limit of 3 nodes\n',
    );
    const node = 'apiVersion: v1\nkind: Node\nmetadata:\n  name: c\n';
    expect(run(s, 'kubectl create -f -', node)).toBe(
      'Error from server (Forbidden): error when creating "STDIN": nodes "c" is forbidden: exceeded the playground\'s limit of 3 nodes\n',
    );
    expect(s.sim.store.count('Node')).toBe(3);
    expect(run(s, 'kubectl delete node a')).toBe('node "a" deleted\n');
    expect(run(s, 'kubectl create -f -', node)).toBe('node/c created\n');
  });

  it('presets over the cap are refused before anything is built', () => {
    const s = new Session({ budget: tiny });
    expect(run(s, 'sim cluster large --nodes 4')).toBe(
      'error: --nodes must be between 0 and 3 (the most nodes the test runs)\n',
    );
    expect(run(s, 'sim cluster large')).toBe(
      'error: --nodes must be between 0 and 3 (the most nodes the test runs)\n',
    );
    expect(s.sim.store.count('Node')).toBe(2);
    expect(() => new Session({ preset: 'large', nodes: 5001 })).toThrow(
      '--nodes must be between 0 and 5000 (the most nodes the page runs)',
    );
  });

  it('sim advance, sim settle, sim step and rollout status stop at the end of the session’s time', () => {
    const s = new Session({ budget: tiny });
    expect(run(s, 'sim advance 1h59m59s')).toBe('');
    expect(run(s, 'sim advance 2s')).toBe(
      'error: sim advance 2s: a session runs at most 2h of simulated time, and 2h have run\n',
    );
    expect(run(s, 'kubectl apply -f -', ARTICLE_MANIFEST)).toBe(
      'daemonset.apps/fluentd-elasticsearch created\n',
    );
    expect(run(s, 'sim settle')).toBe(
      'warning: the cluster did not settle: the session has run 2h of simulated time, the most it may run\n',
    );
    expect(s.sim.now() - s.startMs).toBeLessThanOrEqual(2 * HOUR);
    expect(run(s, 'kubectl rollout status ds/fluentd-elasticsearch -n kube-system')).toMatch(
      /error: the session reached the end of its simulated time, the most it may run: stopped waiting for the rollout\n$/,
    );
    expect(run(s, 'sim step 3')).toBe(
      'warning: the session has run 2h of simulated time, the most it may run\n',
    );
    expect(s.sim.now()).toBeLessThanOrEqual(s.startMs + 2 * HOUR);
    // the clock goes on across `sim cluster`, and so does the budget
    run(s, 'sim cluster kubeadm');
    expect(run(s, 'sim advance 1s')).toMatch(/^error: sim advance 1s/);
  });
  it('waits of other commands (drain, delete) end at the horizon too, never spin', () => {
    const s = new Session({ budget: tiny });
    run(s, 'kubectl run web --image=nginx');
    run(s, 'sim settle');
    expect(run(s, `sim advance ${s.remainingMs() - 500}ms`)).toBe('');
    // the container would stop 1.5 s after the eviction, past the horizon: the wait ends, the command returns
    const out = run(s, 'kubectl drain node-1 --force');
    expect(out).toContain('node/node-1 cordoned');
    expect(s.sim.now()).toBeLessThanOrEqual(s.startMs + 2 * HOUR);
    const del = run(s, 'kubectl delete pod web --now=false');
    expect(typeof del).toBe('string');
    expect(s.sim.nextAt()).toBeUndefined(); // nothing this session may still run
  });
});

describe('rollout status --timeout', () => {
  it('0 (or 0s, or negative) means no timeout, as in kubectl; bad durations get pflag’s error', () => {
    for (const t of ['0', '0s', '-1s']) {
      const s = new Session();
      run(s, 'kubectl apply -f -', ARTICLE_MANIFEST);
      const out = run(s, `kubectl rollout status ds/fluentd-elasticsearch -n kube-system --timeout=${t}`);
      expect(out).toMatch(/daemon set "fluentd-elasticsearch" successfully rolled out\n$/);
    }
    const s = new Session();
    expect(run(s, 'kubectl rollout status ds/x --timeout=5')).toBe(
      'error: invalid argument "5" for "--timeout" flag: time: missing unit in duration "5"\nSee \'kubectl rollout status --help\' for usage.\n',
    );
    expect(run(s, 'kubectl rollout status ds/x --timeout=1d')).toBe(
      'error: invalid argument "1d" for "--timeout" flag: time: unknown unit "d" in duration "1d"\nSee \'kubectl rollout status --help\' for usage.\n',
    );
    expect(run(s, 'kubectl rollout status ds/x --timeout=abc')).toBe(
      'error: invalid argument "abc" for "--timeout" flag: time: invalid duration "abc"\nSee \'kubectl rollout status --help\' for usage.\n',
    );
    expect(run(s, 'kubectl rollout status ds/x --timeout=1.5m')).toBe(
      'Error from server (NotFound): daemonsets.apps "x" not found\n',
    );
  });
});

describe('streaming transcripts', () => {
  it('runCommands hands out the transcript as it is produced, in order, and the whole of it at the end', () => {
    const pieces: string[] = [];
    const script = 'kubectl get nodes\nsim cluster kubeadm\nkubectl get nodes\nkubectl frobnicate\n';
    const t = runCommands(new Session(), parseScript(script), (text) => pieces.push(text));
    expect(pieces.join('')).toBe(t.text);
    expect(pieces[0]).toBe('$ kubectl get nodes\n');
    expect(pieces.filter((p) => p.startsWith('$ '))).toHaveLength(4);
    expect(t.failures).toBe(1);
  });
});
