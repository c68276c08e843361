// The kubeconfig's writers — `kubectl config set|unset|set-cluster|set-credentials|delete-cluster|
// delete-context|delete-user|rename-context` (kubectl/pkg/cmd/config): their help as kubectl 1.33
// prints it and its flag errors, then a refusal: the playground's kubeconfig has one cluster, one
// user and one context (../kubeconfig.ts), whose namespace only `config set-context` changes.

import { Kubeconfig } from '../kubeconfig';
import { CommandError, type CommandContext, type CommandDef } from '../types';
import { PLAYGROUND_CONTEXT } from './playgroundConfig';

/**
 * The one property these writers may change: the context's namespace, what `config set-context
 * --current --namespace=X` changes too (set.go / unset.go print `Property "…" set.` / `unset.`).
 */
const NAMESPACE_PROPERTY = `contexts.${PLAYGROUND_CONTEXT}.namespace`;

function contextOf(ctx: CommandContext) {
  return (ctx.opts.kubeconfig ?? new Kubeconfig()).context;
}

function refuse(sub: string): never {
  throw new CommandError(
    `kubectl config ${sub} cannot change the playground's kubeconfig: it has one cluster, one user and one context, "${PLAYGROUND_CONTEXT}", whose namespace only kubectl config set-context --current --namespace=NAMESPACE (or config set|unset ${NAMESPACE_PROPERTY}) changes; kubectl config view shows it`,
  );
}

export const configDeleteClusterCommand: CommandDef = {
  name: 'config delete-cluster',
  short: 'Delete the specified cluster from the kubeconfig',
  long: `Delete the specified cluster from the kubeconfig.`,
  example: `  # Delete the minikube cluster
  kubectl config delete-cluster minikube`,
  usage: 'kubectl config delete-cluster NAME [options]',
  flags: [],
  run() {
    refuse('delete-cluster');
  },
};

export const configDeleteContextCommand: CommandDef = {
  name: 'config delete-context',
  short: 'Delete the specified context from the kubeconfig',
  long: `Delete the specified context from the kubeconfig.`,
  example: `  # Delete the context for the minikube cluster
  kubectl config delete-context minikube`,
  usage: 'kubectl config delete-context NAME [options]',
  flags: [],
  run() {
    refuse('delete-context');
  },
};

export const configDeleteUserCommand: CommandDef = {
  name: 'config delete-user',
  short: 'Delete the specified user from the kubeconfig',
  long: `Delete the specified user from the kubeconfig.`,
  example: `  # Delete the minikube user
  kubectl config delete-user minikube`,
  usage: 'kubectl config delete-user NAME [options]',
  flags: [],
  run() {
    refuse('delete-user');
  },
};

export const configRenameContextCommand: CommandDef = {
  name: 'config rename-context',
  short: 'Rename a context from the kubeconfig file',
  long: `Renames a context from the kubeconfig file.

 CONTEXT_NAME is the context name that you want to change.

 NEW_NAME is the new name you want to set.

 Note: If the context being renamed is the 'current-context', this field will also be updated.`,
  example: `  # Rename the context 'old-name' to 'new-name' in your kubeconfig file
  kubectl config rename-context old-name new-name`,
  usage: 'kubectl config rename-context CONTEXT_NAME NEW_NAME [options]',
  flags: [],
  run() {
    refuse('rename-context');
  },
};

