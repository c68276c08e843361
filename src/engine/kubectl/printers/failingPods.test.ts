// kubectl's output for pods that fail and DaemonSets stuck on them, on the hand-built fixture of
// src/engine/testing/failingPods.ts. The same outputs were compared with the real kubectl 1.33 through the API
// server (src/server/failingPods.real.test.ts); here they are pinned without one.

import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { failingPodsCluster } from '../../testing/failingPods';

const { sim } = failingPodsCluster();

function kc(line: string) {
  const r = runKubectl(sim, tokenize(line));
  const pick = (s: string) =>
    r.chunks
      .filter((c) => c.stream === s)
      .map((c) => c.text)
      .join('');
  return { stdout: pick('stdout'), stderr: pick('stderr'), exitCode: r.exitCode };
}

/** The lines of `text` from the one starting with `from` up to (not including) the one starting with `to`. */
function section(text: string, from: string, to: string): string {
  const lines = text.split('\n');
  const a = lines.findIndex((l) => l.startsWith(from));
  const b = lines.findIndex((l, i) => i > a && l.startsWith(to));
  expect(a, `${from} in\n${text}`).toBeGreaterThanOrEqual(0);
  return lines.slice(a, b < 0 ? undefined : b).join('\n');
}

describe('kubectl get pods: STATUS, READY and RESTARTS of failing pods (printPod)', () => {
  it('prints every waiting and terminated reason, Init:, NotReady, Terminating and restarts with their age', () => {
    expect(kc('get pods').stdout).toMatchInlineSnapshot(`
      "NAME                   READY   STATUS                  RESTARTS        AGE
      agent-4xk2p            1/1     Running                 0               4m
      agent-9q7wz            0/1     Running                 2 (40s ago)     4m
      agent-tm5sd            1/1     Running                 0               4m
      app-completed          0/1     Completed               0               4m
      app-crashloop          0/1     CrashLoopBackOff        4 (32s ago)     4m
      app-creating           0/1     ContainerCreating       0               4m
      app-errimagepull       0/1     ErrImagePull            0               4m
      app-error              0/1     Error                   0               4m
      app-exitcode           0/1     ExitCode:3              0               4m
      app-imagepullbackoff   0/1     ImagePullBackOff        0               4m
      app-init-crash         0/1     Init:CrashLoopBackOff   3 (69s ago)     4m
      app-init-error         0/1     Init:Error              0               4m
      app-init-running       0/1     Init:1/2                0               4m
      app-init-signal        0/1     Init:Signal:9           0               4m
      app-neverpull          0/1     ErrImageNeverPull       0               4m
      app-notready           1/2     NotReady                0               4m
      app-oom-now            0/1     OOMKilled               2 (4m ago)      4m
      app-oomkilled          1/1     Running                 1 (5m ago)      4m
      app-running-unready    0/1     Running                 0               4m
      app-sidecar            2/2     Running                 1 (3m30s ago)   4m
      app-signal             0/1     Signal:15               0               4m
      app-terminating        1/1     Terminating             0               4m
      logger-2fz8m           1/1     Running                 0               4m
      logger-8hv4n           0/1     ImagePullBackOff        0               4m
      logger-kq3rx           0/1     Error                   0               4m
      logger-x7p2d           0/1     ContainerCreating       0               4m
      "
    `);
  });

  it('-o wide adds IP, NODE, NOMINATED NODE and READINESS GATES', () => {
    const wide = kc('get pods -o wide').stdout.split('\n');
    expect(wide[0]).toBe(
      'NAME                   READY   STATUS                  RESTARTS        AGE   IP            NODE     NOMINATED NODE   READINESS GATES',
    );
    expect(wide.find((l) => l.startsWith('app-crashloop '))).toMatch(
      /^app-crashloop +0\/1 +CrashLoopBackOff +4 \(32s ago\) +4m +10\.244\.1\.\d+ +node-1 +<none> +<none>$/,
    );
  });
});

