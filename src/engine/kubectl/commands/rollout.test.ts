import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { FLUENTD_YAML } from '../../testing/builders';
import { clone } from '../../api/objects';
import type { DaemonSet } from '../../api/types';
import { computeHash, getPatch } from '../../controller/daemonset/history';
import { runDef } from '../../testing/kubectl';
import { applyCommand } from './apply';
import {
  rolloutHistoryCommand,
  rolloutRestartCommand,
  rolloutStatusCommand,
  rolloutUndoCommand,
} from './rollout';
import { setImageCommand } from './setImage';
import { daemonSetStatus } from './rolloutStatus';

const NS = '-n kube-system';
const DS = 'fluentd-elasticsearch';

/** A DaemonSet with hand-made revisions (no controller steps), so outputs are exact. */
function withHistory(images: string[], causes: (string | undefined)[] = []) {
  const sim = new Simulation();
  runDef(sim, applyCommand, '-f -', { stdin: FLUENTD_YAML });
  let ds = sim.store.get('DaemonSet', 'kube-system', DS)!;
  images.forEach((image, i) => {
    const d = clone(ds) as DaemonSet;
    d.spec.template.spec.containers[0].image = image;
    const hash = computeHash(d.spec.template);
    sim.store.create({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: {
        name: `${DS}-${hash}`,
        namespace: 'kube-system',
        labels: { name: DS, 'controller-revision-hash': hash },
        annotations: causes[i] ? { 'kubernetes.io/change-cause': causes[i]! } : {},
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'DaemonSet',
            name: DS,
            uid: ds.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      data: getPatch(d),
      revision: i + 1,
    } as never);
  });
  // the live template is the last revision's
  const d = clone(ds) as DaemonSet;
  d.spec.template.spec.containers[0].image = images[images.length - 1];
  ds = sim.store.update<'DaemonSet'>(d);
  return { sim, ds };
}

describe('kubectl rollout history', () => {
  it('prints the table with a trailing space on the first line and an empty last line', () => {
    const { sim } = withHistory(
      ['a:1', 'a:2'],
      [undefined, 'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=a:2 --record=true'],
    );
    expect(runDef(sim, rolloutHistoryCommand, `daemonset/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch \nREVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=a:2 --record=true\n\n',
    );
    expect(runDef(sim, rolloutHistoryCommand, `ds ${DS} ${NS}`).exitCode).toBe(0);
  });

  it('shows one revision with its pod template', () => {
    const { sim } = withHistory(['a:1', 'a:2']);
    const out = runDef(sim, rolloutHistoryCommand, `ds/${DS} ${NS} --revision=1`).stdout;
    expect(
      out.startsWith(
        'daemonset.apps/fluentd-elasticsearch with revision #1\nPod Template:\n  Labels:\tname=fluentd-elasticsearch\n',
      ),
    ).toBe(true);
    expect(out).toContain('    Image:\ta:1\n');
    expect(out.endsWith('\n\n')).toBe(true);
  });

  it('errors and the empty case', () => {
    const { sim } = withHistory(['a:1']);
    expect(runDef(sim, rolloutHistoryCommand, `ds/${DS} ${NS} --revision=7`).stderr).toBe(
      'error: unable to find the specified revision\n',
    );
    expect(runDef(sim, rolloutHistoryCommand, `ds/nope ${NS}`).stderr).toBe(
      'Error from server (NotFound): daemonsets.apps "nope" not found\n',
    );
    const empty = new Simulation();
    runDef(empty, applyCommand, '-f -', { stdin: FLUENTD_YAML });
    expect(runDef(empty, rolloutHistoryCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch \nNo rollout history found.\n',
    );
  });
});

describe('kubectl rollout undo', () => {
  it('rolls back to the previous revision, warning about apply', () => {
    const { sim } = withHistory(['a:1', 'a:2']);
    const r = runDef(sim, rolloutUndoCommand, `ds/${DS} ${NS}`);
    expect(r.text).toBe(
      "Warning: resource daemonsets/fluentd-elasticsearch was previously managed with 'kubectl apply'. Rolling back will not update the kubectl.kubernetes.io/last-applied-configuration annotation, which may cause unexpected behavior on future 'kubectl apply' operations. Consider using 'kubectl apply' with your previous configuration file instead.\ndaemonset.apps/fluentd-elasticsearch rolled back\n",
    );
    expect(sim.store.get('DaemonSet', 'kube-system', DS)!.spec.template.spec.containers[0].image).toBe('a:1');
  });

  it('skips when the template already matches', () => {
    const { sim } = withHistory(['a:1', 'a:2']);
    expect(runDef(sim, rolloutUndoCommand, `ds/${DS} ${NS} --to-revision=2`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch skipped rollback (current template already matches revision 2)\n',
    );
  });

  it.each([
    [['a:1'], '', 'error: no last revision to roll back to\n'],
    [['a:1', 'a:2'], '--to-revision=5', 'error: unable to find specified revision 5 in history\n'],
    [['a:1', 'a:2'], '--to-revision=-1', 'error: unable to find specified revision -1 in history\n'],
  ])('errors %j %s', (images, flag, stderr) => {
    const { sim } = withHistory(images);
    expect(
      runDef(sim, rolloutUndoCommand, `ds/${DS} ${NS} ${flag}`).stderr.split('\n').slice(-2).join('\n'),
    ).toBe(stderr);
  });

  it('--dry-run=client describes the target template and changes nothing', () => {
    const { sim } = withHistory(['a:1', 'a:2']);
    const out = runDef(sim, rolloutUndoCommand, `ds/${DS} ${NS} --dry-run=client`).stdout;
    expect(out.startsWith('daemonset.apps/fluentd-elasticsearch will roll back to Pod Template:\n')).toBe(
      true,
    );
    expect(out).toContain('Image:\ta:1');
    expect(out.endsWith('\n (dry run)\n')).toBe(true);
    expect(sim.store.get('DaemonSet', 'kube-system', DS)!.spec.template.spec.containers[0].image).toBe('a:2');
  });
});

describe('kubectl set image', () => {
  it('updates the container image, silently does nothing the second time', () => {
    const { sim } = withHistory(['a:1']);
    expect(runDef(sim, setImageCommand, `ds/${DS} ${DS}=a:9 ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch image updated\n',
    );
    expect(sim.store.get('DaemonSet', 'kube-system', DS)!.spec.template.spec.containers[0].image).toBe('a:9');
    expect(runDef(sim, setImageCommand, `daemonset ${DS} ${DS}=a:9 ${NS}`)).toMatchObject({
      stdout: '',
      stderr: '',
      exitCode: 0,
    });
    expect(runDef(sim, setImageCommand, `daemonset.apps/${DS} *=b:1 ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch image updated\n',
    );
  });

  it('records the change-cause', () => {
    const { sim } = withHistory(['a:1']);
    runDef(sim, setImageCommand, `ds/${DS} ${DS}=a:9 ${NS} --record`);
    expect(
      sim.store.get('DaemonSet', 'kube-system', DS)!.metadata.annotations?.['kubernetes.io/change-cause'],
    ).toBe(
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=a:9 --namespace=kube-system --record=true',
    );
  });

  it('errors', () => {
    const { sim } = withHistory(['a:1']);
    expect(runDef(sim, setImageCommand, `ds/${DS} nope=a:9 ${NS}`).stderr).toBe(
      'error: unable to find container named "nope"\n',
    );
    expect(runDef(sim, setImageCommand, `ds/nope c=a ${NS}`).stderr).toBe(
      'Error from server (NotFound): daemonsets.apps "nope" not found\n',
    );
    expect(runDef(sim, setImageCommand, `ds/${DS} ${NS}`).stderr).toBe(
      'error: at least one image update is required\n',
    );
  });
});

describe('kubectl rollout restart', () => {
  it('stamps restartedAt and refuses a second restart in the same second', () => {
    const { sim } = withHistory(['a:1']);
    expect(runDef(sim, rolloutRestartCommand, `ds/${DS} ${NS}`).stdout).toBe(
      'daemonset.apps/fluentd-elasticsearch restarted\n',
    );
    expect(sim.store.get('DaemonSet', 'kube-system', DS)!.spec.template.metadata?.annotations).toEqual({
      'kubectl.kubernetes.io/restartedAt': '2026-01-01T00:00:00Z',
    });
    expect(runDef(sim, rolloutRestartCommand, `ds/${DS} ${NS}`).stderr).toBe(
      'error: failed to create patch for fluentd-elasticsearch: if restart has already been triggered within the past second, please wait before attempting to trigger another\n',
    );
  });
});

describe('rollout status messages (DaemonSetStatusViewer)', () => {
  const base = withHistory(['a:1']).ds;
  const at = (generation: number, status: Partial<DaemonSet['status']>) =>
    ({
      ...base,
      metadata: { ...base.metadata, generation },
      status: { ...base.status, ...status },
    }) as DaemonSet;
  it.each([
    [at(2, { observedGeneration: 1 }), 'Waiting for daemon set spec update to be observed...', false],
    [
      at(2, { observedGeneration: 2, desiredNumberScheduled: 3, updatedNumberScheduled: 1 }),
      'Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 1 out of 3 new pods have been updated...',
      false,
    ],
    [
      at(2, {
        observedGeneration: 2,
        desiredNumberScheduled: 3,
        updatedNumberScheduled: 3,
        numberAvailable: 2,
      }),
      'Waiting for daemon set "fluentd-elasticsearch" rollout to finish: 2 of 3 updated pods are available...',
      false,
    ],
    [
      at(2, {
        observedGeneration: 2,
        desiredNumberScheduled: 3,
        updatedNumberScheduled: 3,
        numberAvailable: 3,
      }),
      'daemon set "fluentd-elasticsearch" successfully rolled out',
      true,
    ],
  ])('%#', (ds, message, done) => {
    expect(daemonSetStatus(ds)).toEqual({ message, done });
  });

  it('OnDelete is refused', () => {
    const ds = { ...base, spec: { ...base.spec, updateStrategy: { type: 'OnDelete' } } } as DaemonSet;
    expect(() => daemonSetStatus(ds)).toThrow(
      'rollout status is only available for RollingUpdate strategy type',
    );
  });

  it('--watch=false prints once; a quiet simulation ends with a timeout', () => {
    const { sim } = withHistory(['a:1']);
    expect(runDef(sim, rolloutStatusCommand, `ds/${DS} ${NS} --watch=false`).stdout).toBe(
      'Waiting for daemon set spec update to be observed...\n',
    );
  });
});
