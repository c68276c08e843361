import { beforeAll, describe, expect, it } from 'vitest';
import { type Kind, SERVED, SIM_IMAGE_VERBS } from '../../engine';
import {
  candidates,
  commonPrefix,
  complete,
  formatColumns,
  kubectlCommandTable,
  loadCommandTable,
  type ObjectIndex,
} from './completion';

const OBJECTS: Record<string, { ns?: string; name: string }[]> = {
  Node: [{ name: 'master' }, { name: 'node-1' }],
  Pod: [
    { ns: 'kube-system', name: 'fluentd-elasticsearch-abcde' },
    { ns: 'kube-system', name: 'fluentd-elasticsearch-fghij' },
    { ns: 'default', name: 'nginx' },
  ],
  DaemonSet: [{ ns: 'kube-system', name: 'fluentd-elasticsearch' }],
  Deployment: [
    { ns: 'default', name: 'web' },
    { ns: 'default', name: 'api' },
  ],
  ReplicaSet: [{ ns: 'default', name: 'web-7c5ddbdf54' }],
  PodDisruptionBudget: [{ ns: 'default', name: 'web-pdb' }],
  PriorityClass: [{ name: 'system-cluster-critical' }, { name: 'system-node-critical' }],
  Namespace: [
    { name: 'default' },
    { name: 'kube-system' },
    { name: 'kube-public' },
    { name: 'kube-node-lease' },
  ],
};

const index: ObjectIndex = {
  names: (kind: Kind, ns) =>
    (OBJECTS[kind] ?? []).filter((o) => ns === null || o.ns === undefined || o.ns === ns).map((o) => o.name),
  namespaces: () => OBJECTS.Namespace.map((o) => o.name),
  containers: (kind, ns, name) =>
    kind === 'DaemonSet' && ns === 'kube-system' && name === 'fluentd-elasticsearch'
      ? ['fluentd-elasticsearch']
      : kind === 'Deployment' && ns === 'default' && name === 'web'
        ? ['nginx']
        : [],
  images: () => ['k8s.gcr.io/fluentd-elasticsearch:1.20', 'nginx', 'k8s.gcr.io/pause:3.9'],
};
const table = kubectlCommandTable();
beforeAll(async () => {
  await loadCommandTable();
});
const done = (line: string) => complete(line, table, index);
const words = (line: string) => candidates(line, table, index).words;

