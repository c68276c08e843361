// kubectl's commands that run on the client only, or that need what the playground has not: `options`,
// `completion`, `plugin` (list), `kustomize`, `proxy`, `alpha`, and `certificate approve|deny`
// (kubectl/pkg/cmd/options, completion, plugin, kustomize, proxy, alpha.go, certificates). Each
// checks its arguments as kubectl 1.33 does and prints its words; then:
//
// - `options` prints kubectl's global options (the cache directory under $HOME: the page has none);
// - `alpha`: kubectl 1.33 has no alpha commands, and says so (on stderr, exit 0);
// - `plugin list`: the console has no PATH and no plugins — kubectl's own error for that;
// - `certificate approve|deny NAME`: the playground serves no CertificateSigningRequests, so the
//   builder's lookup of the type fails as the real kubectl's does against it;
// - `completion SHELL`, `kustomize [DIR]`, `proxy`: a clear refusal naming what the page lacks (a
//   shell to load completion code into — the console completes with Tab itself —, files to build
//   a kustomization from, a port to listen on).

import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { OBJECT_PRINT_FLAGS } from '../printers/printFlags';

/** cmdutil.UsageErrorf: the message, then where to read the help. */
function usageError(command: string, message: string): CommandError {
  return new CommandError(`${message}\nSee 'kubectl ${command} -h' for help and examples`);
}

/** The refusal of a command the page cannot run, naming it and why. */
function notInThePlayground(command: string, why: string): CommandError {
  return new CommandError(`kubectl ${command} cannot run in the playground: ${why}`);
}

// --------------------------------------------------------------------------------- options

/** `kubectl options` (kubectl 1.33's text; --cache-dir's default is under $HOME, which the page has not). */
export const OPTIONS_TEXT = `The following options can be passed to any command:

    --as='':
	Username to impersonate for the operation. User could be a regular user or a service account in a namespace.

    --as-group=[]:
	Group to impersonate for the operation, this flag can be repeated to specify multiple groups.

    --as-uid='':
	UID to impersonate for the operation.

    --cache-dir='$HOME/.kube/cache':
	Default cache directory

    --certificate-authority='':
	Path to a cert file for the certificate authority

    --client-certificate='':
	Path to a client certificate file for TLS

    --client-key='':
	Path to a client key file for TLS

    --cluster='':
	The name of the kubeconfig cluster to use

    --context='':
	The name of the kubeconfig context to use

    --disable-compression=false:
	If true, opt-out of response compression for all requests to the server

    --insecure-skip-tls-verify=false:
	If true, the server's certificate will not be checked for validity. This will make your HTTPS connections insecure

    --kubeconfig='':
	Path to the kubeconfig file to use for CLI requests.

    --log-flush-frequency=5s:
	Maximum number of seconds between log flushes

    --match-server-version=false:
	Require server version to match client version

    -n, --namespace='':
	If present, the namespace scope for this CLI request

    --password='':
	Password for basic authentication to the API server

    --profile='none':
	Name of profile to capture. One of (none|cpu|heap|goroutine|threadcreate|block|mutex)

    --profile-output='profile.pprof':
	Name of the file to write the profile to

    --request-timeout='0':
	The length of time to wait before giving up on a single server request. Non-zero values should contain a corresponding time unit (e.g. 1s, 2m, 3h). A value of zero means don't timeout requests.

    -s, --server='':
	The address and port of the Kubernetes API server

    --tls-server-name='':
	Server name to use for server certificate validation. If it is not provided, the hostname used to contact the server is used

    --token='':
	Bearer token for authentication to the API server

    --user='':
	The name of the kubeconfig user to use

    --username='':
	Username for basic authentication to the API server

    -v, --v=0:
	number for the log level verbosity

    --vmodule=:
	comma-separated list of pattern=N settings for file-filtered logging (only works for the default text log format)

    --warnings-as-errors=false:
	Treat warnings received from the server as errors and exit with a non-zero exit code

`;
export const optionsCommand: CommandDef = {
  name: 'options',
  short: 'Print the list of flags inherited by all commands',
  long: 'Print the list of flags inherited by all commands',
  example: `  # Print flags inherited by all commands
  kubectl options`,
  usage: 'kubectl options [flags] [options]',
  flags: [],
  // its help function is the global usage, which it prints to nowhere: `kubectl options -h` is silent
  helpText: { stream: 'stdout', text: '' },
  flagErrorHint: "Run 'kubectl options' without flags.",
  run(ctx) {
    ctx.out.out(OPTIONS_TEXT);
  },
};

