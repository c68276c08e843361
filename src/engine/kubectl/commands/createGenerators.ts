// The `kubectl create` generators for kinds the playground does not serve (pkg/cmd/create/
// create_configmap.go, create_secret.go, create_service.go, create_job.go, create_cronjob.go): each
// reads its flags and builds its object as kubectl does, so `--dry-run=client` prints it; sent to
// the cluster, the request finds no such resource and the command fails with kubectl's wrapping of
// the API server's own 404 ("the server could not find the requested resource"), as the real client
// does against the served playground.

import { goJSON } from '../../api/encode';
import { ownSet } from '../../api/own';
import { isDNS1123Subdomain } from '../../api/validation';
import { flagArray, flagBool, flagString } from '../argv';
import { configMapHash, secretHash } from '../hash';
import { commandHelp } from '../help';
import { KeyPairError, x509KeyPair } from '../x509KeyPair';
import { OBJECT_PRINT_FLAGS, resolvePrinter } from '../printers/printFlags';
import { printClientObject } from './clientObject';
import { CommandError, type CommandContext, type CommandDef, type FlagSpec } from '../types';
import { DRY_RUN_FLAG, dryRunStrategy, VALIDATE_FLAG } from './common';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 of the UTF-8 bytes (a Secret's data as the generator encodes it). */
export function b64encode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return out;
}

/** The API server's 404 for a resource it does not serve (what the real kubectl prints after it). */
export const NOT_SERVED = 'the server could not find the requested resource';

export const COMMON_FLAGS: FlagSpec[] = [
  DRY_RUN_FLAG,
  VALIDATE_FLAG,
  {
    name: 'field-manager',
    type: 'string',
    default: 'kubectl-create',
    usage: 'Name of the manager used to track field ownership.',
  },
  {
    name: 'save-config',
    type: 'bool',
    usage: 'If true, the configuration of current object will be saved in its annotation.',
  },
  ...OBJECT_PRINT_FLAGS,
];

interface Generated {
  /** `configmap`, `job.batch`: the name printer's resource word */
  resource: string;
  obj: Record<string, unknown>;
  /** kubectl's words before the server's error: `failed to create configmap: ` */
  failure: string;
}

export function oneName(ctx: CommandContext, path: string, args = ctx.args.positional): string {
  if (args.length !== 1)
    throw new CommandError(
      `exactly one NAME is required, got ${args.length}\nSee 'kubectl ${path} -h' for help and examples`,
    );
  return args[0];
}

/**
 * metadata with the namespace only when -n was given (EnforceNamespace), in ObjectMeta's field order
 * (name, namespace, …, labels), as `-o json` prints the typed object.
 */
function meta(
  ctx: CommandContext,
  name: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { name, ...(ctx.namespaceExplicit ? { namespace: ctx.namespace } : {}), ...extra };
}

/** Client dry run: print the object; otherwise the cluster answers 404. */
function finishGenerated(ctx: CommandContext, g: Generated): void {
  const dry = dryRunStrategy(ctx);
  const printer = resolvePrinter(ctx);
  // --append-hash (configmap and the secrets): NAME-<hash of the generated object>, as the generator
  // names it before anything is sent
  if (flagBool(ctx.args, 'append-hash')) {
    const md = g.obj.metadata as { name: string };
    const data = (g.obj.data ?? {}) as Record<string, string>;
    const hash =
      g.obj.kind === 'ConfigMap'
        ? configMapHash(md.name, data)
        : secretHash(md.name, (g.obj.type as string | undefined) ?? '', data);
    md.name = `${md.name}-${hash}`;
  }
  if (dry !== 'client') throw new CommandError(`${g.failure}${NOT_SERVED}`);
  // the typed object the generator built: -o json keeps its Go field order
  printClientObject(ctx, printer, g.resource, g.obj, 'created (dry run)');
}

/** `--from-literal=k=v` pairs into a data map (cmdutil.ParseLiteralSource + the duplicate check). */
function literalData(ctx: CommandContext, kind: string, name: string, encode: (v: string) => string) {
  const data: Record<string, string> = {};
  for (const lit of flagArray(ctx.args, 'from-literal')) {
    const i = lit.indexOf('=');
    if (i <= 0) throw new CommandError(`invalid literal source ${lit}, expected key=value`);
    const key = lit.slice(0, i);
    if (Object.hasOwn(data, key))
      throw new CommandError(
        `cannot add key ${JSON.stringify(key)}, another key by that name already exists in Data for ${kind} ${JSON.stringify(name)}`,
      );
    ownSet(data, key, encode(lit.slice(i + 1)));
  }
  return data;
}

