// kubectl's client-side commands in the playground: kubectl's own checks and words first, then a
// refusal that names the command and what the page lacks. src/scenarios/client-commands.sim holds
// the transcript checked against the real kubectl 1.33.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { runKubectlLine } from '../index';

function run(line: string) {
  const r = runKubectlLine(new Simulation({ seed: 1 }), line);
  const pick = (s: 'stdout' | 'stderr') =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), exitCode: r.exitCode };
}

describe("kubectl's client-side commands", () => {
  it('options prints the global options, with the cache directory under $HOME', () => {
    const r = run('kubectl options');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^The following options can be passed to any command:\n\n {4}--as='':\n/);
    expect(r.stdout).toContain("    --cache-dir='$HOME/.kube/cache':\n\tDefault cache directory\n");
    expect(r.stdout).toContain(
      "    -n, --namespace='':\n\tIf present, the namespace scope for this CLI request\n",
    );
    expect(r.stdout).toMatch(/--warnings-as-errors=false:\n\tTreat warnings .* non-zero exit code\n\n$/);
  });

  it('completion, kustomize and proxy check what kubectl checks, then refuse, naming the command and why', () => {
    expect(run('kubectl completion zsh')).toEqual({
      stdout: '',
      stderr: expect.stringMatching(
        /^error: kubectl completion zsh cannot run in the playground: .*not a shell/,
      ),
      exitCode: 1,
    });
    expect(run('kubectl completion ksh').stderr).toBe(
      `error: Unsupported shell type "ksh".\nSee 'kubectl completion -h' for help and examples\n`,
    );
    expect(run('kubectl kustomize overlays/dev').stderr).toMatch(
      /^error: kubectl kustomize overlays\/dev cannot run in the playground: .*no files/,
    );
    expect(run('kubectl proxy --port=8080').stderr).toMatch(
      /^error: kubectl proxy cannot run in the playground: .*cannot listen on a port/,
    );
    expect(run('kubectl proxy -p x').stderr).toBe(
      `error: invalid argument "x" for "-p, --port" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee 'kubectl proxy --help' for usage.\n`,
    );
  });

  it('certificate approve -f is refused (no CSRs served, no files); names end at the missing type', () => {
    expect(run('kubectl certificate approve -f csr.yaml').stderr).toMatch(
      /^error: kubectl certificate approve -f cannot run in the playground/,
    );
    expect(run('kubectl certificate deny x').stderr).toBe(
      `error: the server doesn't have a resource type "certificatesigningrequests"\n`,
    );
  });

  it('alpha says it has no commands, exit 0, whatever follows', () => {
    for (const line of ['kubectl alpha', 'kubectl alpha events', 'kubectl alpha -h'])
      expect(run(line), line).toEqual({
        stdout: '',
        stderr: 'No alpha commands are available in this version of kubectl\n',
        exitCode: 0,
      });
  });

  it('config set-context checks its arguments as kubectl; another context, cluster or user is refused', () => {
    expect(run('kubectl config set-context dev --namespace=x')).toEqual({
      stdout: '',
      stderr:
        'error: kubectl config set-context cannot create context "dev": the playground\'s kubeconfig has one context, "playground" (kubectl config set-context --current --namespace=x changes its namespace)\n',
      exitCode: 1,
    });
    expect(run('kubectl config set-context --current --cluster=prod').stderr).toMatch(
      /cannot point context "playground" at cluster "prod": .* one cluster, "playground"\n$/,
    );
    expect(run('kubectl config set-context --current --user=admin').stderr).toMatch(
      /cannot give context "playground" user "admin": .* one user, "playground-admin"\n$/,
    );
    expect(run('kubectl config set-context').stderr).toBe(
      'error: you must specify a non-empty context name or --current\n',
    );
    // the local --namespace shadows the global one, shorthand and all (cobra)
    expect(run('kubectl config set-context --current -n x').stderr).toBe(
      "error: unknown shorthand flag: 'n' in -n\nSee 'kubectl config set-context --help' for usage.\n",
    );
    // its own cluster and user are no change
    expect(
      run('kubectl config set-context playground --cluster=playground --user=playground-admin').stdout,
    ).toBe('Context "playground" modified.\n');
  });

  it("config's writers parse their flags as kubectl, then refuse: one cluster, user and context", () => {
    expect(run('kubectl config set-cluster dev --server=https://10.0.0.1:6443')).toEqual({
      stdout: '',
      stderr:
        'error: kubectl config set-cluster cannot change the playground\'s kubeconfig: it has one cluster, one user and one context, "playground", whose namespace only kubectl config set-context --current --namespace=NAMESPACE (or config set|unset contexts.playground.namespace) changes; kubectl config view shows it\n',
      exitCode: 1,
    });
    // the namespace is the one property they set (config set-context's)
    expect(run('kubectl config set contexts.playground.namespace x').stdout).toBe(
      'Property "contexts.playground.namespace" set.\n',
    );
    expect(run('kubectl config set contexts.playground.cluster x').exitCode).toBe(1);
    expect(run('kubectl config unset contexts.playground.namespace').stdout).toBe(
      'Property "contexts.playground.namespace" unset.\n',
    );
    expect(run('kubectl config unset --bogus').stderr).toBe(
      "error: unknown flag: --bogus\nSee 'kubectl config unset --help' for usage.\n",
    );
  });
});
