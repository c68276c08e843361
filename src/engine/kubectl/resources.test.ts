import { describe, expect, it } from 'vitest';
import { parseResourceArgs, resolveResource } from './resources';

describe('resolveResource', () => {
  it.each([
    ['pods', 'Pod'],
    ['pod', 'Pod'],
    ['po', 'Pod'],
    ['daemonsets', 'DaemonSet'],
    ['daemonset', 'DaemonSet'],
    ['ds', 'DaemonSet'],
    ['daemonsets.apps', 'DaemonSet'],
    ['daemonset.apps', 'DaemonSet'],
    ['DaemonSet', 'DaemonSet'],
    ['nodes', 'Node'],
    ['no', 'Node'],
    ['controllerrevisions', 'ControllerRevision'],
    ['controllerrevision', 'ControllerRevision'],
    ['controllerrevisions.apps', 'ControllerRevision'],
    ['events', 'Event'],
    ['ev', 'Event'],
    ['namespaces', 'Namespace'],
    ['ns', 'Namespace'],
  ])('%s → %s', (word, kind) => {
    expect(resolveResource(word)).toBe(kind);
  });

  it('rejects unknown types like the server', () => {
    expect(() => resolveResource('sts')).toThrow('the server doesn\'t have a resource type "sts"');
    expect(() => resolveResource('cr')).toThrow('resource type "cr"');
  });
});

describe('parseResourceArgs', () => {
  it('handles TYPE NAME...', () => {
    expect(parseResourceArgs(['ds', 'x', 'y'])).toEqual([{ kind: 'DaemonSet', names: ['x', 'y'] }]);
  });
  it('handles TYPE/NAME forms', () => {
    expect(parseResourceArgs(['ds/x'])).toEqual([{ kind: 'DaemonSet', names: ['x'] }]);
    expect(parseResourceArgs(['ds/x', 'pod/y', 'pod/z'])).toEqual([
      { kind: 'DaemonSet', names: ['x'] },
      { kind: 'Pod', names: ['y', 'z'] },
    ]);
  });
  it('handles comma lists', () => {
    expect(parseResourceArgs(['pods,ds'])).toEqual([
      { kind: 'Pod', names: [] },
      { kind: 'DaemonSet', names: [] },
    ]);
  });
  it('rejects mixing TYPE and TYPE/NAME', () => {
    expect(() => parseResourceArgs(['ds', 'ds/x'])).toThrow(
      /^there is no need to specify a resource type as a separate argument when passing arguments in resource\/name form/,
    );
  });
  it('requires a type', () => {
    expect(() => parseResourceArgs([])).toThrow(
      'you must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.',
    );
    expect(() => parseResourceArgs(['ds/'])).toThrow(
      'arguments in resource/name form must have a single resource and name',
    );
  });
});
