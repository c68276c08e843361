import { describe, expect, it } from 'vitest';
import { normalizeClientDifferences } from './normalize';

describe('normalizeClientDifferences', () => {
  it("sorts drain's warnings, which kubectl builds from a Go map", () => {
    const a =
      'Warning: deleting Pods that declare no controller: default/web; ignoring DaemonSet-managed Pods: kube-system/f-1';
    const b =
      'Warning: ignoring DaemonSet-managed Pods: kube-system/f-1; deleting Pods that declare no controller: default/web';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
  });

  it('leaves other warnings, and a single drain warning, as they are', () => {
    const one = 'Warning: ignoring DaemonSet-managed Pods: kube-system/f-1, kube-system/f-2';
    expect(normalizeClientDifferences(one)).toBe(one);
    const other = 'Warning: resource pods/x: b; a';
    expect(normalizeClientDifferences(other)).toBe(other);
  });

  it("sorts drain's aggregated errors", () => {
    const a =
      'error: unable to drain node "n" due to error: [cannot delete x: a, cannot delete y: b], continuing command...';
    const b =
      'error: unable to drain node "n" due to error: [cannot delete y: b, cannot delete x: a], continuing command...';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
  });

  it('masks client-computed ages in describe tables', () => {
    expect(normalizeClientDifferences('  Normal  Scheduled  5s  default-scheduler  Assigned')).toBe(
      normalizeClientDifferences('  Normal  Scheduled  2m3s  default-scheduler  Assigned'),
    );
  });

  it("reads kubectl < 1.34's undo to the current template as the skip kubectl ≥ 1.34 reports", () => {
    const skipped = 'daemonset.apps/x skipped rollback (current template already matches revision 3)';
    expect(normalizeClientDifferences(skipped)).toBe(
      normalizeClientDifferences('daemonset.apps/x rolled back'),
    );
    expect(normalizeClientDifferences('daemonset.apps/y rolled back')).not.toBe(
      normalizeClientDifferences(skipped),
    );
  });

  it("drops kubectl < 1.34's null creationTimestamp of a generated object, in YAML and in JSON", () => {
    const old133 = ['metadata:', '  creationTimestamp: null', '  name: web'].join('\n');
    expect(normalizeClientDifferences(old133)).toBe(['metadata:', '  name: web'].join('\n'));
    const json133 = ['{', '    "name": "web",', '    "creationTimestamp": null,', '    "labels": {}', '}'];
    expect(normalizeClientDifferences(json133.join('\n'))).toBe(
      ['{', '    "name": "web",', '    "labels": {}', '}'].join('\n'),
    );
    // the last member of its object: the comma before it goes too, as ≥ 1.34 writes the object
    const last133 = ['{', '    "name": "web-hpa",', '    "creationTimestamp": null', '},'];
    expect(normalizeClientDifferences(last133.join('\n'))).toBe(
      ['{', '    "name": "web-hpa"', '},'].join('\n'),
    );
    // the only member of its object: ≥ 1.34 writes the object empty (a Job's pod template)
    const alone133 = [
      '    "template": {',
      '        "metadata": {',
      '            "creationTimestamp": null',
      '        },',
    ];
    expect(normalizeClientDifferences(alone133.join('\n'))).toBe(
      ['    "template": {', '        "metadata": {},'].join('\n'),
    );
    const yamlAlone = ['  template:', '    metadata:', '      creationTimestamp: null', '    spec:'];
    expect(normalizeClientDifferences(yamlAlone.join('\n'))).toBe(
      ['  template:', '    metadata: {}', '    spec:'].join('\n'),
    );
    const item = ['items:', '- metadata:', '    creationTimestamp: null', '  kind: Pod', '- metadata:'];
    expect(normalizeClientDifferences(item.join('\n'))).toBe(
      ['items:', '- metadata: {}', '  kind: Pod', '- metadata:'].join('\n'),
    );
  });

  it("masks kubectl diff's temp directories and file times", () => {
    const emulator = [
      'diff -u -N /tmp/LIVE-1916940218/v1.Pod.default.x /tmp/MERGED-413071736/v1.Pod.default.x',
      '--- /tmp/LIVE-1916940218/v1.Pod.default.x\t2026-01-01 00:00:06.000000000 +0000',
      '+++ /tmp/MERGED-413071736/v1.Pod.default.x\t2026-01-01 00:00:06.000000000 +0000',
    ].join('\n');
    const real = [
      'diff -u -N /tmp/LIVE-3795722038/v1.Pod.default.x /tmp/MERGED-2402295857/v1.Pod.default.x',
      '--- /tmp/LIVE-3795722038/v1.Pod.default.x\t2026-12-01 10:49:59.955836284 +0000',
      '+++ /tmp/MERGED-2402295857/v1.Pod.default.x\t2026-12-01 10:49:59.955836284 +0000',
    ].join('\n');
    expect(normalizeClientDifferences(real)).toBe(normalizeClientDifferences(emulator));
    expect(normalizeClientDifferences(real.replace('Pod.default.x', 'Pod.default.y'))).not.toBe(
      normalizeClientDifferences(emulator),
    );
  });

  it("masks the kubeconfig's server URL in config view, YAML and JSON", () => {
    expect(normalizeClientDifferences('    server: http://127.0.0.1:40123')).toBe(
      normalizeClientDifferences('    server: https://127.0.0.1:6443'),
    );
    expect(normalizeClientDifferences('                "server": "http://127.0.0.1:40123"')).toBe(
      normalizeClientDifferences('                "server": "https://127.0.0.1:6443"'),
    );
    expect(normalizeClientDifferences('  server: http://x')).not.toBe(
      normalizeClientDifferences('  user: http://x'),
    );
  });
});

describe('kubectl debug', () => {
  it("masks the default container name's random characters, and nothing else", () => {
    expect(normalizeClientDifferences('Defaulting debug container name to debugger-x7k2q.')).toBe(
      normalizeClientDifferences('Defaulting debug container name to debugger-cd577.'),
    );
    expect(normalizeClientDifferences('Defaulting debug container name to debugger-cd577.')).not.toBe(
      normalizeClientDifferences('Defaulting debug container name to dbg.'),
    );
  });

  it("drops describe's event field path (kubectl ≥ 1.35) only before an event's message", () => {
    const newer = '  Normal  Started  3s  kubelet  spec.ephemeralContainers{dbg}: Started container dbg';
    const older = '  Normal  Started  3s  kubelet  Started container dbg';
    expect(normalizeClientDifferences(newer)).toBe(normalizeClientDifferences(older));
    const column = 'web   spec.ephemeralContainers{dbg}   kubelet, node-1';
    expect(normalizeClientDifferences(column)).toBe(column);
  });
});

describe('logs of several sources', () => {
  it('groups --prefix lines by their source, keeping each source’s order (a Go map decides which comes first)', () => {
    const a = '$ kubectl logs -l app=x --prefix\n[pod/b/c] one\n[pod/a/c] start\n[pod/a/c] stop\n$ next';
    const b = '$ kubectl logs -l app=x --prefix\n[pod/a/c] start\n[pod/a/c] stop\n[pod/b/c] one\n$ next';
    expect(normalizeClientDifferences(a)).toBe(normalizeClientDifferences(b));
    const swapped =
      '$ kubectl logs -l app=x --prefix\n[pod/a/c] stop\n[pod/a/c] start\n[pod/b/c] one\n$ next';
    expect(normalizeClientDifferences(swapped)).not.toBe(normalizeClientDifferences(b));
  });
});
