import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { simWithNodes } from '../../testing/kubectl';
import { componentSchemas, GVK, schemaName } from '../explain/openapi';
import { explain, splitResourceRequest, wrap } from './explain';

describe('kubectl explain', () => {
  it('explains the DaemonSet resource', () => {
    const out = explain('ds', false);
    expect(
      out.startsWith(
        'GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\nDESCRIPTION:\n    DaemonSet represents the configuration of a daemon set.\n    \nFIELDS:\n  apiVersion\t<string>\n    APIVersion defines the versioned schema of this representation of an object.\n',
      ),
    ).toBe(true);
    expect(out).toContain(
      '  spec\t<DaemonSetSpec>\n    The desired behavior of this daemon set. More info:\n',
    );
    expect(out.endsWith('#spec-and-status\n\n\n')).toBe(true);
  });

  it('explains a field: FIELD line, joined descriptions, sorted fields with -required- and enums', () => {
    expect(explain('daemonset.spec.updateStrategy', false)).toBe(
      [
        'GROUP:      apps',
        'KIND:       DaemonSet',
        'VERSION:    v1',
        '',
        'FIELD: updateStrategy <DaemonSetUpdateStrategy>',
        '',
        '',
        'DESCRIPTION:',
        '    An update strategy to replace existing DaemonSet pods with new pods.',
        '    DaemonSetUpdateStrategy is a struct used to control the update strategy for',
        '    a DaemonSet.',
        '    ',
        'FIELDS:',
        '  rollingUpdate\t<RollingUpdateDaemonSet>',
        '    Rolling update config params. Present only if type = "RollingUpdate".',
        '',
        '  type\t<string>',
        '  enum: OnDelete, RollingUpdate',
        '    Type of daemon set update. Can be "RollingUpdate" or "OnDelete". Default is',
        '    RollingUpdate.',
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('goes through arrays and prints ENUM for a leaf', () => {
    expect(explain('ds.spec.template.spec.tolerations', false)).toContain(
      "FIELD: tolerations <[]Toleration>\n\n\nDESCRIPTION:\n    If specified, the pod's tolerations.\n    The pod this Toleration is attached to tolerates any taint that matches the\n",
    );
    expect(explain('ds.spec.updateStrategy.type', false)).toContain(
      'FIELD: type <string>\nENUM:\n    OnDelete\n    RollingUpdate\n\nDESCRIPTION:\n',
    );
    expect(explain('ds.spec.updateStrategy.rollingUpdate', false)).toContain(
      '  maxUnavailable\t<IntOrString>\n',
    );
    expect(explain('ds.spec.selector', false)).toContain('FIELD: selector <LabelSelector>\n');
  });

  it('lists nested fields with --recursive', () => {
    expect(explain('ds.spec.updateStrategy', true)).toBe(
      [
        'GROUP:      apps',
        'KIND:       DaemonSet',
        'VERSION:    v1',
        '',
        'FIELD: updateStrategy <DaemonSetUpdateStrategy>',
        '',
        '',
        'DESCRIPTION:',
        '    An update strategy to replace existing DaemonSet pods with new pods.',
        '    DaemonSetUpdateStrategy is a struct used to control the update strategy for',
        '    a DaemonSet.',
        '    ',
        'FIELDS:',
        '  rollingUpdate\t<RollingUpdateDaemonSet>',
        '    maxSurge\t<IntOrString>',
        '    maxUnavailable\t<IntOrString>',
        '  type\t<string>',
        '  enum: OnDelete, RollingUpdate',
        '',
        '',
      ].join('\n'),
    );
  });

  it('names the last path element when a field does not exist', () => {
    expect(() => explain('ds.spec.foo', false)).toThrow('field "foo" does not exist');
    expect(() => explain('ds.spec.foo.bar', false)).toThrow('field "bar" does not exist');
    // a Go map lookup: no prototype
    expect(() => explain('ds.constructor', false)).toThrow('field "constructor" does not exist');
    expect(() => explain('ds.__proto__', false)).toThrow('field "__proto__" does not exist');
    expect(() => explain('sts', false)).toThrow('the server doesn\'t have a resource type "sts"');
  });

  it('wraps like go-wordwrap v1.0.1: keeps line breaks, never splits long words, counts runes', () => {
    expect(wrap(7, 'aaa bbb ccc')).toBe('aaa bbb\nccc');
    expect(wrap(12, 'More info: https://example.com/a/very/long/url next')).toBe(
      'More info:\nhttps://example.com/a/very/long/url\nnext',
    );
    expect(wrap(80, 'line one.\nline two\n')).toBe('line one.\nline two\n');
    expect(wrap(5, 'ééé ééé')).toBe('ééé\nééé');
    expect(wrap(7, 'a\u00a0b\u00a0c d')).toBe('a\u00a0b\u00a0c d');
  });

  it('prints the header, then fails, for a field or kind without a schema (the template writes as it goes)', () => {
    const sim = simWithNodes(['node-1']);
    const r = runKubectl(sim, tokenize('explain ds.spec.nope'), {});
    expect(r.chunks.map((c) => [c.stream, c.text])).toEqual([
      ['stdout', 'GROUP:      apps\nKIND:       DaemonSet\nVERSION:    v1\n\n'],
      ['stderr', 'error: field "nope" does not exist\n'],
    ]);
    const ns = runKubectl(sim, tokenize('explain ns'), {});
    expect(ns.chunks.map((c) => c.text).join('')).toBe(
      'KIND:       Namespace\nVERSION:    v1\n\nerror: GVK map[group: kind:Namespace version:v1] not found in OpenAPI schema\n',
    );
  });

  describe('the workload kinds of issue 23', () => {
    it('explains Deployment, ReplicaSet, PriorityClass and PodDisruptionBudget by any of their names', () => {
      for (const [words, header, description] of [
        [
          ['deployment', 'deploy', 'deployments'],
          'GROUP:      apps\nKIND:       Deployment\n',
          'Deployment enables declarative updates for Pods and ReplicaSets.',
        ],
        [
          ['replicaset', 'rs', 'replicasets'],
          'GROUP:      apps\nKIND:       ReplicaSet\n',
          'ReplicaSet ensures that a specified number of pod replicas are running at',
        ],
        [
          ['priorityclass', 'pc', 'priorityclasses'],
          'GROUP:      scheduling.k8s.io\nKIND:       PriorityClass\n',
          'PriorityClass defines mapping from a priority class name to the priority',
        ],
        [
          ['poddisruptionbudget', 'pdb', 'poddisruptionbudgets'],
          'GROUP:      policy\nKIND:       PodDisruptionBudget\n',
          'PodDisruptionBudget is an object to define the max disruption that can be',
        ],
      ] as const) {
        for (const w of words) {
          const out = explain(w, false);
          expect(out.startsWith(`${header}VERSION:    v1\n\nDESCRIPTION:\n    ${description}`), w).toBe(true);
        }
      }
    });

    it('follows their field paths: strategy, rollingUpdate, IntOrString, metav1.Condition, enums', () => {
      const strategy = explain('deploy.spec.strategy', false);
      expect(strategy).toContain('FIELD: strategy <DeploymentStrategy>\n');
      expect(strategy).toContain('  type\t<string>\n  enum: Recreate, RollingUpdate\n');
      expect(explain('deploy.spec.strategy.rollingUpdate', false)).toContain('  maxSurge\t<IntOrString>\n');
      expect(explain('pdb.spec.maxUnavailable', false)).toContain('FIELD: maxUnavailable <IntOrString>\n');
      expect(explain('pc.preemptionPolicy', false)).toContain(
        'FIELD: preemptionPolicy <string>\nENUM:\n    Never\n    PreemptLowerPriority\n',
      );
      expect(explain('pdb.spec.unhealthyPodEvictionPolicy', false)).toContain(
        'ENUM:\n    AlwaysAllow\n    IfHealthyBudget\n',
      );
      expect(explain('pdb.status', true)).toContain(
        '  conditions\t<[]Condition>\n    lastTransitionTime\t<string> -required-\n',
      );
      // the pod template of a ReplicaSet is the same PodTemplateSpec as a DaemonSet's
      expect(explain('rs.spec.template.spec.priorityClassName', false)).toContain(
        'FIELD: priorityClassName <string>\n',
      );
      expect(() => explain('deploy.spec.replica', false)).toThrow('field "replica" does not exist');
      expect(() => explain('pc.value.nope', false)).toThrow('field "nope" does not exist');
    });

    it('publishes them under their group packages, with their group-version-kinds', () => {
      expect(schemaName('Deployment')).toBe('io.k8s.api.apps.v1.Deployment');
      expect(schemaName('RollingUpdateDeployment')).toBe('io.k8s.api.apps.v1.RollingUpdateDeployment');
      expect(schemaName('ReplicaSetStatus')).toBe('io.k8s.api.apps.v1.ReplicaSetStatus');
      expect(schemaName('PriorityClass')).toBe('io.k8s.api.scheduling.v1.PriorityClass');
      expect(schemaName('PodDisruptionBudgetSpec')).toBe('io.k8s.api.policy.v1.PodDisruptionBudgetSpec');
      expect(schemaName('Condition')).toBe('io.k8s.apimachinery.pkg.apis.meta.v1.Condition');
      expect(schemaName('PodSpec')).toBe('io.k8s.api.core.v1.PodSpec');
      const schemas = componentSchemas() as Record<string, Record<string, unknown>>;
      expect(schemas['io.k8s.api.policy.v1.PodDisruptionBudget']['x-kubernetes-group-version-kind']).toEqual([
        { group: 'policy', kind: 'PodDisruptionBudget', version: 'v1' },
      ]);
      expect(GVK.get('PriorityClass')).toEqual({
        group: 'scheduling.k8s.io',
        kind: 'PriorityClass',
        version: 'v1',
      });
      // every reference resolves
      for (const r of JSON.stringify(schemas).matchAll(/#\/components\/schemas\/([A-Za-z0-9.]+)/g))
        expect(Object.hasOwn(schemas, r[1]), r[1]).toBe(true);
    });

    it("splits the resource from the field path as kubectl's explain package does", () => {
      const split = (arg: string, apiVersion = '') => {
        const { gvr, fieldPath } = splitResourceRequest(arg, apiVersion);
        return [`${gvr.group}/${gvr.version}/${gvr.resource}`, fieldPath.join('.')];
      };
      expect(split('deploy.spec')).toEqual(['apps/v1/deployments', 'spec']);
      // the group after the resource is not a field…
      expect(split('deployments.apps.spec.strategy')).toEqual(['apps/v1/deployments', 'spec.strategy']);
      expect(split('priorityclasses.scheduling.k8s.io.')).toEqual([
        'scheduling.k8s.io/v1/priorityclasses',
        '',
      ]);
      expect(split('pods.spec')).toEqual(['/v1/pods', 'spec']);
      // …unless the argument does not start with RESOURCE.GROUP, or --api-version is given
      expect(split('deployments.v1.apps.spec')).toEqual(['apps/v1/deployments', 'v1.apps.spec']);
      expect(split('deployments.apps', 'apps/v1')).toEqual(['apps/v1/deployments', 'apps']);
      expect(split('deploy', 'v1')).toEqual(['/v1/deployments', '']);
      expect(() => split('deploy', 'a/b/c')).toThrow('unexpected GroupVersion string: a/b/c');
    });

    it('--api-version: a group version without a document, or whose document lacks the resource', () => {
      const sim = simWithNodes(['node-1']);
      const text = (cmd: string) =>
        runKubectl(sim, tokenize(cmd), {})
          .chunks.map((c) => `${c.stream}: ${c.text}`)
          .join('');
      expect(text('explain deploy --api-version=v1')).toBe(
        'stderr: error: GVR (/v1, Resource=deployments) not found in OpenAPI schema\n',
      );
      expect(text('explain pdb --api-version=policy/v1beta1')).toBe(
        'stderr: error: couldn\'t find resource for "policy/v1beta1, Resource=poddisruptionbudgets"\n',
      );
      expect(text('explain deploy.spec.paused --api-version=apps/v1')).toContain(
        'stdout: GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: paused <boolean>\n',
      );
    });
  });
});
