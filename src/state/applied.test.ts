import { describe, expect, it } from 'vitest';
import { appliedOnRestore, lastApplied } from './applied';
import { liveDrift, manifestRefs } from './liveDrift';

describe('lastApplied', () => {
  it('is the last manifest applied or created from standard input', () => {
    const inputs = [
      { at: 0, line: 'kubectl apply -f -', stdin: 'a' },
      { at: 1, line: 'kubectl get pods' },
      { at: 2, line: 'kubectl create -f -', stdin: 'b' },
      { at: 3, line: 'sim node add node-2' },
    ];
    expect(lastApplied(inputs)).toBe('b');
    expect(lastApplied(inputs.slice(0, 2))).toBe('a');
  });
  it('is null before anything was applied (going back before the first Apply)', () => {
    expect(lastApplied([{ at: 0, line: 'kubectl get nodes' }])).toBeNull();
    expect(lastApplied([])).toBeNull();
  });
});

describe('appliedOnRestore (a reload after the Why panel fixed the live object)', () => {
  const DS = 'kind: DaemonSet\nmetadata: {name: fluentd, namespace: kube-system}\nspec: {tolerations: []}\n';
  const FIX =
    'kind: DaemonSet\nmetadata: {name: fluentd, namespace: kube-system}\nspec: {tolerations: [{key: gpu}]}\n';
  const OTHER = 'kind: DaemonSet\nmetadata: {name: other, namespace: kube-system}\n';
  const refs = (t: string) => manifestRefs(t);
  const inputs = [
    { at: 0, line: 'kubectl apply -f -', stdin: DS },
    { at: 1, line: 'kubectl get ds -A' },
    { at: 2, line: 'kubectl apply -f -', stdin: FIX },
    { at: 3, line: 'kubectl apply -f -', stdin: OTHER },
    { at: 4, line: 'kubectl set image ds/fluentd fluentd=x:2 -n kube-system' },
    { at: 5, line: 'kubectl rollout status ds/fluentd -n kube-system' },
  ];
  it("takes the editor's own apply, not the last one, and names what changed its object since", () => {
    expect(lastApplied(inputs)).toBe(OTHER);
    expect(appliedOnRestore(inputs, DS, refs)).toEqual({
      text: DS,
      by: ['kubectl apply -f -', 'kubectl set image ds/fluentd fluentd=x:2 -n kube-system'],
    });
  });
  it('keeps the last apply when the editor text was never applied (typed since: truly unapplied)', () => {
    expect(appliedOnRestore(inputs, DS + '# typed\n', refs)).toEqual({ text: OTHER, by: [] });
  });
  it('the rebuilt record says who changed the object, comparing it with the manifest', () => {
    const live = (_k: string, key: string) =>
      key === 'kube-system/fluentd'
        ? ({
            kind: 'DaemonSet',
            metadata: { name: 'fluentd', namespace: 'kube-system' },
            spec: { tolerations: [{ key: 'gpu' }] },
          } as never)
        : undefined;
    const r = appliedOnRestore(inputs.slice(0, 3), DS, refs);
    const drift = liveDrift(r.text, { text: DS, before: {}, by: r.by, unseen: true }, live);
    expect(drift).toEqual({
      objects: [{ kind: 'DaemonSet', name: 'fluentd', deleted: false }],
      by: ['kubectl apply -f -'],
    });
  });
  it("reads no manifest when nothing since the editor's apply could have changed its objects (a share link)", () => {
    const refsOf = (t: string) => {
      throw new Error(`read ${t.length} characters`);
    };
    const quiet = [
      ...inputs.slice(0, 2),
      { at: 6, line: 'kubectl get pods -o wide' },
      { at: 7, line: 'sim node add node-9' },
      { at: 8, line: 'kubectl rollout status ds/fluentd -n kube-system' },
    ];
    expect(appliedOnRestore(quiet, DS, refsOf)).toEqual({ text: DS, by: [] });
    expect(appliedOnRestore(quiet, DS, refs)).toEqual({ text: DS, by: [] });
    expect(() => appliedOnRestore(inputs, DS, refsOf)).toThrow('read');
  });
});
