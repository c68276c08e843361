import { describe, expect, it } from 'vitest';
import { parseArgs } from './argv';
import { changeCause } from './changeCause';
import { Output, type CommandContext, type FlagSpec } from './types';
import { RECORD_FLAG } from './changeCause';
import type { Simulation } from '../simulation';

const FLAGS: FlagSpec[] = [RECORD_FLAG, { name: 'filename', short: 'f', type: 'stringArray' }];

function ctxFor(argv: string[], argv0?: string): CommandContext {
  const args = parseArgs(argv, FLAGS, 'kubectl x');
  return {
    sim: {} as Simulation,
    opts: argv0 ? { argv0 } : {},
    out: new Output(),
    namespace: 'default',
    namespaceExplicit: false,
    args,
    argv,
  };
}

describe('changeCause (record_flags.go parseCommandArguments)', () => {
  it.each([
    [
      'set image',
      [
        'ds/fluentd-elasticsearch',
        'fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0',
        '-n',
        'kube-system',
        '--record',
      ],
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 --namespace=kube-system --record=true',
    ],
    [
      'set image',
      [
        'ds/fluentd-elasticsearch',
        'fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0',
        '--record',
        '-n=kube-system',
      ],
      'kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 --record=true --namespace=kube-system',
    ],
    [
      'apply',
      ['-f', 'https://k8s.io/examples/controllers/fluentd-daemonset-update.yaml', '--record'],
      'kubectl apply --filename=https://k8s.io/examples/controllers/fluentd-daemonset-update.yaml --record=true',
    ],
    ['create', ['--record=true', '--filename=ds.yaml'], 'kubectl create --record=true --filename=ds.yaml'],
  ])('%s %j', (cmd, argv, want) => {
    expect(changeCause(ctxFor(argv), cmd)).toBe(want);
  });

  it('uses the basename of argv[0]', () => {
    expect(changeCause(ctxFor(['ds/x', 'c=i', '--record'], '/usr/local/bin/kubectl'), 'set image')).toBe(
      'kubectl set image ds/x c=i --record=true',
    );
  });
});
