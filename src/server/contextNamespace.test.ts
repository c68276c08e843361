import { describe, expect, it } from 'vitest';
import { contextNamespace } from './contextNamespace';
import { kubeconfigText } from './kubeconfig';

describe('contextNamespace', () => {
  it("reads the current context's namespace from a kubeconfig, '' when it sets none", () => {
    expect(contextNamespace(kubeconfigText('http://127.0.0.1:1'))).toBe('');
    expect(contextNamespace(kubeconfigText('http://127.0.0.1:1', 'kube-system'))).toBe('kube-system');
  });

  it('takes the current context, not the first one', () => {
    const text = `apiVersion: v1
kind: Config
current-context: b
contexts:
- name: a
  context: {cluster: c, user: u, namespace: one}
- name: b
  context: {cluster: c, user: u, namespace: two}
`;
    expect(contextNamespace(text)).toBe('two');
  });
});