describe('console completion', () => {
  it('a flag named like an Object.prototype member completes to nothing (no crash)', () => {
    expect(words('kubectl get pods --constructor=')).toEqual([]);
    expect(words('kubectl get pods --toString=x')).toEqual([]);
  });

  it('completes PriorityClass types and their names, cluster-scoped', () => {
    expect(done('kubectl get prio').before).toBe('kubectl get priorityclasses ');
    expect(words('kubectl describe pc system-')).toEqual(['system-cluster-critical', 'system-node-critical']);
  });

  it('completes the first word', () => {
    expect(done('kub').before).toBe('kubectl ');
    expect(done('si').before).toBe('sim ');
    expect(words('')).toEqual(['clear', 'kubectl', 'sim']);
  });

  it('completes commands and subcommands', () => {
    expect(done('kubectl ge').before).toBe('kubectl get ');
    expect(done('kubectl rollout st').before).toBe('kubectl rollout status ');
    expect(words('kubectl rollout ')).toEqual(['history', 'pause', 'restart', 'resume', 'status', 'undo']);
    expect(done('kubectl se').before).toBe('kubectl set ');
    expect(done('kubectl set i').before).toBe('kubectl set image ');
    expect(words('kubectl set ')).toEqual(['env', 'image', 'resources', 'selector', 'serviceaccount']);
    // create secret and create service have subcommands of their own, then their flags
    expect(words('kubectl create service ')).toEqual([
      'clusterip',
      'externalname',
      'loadbalancer',
      'nodeport',
    ]);
    expect(done('kubectl create secret g').before).toBe('kubectl create secret generic ');
    expect(words('kubectl create service nodeport x --node')).toEqual(['--node-port']);
    // set env and set resources take a resource type next, like set image
    expect(done('kubectl set env dae').before).toBe('kubectl set env daemonsets ');
    expect(done('kubectl set resources dae').before).toBe('kubectl set resources daemonsets ');
    // several commands start with c: listed
    const c = done('kubectl c');
    expect(c.before).toBe('kubectl c');
    expect(c.list).toEqual(expect.arrayContaining(['cordon', 'create']));
  });

  it('completes resource types (kubectl get dae → daemonsets)', () => {
    expect(done('kubectl get dae').before).toBe('kubectl get daemonsets ');
    expect(done('kubectl get no').list).toEqual(['no', 'nodes']);
    expect(words('kubectl get ')).toEqual(
      expect.arrayContaining([
        'pods',
        'po',
        'daemonsets',
        'ds',
        'nodes',
        'no',
        'controllerrevisions',
        'events',
        'ev',
      ]),
    );
    // rollout status takes Deployments and DaemonSets (kubectl's validArgs, StatefulSets not served)
    expect(words('kubectl rollout status ')).toEqual(['daemonsets', 'deploy', 'deployments', 'ds']);
  });

  it('completes names of the typed resource in the namespace', () => {
    expect(done('kubectl describe node ma').before).toBe('kubectl describe node master ');
    expect(words('kubectl get nodes ')).toEqual(['master', 'node-1']);
    expect(words('kubectl get pods ')).toEqual(['nginx']);
    expect(words('kubectl get pods -n kube-system ')).toEqual([
      'fluentd-elasticsearch-abcde',
      'fluentd-elasticsearch-fghij',
    ]);
    expect(done('kubectl -n kube-system get po flu').before).toBe(
      'kubectl -n kube-system get po fluentd-elasticsearch-',
    );
    expect(words('kubectl get pods -A ')).toHaveLength(3);
    expect(words('kubectl get pods --namespace=kube-system f')).toHaveLength(2);
  });

  it('completes TYPE/NAME forms', () => {
    // no DaemonSet in the default namespace
    expect(done('kubectl rollout status ds/f').before).toBe('kubectl rollout status ds/f');
    expect(done('kubectl rollout status -n kube-system ds/f').before).toBe(
      'kubectl rollout status -n kube-system ds/fluentd-elasticsearch ',
    );
    expect(words('kubectl get ds/')).toEqual([]);
    expect(words('kubectl -n kube-system get ds/')).toEqual(['ds/fluentd-elasticsearch']);
    expect(words('kubectl -n kube-system rollout undo pods/')).toEqual([]);
  });

  it('completes flags, flag values and namespaces', () => {
    expect(words('kubectl get pods --show-l')).toEqual(['--show-labels']);
    expect(done('kubectl get pods -n kube-s').before).toBe('kubectl get pods -n kube-system ');
    expect(words('kubectl get pods -o ')).toEqual([
      'custom-columns-file=',
      'custom-columns=',
      'go-template-file=',
      'go-template=',
      'json',
      'jsonpath-as-json=',
      'jsonpath-file=',
      'jsonpath=',
      'name',
      'wide',
      'yaml',
    ]);
    expect(done('kubectl get pods -o w').before).toBe('kubectl get pods -o wide ');
    expect(done('kubectl delete ds x --cascade=o').before).toBe('kubectl delete ds x --cascade=orphan ');
    expect(words('kubectl rollout undo ds/x --to')).toEqual(['--to-revision']);
    expect(words('kubectl drain node-1 --ig')).toEqual(['--ignore-daemonsets']);
  });

  it('completes node commands and set image containers', () => {
    expect(words('kubectl cordon ')).toEqual(['master', 'node-1']);
    expect(done('kubectl taint no').list).toEqual(['no', 'nodes']);
    expect(words('kubectl taint ')).toEqual(['no', 'nodes']); // kubectl's validArgs: node
    expect(done('kubectl taint nodes m').before).toBe('kubectl taint nodes master ');
    expect(done('kubectl set image -n kube-system ds/fluentd-elasticsearch flu').before).toBe(
      'kubectl set image -n kube-system ds/fluentd-elasticsearch fluentd-elasticsearch=',
    );
  });

  it("names come from the kubeconfig context's namespace when the line has no -n (set-context)", () => {
    const inKubeSystem: ObjectIndex = { ...index, defaultNamespace: 'kube-system' };
    expect(candidates('kubectl logs flu', table, inKubeSystem).words).toEqual([
      'fluentd-elasticsearch-abcde',
      'fluentd-elasticsearch-fghij',
    ]);
    expect(complete('kubectl set image ds/fluentd-elasticsearch flu', table, inKubeSystem).before).toBe(
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=',
    );
    // -n still wins; the default index completes in default
    expect(candidates('kubectl logs -n default flu', table, inKubeSystem).words).toEqual([]);
    expect(words('kubectl logs flu')).toEqual([]);
  });

  it('completes the wave-2 commands: logs, auth can-i, config, rollout pause, --validate', () => {
    // as kubectl's completion: the pods and `TYPE/` for the kinds with pods (those served here)
    expect(words('kubectl logs -n kube-system ')).toEqual([
      'daemonsets/',
      'deployments/',
      'fluentd-elasticsearch-abcde',
      'fluentd-elasticsearch-fghij',
      'pods/',
      'replicasets/',
    ]);
    expect(words('kubectl logs -n kube-system de')).toEqual(['deployments/']);
    expect(done('kubectl logs -n kube-system ds/').before).toBe(
      'kubectl logs -n kube-system ds/fluentd-elasticsearch ',
    );
    expect(words('kubectl auth can-i ')).toContain('create');
    expect(done('kubectl auth can-i list dae').before).toBe('kubectl auth can-i list daemonsets ');
    expect(words('kubectl config ')).toEqual([
      'current-context',
      'delete-cluster',
      'delete-context',
      'delete-user',
      'get-clusters',
      'get-contexts',
      'get-users',
      'rename-context',
      'set',
      'set-cluster',
      'set-context',
      'set-credentials',
      'unset',
      'use-context',
      'view',
    ]);
    expect(done('kubectl config use-context p').before).toBe('kubectl config use-context playground ');
    expect(words('kubectl rollout pause ')).toEqual(['deploy', 'deployments']); // Deployments only
    expect(words('kubectl top ')).toEqual(['node', 'pod']);
    expect(words('kubectl apply --validate=')).toEqual([
      '--validate=false',
      '--validate=ignore',
      '--validate=strict',
      '--validate=true',
      '--validate=warn',
    ]);
  });

  it('completes exec, attach and port-forward as logs (pods, then TYPE/), cp as [NAMESPACE/]POD:', () => {
    for (const cmd of ['exec', 'attach', 'port-forward']) {
      expect(words(`kubectl ${cmd} -n kube-system `), cmd).toEqual([
        'daemonsets/',
        'deployments/',
        'fluentd-elasticsearch-abcde',
        'fluentd-elasticsearch-fghij',
        'pods/',
        'replicasets/',
      ]);
      expect(done(`kubectl ${cmd} -n kube-system ds/`).before, cmd).toBe(
        `kubectl ${cmd} -n kube-system ds/fluentd-elasticsearch `,
      );
    }
    expect(done('kubectl exec -it ng').before).toBe('kubectl exec -it nginx ');
    expect(words('kubectl exec nginx ')).toEqual([]);
    expect(words('kubectl exec nginx -- ')).toEqual([]);
    expect(words('kubectl cp ')).toEqual([
      'default/',
      'kube-node-lease/',
      'kube-public/',
      'kube-system/',
      'nginx:',
    ]);
    // a pod's colon ends the word without a space: the path follows it
    expect(done('kubectl cp ng').before).toBe('kubectl cp nginx:');
    expect(words('kubectl cp kube-system/')).toEqual([
      'kube-system/fluentd-elasticsearch-abcde:',
      'kube-system/fluentd-elasticsearch-fghij:',
    ]);
    expect(done('kubectl cp kube-system/fluentd-elasticsearch-a').before).toBe(
      'kubectl cp kube-system/fluentd-elasticsearch-abcde:',
    );
    expect(words('kubectl cp nginx:/etc/hosts hosts ')).toEqual([]);
  });

  it('completes the client-side commands: completion shells, plugin list, certificate approve|deny', () => {
    expect(words('kubectl completion ')).toEqual(['bash', 'fish', 'powershell', 'zsh']);
    expect(done('kubectl completion b').before).toBe('kubectl completion bash ');
    expect(words('kubectl completion bash ')).toEqual([]);
    expect(done('kubectl plugin ').before).toBe('kubectl plugin list ');
    expect(words('kubectl certificate ')).toEqual(['approve', 'deny']);
    expect(words('kubectl set ')).toEqual(['env', 'image', 'resources', 'selector', 'serviceaccount']);
    expect(words('kubectl set serviceaccount ')).toEqual([
      'daemonsets',
      'deploy',
      'deployments',
      'ds',
      'po',
      'pods',
      'replicasets',
      'rs',
    ]);
    expect(done('kubectl set serviceaccount deploy w').before).toBe('kubectl set serviceaccount deploy web ');
    expect(words('kubectl set serviceaccount deploy web ')).toEqual([]);
    for (const w of ['exec', 'attach', 'port-forward', 'cp', 'proxy', 'kustomize', 'completion', 'options'])
      expect(words('kubectl '), w).toContain(w);
  });

  it('completes sim commands', () => {
    expect(done('sim cl').before).toBe('sim cluster ');
    expect(words('sim cluster ')).toEqual(['article', 'empty', 'kubeadm', 'large']);
    expect(done('sim node c').before).toBe('sim node condition ');
    expect(done('sim node condition node-1 Ready=F').before).toBe('sim node condition node-1 Ready=False ');
    expect(words('sim why ')).toEqual(['master', 'node-1']);
    expect(done('sim pod fail -n kube-system fluentd-elasticsearch-a').before).toBe(
      'sim pod fail -n kube-system fluentd-elasticsearch-abcde ',
    );
  });

  it("completes sim image: the verbs, then the images the cluster uses, then each verb's flags and durations", () => {
    expect(done('sim im').before).toBe('sim image ');
    expect(words('sim image ')).toEqual(['crash', 'list', 'missing', 'ok', 'oom', 'slow', 'unready']);
    expect(words('sim image ')).toEqual([...SIM_IMAGE_VERBS].sort()); // the engine's verbs, no more, no fewer
    expect(done('sim image m').before).toBe('sim image missing ');
    expect(done('sim image o').list).toEqual(['ok', 'oom']);
    expect(words('sim image missing ')).toEqual([
      'k8s.gcr.io/fluentd-elasticsearch:1.20',
      'k8s.gcr.io/pause:3.9',
      'nginx',
    ]);
    expect(done('sim image crash k8s.gcr.io/f').before).toBe(
      'sim image crash k8s.gcr.io/fluentd-elasticsearch:1.20 ',
    );
    expect(words('sim image crash nginx --')).toEqual(['--after', '--exit-code']);
    expect(words('sim image oom nginx --')).toEqual(['--after']);
    expect(words('sim image unready nginx --')).toEqual([]);
    expect(words('sim image crash nginx --after ')).toEqual(['10s', '1h', '1m', '30s', '500ms', '5m']);
    expect(words('sim image crash nginx --exit-code ')).toEqual([]);
    // the value of --after is not taken for the IMAGE: the image is still offered after it
    expect(words('sim image crash --after 5s ')).toEqual([
      'k8s.gcr.io/fluentd-elasticsearch:1.20',
      'k8s.gcr.io/pause:3.9',
      'nginx',
    ]);
    expect(words('sim image slow nginx ')).toEqual(['10s', '1h', '1m', '30s', '500ms', '5m']);
    expect(words('sim image ok nginx ')).toEqual([]);
    expect(words('sim image list ')).toEqual([]);
    expect(words('sim image bogus ')).toEqual([]);
  });

  it('offers nothing for unknown words', () => {
    expect(done('foo ba')).toEqual({ before: 'foo ba', list: [] });
    expect(words('kubectl frobnicate ')).toEqual([]);
  });

  it('helpers', () => {
    expect(commonPrefix(['daemonset', 'daemonsets'])).toBe('daemonset');
    expect(commonPrefix([])).toBe('');
    expect(formatColumns(['a', 'bb', 'ccc'], 10)).toBe('a    ccc\nbb\n');
  });
});

