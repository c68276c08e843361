import { describe, expect, it } from 'vitest';
import { tokenize } from '../argv';
import { runKubectl } from '../index';
import { simWithNodes } from '../../testing/kubectl';
import { explain, wrap } from './explain';

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
});
