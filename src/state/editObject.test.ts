import { describe, expect, it } from 'vitest';
import { editFetchArgs } from './editObject';

describe('editFetchArgs (kubectl edit on the page)', () => {
  it('fetches named objects as YAML, keeping the namespace', () => {
    expect(editFetchArgs('kubectl edit ds/fluentd -n kube-system')).toEqual([
      'kubectl',
      'get',
      'ds/fluentd',
      '-n',
      'kube-system',
      '-o',
      'yaml',
    ]);
    expect(editFetchArgs('kubectl -n kube-system edit daemonset fluentd')).toEqual([
      'kubectl',
      'get',
      '-n',
      'kube-system',
      'daemonset',
      'fluentd',
      '-o',
      'yaml',
    ]);
    expect(editFetchArgs('kubectl edit node node-1 --save-config')).toEqual([
      'kubectl',
      'get',
      'node',
      'node-1',
      '-o',
      'yaml',
    ]);
  });

  it('leaves everything else to kubectl', () => {
    expect(editFetchArgs('kubectl edit')).toBeNull();
    expect(editFetchArgs('kubectl edit pods')).toBeNull();
    expect(editFetchArgs('kubectl edit -f ds.yaml')).toBeNull();
    expect(editFetchArgs('kubectl edit ds/x -o json')).toBeNull();
    expect(editFetchArgs('kubectl get ds')).toBeNull();
    expect(editFetchArgs('kubectl edit "ds/x')).toBeNull();
  });
});
