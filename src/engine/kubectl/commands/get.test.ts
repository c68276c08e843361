import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { articleCluster } from '../../testing/printerFixtures';
import type { Simulation } from '../../simulation';

function kc(sim: Simulation, line: string) {
  const r = runKubectl(sim, tokenize(line));
  const pick = (s: string) =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), exitCode: r.exitCode };
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('kubectl get', () => {
  const sim = articleCluster();

  it('prints pods (§10.3)', () => {
    expect(kc(sim, 'get pods -n kube-system -l name=fluentd-elasticsearch')).toEqual({
      stdout: lines(
        'NAME                          READY   STATUS    RESTARTS   AGE',
        'fluentd-elasticsearch-dqfv9   1/1     Running   0          52m',
        'fluentd-elasticsearch-pf9z5   1/1     Running   0          52m',
      ),
      stderr: '',
      exitCode: 0,
    });
  });

  it('prints pods wide', () => {
    expect(kc(sim, 'get po -o wide -n kube-system').stdout).toBe(
      lines(
        'NAME                          READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES',
        'fluentd-elasticsearch-dqfv9   1/1     Running   0          52m   10.244.0.2   master   <none>           <none>',
        'fluentd-elasticsearch-pf9z5   1/1     Running   0          52m   10.244.1.2   node-1   <none>           <none>',
      ),
    );
  });

  it('prints daemonsets (§10.2), by name and in TYPE/NAME form', () => {
    const want = lines(
      'NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
      'fluentd-elasticsearch   2         2         2       2            2           <none>          53m',
    );
    expect(kc(sim, 'get ds -n kube-system fluentd-elasticsearch').stdout).toBe(want);
    expect(kc(sim, 'get daemonset.apps/fluentd-elasticsearch -n kube-system').stdout).toBe(want);
    expect(kc(sim, '-n kube-system get daemonsets').stdout).toBe(want);
  });

  it('adds NAMESPACE with -A and wide and label columns', () => {
    expect(kc(sim, 'get ds -A -o wide --show-labels').stdout).toBe(
      lines(
        'NAMESPACE     NAME                    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE   CONTAINERS              IMAGES                                  SELECTOR                     LABELS',
        'kube-system   fluentd-elasticsearch   2         2         2       2            2           <none>          53m   fluentd-elasticsearch   k8s.gcr.io/fluentd-elasticsearch:1.20   name=fluentd-elasticsearch   k8s-app=fluentd-logging',
      ),
    );
  });

  it('prints nodes (§10.10)', () => {
    expect(kc(sim, 'get nodes').stdout).toBe(
      lines(
        'NAME     STATUS   ROLES    AGE   VERSION',
        'master   Ready    master   53m   v1.35.0',
        'node-1   Ready    <none>   53m   v1.35.0',
      ),
    );
    expect(kc(sim, 'get no node-1 -o wide').stdout).toBe(
      lines(
        'NAME     STATUS   ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME',
        'node-1   Ready    <none>   53m   v1.35.0   10.0.0.3      <none>        Ubuntu 24.04.3 LTS   6.8.0-86-generic   containerd://2.1.4',
      ),
    );
  });

  it('shows SchedulingDisabled and NotReady', () => {
    const s = articleCluster();
    const n = s.store.get('Node', undefined, 'node-1')!;
    s.store.update({ ...n, spec: { ...n.spec, unschedulable: true } });
    expect(kc(s, 'get nodes node-1').stdout).toContain(
      'node-1   Ready,SchedulingDisabled   <none>   53m   v1.35.0',
    );
  });

  it('prints controllerrevisions (§10.4)', () => {
    expect(kc(sim, 'get controllerrevision -n kube-system').stdout).toBe(
      lines(
        'NAME                               CONTROLLER                             REVISION   AGE',
        'fluentd-elasticsearch-64dc6799c9   daemonset.apps/fluentd-elasticsearch   1          53m',
      ),
    );
  });

  it('prints events in the API server order (namespace, then name) with kind/name objects', () => {
    expect(kc(sim, 'get events -n kube-system').stdout).toBe(
      lines(
        'LAST SEEN   TYPE     REASON             OBJECT                            MESSAGE',
        '52m         Normal   Scheduled          pod/fluentd-elasticsearch-pf9z5   Successfully assigned kube-system/fluentd-elasticsearch-pf9z5 to node-1',
        '52m         Normal   SuccessfulCreate   daemonset/fluentd-elasticsearch   Created pod: fluentd-elasticsearch-dqfv9',
        '52m         Normal   SuccessfulCreate   daemonset/fluentd-elasticsearch   Created pod: fluentd-elasticsearch-pf9z5',
      ),
    );
  });

  it('prints namespaces', () => {
    expect(kc(sim, 'get ns').stdout).toBe(
      lines(
        'NAME              STATUS   AGE',
        'default           Active   53m',
        'kube-node-lease   Active   53m',
        'kube-public       Active   53m',
        'kube-system       Active   53m',
      ),
    );
  });

  it('prints several types as separate tables with kind/name', () => {
    expect(kc(sim, 'get ds,pods -n kube-system').stdout).toBe(
      lines(
        'NAME                                   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
        'daemonset.apps/fluentd-elasticsearch   2         2         2       2            2           <none>          53m',
        '',
        'NAME                              READY   STATUS    RESTARTS   AGE',
        'pod/fluentd-elasticsearch-dqfv9   1/1     Running   0          52m',
        'pod/fluentd-elasticsearch-pf9z5   1/1     Running   0          52m',
      ),
    );
  });

  it('filters with label and field selectors', () => {
    expect(kc(sim, 'get pods -A -l name!=fluentd-elasticsearch').stderr).toBe('No resources found\n');
    expect(kc(sim, 'get pods -n kube-system --field-selector spec.nodeName=node-1 -o name').stdout).toBe(
      'pod/fluentd-elasticsearch-pf9z5\n',
    );
    expect(kc(sim, 'get nodes -l node-role.kubernetes.io/master -o name').stdout).toBe('node/master\n');
    expect(kc(sim, 'get nodes -l "a in b"')).toEqual({
      stdout: '',
      stderr:
        'Error from server (BadRequest): Unable to find "/v1, Resource=nodes" that match label selector "a in b", field selector "": unable to parse requirement: found \'b\' expected: \'(\'\n',
      exitCode: 1,
    });
  });

  it('prints -o name', () => {
    expect(kc(sim, 'get ds,controllerrevisions -n kube-system -o name').stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch\ncontrollerrevision.apps/fluentd-elasticsearch-64dc6799c9\n',
    );
  });

  it('prints one object or a List with -o yaml|json', () => {
    const one = kc(sim, 'get ns default -o yaml').stdout;
    expect(
      one.startsWith(
        'apiVersion: v1\nkind: Namespace\nmetadata:\n  creationTimestamp: "2026-01-01T00:00:00Z"\n  labels:\n    kubernetes.io/metadata.name: default\n  name: default\n',
      ),
    ).toBe(true);
    const list = kc(sim, 'get ns -o yaml').stdout;
    expect(list.startsWith('apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Namespace\n')).toBe(true);
    expect(list.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n')).toBe(true);
    const json = JSON.parse(kc(sim, 'get ds -n kube-system -o json').stdout);
    expect(json.kind).toBe('List');
    expect(json.items[0].status.numberReady).toBe(2);
    expect(kc(sim, 'get pods -o yaml').stdout).toBe(
      'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n',
    );
  });

  it('reports missing objects after the output (exit 1)', () => {
    expect(kc(sim, 'get nodes master nope')).toEqual({
      stdout: lines('NAME     STATUS   ROLES    AGE   VERSION', 'master   Ready    master   53m   v1.35.0'),
      stderr: 'Error from server (NotFound): nodes "nope" not found\n',
      exitCode: 1,
    });
    expect(kc(sim, 'get ds nope')).toEqual({
      stdout: '',
      stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\n',
      exitCode: 1,
    });
    expect(kc(sim, 'get ds nope --ignore-not-found').exitCode).toBe(0);
  });

  it('says when nothing was found (exit 0)', () => {
    expect(kc(sim, 'get pods')).toEqual({
      stdout: '',
      stderr: 'No resources found in default namespace.\n',
      exitCode: 0,
    });
    expect(kc(sim, 'get ds -n other')).toEqual({
      stdout: '',
      stderr: 'No resources found in other namespace.\n',
      exitCode: 0,
    });
    expect(kc(sim, 'get ds -A -l x=y').stderr).toBe('No resources found\n');
  });

  it('rejects unknown types, flags, formats and mixed forms', () => {
    expect(kc(sim, 'get statefulsets')).toEqual({
      stdout: '',
      stderr: 'error: the server doesn\'t have a resource type "statefulsets"\n',
      exitCode: 1,
    });
    expect(kc(sim, 'get pods --bogus')).toEqual({
      stdout: '',
      stderr: "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.\n",
      exitCode: 1,
    });
    expect(kc(sim, 'get pods -o foo').stderr).toBe(
      'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
    expect(kc(sim, 'get ds ds/x').stderr).toMatch(
      /^error: there is no need to specify a resource type as a separate argument/,
    );
    expect(kc(sim, 'get').stderr).toBe(
      'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \'kubectl get -h\' for help and examples\n',
    );
  });
});
