import { describe, expect, it } from 'vitest';
import { maskEventAges } from './normalizeEvents';

describe('maskEventAges', () => {
  it("masks LAST SEEN in kubectl events' rows, whatever its width", () => {
    const a = [
      '$ kubectl events -A',
      'NAMESPACE     LAST SEEN   TYPE     REASON   OBJECT   MESSAGE',
      'kube-system   3s          Normal   Pulled   Pod/p    Pulled it',
    ];
    const b = [
      '$ kubectl events -A',
      'NAMESPACE     LAST SEEN            TYPE     REASON   OBJECT   MESSAGE',
      'kube-system   335d (x2 over 335d)   Normal   Pulled   Pod/p    Pulled it',
    ];
    expect(maskEventAges(a)).toEqual(maskEventAges(b));
    expect(maskEventAges(a)[2]).toBe('kube-system <age> Normal Pulled Pod/p Pulled it');
  });

  it('keeps other commands, and other rows, as they are', () => {
    const lines = [
      '$ kubectl get events',
      'LAST SEEN   TYPE     REASON   OBJECT   MESSAGE',
      '3s          Normal   Pulled   Pod/p    Pulled it',
    ];
    expect(maskEventAges(lines)).toEqual(lines);
    const differs = ['$ kubectl events', '3s          Normal   Pulled   Pod/p    Pulled it'];
    expect(maskEventAges(differs)).not.toEqual(
      maskEventAges(['$ kubectl events', '3s          Normal   Pulled   Pod/q    Pulled it']),
    );
  });
});
