import Ajv, { type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ARTICLE_YAML, DEPLOYMENT_YAML, NODE_YAML } from '../../../engine/testing';
import { KUBELET_VERSION, SCHEMA_VERSION } from '../../../engine';
import schema from './kubernetes.schema.json';

// strictRequired off: the per-kind branches require `metadata`, which the top of the schema defines.
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: true, strictRequired: false });
const validate = ajv.compile(schema);

/** Validates each document of a multi-document YAML text; returns the errors of each document. */
function check(text: string): ErrorObject[][] {
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length) throw new Error(doc.errors[0].message);
    validate(doc.toJS());
    return validate.errors ?? [];
  });
}

const summary = (errors: ErrorObject[]) =>
  errors.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);

describe('kubernetes.schema.json', () => {
  it('is of the Kubernetes release the simulated cluster reports (and so is kubectl explain)', () => {
    expect(schema.$comment).toContain(`from the Kubernetes ${KUBELET_VERSION} OpenAPI spec`);
    expect(schema.description).toContain(`A Kubernetes ${KUBELET_VERSION} object`);
    expect(SCHEMA_VERSION).toBe(KUBELET_VERSION);
    // fields that came after 1.30 are known
    expect(
      check(ARTICLE_YAML.replace('    spec:\n', '    spec:\n      hostnameOverride: fluentd\n')).map(summary),
    ).toEqual([[]]);
  });

  it('accepts the article manifest', () => {
    expect(check(ARTICLE_YAML).map(summary)).toEqual([[]]);
  });

  it('accepts a Node document', () => {
    expect(check(NODE_YAML).map(summary)).toEqual([[]]);
  });

  it('validates each document of a multi-document file against its own kind', () => {
    expect(check(`${ARTICLE_YAML}---\n${NODE_YAML}`).map(summary)).toEqual([[], []]);
    // A DaemonSet field in a Node is flagged, though it is fine in the DaemonSet document.
    const [ds, node] = check(
      `${ARTICLE_YAML}---\n${NODE_YAML.replace('spec:\n', 'spec:\n  selector: {}\n')}`,
    );
    expect(ds).toEqual([]);
    expect(node).toContainEqual(
      expect.objectContaining({
        instancePath: '/spec',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'selector' },
      }),
    );
  });

  it('flags a misspelt field', () => {
    const [errors] = check(ARTICLE_YAML.replace('      tolerations:', '      toleration:'));
    expect(errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/spec/template/spec',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'toleration' },
      }),
    );
    const [inContainer] = check(ARTICLE_YAML.replace('        image:', '        imagee:'));
    expect(summary(inContainer).join('\n')).toContain(
      '/spec/template/spec/containers/0 must NOT have additional properties {"additionalProperty":"imagee"}',
    );
  });

  it('requires apiVersion, kind and metadata', () => {
    const [errors] = check('apiVersion: apps/v1\nkind: DaemonSet\nspec: {}\n');
    expect(errors).toContainEqual(
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'metadata' } }),
    );
    const [noKind] = check('apiVersion: v1\nmetadata:\n  name: x\n');
    expect(noKind).toContainEqual(
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'kind' } }),
    );
    // spec.selector and spec.template are required in a DaemonSet.
    const [noSelector] = check(
      'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: x\nspec:\n  template: {}\n',
    );
    expect(noSelector).toContainEqual(
      expect.objectContaining({ instancePath: '/spec', params: { missingProperty: 'selector' } }),
    );
  });

  it('checks apiVersion against the kind', () => {
    const [errors] = check(ARTICLE_YAML.replace('apps/v1', 'extensions/v1beta1'));
    expect(errors).toContainEqual(expect.objectContaining({ instancePath: '/apiVersion', keyword: 'const' }));
  });

  it('accepts IntOrString for maxUnavailable and maxSurge', () => {
    for (const [u, s] of [
      ['1', '0'],
      ['"10%"', '0'],
      ['0', '"25%"'],
    ]) {
      const text = ARTICLE_YAML.replace(
        'spec:\n  selector:',
        `spec:\n  updateStrategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxUnavailable: ${u}\n      maxSurge: ${s}\n  selector:`,
      );
      expect(check(text).map(summary)).toEqual([[]]);
    }
    const bad = ARTICLE_YAML.replace(
      'spec:\n  selector:',
      'spec:\n  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: true\n  selector:',
    );
    expect(check(bad)[0].length).toBeGreaterThan(0);
  });

  it('accepts quantities as strings or numbers, and rejects malformed ones', () => {
    for (const q of ['1', '0.5', '100m', '"2"', '1Gi', '1e3', '1.5Gi']) {
      expect(check(ARTICLE_YAML.replace('cpu: 100m', `cpu: ${q}`)).map(summary), q).toEqual([[]]);
    }
    for (const q of ['100 m', '1GB', 'lots']) {
      expect(check(ARTICLE_YAML.replace('cpu: 100m', `cpu: ${q}`))[0], q).toContainEqual(
        expect.objectContaining({ keyword: 'pattern' }),
      );
    }
  });

  it('accepts creationTimestamp: null as kubectl prints it', () => {
    const text = ARTICLE_YAML.replace(
      '    metadata:\n      labels:',
      '    metadata:\n      creationTimestamp: null\n      labels:',
    );
    expect(check(text).map(summary)).toEqual([[]]);
  });

  it('knows the other kinds the playground serves, and flags any other kind', () => {
    expect(check('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: demo\n').map(summary)).toEqual([[]]);
    const [wrongVersion] = check('apiVersion: apps/v1\nkind: Namespace\nmetadata:\n  name: demo\n');
    expect(wrongVersion).toContainEqual(
      expect.objectContaining({ instancePath: '/apiVersion', keyword: 'const' }),
    );
    const [noMetadata] = check('apiVersion: apps/v1\nkind: ControllerRevision\nrevision: 1\n');
    expect(noMetadata).toContainEqual(
      expect.objectContaining({ keyword: 'required', params: { missingProperty: 'metadata' } }),
    );
    for (const kind of ['ConfigMap', 'Daemonset']) {
      const [errors] = check(`apiVersion: v1\nkind: ${kind}\nmetadata:\n  name: x\n`);
      expect(errors, kind).toContainEqual(
        expect.objectContaining({ instancePath: '/kind', keyword: 'enum' }),
      );
    }
  });

  it('checks the items of a List (kubectl unpacks them) against their own kinds', () => {
    const items = (text: string) => text.replace(/^/gm, '    ').replace(/^ {4}apiVersion/, '  - apiVersion');
    const list = (text: string) => `apiVersion: v1\nkind: List\nitems:\n${items(text)}`;
    expect(check(list(ARTICLE_YAML)).map(summary)).toEqual([[]]);
    const [errors] = check(list(ARTICLE_YAML.replace('        image:', '        imagee:')));
    expect(errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/items/0/spec/template/spec/containers/0',
        params: { additionalProperty: 'imagee' },
      }),
    );
  });

  it('carries the Kubernetes field descriptions', () => {
    const defs = schema.definitions as Record<
      string,
      { properties?: Record<string, { description?: string }> }
    >;
    expect(defs.PodSpec.properties?.tolerations?.description).toBe("If specified, the pod's tolerations.");
    expect(defs.Toleration.properties?.effect?.description).toMatch(
      /NoSchedule, PreferNoSchedule and NoExecute/,
    );
    expect(defs.DaemonSetSpec.properties?.template?.description).toMatch(
      /exactly one copy of this pod on every node/,
    );
  });

  it('titles fields the way kubectl explain prints them', () => {
    const defs = schema.definitions as Record<
      string,
      { title?: string; properties?: Record<string, { title?: string }> }
    >;
    expect(defs.Container.title).toBe('Container');
    expect(defs.PodSpec.properties?.tolerations?.title).toBe('tolerations ([]Toleration)');
    expect(defs.Container.properties?.image?.title).toBe('image (string)');
    expect(defs.ResourceRequirements.properties?.requests?.title).toBe('requests (map[string]Quantity)');
    expect(defs.RollingUpdateDaemonSet.properties?.maxUnavailable?.title).toBe(
      'maxUnavailable (IntOrString)',
    );
    expect(defs.DaemonSetSpec.properties?.revisionHistoryLimit?.title).toBe('revisionHistoryLimit (integer)');
  });

  it('holds only the definitions reachable from the kinds it checks field by field', () => {
    const names = Object.keys(schema.definitions);
    expect(names).toContain('DaemonSet');
    expect(names).toContain('Taint');
    for (const kind of ['Deployment', 'ReplicaSet', 'PriorityClass', 'PodDisruptionBudget', 'Condition'])
      expect(names).toContain(kind);
    expect(names).not.toContain('StatefulSet');
    expect(names).not.toContain('ControllerRevision');
    const refs = new Set(
      JSON.stringify(schema)
        .match(/#\/definitions\/[A-Za-z0-9]+/g)
        ?.map((r) => r.slice(14)),
    );
    expect([...refs].sort()).toEqual([...names].sort());
  });

  describe('the workload kinds of issue 23, field by field', () => {
    const RS = `apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web-1
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;
    const PC = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000000
preemptionPolicy: Never
description: for the DaemonSet
`;
    const PDB = `apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      app: web
`;

    it('accepts a Deployment, a ReplicaSet, a PriorityClass and a PodDisruptionBudget', () => {
      expect(check(`${DEPLOYMENT_YAML}---\n${RS}---\n${PC}---\n${PDB}`).map(summary)).toEqual([
        [],
        [],
        [],
        [],
      ]);
      // IntOrString: a percentage as well as a number
      expect(check(PDB.replace('maxUnavailable: 1', 'minAvailable: 50%')).map(summary)).toEqual([[]]);
    });

    it('flags a misspelt field where it is, as in a DaemonSet', () => {
      const [deploy] = check(DEPLOYMENT_YAML.replace('  replicas: 2', '  replica: 2'));
      expect(deploy).toContainEqual(
        expect.objectContaining({
          instancePath: '/spec',
          keyword: 'additionalProperties',
          params: { additionalProperty: 'replica' },
        }),
      );
      const [strategy] = check(DEPLOYMENT_YAML.replace('maxSurge: 25%', 'maxSurg: 25%'));
      expect(strategy).toContainEqual(
        expect.objectContaining({
          instancePath: '/spec/strategy/rollingUpdate',
          params: { additionalProperty: 'maxSurg' },
        }),
      );
      const [rs] = check(RS.replace('        image:', '        imagee:'));
      expect(summary(rs).join('\n')).toContain(
        '/spec/template/spec/containers/0 must NOT have additional properties {"additionalProperty":"imagee"}',
      );
      const [pc] = check(PC.replace('preemptionPolicy:', 'preemption:'));
      expect(pc).toContainEqual(
        expect.objectContaining({ instancePath: '', params: { additionalProperty: 'preemption' } }),
      );
      const [pdb] = check(PDB.replace('maxUnavailable:', 'maxUnavailabel:'));
      expect(pdb).toContainEqual(
        expect.objectContaining({ instancePath: '/spec', params: { additionalProperty: 'maxUnavailabel' } }),
      );
    });

    it('checks types, required fields and the apiVersion of each kind', () => {
      const [pcValue] = check(PC.replace('value: 1000000', 'value: high'));
      expect(pcValue).toContainEqual(expect.objectContaining({ instancePath: '/value', keyword: 'type' }));
      const [noValue] = check(PC.replace('value: 1000000\n', ''));
      expect(noValue).toContainEqual(
        expect.objectContaining({ keyword: 'required', params: { missingProperty: 'value' } }),
      );
      // spec.selector and spec.template are required in a Deployment
      const [noTemplate] = check(
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  selector: {}\n',
      );
      expect(noTemplate).toContainEqual(
        expect.objectContaining({ instancePath: '/spec', params: { missingProperty: 'template' } }),
      );
      for (const [text, from, to] of [
        [DEPLOYMENT_YAML, 'apps/v1', 'extensions/v1beta1'],
        [PDB, 'policy/v1', 'policy/v1beta1'],
        [PC, 'scheduling.k8s.io/v1', 'v1'],
      ]) {
        const [errors] = check(text.replace(from, to));
        expect(errors, to).toContainEqual(
          expect.objectContaining({ instancePath: '/apiVersion', keyword: 'const' }),
        );
      }
    });

    it('titles their fields as kubectl explain types them', () => {
      const defs = schema.definitions as Record<string, { properties?: Record<string, { title?: string }> }>;
      expect(defs.DeploymentSpec.properties?.strategy?.title).toBe('strategy (DeploymentStrategy)');
      expect(defs.PodDisruptionBudgetSpec.properties?.maxUnavailable?.title).toBe(
        'maxUnavailable (IntOrString)',
      );
      expect(defs.PriorityClass.properties?.value?.title).toBe('value (integer)');
    });
  });
});
