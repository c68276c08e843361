// The kubeconfig kubectl would have for the playground: one cluster, one user, one context.
// `config view`, `config current-context`, `config get-contexts` and `cluster-info` read it; the
// kubeconfig `npm run serve` writes has the same names (its server is where it listens).

export const PLAYGROUND_CLUSTER = 'playground';
export const PLAYGROUND_USER = 'playground-admin';
export const PLAYGROUND_CONTEXT = 'playground';
export const PLAYGROUND_SERVER = 'https://127.0.0.1:6443';
