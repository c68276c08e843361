import { describe, expect, it } from 'vitest';
import { lastHeredocManifest, parseScript } from './parse';

describe('lastHeredocManifest', () => {
  it('is the body of the last kubectl apply|create -f - heredoc', () => {
    const cmds = parseScript(
      [
        '# a lesson',
        'kubectl apply -f - <<EOF',
        'kind: DaemonSet',
        'EOF',
        'kubectl rollout status ds/x -n kube-system',
        "kubectl create -f - <<'YAML'",
        'kind: Second',
        'YAML',
        'sim settle',
        '',
      ].join('\n'),
    );
    expect(lastHeredocManifest(cmds)).toBe('kind: Second\n');
    expect(lastHeredocManifest(parseScript('sim settle\n'))).toBeNull();
  });
});