// ----------------------------------------------------------------------------------- alpha

const NO_ALPHA = 'No alpha commands are available in this version of kubectl';

export const alphaCommand: CommandDef = {
  name: 'alpha',
  short: 'Commands for features in alpha',
  usage: 'kubectl alpha',
  flags: [],
  helpText: { stream: 'stderr', text: `${NO_ALPHA}\n` },
  run(ctx) {
    // kubectl 1.33 registers no alpha subcommand: the group says so whatever follows
    ctx.out.eprintln(NO_ALPHA);
  },
};

// ------------------------------------------------------------------------------ completion

const SHELLS = new Set(['bash', 'zsh', 'fish', 'powershell']);

export const completionCommand: CommandDef = {
  name: 'completion',
  short: 'Output shell completion code for the specified shell (bash, zsh, fish, or powershell)',
  long: `Output shell completion code for the specified shell (bash, zsh, fish, or powershell). The shell code must be evaluated to provide interactive completion of kubectl commands.  This can be done by sourcing it from the .bash_profile.

 Detailed instructions on how to do this are available here:

        for macOS:
        https://kubernetes.io/docs/tasks/tools/install-kubectl-macos/#enable-shell-autocompletion
        
        for linux:
        https://kubernetes.io/docs/tasks/tools/install-kubectl-linux/#enable-shell-autocompletion
        
        for windows:
        https://kubernetes.io/docs/tasks/tools/install-kubectl-windows/#enable-shell-autocompletion
        
 Note for zsh users: [1] zsh completions are only supported in versions of zsh >= 5.2.`,
  example: `  # Installing bash completion on macOS using homebrew
  ## If running Bash 3.2 included with macOS
  brew install bash-completion
  ## or, if running Bash 4.1+
  brew install bash-completion@2
  ## If kubectl is installed via homebrew, this should start working immediately
  ## If you've installed via other means, you may need add the completion to your completion directory
  kubectl completion bash > $(brew --prefix)/etc/bash_completion.d/kubectl
  
  
  # Installing bash completion on Linux
  ## If bash-completion is not installed on Linux, install the 'bash-completion' package
  ## via your distribution's package manager.
  ## Load the kubectl completion code for bash into the current shell
  source <(kubectl completion bash)
  ## Write bash completion code to a file and source it from .bash_profile
  kubectl completion bash > ~/.kube/completion.bash.inc
  printf "
  # kubectl shell completion
  source '$HOME/.kube/completion.bash.inc'
  " >> $HOME/.bash_profile
  source $HOME/.bash_profile
  
  # Load the kubectl completion code for zsh[1] into the current shell
  source <(kubectl completion zsh)
  # Set the kubectl completion code for zsh[1] to autoload on startup
  kubectl completion zsh > "\${fpath[1]}/_kubectl"
  
  
  # Load the kubectl completion code for fish[2] into the current shell
  kubectl completion fish | source
  # To load completions for each session, execute once:
  kubectl completion fish > ~/.config/fish/completions/kubectl.fish
  
  # Load the kubectl completion code for powershell into the current shell
  kubectl completion powershell | Out-String | Invoke-Expression
  # Set kubectl completion code for powershell to run on startup
  ## Save completion code to a script and execute in the profile
  kubectl completion powershell > $HOME\\.kube\\completion.ps1
  Add-Content $PROFILE "$HOME\\.kube\\completion.ps1"
  ## Execute completion code in the profile
  Add-Content $PROFILE "if (Get-Command kubectl -ErrorAction SilentlyContinue) {
  kubectl completion powershell | Out-String | Invoke-Expression
  }"
  ## Add completion code directly to the $PROFILE script
  kubectl completion powershell >> $PROFILE`,
  usage: 'kubectl completion SHELL [options]',
  flags: [],
  run(ctx) {
    const args = ctx.args.positional;
    if (args.length === 0) throw usageError('completion', 'Shell not specified.');
    if (args.length > 1) throw usageError('completion', 'Too many arguments. Expected only the shell type.');
    if (!SHELLS.has(args[0]))
      throw usageError('completion', `Unsupported shell type ${JSON.stringify(args[0])}.`);
    throw notInThePlayground(
      `completion ${args[0]}`,
      `it prints ${args[0]} code for your shell to load, and this console is not a shell (Tab completes commands, types, names and flags here); run it on your machine`,
    );
  },
};

