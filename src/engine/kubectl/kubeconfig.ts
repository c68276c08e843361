// The session's kubeconfig (client-go's clientcmdapi.Config, as `kubectl config` reads and writes
// it): the playground's one cluster, one user and one context, `playground`, whose namespace
// `kubectl config set-context --current --namespace=X` sets. It is client state, not cluster state:
// it belongs to the Session (src/engine/script/session.ts), so `sim cluster` keeps it and a new
// session (a lesson reset) starts from the default; replaying a session's inputs (reload, rewind,
// share link) runs the same `config set-context` lines again and so restores it.

import {
  PLAYGROUND_CLUSTER,
  PLAYGROUND_CONTEXT,
  PLAYGROUND_SERVER,
  PLAYGROUND_USER,
} from './commands/playgroundConfig';

/** clientcmdapi.Context: the one context's fields (namespace '' = not set). */
export interface KubeContext {
  cluster: string;
  user: string;
  namespace: string;
}

export class Kubeconfig {
  /** the context `playground`, the current one (there is no other) */
  readonly context: KubeContext = { cluster: PLAYGROUND_CLUSTER, user: PLAYGROUND_USER, namespace: '' };

  /**
   * The namespace a command without `-n` works in: DirectClientConfig.Namespace — the current
   * context's, or `default` when it sets none. Not "explicit" (enforceNamespace stays false), so an
   * object's own metadata.namespace still wins over it, as on a real cluster.
   */
  namespace(): string {
    return this.context.namespace || 'default';
  }

  /** The Config as `kubectl config view` prints it (YAML keys; `-o json` reorders them). */
  view(server: string = PLAYGROUND_SERVER): Record<string, unknown> {
    const { cluster, user, namespace } = this.context;
    return {
      apiVersion: 'v1',
      // no CA to verify against: the served cluster's kubeconfig says so too (src/server/kubeconfig.ts)
      clusters: [{ cluster: { server, 'insecure-skip-tls-verify': true }, name: PLAYGROUND_CLUSTER }],
      // the Context struct's field order (cluster, user, namespace): `-o json` keeps it
      contexts: [
        { context: { cluster, user, ...(namespace ? { namespace } : {}) }, name: PLAYGROUND_CONTEXT },
      ],
      'current-context': PLAYGROUND_CONTEXT,
      kind: 'Config',
      preferences: {},
      users: [{ name: PLAYGROUND_USER, user: {} }],
    };
  }
}
