import { describe, expect, it } from 'vitest';
import { invalid, StatusError } from '../api/errors';
import { tokenize } from './argv';
import { commandNames, runKubectl } from './index';
import { COMMANDS } from './registry';
import { articleCluster } from '../testing/printerFixtures';
import type { Simulation } from '../simulation';
import { CommandError, type CommandDef } from './types';

function kc(sim: Simulation, line: string) {
  const r = runKubectl(sim, tokenize(line));
  const pick = (s: string) =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), exitCode: r.exitCode };
}

/** Registers a throwaway command for the duration of one test. */
function withCommand(def: CommandDef, fn: () => void): void {
  COMMANDS.push(def);
  try {
    fn();
  } finally {
    COMMANDS.splice(COMMANDS.indexOf(def), 1);
  }
}

describe('runKubectl', () => {
  const sim = articleCluster();

  it('finds commands by one or two words, with flags before the command', () => {
    expect(kc(sim, '-n kube-system get ds -o name').stdout).toBe('daemonset.apps/fluentd-elasticsearch\n');
    expect(kc(sim, 'get -n kube-system ds -o name').stdout).toBe('daemonset.apps/fluentd-elasticsearch\n');
    expect(kc(sim, '--namespace=kube-system get ds -o name').stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch\n',
    );
  });

  it('suggests close commands like cobra', () => {
    expect(kc(sim, 'gte pods')).toEqual({
      stdout: '',
      stderr: 'error: unknown command "gte" for "kubectl"\n\nDid you mean this?\n\tget\n',
      exitCode: 1,
    });
    expect(kc(sim, 'frobnicate')).toEqual({
      stdout: '',
      stderr: 'error: unknown command "frobnicate" for "kubectl"\n',
      exitCode: 1,
    });
  });

  it('prints usage for kubectl alone, --help, -h, help and command groups', () => {
    expect(kc(sim, '').stdout).toMatch(/^kubectl controls the Kubernetes cluster manager\./);
    // kubectl 1.33's sections: the stream commands, and an empty plugins section (no PATH here)
    expect(kc(sim, '').stdout).toContain(
      '  logs            Print the logs for a container in a pod\n  attach          Attach to a running container\n  exec            Execute a command in a container\n',
    );
    expect(kc(sim, '').stdout).toContain(
      '(bash, zsh, fish, or powershell)\n\nSubcommands provided by plugins:\n\nOther Commands:\n',
    );
    const help = kc(sim, 'get --help');
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain(
      'Display one or many resources.\n\n Prints a table of the most important information',
    );
    expect(help.stdout).toContain(
      '\n\nOptions:\n    -A, --all-namespaces=false:\n\tIf present, list the requested object(s) across all namespaces.',
    );
    expect(help.stdout).toContain('Usage:\n  kubectl get ');
    expect(kc(sim, 'describe -h').stdout).toMatch(
      /^Show details of a specific resource or group of resources\./,
    );
    expect(kc(sim, 'help get').stdout).toBe(help.stdout);
    const rollout = kc(sim, 'rollout');
    // cobra's group Run: the help on stdout, exit 1; subcommands sorted, padded to 11 + 3
    expect(rollout.stdout).toContain('Available Commands:\n  history       View rollout history\n  pause ');
    expect(rollout.exitCode).toBe(1);
    expect(kc(sim, 'set').stderr).toMatch(/^Configure application resources\.\n\n These commands/);
    expect(kc(sim, 'set --help').stdout).toBe(kc(sim, 'set').stderr);
  });

  it('renders StatusError, CommandError and unexpected exceptions', () => {
    const thrower = (e: unknown): CommandDef => ({
      name: 'zz-throw',
      short: 'test',
      usage: 'kubectl zz-throw',
      flags: [],
      run: () => {
        throw e;
      },
    });
    withCommand(thrower(new StatusError(409, 'Conflict', 'the object has been modified')), () => {
      expect(kc(sim, 'zz-throw')).toEqual({
        stdout: '',
        stderr: 'Error from server (Conflict): the object has been modified\n',
        exitCode: 1,
      });
    });
    withCommand(
      thrower(invalid('DaemonSet', 'x', [{ field: 'spec.selector', type: 'Required value' }])),
      () => {
        expect(kc(sim, 'zz-throw').stderr).toBe(
          'The DaemonSet "x" is invalid: spec.selector: Required value\n',
        );
      },
    );
    withCommand(
      thrower(
        invalid('DaemonSet', 'x', [
          { field: 'spec.selector', type: 'Required value' },
          { field: 'spec.template.spec.containers', type: 'Required value' },
        ]),
      ),
      () => {
        expect(kc(sim, 'zz-throw').stderr).toBe(
          'The DaemonSet "x" is invalid: \n* spec.selector: Required value\n* spec.template.spec.containers: Required value\n',
        );
      },
    );
    withCommand(thrower(new CommandError('boom', 2)), () => {
      expect(kc(sim, 'zz-throw')).toEqual({ stdout: '', stderr: 'error: boom\n', exitCode: 2 });
    });
    withCommand(thrower(new CommandError('raw text', 1, true)), () => {
      expect(kc(sim, 'zz-throw').stderr).toBe('raw text\n');
    });
    withCommand(thrower(new TypeError('x is undefined')), () => {
      expect(kc(sim, 'zz-throw')).toEqual({ stdout: '', stderr: 'error: x is undefined\n', exitCode: 1 });
    });
  });

  it('warns about deprecated flags and gives commands the namespace', () => {
    let seen = '';
    const def: CommandDef = {
      name: 'zz-ns',
      short: 'test',
      usage: 'kubectl zz-ns',
      flags: [{ name: 'record', type: 'bool', deprecated: '--record will be removed in the future' }],
      run: (ctx) => {
        seen = `${ctx.namespace}/${ctx.namespaceExplicit}`;
      },
    };
    withCommand(def, () => {
      expect(kc(sim, 'zz-ns --record -n kube-system').stderr).toBe(
        'Flag --record has been deprecated, --record will be removed in the future\n',
      );
      expect(seen).toBe('kube-system/true');
      kc(sim, 'zz-ns');
      expect(seen).toBe('default/false');
    });
  });

  it('reports unknown flags with the command path', () => {
    expect(kc(sim, 'describe nodes --bogus').stderr).toBe(
      "error: unknown flag: --bogus\nSee 'kubectl describe --help' for usage.\n",
    );
  });

  it('prints the version', () => {
    expect(kc(sim, 'version --client').stdout).toBe('Client Version: v1.35.0\nKustomize Version: v5.7.1\n');
  });
});

describe('completion', () => {
  it('lists command names', () => {
    expect(commandNames()).toEqual(
      expect.arrayContaining(['get', 'describe', 'rollout status', 'set image', 'explain']),
    );
  });
});