const LITERAL_FLAG: FlagSpec = {
  name: 'from-literal',
  type: 'stringArray',
  usage: 'Specify a key and literal value to insert (i.e. mykey=somevalue)',
};

export const createConfigMapCommand: CommandDef = {
  name: 'create configmap',
  aliases: ['cm'],
  short: 'Create a config map from a local file, directory or literal value',
  usage:
    'kubectl create configmap NAME [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none]',
  flags: [
    LITERAL_FLAG,
    { name: 'append-hash', type: 'bool', usage: 'Append a hash of the configmap to its name.' },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    const name = oneName(ctx, 'create configmap');
    const data = literalData(ctx, 'ConfigMap', name, (v) => v);
    finishGenerated(ctx, {
      resource: 'configmap',
      failure: 'failed to create configmap: ',
      obj: {
        kind: 'ConfigMap',
        apiVersion: 'v1',
        metadata: meta(ctx, name),
        ...(Object.keys(data).length ? { data } : {}),
      },
    });
  },
};

/**
 * A group of `create` (cobra's parent without flags): alone, its Run (cmdutil.DefaultSubCommandRun)
 * prints its help on standard error and exits 1; an unknown word is cobra's `unknown command`.
 */
function createGroup(
  name: string,
  short: string,
  usage: string,
  subcommands: () => CommandDef[],
  kubectlSubcommands: string[],
  aliases?: string[],
): CommandDef {
  const def: CommandDef = {
    name,
    kubectlSubcommands,
    ...(aliases ? { aliases } : {}),
    short,
    usage,
    flags: [],
    run(ctx) {
      const [sub] = ctx.args.positional;
      if (sub === undefined) {
        ctx.out.err(commandHelp(def, subcommands()));
        throw new CommandError('', 1, true);
      }
      throw new CommandError(
        `unknown command ${JSON.stringify(sub)}\nSee 'kubectl ${name} -h' for help and examples`,
      );
    },
  };
  return def;
}

export const createSecretCommand = createGroup(
  'create secret',
  'Create a secret using a specified subcommand',
  'kubectl create secret (docker-registry | generic | tls) [options]',
  () => [createSecretDockerRegistryCommand, createSecretGenericCommand, createSecretTLSCommand],
  ['docker-registry', 'generic', 'tls'],
);

export const createSecretGenericCommand: CommandDef = {
  name: 'create secret generic',
  short: 'Create a secret from a local file, directory, or literal value',
  usage:
    'kubectl create secret generic NAME [--type=string] [--from-file=[key=]source] [--from-literal=key1=value1] [--dry-run=server|client|none] [options]',
  flags: [
    LITERAL_FLAG,
    { name: 'type', type: 'string', usage: 'The type of secret to create' },
    { name: 'append-hash', type: 'bool', usage: 'Append a hash of the secret to its name.' },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    const name = oneName(ctx, 'create secret generic');
    const data = literalData(ctx, 'Secret', name, b64encode);
    const type = flagString(ctx.args, 'type');
    finishGenerated(ctx, {
      resource: 'secret',
      // create_secret.go: "failed to create secret %v" (no colon)
      failure: 'failed to create secret ',
      obj: {
        kind: 'Secret',
        apiVersion: 'v1',
        metadata: meta(ctx, name),
        ...(Object.keys(data).length ? { data } : {}),
        ...(type ? { type } : {}),
      },
    });
  },
};

/** The registry key docker-registry writes when --docker-server is not given (DockerHub's v1 URL). */
const DOCKER_HUB = 'https://index.docker.io/v1/';

/**
 * handleDockerCfgJSONContent: json.Marshal of DockerConfigJSON, `{"auths":{SERVER:ENTRY}}`, each
 * DockerConfigEntry field `omitempty` in the struct's order, `auth` being base64 of `user:password`.
 */