describe('kubectl describe pod: container states, probes, events (describePod)', () => {
  it('a crash-looping container: Waiting with its reason, the last termination, restarts and probes', () => {
    expect(section(kc('describe pod app-crashloop').stdout, 'Containers:', 'Conditions:'))
      .toMatchInlineSnapshot(`
      "Containers:
        app:
          Container ID:   containerd://0000000000000000000000000000000000000000000000000000000000000002
          Image:          busybox:1.36
          Image ID:       busybox:1.36@sha256:abababababababababababababababababababababababababababababababab
          Port:           <none>
          Host Port:      <none>
          State:          Waiting
            Reason:       CrashLoopBackOff
          Last State:     Terminated
            Reason:       Error
            Exit Code:    1
            Started:      Thu, 01 Jan 2026 00:09:18 +0000
            Finished:     Thu, 01 Jan 2026 00:09:28 +0000
          Ready:          False
          Restart Count:  4
          Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3
          Readiness:      exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3
          Startup:        tcp-socket :8080 delay=0s timeout=1s period=10s #success=1 #failure=30
          Environment:    <none>
          Mounts:         <none>"
    `);
  });

  it('conditions, and the kubelet events with their counts (kubectl 1.35 names the container)', () => {
    const out = kc('describe pod app-crashloop').stdout;
    expect(section(out, 'Conditions:', 'Volumes:')).toMatchInlineSnapshot(`
      "Conditions:
        Type                        Status
        PodReadyToStartContainers   True 
        Initialized                 True 
        Ready                       False 
        ContainersReady             False 
        PodScheduled                True "
    `);
    expect(section(out, 'Events:', '\u0000')).toMatchInlineSnapshot(`
      "Events:
        Type     Reason     Age                  From               Message
        ----     ------     ----                 ----               -------
        Normal   Scheduled  4m                   default-scheduler  Successfully assigned default/app-crashloop to node-1
        Normal   Pulled     42s (x5 over 3m59s)  kubelet            spec.containers{app}: Container image "busybox:1.36" already present on machine
        Normal   Created    41s (x5 over 3m58s)  kubelet            spec.containers{app}: Created container: app
        Normal   Started    40s (x5 over 3m57s)  kubelet            spec.containers{app}: Started container app
        Warning  BackOff    7s (x17 over 3m40s)  kubelet            spec.containers{app}: Back-off restarting failed container app in pod app-crashloop_default(1a2f947a-82b2-48d8-9a19-e7fa347a1d46)
      "
    `);
  });

  it('a container terminated now (OOMKilled) with its last termination', () => {
    expect(section(kc('describe pod app-oom-now').stdout, '    State:', '    Environment:'))
      .toMatchInlineSnapshot(`
      "    State:          Terminated
            Reason:       OOMKilled
            Exit Code:    137
            Started:      Thu, 01 Jan 2026 00:07:00 +0000
            Finished:     Thu, 01 Jan 2026 00:09:58 +0000
          Last State:     Terminated
            Reason:       OOMKilled
            Exit Code:    137
            Started:      Thu, 01 Jan 2026 00:05:00 +0000
            Finished:     Thu, 01 Jan 2026 00:06:00 +0000
          Ready:          False
          Restart Count:  2"
    `);
  });

  it('running again after an OOM kill', () => {
    expect(section(kc('describe pod app-oomkilled').stdout, '    State:', '    Environment:'))
      .toMatchInlineSnapshot(`
      "    State:          Running
            Started:      Thu, 01 Jan 2026 00:05:10 +0000
          Last State:     Terminated
            Reason:       OOMKilled
            Exit Code:    137
            Started:      Thu, 01 Jan 2026 00:04:00 +0000
            Finished:     Thu, 01 Jan 2026 00:05:00 +0000
          Ready:          True
          Restart Count:  1"
    `);
  });

  it('killed by a signal: no reason, the Signal line; an error with its message', () => {
    expect(section(kc('describe pod app-signal').stdout, '    State:', '    Environment:'))
      .toMatchInlineSnapshot(`
      "    State:          Terminated
            Exit Code:    143
            Signal:       15
            Started:      Thu, 01 Jan 2026 00:06:00 +0000
            Finished:     Thu, 01 Jan 2026 00:07:00 +0000
          Ready:          False
          Restart Count:  0"
    `);
    expect(section(kc('describe pod app-error').stdout, '    State:', '    Environment:'))
      .toMatchInlineSnapshot(`
      "    State:          Terminated
            Reason:       Error
            Message:      boom
            Exit Code:    1
            Started:      Thu, 01 Jan 2026 00:06:00 +0000
            Finished:     Thu, 01 Jan 2026 00:07:00 +0000
          Ready:          False
          Restart Count:  0"
    `);
  });

  it('an init container in CrashLoopBackOff keeps the app container PodInitializing', () => {
    expect(section(kc('describe pod app-init-crash').stdout, 'Init Containers:', 'Conditions:'))
      .toMatchInlineSnapshot(`
      "Init Containers:
        init:
          Container ID:   
          Image:          busybox:1.36
          Image ID:       
          Port:           <none>
          Host Port:      <none>
          State:          Waiting
            Reason:       CrashLoopBackOff
          Last State:     Terminated
            Reason:       Error
            Exit Code:    2
            Started:      Thu, 01 Jan 2026 00:08:50 +0000
            Finished:     Thu, 01 Jan 2026 00:08:51 +0000
          Ready:          False
          Restart Count:  3
          Environment:    <none>
          Mounts:         <none>
      Containers:
        app:
          Container ID:   
          Image:          busybox:1.36
          Image ID:       
          Port:           <none>
          Host Port:      <none>
          State:          Waiting
            Reason:       PodInitializing
          Ready:          False
          Restart Count:  0
          Environment:    <none>
          Mounts:         <none>"
    `);
  });

  it('a failing readiness probe: Running, not ready, Unhealthy events', () => {
    const out = kc('describe pod app-running-unready').stdout;
    expect(section(out, '    State:', '    Environment:')).toMatchInlineSnapshot(`
      "    State:          Running
            Started:      Thu, 01 Jan 2026 00:07:00 +0000
          Ready:          False
          Restart Count:  0
          Liveness:       http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3
          Readiness:      exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3
          Startup:        tcp-socket :8080 delay=0s timeout=1s period=10s #success=1 #failure=30"
    `);
    expect(section(out, 'Events:', '\u0000')).toMatchInlineSnapshot(`
      "Events:
        Type     Reason     Age                  From     Message
        ----     ------     ----                 ----     -------
        Warning  Unhealthy  4s (x46 over 3m50s)  kubelet  spec.containers{app}: Readiness probe failed: cat: can't open '/tmp/healthy': No such file or directory
      "
    `);
  });

  it('a pod being deleted: Terminating (lasts …) with its grace period', () => {
    expect(section(kc('describe pod app-terminating').stdout, 'Status:', 'IP:')).toMatchInlineSnapshot(`
      "Status:                    Terminating (lasts <invalid>)
      Termination Grace Period:  60s"
    `);
  });
});

