// The headless CLI as a process (issue 10): the transcript streams command by command, so a run that is
// stopped early has printed what ran so far; --expect and the exit statuses (0, 1, 2) are unchanged.

import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { runSimCli } from './simMain';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

describe('npm run sim', () => {
  it('streams: a run killed in the middle has printed the commands before', async () => {
    const script =
      'kubectl get nodes\nsim cluster large --nodes 65000\nsim node add one-more\nkubectl get nodes\n';
    const child = spawn(tsx, ['src/cli/sim.ts', '-'], { cwd: root });
    child.stdin.end(script);
    let out = '';
    const seen = await new Promise<string>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        // the big cluster is being built: stop the run there, as a timeout would
        if (out.includes('$ sim cluster large')) {
          child.kill('SIGKILL');
          resolve(out);
        }
      });
      child.on('exit', () => resolve(out));
    });
    expect(
      seen.startsWith(
        '$ kubectl get nodes\nNAME     STATUS   ROLES    AGE   VERSION\nmaster   Ready    master   0s    v1.35.0\n',
      ),
    ).toBe(true);
    expect(seen).toContain('$ sim cluster large --nodes 65000\n');
    // printed before the 65,000 nodes were built: what comes after is not there yet
    expect(seen).not.toContain('$ sim node add one-more');
  });

  it('keeps its exit statuses and --expect (in-process)', () => {
    const files = new Map<string | 0, string>([
      ['/s/x.sim', 'kubectl get nodes\nkubectl frobnicate\n'],
      ['/s/bad.sim', 'kubectl get nodes\necho hi\n'],
      [
        '/s/same.out',
        '$ kubectl get nodes\nNAME     STATUS   ROLES    AGE   VERSION\nmaster   Ready    master   {{any}}    v1.35.0\nnode-1   Ready    <none>   0s    v1.35.0\n$ kubectl frobnicate\nerror: unknown command "frobnicate" for "kubectl"\n',
      ],
      ['/s/other.out', '$ kubectl get pods\n'],
    ]);
    const cli = (...argv: string[]) => {
      let stdout = '';
      let stderr = '';
      const writes: string[] = [];
      const status = runSimCli(argv, {
        stdout: (t) => {
          stdout += t;
          writes.push(t);
        },
        stderr: (t) => (stderr += t),
        readFile: (p) => {
          const t = files.get(p);
          if (t === undefined) throw new Error('ENOENT: no such file or directory');
          return t;
        },
        cwd: () => '/s',
      });
      return { status, stdout, stderr, writes };
    };
    const ok = cli('x.sim');
    expect(ok.status).toBe(0);
    expect(ok.writes[0]).toBe('$ kubectl get nodes\n'); // streamed, not one write at the end
    expect(ok.stdout).toBe(files.get('/s/same.out')!.replace('{{any}}', '0s'));
    expect(cli('--expect', 'same.out', 'x.sim').status).toBe(0);
    const differs = cli('--expect', 'other.out', 'x.sim');
    expect(differs.status).toBe(1);
    expect(differs.stderr.startsWith('sim: transcript differs from other.out:')).toBe(true);
    const bad = cli('bad.sim');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'bad.sim:2: unknown command "echo": a scenario line starts with kubectl or sim\n',
    );
    expect(bad.stdout).toBe('');
    expect(cli('--seed', 'x', 'x.sim').status).toBe(2);
    expect(cli('missing.sim').status).toBe(2);
    expect(cli('--expect', 'missing.out', 'x.sim').status).toBe(2);
  });
});
