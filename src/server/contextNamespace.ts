// The namespace of a kubeconfig's current context ('' when it sets none), read from the file the real
// kubectl keeps: `kubectl config set-context --current --namespace=X` writes it there, and a `sim …`
// line run beside the real client (realKubectl.ts) takes it as the emulator's session would.

import { parse } from 'yaml';

interface KubeconfigFile {
  'current-context'?: string;
  contexts?: { name?: string; context?: { namespace?: string } }[] | null;
}

export function contextNamespace(text: string): string {
  const config = (parse(text) ?? {}) as KubeconfigFile;
  const current = config['current-context'];
  const ctx = (config.contexts ?? []).find((c) => c.name === current);
  return ctx?.context?.namespace ?? '';
}