export const configSetCommand: CommandDef = {
  name: 'config set',
  short: 'Set an individual value in a kubeconfig file',
  long: `Set an individual value in a kubeconfig file.

 PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.

 PROPERTY_VALUE is the new value you want to set. Binary fields such as 'certificate-authority-data' expect a base64 encoded string unless the --set-raw-bytes flag is used.

 Specifying an attribute name that already exists will merge new fields on top of existing values.`,
  example: `  # Set the server field on the my-cluster cluster to https://1.2.3.4
  kubectl config set clusters.my-cluster.server https://1.2.3.4
  
  # Set the certificate-authority-data field on the my-cluster cluster
  kubectl config set clusters.my-cluster.certificate-authority-data $(echo "cert_data_here" | base64 -i -)
  
  # Set the cluster field in the my-context context to my-cluster
  kubectl config set contexts.my-context.cluster my-cluster
  
  # Set the client-key-data field in the cluster-admin user using --set-raw-bytes option
  kubectl config set users.cluster-admin.client-key-data cert_data_here --set-raw-bytes=true`,
  usage: 'kubectl config set PROPERTY_NAME PROPERTY_VALUE [options]',
  flags: [
    {
      name: 'set-raw-bytes',
      type: 'bool',
      usage: 'When writing a []byte PROPERTY_VALUE, write the given string directly without base64 decoding.',
    },
  ],
  run(ctx) {
    const [property, value] = ctx.args.positional;
    if (ctx.args.positional.length !== 2 || property !== NAMESPACE_PROPERTY) refuse('set');
    contextOf(ctx).namespace = value;
    ctx.out.println(`Property "${property}" set.`);
  },
};

export const configSetClusterCommand: CommandDef = {
  name: 'config set-cluster',
  short: 'Set a cluster entry in kubeconfig',
  long: `Set a cluster entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values for those fields.`,
  example: `  # Set only the server field on the e2e cluster entry without touching other values
  kubectl config set-cluster e2e --server=https://1.2.3.4
  
  # Embed certificate authority data for the e2e cluster entry
  kubectl config set-cluster e2e --embed-certs --certificate-authority=~/.kube/e2e/kubernetes.ca.crt
  
  # Disable cert checking for the e2e cluster entry
  kubectl config set-cluster e2e --insecure-skip-tls-verify=true
  
  # Set the custom TLS server name to use for validation for the e2e cluster entry
  kubectl config set-cluster e2e --tls-server-name=my-cluster-name
  
  # Set the proxy URL for the e2e cluster entry
  kubectl config set-cluster e2e --proxy-url=https://1.2.3.4`,
  usage:
    'kubectl config set-cluster NAME [--server=server] [--certificate-authority=path/to/certificate/authority] [--insecure-skip-tls-verify=true] [--tls-server-name=example.com] [options]',
  flags: [
    {
      name: 'certificate-authority',
      type: 'string',
      usage: 'Path to certificate-authority file for the cluster entry in kubeconfig',
    },
    { name: 'embed-certs', type: 'bool', usage: 'embed-certs for the cluster entry in kubeconfig' },
    {
      name: 'insecure-skip-tls-verify',
      type: 'bool',
      usage: 'insecure-skip-tls-verify for the cluster entry in kubeconfig',
    },
    { name: 'proxy-url', type: 'string', usage: 'proxy-url for the cluster entry in kubeconfig' },
    { name: 'server', type: 'string', usage: 'server for the cluster entry in kubeconfig' },
    { name: 'tls-server-name', type: 'string', usage: 'tls-server-name for the cluster entry in kubeconfig' },
  ],
  run() {
    refuse('set-cluster');
  },
};