describe('DaemonSets stuck on failing pods', () => {
  it('kubectl get ds prints the counters of status as they are', () => {
    expect(kc('get ds').stdout).toMatchInlineSnapshot(`
      "NAME     DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      agent    3         3         2       1            2           <none>          4m
      logger   3         3         1       3            1           <none>          4m
      "
    `);
  });

  it('kubectl describe ds counts its pods by phase: Pending is Waiting, Failed is Failed', () => {
    expect(section(kc('describe ds logger').stdout, 'Desired Number', 'Pod Template:'))
      .toMatchInlineSnapshot(`
      "Desired Number of Nodes Scheduled: 3
      Current Number of Nodes Scheduled: 3
      Number of Nodes Scheduled with Up-to-date Pods: 3
      Number of Nodes Scheduled with Available Pods: 1
      Number of Nodes Misscheduled: 1
      Pods Status:  1 Running / 2 Waiting / 0 Succeeded / 1 Failed"
    `);
    expect(section(kc('describe ds agent').stdout, 'Desired Number', 'Pod Template:')).toMatchInlineSnapshot(`
      "Desired Number of Nodes Scheduled: 3
      Current Number of Nodes Scheduled: 3
      Number of Nodes Scheduled with Up-to-date Pods: 1
      Number of Nodes Scheduled with Available Pods: 2
      Number of Nodes Misscheduled: 0
      Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed"
    `);
  });

  it('kubectl rollout status --watch=false prints the one line', () => {
    expect(kc('rollout status ds/agent --watch=false')).toEqual({
      stdout: 'Waiting for daemon set "agent" rollout to finish: 1 out of 3 new pods have been updated...\n',
      stderr: '',
      exitCode: 0,
    });
    expect(kc('rollout status ds/logger --watch=false').stdout).toBe(
      'Waiting for daemon set "logger" rollout to finish: 1 of 3 updated pods are available...\n',
    );
  });
});

describe('kubectl get events: Warning events with their counts (printEvent)', () => {
  it('LAST SEEN, TYPE, REASON, OBJECT, MESSAGE', () => {
    expect(kc('get events --field-selector involvedObject.name=app-imagepullbackoff').stdout)
      .toMatchInlineSnapshot(`
      "LAST SEEN   TYPE      REASON    OBJECT                     MESSAGE
      95s         Normal    Pulling   pod/app-imagepullbackoff   Pulling image "nginx:nope"
      94s         Warning   Failed    pod/app-imagepullbackoff   Failed to pull image "nginx:nope": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found
      93s         Warning   Failed    pod/app-imagepullbackoff   Error: ErrImagePull
      12s         Normal    BackOff   pod/app-imagepullbackoff   Back-off pulling image "nginx:nope"
      11s         Warning   Failed    pod/app-imagepullbackoff   Error: ImagePullBackOff
      "
    `);
  });

  it('-o wide: SUBOBJECT is the fieldPath, SOURCE is component and host, COUNT and FIRST SEEN', () => {
    const rows = kc('get events -o wide --field-selector involvedObject.name=app-crashloop').stdout.split(
      '\n',
    );
    expect(rows[0].split(/ {2,}/)).toEqual([
      'LAST SEEN',
      'TYPE',
      'REASON',
      'OBJECT',
      'SUBOBJECT',
      'SOURCE',
      'MESSAGE',
      'FIRST SEEN',
      'COUNT',
      'NAME',
    ]);
    expect(rows[1].split(/ {2,}/).slice(0, 6)).toEqual([
      '4m',
      'Normal',
      'Scheduled',
      'pod/app-crashloop',
      'default-scheduler',
      'Successfully assigned default/app-crashloop to node-1',
    ]);
    expect(rows[5].split(/ {2,}/).slice(0, 6)).toEqual([
      '7s',
      'Warning',
      'BackOff',
      'pod/app-crashloop',
      'spec.containers{app}',
      'kubelet, node-1',
    ]);
    expect(rows[5].split(/ {2,}/).slice(-3, -1)).toEqual(['3m40s', '17']);
  });
});