// ---------------------------------------------------------------------------------- plugin

export const pluginListCommand: CommandDef = {
  name: 'plugin list',
  short: "List all visible plugin executables on a user's PATH",
  long: `List all available plugin files on a user's PATH. To see plugins binary names without the full path use --name-only flag.

 Available plugin files are those that are: - executable - anywhere on the user's PATH - begin with "kubectl-"`,
  example: `  # List all available plugins
  kubectl plugin list
  
  # List only binary names of available plugins without paths
  kubectl plugin list --name-only`,
  usage: 'kubectl plugin list [flags] [options]',

  flags: [
    {
      name: 'name-only',
      type: 'bool',
      usage: 'If true, display only the binary name of each plugin, rather than its full path',
    },
  ],
  run() {
    // the console has no PATH: no `kubectl-*` executable is visible (kubectl's error, exit 1)
    throw new CommandError('unable to find any kubectl plugins in your PATH');
  },
};

// ------------------------------------------------------------------------------- kustomize

export const kustomizeCommand: CommandDef = {
  name: 'kustomize',
  short: 'Build a kustomization target from a directory or URL',
  long: `Build a set of KRM resources using a 'kustomization.yaml' file. The DIR argument must be a path to a directory containing 'kustomization.yaml', or a git repository URL with a path suffix specifying same with respect to the repository root. If DIR is omitted, '.' is assumed.`,
  example: `  # Build the current working directory
  kubectl kustomize
  
  # Build some shared configuration directory
  kubectl kustomize /home/config/production
  
  # Build from github
  kubectl kustomize https://github.com/kubernetes-sigs/kustomize.git/examples/helloWorld?ref=v1.0.6`,
  usage: 'kubectl kustomize DIR [flags] [options]',
  flags: [
    {
      name: 'as-current-user',
      type: 'bool',
      usage: 'use the uid and gid of the command executor to run the function in the container',
    },
    { name: 'enable-alpha-plugins', type: 'bool', usage: 'enable kustomize plugins' },
    { name: 'enable-helm', type: 'bool', usage: 'Enable use of the Helm chart inflator generator.' },
    {
      name: 'env',
      short: 'e',
      type: 'stringArray',
      usage: 'a list of environment variables to be used by functions',
    },
    {
      name: 'helm-api-versions',
      type: 'stringArray',
      usage: 'Kubernetes api versions used by Helm for Capabilities.APIVersions',
    },
    { name: 'helm-command', type: 'string', default: 'helm', usage: 'helm command (path to executable)' },
    {
      name: 'helm-debug',
      type: 'bool',
      usage: 'Enable debug output from the Helm chart inflator generator.',
    },
    {
      name: 'helm-kube-version',
      type: 'string',
      usage: 'Kubernetes version used by Helm for Capabilities.KubeVersion',
    },
    {
      name: 'load-restrictor',
      type: 'string',
      default: 'LoadRestrictionsRootOnly',
      usage:
        "if set to 'LoadRestrictionsNone', local kustomizations may load files from outside their root. This does, however, break the relocatability of the kustomization.",
    },
    { name: 'mount', type: 'stringArray', usage: 'a list of storage options read from the filesystem' },
    { name: 'network', type: 'bool', usage: 'enable network access for functions that declare it' },
    {
      name: 'network-name',
      type: 'string',
      default: 'bridge',
      usage: 'the docker network to run the container in',
    },
    { name: 'output', short: 'o', type: 'string', usage: 'If specified, write output to this path.' },
  ],
  run(ctx) {
    const args = ctx.args.positional;
    if (args.length > 1) throw new CommandError('specify one path to kustomization.yaml');
    throw notInThePlayground(
      args.length === 0 ? 'kustomize' : `kustomize ${args[0]}`,
      'it builds a kustomization from the files of a directory, and the page has no files; build it on your machine and apply its output here (kubectl apply -f - <<EOF … or the editor)',
    );
  },
};

