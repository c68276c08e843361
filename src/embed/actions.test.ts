import { describe, expect, it } from 'vitest';
import { parseScript } from '../engine/scripts';
import { pageLine } from './actions';

describe('loading a scenario script', () => {
  const script = [
    '# a lesson',
    'kubectl apply -f - <<EOF',
    'kind: DaemonSet',
    'EOF',
    'kubectl rollout status ds/x -n kube-system',
    'kubectl rollout status ds/x -n kube-system --watch=false',
    "kubectl create -f - <<'YAML'",
    'kind: Second',
    'YAML',
    'sim settle',
    '',
  ].join('\n');
  const cmds = parseScript(script);

  it('waits for a rollout the way the CLI does (not the live watch)', () => {
    expect(cmds.map(pageLine)).toEqual([
      'kubectl apply -f -',
      'kubectl rollout status ds/x -n kube-system --timeout=0s',
      'kubectl rollout status ds/x -n kube-system --watch=false',
      'kubectl create -f -',
      'sim settle',
    ]);
  });

  it('runs a watching kubectl get until the cluster is quiet, as the CLI does', () => {
    expect(pageLine({ command: 'kubectl get pods -n kube-system -w' })).toBe(
      'kubectl get pods -n kube-system -w --request-timeout=0',
    );
    expect(pageLine({ command: 'kubectl get ds --watch-only' })).toBe(
      'kubectl get ds --watch-only --request-timeout=0',
    );
    expect(pageLine({ command: 'kubectl get pods -w --request-timeout=5s' })).toBe(
      'kubectl get pods -w --request-timeout=5s',
    );
    expect(pageLine({ command: 'kubectl get pods -o wide' })).toBe('kubectl get pods -o wide');
  });
});
