import { describe, expect, it } from 'vitest';
import { runDef, simWithNodes } from '../../testing/kubectl';
import {
  b64encode,
  createConfigMapCommand,
  createCronJobCommand,
  createJobCommand,
  createSecretCommand,
  createServiceCommand,
  dockerConfigJSON,
} from './createGenerators';

describe('kubectl create generators for kinds the playground does not serve', () => {
  it('encodes Secret data as standard base64 of the UTF-8 bytes', () => {
    expect(b64encode('a')).toBe('YQ==');
    expect(b64encode('admin')).toBe('YWRtaW4=');
    expect(b64encode('s3cret')).toBe('czNjcmV0');
    expect(b64encode('é')).toBe('w6k=');
  });

  it('prints the generated object on a client dry run and writes nothing', () => {
    const sim = simWithNodes(['n1']);
    const r = runDef(sim, createConfigMapCommand, 'cfg --from-literal=a=1 --dry-run=client -o yaml');
    expect(r.stdout).toBe('apiVersion: v1\ndata:\n  a: "1"\nkind: ConfigMap\nmetadata:\n  name: cfg\n');
    expect(
      runDef(sim, createServiceCommand, 'clusterip web --tcp=80:8080 --dry-run=client -o name').stdout,
    ).toBe('service/web\n');
  });

  it('fails with the API server 404 as kubectl wraps it for each generator', () => {
    const sim = simWithNodes(['n1']);
    const NF = 'the server could not find the requested resource';
    expect(runDef(sim, createConfigMapCommand, 'cfg').stderr).toBe(
      `error: failed to create configmap: ${NF}\n`,
    );
    expect(runDef(sim, createSecretCommand, 'generic s --from-literal=a=b').stderr).toBe(
      `error: failed to create secret ${NF}\n`,
    );
    expect(runDef(sim, createServiceCommand, 'nodeport web --tcp=80').stderr).toBe(
      `error: failed to create NodePort service: ${NF}\n`,
    );
    expect(runDef(sim, createJobCommand, 'j --image=busybox').stderr).toBe(
      `error: failed to create job: ${NF}\n`,
    );
    const cj = runDef(sim, createCronJobCommand, ['cj', '--image=busybox', '--schedule=* * * * *']);
    expect(cj).toMatchObject({ stderr: `error: failed to create cronjob: ${NF}\n`, exitCode: 1 });
  });

  it('checks its flags first, with kubectl words', () => {
    const sim = simWithNodes(['n1']);
    expect(runDef(sim, createConfigMapCommand, 'cfg --from-literal=x').stderr).toBe(
      'error: invalid literal source x, expected key=value\n',
    );
    expect(runDef(sim, createServiceCommand, 'clusterip web').stderr).toBe(
      'error: at least one tcp port specifier must be provided\n',
    );
    expect(runDef(sim, createJobCommand, 'j').stderr).toBe(
      'error: either --image or --from must be specified\n',
    );
    expect(runDef(sim, createCronJobCommand, 'cj --image=busybox').stderr).toBe(
      'error: required flag(s) "schedule" not set\n',
    );
    expect(runDef(sim, createSecretCommand, 'creds').stderr).toBe(
      'error: unknown command "creds"\nSee \'kubectl create secret -h\' for help and examples\n',
    );
  });

  // expected values from kubectl 1.33.1: `create secret docker-registry … -o jsonpath='{.data.\.dockerconfigjson}'`, decoded
  it('marshals .dockerconfigjson as json.Marshal of DockerConfigJSON (omitempty, HTML-safe escaping)', () => {
    expect(dockerConfigJSON('u', 'p', '', 'https://index.docker.io/v1/')).toBe(
      '{"auths":{"https://index.docker.io/v1/":{"username":"u","password":"p","auth":"dTpw"}}}',
    );
    expect(dockerConfigJSON('u<', 'a<b&é', 'e@x', 'ghcr.io')).toBe(
      '{"auths":{"ghcr.io":{"username":"u\\u003c","password":"a\\u003cb\\u0026é","email":"e@x","auth":"dTw6YTxiJsOp"}}}',
    );
  });

  it('creates docker-registry secrets and ExternalName services as kubectl generates them', () => {
    const sim = simWithNodes(['n1']);
    const reg = runDef(
      sim,
      createSecretCommand,
      'docker-registry reg --docker-username=u --docker-password=p --dry-run=client -o yaml',
    );
    expect(reg.stdout).toContain('type: kubernetes.io/dockerconfigjson\n');
    expect(runDef(sim, createSecretCommand, 'docker-registry reg --docker-password=p').stderr).toBe(
      'error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n',
    );
    const svc = runDef(
      sim,
      createServiceCommand,
      'externalname db --external-name db.example.com --dry-run=client -o yaml',
    );
    expect(svc.stdout).toContain(
      'spec:\n  externalName: db.example.com\n  selector:\n    app: db\n  type: ExternalName\n',
    );
    expect(runDef(sim, createServiceCommand, 'externalname db').stderr).toBe(
      'error: required flag(s) "external-name" not set\n',
    );
    expect(runDef(sim, createServiceCommand, 'externalname db --external-name A_b').stderr).toBe(
      'error: invalid service external name A_b\n',
    );
    expect(
      runDef(sim, createServiceCommand, 'clusterip h --clusterip=None --dry-run=client -o name').stdout,
    ).toBe('service/h\n');
  });
});