// ----------------------------------------------------------------------------------- proxy

export const proxyCommand: CommandDef = {
  name: 'proxy',
  short: 'Run a proxy to the Kubernetes API server',
  long: `Creates a proxy server or application-level gateway between localhost and the Kubernetes API server. It also allows serving static content over specified HTTP path. All incoming data enters through one port and gets forwarded to the remote Kubernetes API server port, except for the path matching the static content path.`,
  example: `  # To proxy all of the Kubernetes API and nothing else
  kubectl proxy --api-prefix=/
  
  # To proxy only part of the Kubernetes API and also some static files
  # You can get pods info with 'curl localhost:8001/api/v1/pods'
  kubectl proxy --www=/my/files --www-prefix=/static/ --api-prefix=/api/
  
  # To proxy the entire Kubernetes API at a different root
  # You can get pods info with 'curl localhost:8001/custom/api/v1/pods'
  kubectl proxy --api-prefix=/custom/
  
  # Run a proxy to the Kubernetes API server on port 8011, serving static content from ./local/www/
  kubectl proxy --port=8011 --www=./local/www/
  
  # Run a proxy to the Kubernetes API server on an arbitrary local port
  # The chosen port for the server will be output to stdout
  kubectl proxy --port=0
  
  # Run a proxy to the Kubernetes API server, changing the API prefix to k8s-api
  # This makes e.g. the pods API available at localhost:8001/k8s-api/v1/pods/
  kubectl proxy --api-prefix=/k8s-api`,
  usage:
    'kubectl proxy [--port=PORT] [--www=static-dir] [--www-prefix=prefix] [--api-prefix=prefix] [options]',
  flags: [
    {
      name: 'accept-hosts',
      type: 'string',
      default: '^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$',
      usage: 'Regular expression for hosts that the proxy should accept.',
    },
    {
      name: 'accept-paths',
      type: 'string',
      default: '^.*',
      usage: 'Regular expression for paths that the proxy should accept.',
    },
    { name: 'address', type: 'string', default: '127.0.0.1', usage: 'The IP address on which to serve on.' },
    { name: 'api-prefix', type: 'string', default: '/', usage: 'Prefix to serve the proxied API under.' },
    {
      name: 'append-server-path',
      type: 'bool',
      usage: 'If true, enables automatic path appending of the kube context server path to each request.',
    },
    {
      name: 'disable-filter',
      type: 'bool',
      usage:
        'If true, disable request filtering in the proxy. This is dangerous, and can leave you vulnerable to XSRF attacks, when used with an accessible port.',
    },
    {
      name: 'keepalive',
      type: 'duration',
      default: '0s',
      usage:
        'keepalive specifies the keep-alive period for an active network connection. Set to 0 to disable keepalive.',
    },
    {
      name: 'port',
      short: 'p',
      type: 'int',
      default: '8001',
      usage: 'The port on which to run the proxy. Set to 0 to pick a random port.',
    },
    {
      name: 'reject-methods',
      type: 'string',
      default: '^$',
      usage:
        "Regular expression for HTTP methods that the proxy should reject (example --reject-methods='POST,PUT,PATCH'). ",
    },
    {
      name: 'reject-paths',
      type: 'string',
      default: '^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach',
      usage:
        'Regular expression for paths that the proxy should reject. Paths specified here will be rejected even accepted by --accept-paths.',
    },
    { name: 'unix-socket', short: 'u', type: 'string', usage: 'Unix socket on which to run the proxy.' },
    {
      name: 'www',
      short: 'w',
      type: 'string',
      usage: 'Also serve static files from the given directory under the specified prefix.',
    },
    {
      name: 'www-prefix',
      short: 'P',
      type: 'string',
      default: '/static/',
      usage: 'Prefix to serve static files under, if static file directory is specified.',
    },
  ],
  run() {
    throw notInThePlayground(
      'proxy',
      "it listens on a local port (127.0.0.1:8001) and forwards to the API server, and a web page cannot listen on a port; `npm run serve` serves the playground's cluster as an API server for the real kubectl",
    );
  },
};