export function dockerConfigJSON(username: string, password: string, email: string, server: string) {
  const entry: [string, string][] = [
    ['username', username],
    ['password', password],
    ['email', email],
    ['auth', b64encode(`${username}:${password}`)],
  ];
  const fields = entry.filter(([, v]) => v !== '').map(([k, v]) => `${goJSON(k)}:${goJSON(v)}`);
  return `{"auths":{${goJSON(server)}:{${fields.join(',')}}}}`;
}

export const createSecretDockerRegistryCommand: CommandDef = {
  name: 'create secret docker-registry',
  short: 'Create a secret for use with a Docker registry',
  usage:
    'kubectl create secret docker-registry NAME --docker-username=user --docker-password=password --docker-email=email [--docker-server=string] [--from-file=[key=]source] [--dry-run=server|client|none] [options]',
  flags: [
    { name: 'docker-username', type: 'string', usage: 'Username for Docker registry authentication' },
    { name: 'docker-password', type: 'string', usage: 'Password for Docker registry authentication' },
    { name: 'docker-email', type: 'string', usage: 'Email for Docker registry' },
    {
      name: 'docker-server',
      type: 'string',
      default: DOCKER_HUB,
      usage: 'Server location for Docker registry',
    },
    { name: 'append-hash', type: 'bool', usage: 'Append a hash of the secret to its name.' },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    // create_secret_docker.go: Complete (the one NAME), Validate, then createSecretDockerRegistry
    const name = oneName(ctx, 'create secret docker-registry');
    const username = flagString(ctx.args, 'docker-username') ?? '';
    const password = flagString(ctx.args, 'docker-password') ?? '';
    const server = flagString(ctx.args, 'docker-server') ?? DOCKER_HUB;
    // --from-file (the other way Validate accepts) is not modelled: the page has no files to read
    if (username === '' || password === '' || server === '')
      throw new CommandError(
        'either --from-file or the combination of --docker-username, --docker-password and --docker-server is required',
      );
    const email = flagString(ctx.args, 'docker-email') ?? '';
    finishGenerated(ctx, {
      resource: 'secret',
      failure: 'failed to create secret ',
      obj: {
        kind: 'Secret',
        apiVersion: 'v1',
        metadata: meta(ctx, name),
        data: { '.dockerconfigjson': b64encode(dockerConfigJSON(username, password, email, server)) },
        type: 'kubernetes.io/dockerconfigjson',
      },
    });
  },
};

/** create_secret_tls.go readFile: os.ReadFile's error as kubectl wraps it. */
function readCertFile(ctx: CommandContext, file: string): string {
  try {
    if (ctx.opts.readFile) return ctx.opts.readFile(file);
  } catch {
    // the script's folder has no such file: the same answer as the page, which has no files
  }
  throw new CommandError(`Cannot read file ${file}, open ${file}: no such file or directory`);
}

export const createSecretTLSCommand: CommandDef = {
  name: 'create secret tls',
  short: 'Create a TLS secret',
  usage:
    'kubectl create secret tls NAME --cert=path/to/cert/file --key=path/to/key/file [--dry-run=server|client|none] [options]',
  flags: [
    { name: 'cert', type: 'string', usage: 'Path to PEM encoded public key certificate.' },
    { name: 'key', type: 'string', usage: 'Path to private key associated with given certificate.' },
    { name: 'append-hash', type: 'bool', usage: 'Append a hash of the secret to its name.' },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    // create_secret_tls.go: Complete (the one NAME), Validate, then createSecretTLS
    const name = oneName(ctx, 'create secret tls');
    const certFile = flagString(ctx.args, 'cert') ?? '';
    const keyFile = flagString(ctx.args, 'key') ?? '';
    if (certFile === '' || keyFile === '') throw new CommandError('key and cert must be specified');
    const cert = readCertFile(ctx, certFile);
    const key = readCertFile(ctx, keyFile);
    try {
      x509KeyPair(cert, key);
    } catch (e) {
      if (e instanceof KeyPairError) throw new CommandError(e.message);
      throw e;
    }
    finishGenerated(ctx, {
      resource: 'secret',
      failure: 'failed to create secret ',
      obj: {
        kind: 'Secret',
        apiVersion: 'v1',
        metadata: meta(ctx, name),
        data: { 'tls.crt': b64encode(cert), 'tls.key': b64encode(key) },
        type: 'kubernetes.io/tls',
      },
    });
  },
};

