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

describe('kubectl describe', () => {
  const sim = articleCluster();

  it('describes a DaemonSet (§10.13)', () => {
    expect(kc(sim, 'describe ds fluentd-elasticsearch -n kube-system')).toEqual({
      stdout: lines(
        'Name:           fluentd-elasticsearch',
        'Namespace:      kube-system',
        'Selector:       name=fluentd-elasticsearch',
        'Node-Selector:  <none>',
        'Labels:         k8s-app=fluentd-logging',
        'Annotations:    deprecated.daemonset.template.generation: 1',
        'Desired Number of Nodes Scheduled: 2',
        'Current Number of Nodes Scheduled: 2',
        'Number of Nodes Scheduled with Up-to-date Pods: 2',
        'Number of Nodes Scheduled with Available Pods: 2',
        'Number of Nodes Misscheduled: 0',
        'Pods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed',
        'Pod Template:',
        '  Labels:  name=fluentd-elasticsearch',
        '  Containers:',
        '   fluentd-elasticsearch:',
        '    Image:      k8s.gcr.io/fluentd-elasticsearch:1.20',
        '    Port:       <none>',
        '    Host Port:  <none>',
        '    Limits:',
        '      memory:  200Mi',
        '    Requests:',
        '      cpu:        100m',
        '      memory:     200Mi',
        '    Environment:  <none>',
        '    Mounts:',
        '      /var/lib/docker/containers from varlibdockercontainers (ro)',
        '      /var/log from varlog (rw)',
        '  Volumes:',
        '   varlog:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  ',
        '   varlibdockercontainers:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/lib/docker/containers',
        '    HostPathType:  ',
        '  Node-Selectors:  <none>',
        '  Tolerations:     node-role.kubernetes.io/master:NoSchedule',
        'Events:',
        '  Type    Reason            Age   From                  Message',
        '  ----    ------            ----  ----                  -------',
        '  Normal  SuccessfulCreate  52m   daemonset-controller  Created pod: fluentd-elasticsearch-dqfv9',
        '  Normal  SuccessfulCreate  52m   daemonset-controller  Created pod: fluentd-elasticsearch-pf9z5',
      ),
      stderr: '',
      exitCode: 0,
    });
  });

  it('describes a pod', () => {
    expect(kc(sim, 'describe pod fluentd-elasticsearch-pf9z5 -n kube-system')).toEqual({
      stdout: lines(
        'Name:             fluentd-elasticsearch-pf9z5',
        'Namespace:        kube-system',
        'Priority:         0',
        'Service Account:  default',
        'Node:             node-1/10.0.0.3',
        'Start Time:       Thu, 01 Jan 2026 00:00:02 +0000',
        'Labels:           controller-revision-hash=64dc6799c9',
        '                  name=fluentd-elasticsearch',
        '                  pod-template-generation=1',
        'Annotations:      <none>',
        'Status:           Running',
        'IP:               10.244.1.2',
        'IPs:',
        '  IP:           10.244.1.2',
        'Controlled By:  DaemonSet/fluentd-elasticsearch',
        'Containers:',
        '  fluentd-elasticsearch:',
        '    Container ID:   containerd://fluentd-elasticsearch-pf9z5',
        '    Image:          k8s.gcr.io/fluentd-elasticsearch:1.20',
        '    Image ID:       k8s.gcr.io/fluentd-elasticsearch@sha256:0123',
        '    Port:           <none>',
        '    Host Port:      <none>',
        '    State:          Running',
        '      Started:      Thu, 01 Jan 2026 00:00:02 +0000',
        '    Ready:          True',
        '    Restart Count:  0',
        '    Limits:',
        '      memory:  200Mi',
        '    Requests:',
        '      cpu:        100m',
        '      memory:     200Mi',
        '    Environment:  <none>',
        '    Mounts:',
        '      /var/lib/docker/containers from varlibdockercontainers (ro)',
        '      /var/log from varlog (rw)',
        'Conditions:',
        '  Type                        Status',
        '  PodReadyToStartContainers   True ',
        '  Initialized                 True ',
        '  Ready                       True ',
        '  ContainersReady             True ',
        '  PodScheduled                True ',
        'Volumes:',
        '  varlog:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/log',
        '    HostPathType:  ',
        '  varlibdockercontainers:',
        '    Type:          HostPath (bare host directory volume)',
        '    Path:          /var/lib/docker/containers',
        '    HostPathType:  ',
        'QoS Class:         Burstable',
        'Node-Selectors:    <none>',
        'Tolerations:       node-role.kubernetes.io/master:NoSchedule',
        '                   node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
        '                   node.kubernetes.io/unreachable:NoExecute op=Exists for 300s',
        'Events:',
        '  Type    Reason     Age   From               Message',
        '  ----    ------     ----  ----               -------',
        '  Normal  Scheduled  52m   default-scheduler  Successfully assigned kube-system/fluentd-elasticsearch-pf9z5 to node-1',
      ),
      stderr: '',
      exitCode: 0,
    });
  });

  it('describes a node', () => {
    expect(kc(sim, 'describe node master')).toEqual({
      stdout: lines(
        'Name:               master',
        'Roles:              master',
        'Labels:             beta.kubernetes.io/arch=amd64',
        '                    beta.kubernetes.io/os=linux',
        '                    kubernetes.io/arch=amd64',
        '                    kubernetes.io/hostname=master',
        '                    kubernetes.io/os=linux',
        '                    node-role.kubernetes.io/master=',
        'Annotations:        node.alpha.kubernetes.io/ttl: 0',
        '                    volumes.kubernetes.io/controller-managed-attach-detach: true',
        'CreationTimestamp:  Thu, 01 Jan 2026 00:00:00 +0000',
        'Taints:             node-role.kubernetes.io/master:NoSchedule',
        'Unschedulable:      false',
        'Lease:',
        '  HolderIdentity:  master',
        '  AcquireTime:     <unset>',
        '  RenewTime:       Thu, 01 Jan 2026 00:53:00 +0000',
        'Conditions:',
        '  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message',
        '  ----             ------  -----------------                 ------------------                ------                       -------',
        '  MemoryPressure   False   Thu, 01 Jan 2026 00:00:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available',
        '  DiskPressure     False   Thu, 01 Jan 2026 00:00:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure',
        '  PIDPressure      False   Thu, 01 Jan 2026 00:00:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available',
        '  Ready            True    Thu, 01 Jan 2026 00:00:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletReady                 kubelet is posting ready status',
        'Addresses:',
        '  InternalIP:  10.0.0.2',
        '  Hostname:    master',
        'Capacity:',
        '  cpu:                4',
        '  ephemeral-storage:  102350Mi',
        '  memory:             8Gi',
        '  pods:               110',
        'Allocatable:',
        '  cpu:                4',
        '  ephemeral-storage:  102350Mi',
        '  memory:             8Gi',
        '  pods:               110',
        'System Info:',
        '  Machine ID:                 ',
        '  System UUID:                ',
        '  Boot ID:                    ',
        '  Kernel Version:             6.8.0-86-generic',
        '  OS Image:                   Ubuntu 24.04.3 LTS',
        '  Operating System:           linux',
        '  Architecture:               amd64',
        '  Container Runtime Version:  containerd://2.1.4',
        '  Kubelet Version:            v1.35.0',
        '  Kube-Proxy Version:         ',
        'PodCIDR:                      10.244.0.0/24',
        'Non-terminated Pods:          (1 in total)',
        '  Namespace                   Name                           CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age',
        '  ---------                   ----                           ------------  ----------  ---------------  -------------  ---',
        '  kube-system                 fluentd-elasticsearch-dqfv9    100m (2%)     0 (0%)      200Mi (2%)       200Mi (2%)     52m',
        'Allocated resources:',
        '  (Total limits may be over 100 percent, i.e., overcommitted.)',
        '  Resource           Requests    Limits',
        '  --------           --------    ------',
        '  cpu                100m (2%)   0 (0%)',
        '  memory             200Mi (2%)  200Mi (2%)',
        '  ephemeral-storage  0 (0%)      0 (0%)',
        'Events:              <none>',
      ),
      stderr: '',
      exitCode: 0,
    });
  });

  it('describes a ControllerRevision with the generic describer', () => {
    expect(kc(sim, 'describe controllerrevision fluentd-elasticsearch-64dc6799c9 -n kube-system')).toEqual({
      stdout: lines(
        'Name:         fluentd-elasticsearch-64dc6799c9',
        'Namespace:    kube-system',
        'Labels:       controller-revision-hash=64dc6799c9',
        '              name=fluentd-elasticsearch',
        'Annotations:  deprecated.daemonset.template.generation: 1',
        'API Version:  apps/v1',
        'Data:',
        '  Spec:',
        '    Template:',
        '      $patch:  replace',
        '      Metadata:',
        '        Creation Timestamp:  <nil>',
        '        Labels:',
        '          Name:  fluentd-elasticsearch',
        '      Spec:',
        '        Containers:',
        '          Image:              k8s.gcr.io/fluentd-elasticsearch:1.20',
        '          Image Pull Policy:  IfNotPresent',
        '          Name:               fluentd-elasticsearch',
        '          Resources:',
        '            Limits:',
        '              Memory:  200Mi',
        '            Requests:',
        '              Cpu:                     100m',
        '              Memory:                  200Mi',
        '          Termination Message Path:    /dev/termination-log',
        '          Termination Message Policy:  File',
        '          Volume Mounts:',
        '            Mount Path:  /var/log',
        '            Name:        varlog',
        '            Mount Path:  /var/lib/docker/containers',
        '            Name:        varlibdockercontainers',
        '            Read Only:   true',
        '        Dns Policy:      ClusterFirst',
        '        Restart Policy:  Always',
        '        Scheduler Name:  default-scheduler',
        '        Security Context:',
        '        Termination Grace Period Seconds:  30',
        '        Tolerations:',
        '          Effect:  NoSchedule',
        '          Key:     node-role.kubernetes.io/master',
        '        Volumes:',
        '          Host Path:',
        '            Path:  /var/log',
        '            Type:  ',
        '          Name:    varlog',
        '          Host Path:',
        '            Path:  /var/lib/docker/containers',
        '            Type:  ',
        '          Name:    varlibdockercontainers',
        'Kind:              ControllerRevision',
        'Metadata:',
        '  Creation Timestamp:  2026-01-01T00:00:00Z',
        '  Owner References:',
        '    API Version:           apps/v1',
        '    Block Owner Deletion:  true',
        '    Controller:            true',
        '    Kind:                  DaemonSet',
        '    Name:                  fluentd-elasticsearch',
        '    UID:                   8dc085d2-c674-4eb4-aecd-95a08ff746f9',
        '  Resource Version:        1009',
        '  UID:                     ecc5913e-eec1-4e84-9e7f-743f9d95cc2e',
        'Revision:                  1',
        'Events:                    <none>',
      ),
      stderr: '',
      exitCode: 0,
    });
  });

  it('describes every object whose name starts with NAME when none has exactly that name', () => {
    const r = kc(sim, 'describe pod fluentd -n kube-system');
    const one = kc(sim, 'describe pod fluentd-elasticsearch-dqfv9 -n kube-system').stdout;
    const two = kc(sim, 'describe pod fluentd-elasticsearch-pf9z5 -n kube-system').stdout;
    expect(r).toEqual({ stdout: `${one}\n${two}\n`, stderr: '', exitCode: 0 });
  });

  it('separates several descriptions by a blank line', () => {
    const one = kc(sim, 'describe pod fluentd-elasticsearch-dqfv9 -n kube-system').stdout;
    const two = kc(sim, 'describe pod fluentd-elasticsearch-pf9z5 -n kube-system').stdout;
    expect(kc(sim, 'describe pods -n kube-system').stdout).toBe(`${one}\n\n${two}`);
  });

  it('shows repeated events as "(xN over AGE)"', () => {
    const s = articleCluster();
    const node = s.store.get('Node', undefined, 'node-1')!;
    s.clock.set(s.now() + 60_000);
    for (let i = 0; i < 3; i++) {
      s.recorder.event(
        node,
        'Warning',
        'FreeDiskSpaceFailed',
        'failed to garbage collect required amount of images',
        'kubelet',
        'node-1',
      );
      s.clock.set(s.now() + 120_000);
    }
    expect(kc(s, 'describe node node-1').stdout).toContain(
      lines(
        'Events:',
        '  Type     Reason               Age              From     Message',
        '  ----     ------               ----             ----     -------',
        '  Warning  FreeDiskSpaceFailed  2m (x3 over 6m)  kubelet  failed to garbage collect required amount of images',
      ),
    );
  });

  it('reports missing objects, missing types and empty lists', () => {
    expect(kc(sim, 'describe ds nope -n kube-system')).toEqual({
      stdout: '',
      stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\n',
      exitCode: 1,
    });
    expect(kc(sim, 'describe')).toEqual({
      stdout: '',
      stderr:
        'error: You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.\n',
      exitCode: 1,
    });
    expect(kc(sim, 'describe pods')).toEqual({
      stdout: '',
      stderr: 'No resources found in default namespace.\n',
      exitCode: 0,
    });
  });
});