// ----------------------------------------------------------------------------- certificate

function certificateRun(verb: 'approve' | 'deny') {
  return (ctx: CommandContext): void => {
    // Complete/Validate: names or files (certificates.go)
    const files = ctx.args.flags.get('filename') ?? [];
    if (ctx.args.positional.length === 0 && files.length === 0 && !ctx.args.flags.has('kustomize'))
      throw new CommandError('one or more CSRs must be specified as <name> or -f <filename>');
    if (files.length > 0 || ctx.args.flags.has('kustomize'))
      throw notInThePlayground(
        `certificate ${verb} -f`,
        'the playground serves no CertificateSigningRequests (certificates.k8s.io), and has no files to read them from',
      );
    // the builder's ResourceNames("certificatesigningrequests", …): the type is not served here
    throw new CommandError(`the server doesn't have a resource type "certificatesigningrequests"`);
  };
}

/** certificates.go's flags of approve and deny: cli-runtime's print flags, the file flags, --force. */
function certificateFlags(done: 'approved' | 'denied'): FlagSpec[] {
  return [
    ...OBJECT_PRINT_FLAGS,
    {
      name: 'filename',
      short: 'f',
      type: 'stringArray',
      usage: 'Filename, directory, or URL to files identifying the resource to update',
    },
    { name: 'force', type: 'bool', usage: `Update the CSR even if it is already ${done}.` },
    {
      name: 'kustomize',
      short: 'k',
      type: 'string',
      usage: "Process the kustomization directory. This flag can't be used together with -f or -R.",
    },
    {
      name: 'recursive',
      short: 'R',
      type: 'bool',
      usage:
        'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.',
    },
  ];
}

export const certificateApproveCommand: CommandDef = {
  name: 'certificate approve',
  short: 'Approve a certificate signing request',
  long: `Approve a certificate signing request.

 kubectl certificate approve allows a cluster admin to approve a certificate signing request (CSR). This action tells a certificate signing controller to issue a certificate to the requester with the attributes requested in the CSR.

 SECURITY NOTICE: Depending on the requested attributes, the issued certificate can potentially grant a requester access to cluster resources or to authenticate as a requested identity. Before approving a CSR, ensure you understand what the signed certificate can do.`,
  example: `  # Approve CSR 'csr-sqgzp'
  kubectl certificate approve csr-sqgzp`,
  usage: 'kubectl certificate approve (-f FILENAME | NAME) [options]',
  flags: certificateFlags('approved'),
  run: certificateRun('approve'),
};

export const certificateDenyCommand: CommandDef = {
  name: 'certificate deny',
  short: 'Deny a certificate signing request',
  long: `Deny a certificate signing request.

 kubectl certificate deny allows a cluster admin to deny a certificate signing request (CSR). This action tells a certificate signing controller to not to issue a certificate to the requester.`,
  example: `  # Deny CSR 'csr-sqgzp'
  kubectl certificate deny csr-sqgzp`,
  usage: 'kubectl certificate deny (-f FILENAME | NAME) [options]',
  flags: certificateFlags('denied'),
  run: certificateRun('deny'),
};