export const configSetCredentialsCommand: CommandDef = {
  name: 'config set-credentials',
  short: 'Set a user entry in kubeconfig',
  long: `Set a user entry in kubeconfig.

 Specifying a name that already exists will merge new fields on top of existing values.

        Client-certificate flags:
        --client-certificate=certfile --client-key=keyfile
        
        Bearer token flags:
        --token=bearer_token
        
        Basic auth flags:
        --username=basic_user --password=basic_password
        
 Bearer token and basic auth are mutually exclusive.`,
  example: `  # Set only the "client-key" field on the "cluster-admin"
  # entry, without touching other values
  kubectl config set-credentials cluster-admin --client-key=~/.kube/admin.key
  
  # Set basic auth for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --username=admin --password=uXFGweU9l35qcif
  
  # Embed client certificate data in the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --client-certificate=~/.kube/admin.crt --embed-certs=true
  
  # Enable the Google Compute Platform auth provider for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --auth-provider=gcp
  
  # Enable the OpenID Connect auth provider for the "cluster-admin" entry with additional arguments
  kubectl config set-credentials cluster-admin --auth-provider=oidc --auth-provider-arg=client-id=foo --auth-provider-arg=client-secret=bar
  
  # Remove the "client-secret" config value for the OpenID Connect auth provider for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --auth-provider=oidc --auth-provider-arg=client-secret-
  
  # Enable new exec auth plugin for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=client.authentication.k8s.io/v1beta1
  
  # Enable new exec auth plugin for the "cluster-admin" entry with interactive mode
  kubectl config set-credentials cluster-admin --exec-command=/path/to/the/executable --exec-api-version=client.authentication.k8s.io/v1beta1 --exec-interactive-mode=Never
  
  # Define new exec auth plugin arguments for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-arg=arg1 --exec-arg=arg2
  
  # Create or update exec auth plugin environment variables for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-env=key1=val1 --exec-env=key2=val2
  
  # Remove exec auth plugin environment variables for the "cluster-admin" entry
  kubectl config set-credentials cluster-admin --exec-env=var-to-remove-`,
  usage:
    'kubectl config set-credentials NAME [--client-certificate=path/to/certfile] [--client-key=path/to/keyfile] [--token=bearer_token] [--username=basic_user] [--password=basic_password] [--auth-provider=provider_name] [--auth-provider-arg=key=value] [--exec-command=exec_command] [--exec-api-version=exec_api_version] [--exec-arg=arg] [--exec-env=key=value] [options]',
  flags: [
    { name: 'auth-provider', type: 'string', usage: 'Auth provider for the user entry in kubeconfig' },
    { name: 'auth-provider-arg', type: 'stringArray', usage: "'key=value' arguments for the auth provider" },
    {
      name: 'client-certificate',
      type: 'string',
      usage: 'Path to client-certificate file for the user entry in kubeconfig',
    },
    { name: 'client-key', type: 'string', usage: 'Path to client-key file for the user entry in kubeconfig' },
    { name: 'embed-certs', type: 'bool', usage: 'Embed client cert/key for the user entry in kubeconfig' },
    {
      name: 'exec-api-version',
      type: 'string',
      usage: 'API version of the exec credential plugin for the user entry in kubeconfig',
    },
    {
      name: 'exec-arg',
      type: 'stringArray',
      usage: 'New arguments for the exec credential plugin command for the user entry in kubeconfig',
    },
    {
      name: 'exec-command',
      type: 'string',
      usage: 'Command for the exec credential plugin for the user entry in kubeconfig',
    },
    {
      name: 'exec-env',
      type: 'stringArray',
      usage: "'key=value' environment values for the exec credential plugin",
    },
    {
      name: 'exec-interactive-mode',
      type: 'string',
      usage: 'InteractiveMode of the exec credentials plugin for the user entry in kubeconfig',
    },
    {
      name: 'exec-provide-cluster-info',
      type: 'bool',
      usage: 'ProvideClusterInfo of the exec credentials plugin for the user entry in kubeconfig',
    },
    { name: 'password', type: 'string', usage: 'password for the user entry in kubeconfig' },
    { name: 'token', type: 'string', usage: 'token for the user entry in kubeconfig' },
    { name: 'username', type: 'string', usage: 'username for the user entry in kubeconfig' },
  ],
  run() {
    refuse('set-credentials');
  },
};

export const configUnsetCommand: CommandDef = {
  name: 'config unset',
  short: 'Unset an individual value in a kubeconfig file',
  long: `Unset an individual value in a kubeconfig file.

 PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.`,
  example: `  # Unset the current-context
  kubectl config unset current-context
  
  # Unset namespace in foo context
  kubectl config unset contexts.foo.namespace`,
  usage: 'kubectl config unset PROPERTY_NAME [options]',
  flags: [],
  run(ctx) {
    const [property] = ctx.args.positional;
    if (ctx.args.positional.length !== 1 || property !== NAMESPACE_PROPERTY) refuse('unset');
    contextOf(ctx).namespace = '';
    ctx.out.println(`Property "${property}" unset.`);
  },
};

export const CONFIG_WRITERS: CommandDef[] = [
  configDeleteClusterCommand,
  configDeleteContextCommand,
  configDeleteUserCommand,
  configRenameContextCommand,
  configSetCommand,
  configSetClusterCommand,
  configSetCredentialsCommand,
  configUnsetCommand,
];
