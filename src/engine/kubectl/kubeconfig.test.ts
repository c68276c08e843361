// The session's kubeconfig: `kubectl config set-context --current --namespace=X` makes X the
// namespace of every later command without -n, as clientcmd's DirectClientConfig.Namespace does on a
// real cluster (src/scenarios/kubeconfig-namespace.sim holds the transcript checked against kubectl
// 1.33). It is client state: it lives in the Session, outlives `sim cluster`, and a new session starts
// from `default`.

import { describe, expect, it } from 'vitest';
import { Session } from '../script/session';
import { ARTICLE_MANIFEST } from '../cluster/manifests';

function session() {
  const s = new Session({ seed: 1 });
  const run = (line: string, stdin?: string) => {
    const r = s.exec(line, stdin);
    return { text: r.chunks.map((c) => c.text).join(''), exitCode: r.exitCode };
  };
  return { s, run };
}

describe("the session's kubeconfig namespace", () => {
  it('set-context --current --namespace=X: every later command without -n works in X', () => {
    const { run } = session();
    run('kubectl apply -f -', ARTICLE_MANIFEST);
    run('sim settle');
    expect(run('kubectl get ds').text).toBe('No resources found in default namespace.\n');
    expect(run('kubectl config set-context --current --namespace=kube-system')).toEqual({
      text: 'Context "playground" modified.\n',
      exitCode: 0,
    });
    expect(run('kubectl get ds').text).toMatch(/^NAME +DESIRED.*\nfluentd-elasticsearch +2 +2 /);
    expect(run('kubectl rollout status ds/fluentd-elasticsearch').text).toBe(
      'daemon set "fluentd-elasticsearch" successfully rolled out\n',
    );
    expect(run('kubectl describe ds fluentd-elasticsearch').text).toMatch(/^Namespace: +kube-system$/m);
    // -n and -A still win
    expect(run('kubectl get ds -n default').text).toBe('No resources found in default namespace.\n');
    expect(run('kubectl get ds -A').text).toMatch(/^kube-system +fluentd-elasticsearch /m);
    expect(run('kubectl config get-contexts').text).toBe(
      'CURRENT   NAME         CLUSTER      AUTHINFO           NAMESPACE\n*         playground   playground   playground-admin   kube-system\n',
    );
  });

  it('creates into it: create, run, apply of a manifest without a namespace (one with its own keeps it)', () => {
    const { run } = session();
    run('kubectl config set-context --current --namespace=team-a');
    run('kubectl create namespace team-a');
    expect(run('kubectl run web --image=nginx:1.27').text).toBe('pod/web created\n');
    expect(run('kubectl create deployment api --image=nginx:1.27').text).toBe(
      'deployment.apps/api created\n',
    );
    expect(
      run(
        'kubectl apply -f -',
        'apiVersion: v1\nkind: Pod\nmetadata:\n  name: bare\nspec:\n  containers:\n  - name: c\n    image: busybox:1.36\n',
      ).text,
    ).toBe('pod/bare created\n');
    // the context's namespace is not an explicit -n: an object's own namespace is no conflict
    expect(run('kubectl apply -f -', ARTICLE_MANIFEST).text).toBe(
      'daemonset.apps/fluentd-elasticsearch created\n',
    );
    run('sim settle');
    expect(run('kubectl get pods -n team-a -o name').text).toMatch(
      /^pod\/api-[a-z0-9-]+\npod\/bare\npod\/web\n$/,
    );
    expect(run('kubectl get ds -n kube-system -o name').text).toBe('daemonset.apps/fluentd-elasticsearch\n');
  });

  it('a namespace that does not exist is accepted; --namespace= unsets it', () => {
    const { run } = session();
    expect(run('kubectl config set-context playground --namespace=nope').exitCode).toBe(0);
    expect(run('kubectl get pods').text).toBe('No resources found in nope namespace.\n');
    expect(run('kubectl events').text).toBe('No events found in nope namespace.\n');
    expect(run('kubectl config set-context --current --namespace=').text).toBe(
      'Context "playground" modified.\n',
    );
    expect(run('kubectl config view').text).toContain(
      'contexts:\n- context:\n    cluster: playground\n    user: playground-admin\n  name: playground\n',
    );
    expect(run('kubectl get pods').text).toBe('No resources found in default namespace.\n');
  });

  it('a refused set-context changes nothing', () => {
    const { run } = session();
    run('kubectl config set-context --current --namespace=kube-system');
    for (const line of [
      'kubectl config set-context dev --namespace=x',
      'kubectl config set-context --current --cluster=prod --namespace=x',
      'kubectl config set-context --current --user=root --namespace=x',
      'kubectl config set-context --current -n x',
    ])
      expect(run(line).exitCode, line).toBe(1);
    expect(run('kubectl config view --minify').text).toContain('    namespace: kube-system\n');
  });

  it('is client state: `sim cluster` keeps it, a new session starts from default', () => {
    const { s, run } = session();
    run('kubectl config set-context --current --namespace=kube-system');
    run('sim cluster kubeadm');
    expect(s.kubeconfig.namespace()).toBe('kube-system');
    expect(run('kubectl get pods').text).toBe('No resources found in kube-system namespace.\n');
    expect(new Session({ seed: 1 }).kubeconfig.namespace()).toBe('default');
  });
});