describe('completion of output formats, patch and wait', () => {
  it('offers the template output formats, patch types, wait conditions and get all', () => {
    expect(words('kubectl get pods -o json')).toEqual([
      'json',
      'jsonpath-as-json=',
      'jsonpath-file=',
      'jsonpath=',
    ]);
    expect(complete('kubectl get pods -o custom-c', table, index).before).toBe(
      'kubectl get pods -o custom-columns',
    );
    expect(complete('kubectl get pods -o go-template-', table, index).before).toBe(
      'kubectl get pods -o go-template-file=',
    );
    expect(words('kubectl patch ds x --type ')).toEqual(['json', 'merge', 'strategic']);
    expect(words('kubectl wait --for=c')).toEqual(['--for=condition=Ready', '--for=create']);
    expect(words('kubectl get al')).toEqual(['all']);
    expect(words('kubectl pa')).toEqual(['patch']);
    expect(words('kubectl wa')).toEqual(['wait']);
  });
});

describe('completion of every served kind (issue 23)', () => {
  it('offers the plural and short name of every resource the API server serves, from discovery', () => {
    // every served resource, the list kubectl's completion gets from api-resources
    expect(words('kubectl get ')).toEqual(
      [...SERVED.flatMap((r) => [r.plural, ...r.shortNames]), 'all'].sort(),
    );
    expect(done('kubectl get depl').before).toBe('kubectl get deploy'); // deploy, deployments
    expect(done('kubectl get deploym').before).toBe('kubectl get deployments ');
    expect(done('kubectl get repl').before).toBe('kubectl get replicasets ');
    expect(done('kubectl get podd').before).toBe('kubectl get poddisruptionbudgets ');
    expect(words('kubectl get pdb ')).toEqual(['web-pdb']);
    expect(words('kubectl describe deploy ')).toEqual(['api', 'web']);
    expect(words('kubectl get rs w')).toEqual(['web-7c5ddbdf54']);
    expect(words('kubectl delete deployment.apps w')).toEqual(['web']);
    expect(words('kubectl get deploy/')).toEqual(['deploy/api', 'deploy/web']);
    expect(done('kubectl auth can-i get deploym').before).toBe('kubectl auth can-i get deployments ');
  });

  it('looks type words up as own keys: prototype member names are no type', () => {
    // the index is never asked for the names of a "kind" found on Object.prototype
    const asked: unknown[] = [];
    const spy: ObjectIndex = { ...index, names: (kind, ns) => (asked.push(kind), index.names(kind, ns)) };
    for (const w of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const line of [`kubectl get ${w} `, `kubectl get ${w}/`, `kubectl describe ${w}/x`])
        expect(candidates(line, table, spy).words).toEqual([]);
    }
    expect(asked).toEqual([]);
  });

  it('kubectl explain offers the resource types, and no names', () => {
    expect(words('kubectl explain ')).toEqual(SERVED.flatMap((r) => [r.plural, ...r.shortNames]).sort());
    expect(done('kubectl explain dae').before).toBe('kubectl explain daemonsets ');
    expect(words('kubectl explain pods ')).toEqual([]);
    expect(words('kubectl explain pods/')).toEqual([]);
  });

  it('rollout offers the kinds each subcommand takes, then their names', () => {
    for (const sub of ['status', 'history', 'undo', 'restart']) {
      expect(words(`kubectl rollout ${sub} `)).toEqual(['daemonsets', 'deploy', 'deployments', 'ds']);
      expect(words(`kubectl rollout ${sub} deployment/`)).toEqual(['deployment/api', 'deployment/web']);
      expect(words(`kubectl rollout ${sub} -n kube-system daemonset/`)).toEqual([
        'daemonset/fluentd-elasticsearch',
      ]);
      expect(words(`kubectl rollout ${sub} deploy w`)).toEqual(['web']);
      // one object: no second name
      expect(words(`kubectl rollout ${sub} deploy web `)).toEqual([]);
      expect(words(`kubectl rollout ${sub} rs/`)).toEqual([]);
      expect(words(`kubectl rollout ${sub} pods `)).toEqual([]);
    }
    for (const sub of ['pause', 'resume']) {
      expect(words(`kubectl rollout ${sub} `)).toEqual(['deploy', 'deployments']);
      expect(words(`kubectl rollout ${sub} deploy/`)).toEqual(['deploy/api', 'deploy/web']);
      expect(words(`kubectl rollout ${sub} -n kube-system ds/`)).toEqual([]);
      expect(words(`kubectl rollout ${sub} -n kube-system ds `)).toEqual([]);
    }
  });

  it('expose offers its validArgs served here (pods, deployments, replicasets), autoscale the scalable ones', () => {
    expect(words('kubectl expose ')).toEqual(['deploy', 'deployments', 'po', 'pods', 'replicasets', 'rs']);
    expect(words('kubectl expose deploy ')).toEqual(['api', 'web']);
    expect(words('kubectl expose --port=80 deployment/w')).toEqual(['deployment/web']);
    expect(words('kubectl expose ds/')).toEqual([]);
    expect(words('kubectl autoscale ')).toEqual(['deploy', 'deployments', 'replicasets', 'rs']);
    expect(words('kubectl autoscale rs/')).toEqual(['rs/web-7c5ddbdf54']);
    expect(words('kubectl autoscale ds ')).toEqual([]);
  });

  it('scale offers Deployments and ReplicaSets; set image|env|resources the kinds with a pod template', () => {
    expect(words('kubectl scale ')).toEqual(['deploy', 'deployments', 'replicasets', 'rs']);
    expect(words('kubectl scale deploy ')).toEqual(['api', 'web']);
    expect(words('kubectl scale rs/')).toEqual(['rs/web-7c5ddbdf54']);
    expect(words('kubectl scale --replicas=3 deployment/w')).toEqual(['deployment/web']);
    expect(words('kubectl scale ds/')).toEqual([]);
    for (const sub of ['image', 'env', 'resources'])
      expect(words(`kubectl set ${sub} `)).toEqual([
        'daemonsets',
        'deploy',
        'deployments',
        'ds',
        'po',
        'pods',
        'replicasets',
        'rs',
      ]);
    expect(words('kubectl set image deploy/')).toEqual(['deploy/api', 'deploy/web']);
    expect(done('kubectl set image deploy/web ng').before).toBe('kubectl set image deploy/web nginx=');
    expect(done('kubectl set image deployment web ng').before).toBe(
      'kubectl set image deployment web nginx=',
    );
    expect(words('kubectl set image nodes/')).toEqual([]);
  });

  it('offers nothing for types while the command table is still loading', () => {
    const loading = { ...table, typeWords: () => [], resolveType: () => undefined };
    expect(candidates('kubectl get ', loading, index).words).toEqual(['all']);
    expect(candidates('kubectl get deploy ', loading, index).words).toEqual([]);
  });
});