const SERVICE_TYPES = new Map([
  ['clusterip', 'ClusterIP'],
  ['nodeport', 'NodePort'],
  ['loadbalancer', 'LoadBalancer'],
  ['externalname', 'ExternalName'],
]);

/** utilsnet.ParsePort(s, true) as strconv.ParseUint words its errors. */
function parsePort(s: string): number {
  if (!/^\d+$/.test(s))
    throw new CommandError(`strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (n > 65535)
    throw new CommandError(`strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
  return n;
}

/** parsePorts: `80`, `80:8080`, `80:http`. */
function parsePorts(spec: string): { port: number; targetPort: number | string } {
  const i = spec.indexOf(':');
  const port = parsePort(i < 0 ? spec : spec.slice(0, i));
  const target = i < 0 ? '' : spec.slice(i + 1);
  if (target === '') return { port, targetPort: port };
  if (/^[+-]?\d+$/.test(target)) {
    const n = Number(target);
    if (n < 1 || n > 65535) throw new CommandError('must be between 1 and 65535, inclusive');
    return { port, targetPort: n };
  }
  return { port, targetPort: target };
}

export const createServiceCommand = createGroup(
  'create service',
  'Create a service using a specified subcommand',
  'kubectl create service [flags] [options]',
  () => CREATE_SERVICE_COMMANDS,
  ['clusterip', 'externalname', 'loadbalancer', 'nodeport'],
  ['svc'],
);

const TCP_FLAG: FlagSpec = {
  name: 'tcp',
  type: 'stringArray',
  usage: "Port pairs can be specified as '<port>:<targetPort>'.",
};

/** `kubectl create service clusterip|nodeport|loadbalancer NAME` (create_service.go), each with its flags. */
function createServiceTypeCommand(sub: string, short: string, usage: string, flags: FlagSpec[]): CommandDef {
  return {
    name: `create service ${sub}`,
    short,
    usage,
    flags: [TCP_FLAG, ...flags, ...COMMON_FLAGS],
    run: (ctx) => runCreateService(ctx, sub),
  };
}

export const CREATE_SERVICE_COMMANDS: CommandDef[] = [
  createServiceTypeCommand(
    'clusterip',
    'Create a ClusterIP service',
    'kubectl create service clusterip NAME [--tcp=<port>:<targetPort>] [--dry-run=server|client|none] [options]',
    [
      {
        name: 'clusterip',
        type: 'string',
        usage: "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing).",
      },
    ],
  ),
  createServiceTypeCommand(
    'nodeport',
    'Create a NodePort service',
    'kubectl create service nodeport NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]',
    [
      {
        name: 'node-port',
        type: 'int',
        default: '0',
        usage: 'Port used to expose the service on each node in a cluster.',
      },
    ],
  ),
  createServiceTypeCommand(
    'loadbalancer',
    'Create a LoadBalancer service',
    'kubectl create service loadbalancer NAME [--tcp=port:targetPort] [--dry-run=server|client|none] [options]',
    [],
  ),
  createServiceTypeCommand(
    'externalname',
    'Create an ExternalName service',
    'kubectl create service externalname NAME --external-name external.name [--dry-run=server|client|none] [options]',
    [{ name: 'external-name', type: 'string', usage: 'External name of service' }],
  ),
];

/** create_service.go: Complete (the one NAME), Validate, createService. */
function runCreateService(ctx: CommandContext, sub: string): void {
  const type = SERVICE_TYPES.get(sub)!;
  // cobra's MarkFlagRequired("external-name"), checked before the command runs
  const externalName = flagString(ctx.args, 'external-name');
  if (type === 'ExternalName' && externalName === undefined)
    throw new CommandError('required flag(s) "external-name" not set');
  const name = oneName(ctx, `create service ${sub}`, ctx.args.positional);
  const tcp = flagArray(ctx.args, 'tcp').flatMap((t) => t.split(','));
  const clusterIP = flagString(ctx.args, 'clusterip') ?? '';
  // ServiceOptions.Validate, in its order
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName')
    throw new CommandError('at least one tcp port specifier must be provided');
  if (type === 'ExternalName' && !isDNS1123Subdomain(externalName!))
    throw new CommandError(`invalid service external name ${externalName}`);
  const nodePort = Number(flagString(ctx.args, 'node-port') ?? '0');
  const ports = tcp.map((t) => {
    const { port, targetPort } = parsePorts(t);
    // corev1.ServicePort's field order
    return {
      name: t.replace(/:/g, '-'),
      protocol: 'TCP',
      port,
      targetPort,
      ...(nodePort ? { nodePort } : {}),
    };
  });
  finishGenerated(ctx, {
    resource: 'service',
    failure: `failed to create ${type} service: `,
    obj: {
      kind: 'Service',
      apiVersion: 'v1',
      metadata: meta(ctx, name, { labels: { app: name } }),
      // corev1.ServiceSpec's field order
      spec: {
        ...(ports.length > 0 ? { ports } : {}),
        selector: { app: name },
        ...(clusterIP !== '' ? { clusterIP } : {}),
        type,
        ...(externalName ? { externalName } : {}),
      },
      status: { loadBalancer: {} },
    },
  });
}

function podTemplate(name: string, image: string, command: string[], restartPolicy: string) {
  return {
    metadata: {},
    spec: {
      containers: [{ name, image, ...(command.length ? { command } : {}), resources: {} }],
      restartPolicy,
    },
  };
}

export const createJobCommand: CommandDef = {
  name: 'create job',
  short: 'Create a job with the specified name',
  usage: 'kubectl create job NAME --image=image [--from=cronjob/name] -- [COMMAND] [args...]',
  flags: [
    { name: 'image', type: 'string', usage: 'Image name to run.' },
    {
      name: 'from',
      type: 'string',
      usage: 'The name of the resource to create a Job from (only cronjob is supported).',
    },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    const [name, ...command] = ctx.args.positional;
    if (!name) oneName(ctx, 'create job', []);
    const image = flagString(ctx.args, 'image') ?? '';
    const from = flagString(ctx.args, 'from') ?? '';
    if (image === '' && from === '') throw new CommandError('either --image or --from must be specified');
    if (image !== '' && from !== '') throw new CommandError('--image and --from are mutually exclusive');
    if (from !== '')
      throw new CommandError(`the server doesn't have a resource type "${from.split('/')[0]}"`);
    finishGenerated(ctx, {
      resource: 'job.batch',
      failure: 'failed to create job: ',
      obj: {
        kind: 'Job',
        apiVersion: 'batch/v1',
        metadata: meta(ctx, name),
        spec: { template: podTemplate(name, image, command, 'Never') },
        status: {},
      },
    });
  },
};

export const createCronJobCommand: CommandDef = {
  name: 'create cronjob',
  aliases: ['cj'],
  short: 'Create a cron job with the specified name',
  usage: "kubectl create cronjob NAME --image=image --schedule='0/5 * * * ?' -- [COMMAND] [args...] [flags]",
  flags: [
    { name: 'image', type: 'string', usage: 'Image name to run.' },
    { name: 'schedule', type: 'string', usage: 'A schedule in the Cron format the job should be run with.' },
    { name: 'restart', type: 'string', usage: "job's restart policy. supported values: OnFailure, Never" },
    ...COMMON_FLAGS,
  ],
  run(ctx) {
    const image = flagString(ctx.args, 'image');
    const schedule = flagString(ctx.args, 'schedule');
    const missing = [image === undefined ? '"image"' : '', schedule === undefined ? '"schedule"' : ''].filter(
      Boolean,
    );
    if (missing.length) throw new CommandError(`required flag(s) ${missing.join(', ')} not set`);
    const [name, ...command] = ctx.args.positional;
    if (!name) oneName(ctx, 'create cronjob', []);
    const restart = flagString(ctx.args, 'restart') || 'OnFailure';
    if (restart !== 'OnFailure' && restart !== 'Never')
      throw new CommandError(`restart must be one of: OnFailure, Never`);
    finishGenerated(ctx, {
      resource: 'cronjob.batch',
      failure: 'failed to create cronjob: ',
      obj: {
        kind: 'CronJob',
        apiVersion: 'batch/v1',
        metadata: meta(ctx, name),
        // batchv1.CronJobSpec's field order
        spec: {
          schedule,
          jobTemplate: {
            metadata: { name },
            spec: { template: podTemplate(name, image!, command, restart) },
          },
        },
        status: {},
      },
    });
  },
};
