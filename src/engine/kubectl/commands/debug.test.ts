// kubectl debug: kubectl's checks and messages, the container it sends, and the simulated cluster
// running it (src/scenarios/debug.sim holds the transcript checked against the real kubectl).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { applyPreset } from '../../cluster/presets';
import { runDef } from '../../testing/kubectl';
import { debugCommand } from './debug';
import type { KObject, Pod } from '../../api/types';

function sim(seed = 1): Simulation {
  const s = new Simulation({ seed });
  applyPreset(s, 'large', 1);
  s.store.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default' },
    spec: { containers: [{ name: 'web', image: 'nginx' }] },
  } as unknown as KObject);
  s.settle();
  return s;
}

const pod = (s: Simulation) => s.store.get('Pod', 'default', 'web') as Pod;

describe('kubectl debug', () => {
  it('names the container as kubectl does (debugger- and five characters), the same every run, on stdout', () => {
    const names = [1, 1, 2].map((seed) => {
      const s = sim(seed);
      const r = runDef(s, debugCommand, 'web --image=busybox --profile=general');
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe('');
      const m = /^Defaulting debug container name to (debugger-[bcdfghjklmnpqrstvwxz2456789]{5})\.\n$/.exec(
        r.stdout,
      );
      expect(m).not.toBeNull();
      expect(pod(s).spec.ephemeralContainers!.map((c) => c.name)).toEqual([m![1]]);
      return m![1];
    });
    expect(names[0]).toBe(names[1]);
    expect(names[2]).not.toBe(names[0]);
  });

  it('sends the container kubectl builds: stdin/tty, File, the target, the command after --, the profile', () => {
    const s = sim();
    const r = runDef(s, debugCommand, [
      'web',
      '-it',
      '-q',
      '--image=busybox',
      '-c',
      'dbg',
      '--target=web',
      '--profile=restricted',
      '--env=B=2,A=1',
      '--',
      'sh',
      '-c',
      'sleep 1d',
    ]);
    // -q: no hints; the attach's 404 falls back to the container's log (stdout), as kubectl does
    expect(r.stdout).toMatch(
      /^\[playground\] [^\n]*: container dbg of pod default\/web started on node [^\n]*\n$/,
    );
    expect(pod(s).spec.ephemeralContainers).toEqual([
      {
        name: 'dbg',
        image: 'busybox',
        command: ['sh', '-c', 'sleep 1d'],
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
        stdin: true,
        terminationMessagePolicy: 'File',
        tty: true,
        securityContext: {
          capabilities: { drop: ['ALL'] },
          runAsNonRoot: true,
          allowPrivilegeEscalation: false,
          seccompProfile: { type: 'RuntimeDefault' },
        },
        targetContainerName: 'web',
        resources: {},
        terminationMessagePath: '/dev/termination-log',
        imagePullPolicy: 'Always',
      },
    ]);
  });

  it("-i waits for the container to run, attaches (the API server's 404), then falls back to its log", () => {
    const s = sim();
    const r = runDef(s, debugCommand, 'web -it --image=busybox -c dbg --profile=general');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      'Unable to use a TTY - input is not a terminal or the right kind of file\n' +
        "If you don't see a command prompt, try pressing enter.\n" +
        "warning: couldn't attach to pod/web, falling back to streaming logs: the server could not find the requested resource\n",
    );
    expect(r.stdout).toMatch(/container dbg of pod default\/web started on node /);
    expect(pod(s).status.ephemeralContainerStatuses![0].state.running).toBeDefined();
  });

  it("says the API server's refusals as kubectl does, and writes nothing", () => {
    const s = sim();
    runDef(s, debugCommand, 'web --image=busybox -c dbg --profile=general');
    const rv = s.store.resourceVersion();
    const dup = runDef(s, debugCommand, 'web --image=busybox -c web --profile=general');
    expect(dup.stderr).toBe(
      'The Pod "web" is invalid: spec.ephemeralContainers[1].name: Duplicate value: "web"\n',
    );
    expect(dup.exitCode).toBe(1);
    expect(s.store.resourceVersion()).toBe(rv);
  });

  it("checks the flags in kubectl's order, with its words", () => {
    const s = sim();
    const err = (args: string) => runDef(s, debugCommand, args).stderr;
    expect(err('web -c dbg')).toBe('error: you must specify --image when not using --copy-to.\n');
    expect(err('web --attach')).toBe(
      'error: you must specify --container or create a new container using --image in order to attach.\n',
    );
    expect(err('web --image=busybox --same-node')).toBe(
      'error: --same-node may only be used with --copy-to.\n',
    );
    expect(err('web --image=Bad')).toBe('error: invalid image name "Bad": invalid reference format\n');
    expect(err('web --image=busybox -t')).toBe(
      'error: -i/--stdin is required for containers with -t/--tty=true\n',
    );
    expect(err('web --image=busybox --profile=bogus')).toBe('error: unknown profile: bogus\n');
    expect(err('--image=busybox')).toBe('error: NAME or filename is required for debug\n');
  });

  it('does not pretend to copy pods or debug nodes', () => {
    const s = sim();
    expect(runDef(s, debugCommand, 'web --copy-to=web2 --image=busybox -c dbg').stderr).toContain(
      'not modelled',
    );
    expect(runDef(s, debugCommand, 'node/node-1 --image=busybox').stderr).toContain('not modelled');
  });
});
