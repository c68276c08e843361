// Values of the wrong type in manifests (issue 10: no crash, no JavaScript text, the answer a real
// cluster gives). kubectl itself cannot decode apiVersion, kind or metadata of the wrong type (messages
// checked against kubectl 1.32); the API server's decoder refuses the rest with Go's encoding/json error.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Session } from '../script/session';
import { ARTICLE_MANIFEST } from '../cluster/manifests';
import { parse } from 'yaml';

function run(s: Session, line: string, stdin?: string): string {
  return s
    .exec(line, stdin)
    .chunks.map((c) => c.text)
    .join('');
}

describe('kubectl cannot decode the document (as kubectl 1.32 says)', () => {
  const cases: [string, string][] = [
    [
      'apiVersion: v1\nkind: {a: b}\nmetadata: {name: x}',
      `error: unable to decode "STDIN": Object 'Kind' is missing in '{"apiVersion":"v1","kind":{"a":"b"},"metadata":{"name":"x"}}'`,
    ],
    [
      'apiVersion: v1\nkind: 5\nmetadata: {name: x}',
      `error: unable to decode "STDIN": Object 'Kind' is missing in '{"apiVersion":"v1","kind":5,"metadata":{"name":"x"}}'`,
    ],
    [
      'apiVersion: [a]\nkind: Pod\nmetadata: {name: x}',
      'error: unable to decode "STDIN": json: cannot unmarshal array into Go struct field metadataOnlyObject.apiVersion of type string',
    ],
    [
      'apiVersion: 5\nkind: Pod\nmetadata: {name: x}',
      'error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field metadataOnlyObject.apiVersion of type string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: [1]',
      'error: unable to decode "STDIN": json: cannot unmarshal array into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: {a: b}}',
      'error: unable to decode "STDIN": json: cannot unmarshal object into Go struct field ObjectMeta.metadata.name of type string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: n}',
      'error: unable to decode "STDIN": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.name of type string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x, labels: {a: true}}',
      'error: unable to decode "STDIN": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x, annotations: [1]}',
      'error: unable to decode "STDIN": json: cannot unmarshal array into Go struct field ObjectMeta.metadata.annotations of type map[string]string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x, namespace: 5}',
      'error: unable to decode "STDIN": json: cannot unmarshal number into Go struct field ObjectMeta.metadata.namespace of type string',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x, generation: "a"}',
      'error: unable to decode "STDIN": json: cannot unmarshal string into Go struct field ObjectMeta.metadata.generation of type int64',
    ],
    [
      'apiVersion: v1\nkind: Pod\nmetadata: {name: x, ownerReferences: "a"}',
      'error: unable to decode "STDIN": json: cannot unmarshal string into Go struct field ObjectMeta.metadata.ownerReferences of type []v1.OwnerReference',
    ],
  ];
  for (const [doc, message] of cases) {
    it(doc.replace(/\n/g, ' '), () => {
      // A kind or apiVersion that is not a string is caught by kubectl's validator first
      // (src/engine/kubectl/objectKind.test.ts); without it, the builder's decoder says the above.
      const flags = /^apiVersion: (\[a\]|5)\n|\nkind: (\{a: b\}|5)\n/.test(doc) ? '--validate=false ' : '';
      expect(run(new Session(), `kubectl create ${flags}-f -`, `${doc}\n`)).toBe(`${message}\n`);
    });
  }
});

describe('the API server cannot decode the object', () => {
  const pod = (spec: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: ${spec}\n`;
  const bad = (detail: string, kind = 'Pod') =>
    `Error from server (BadRequest): error when creating "STDIN": ${kind} in version "v1" cannot be handled as a ${kind}: ${detail}\n`;
  it('a list, a number, a string and a struct of the wrong kind', () => {
    const s = new Session();
    expect(run(s, 'kubectl create -f -', pod('{volumes: x, containers: [{name: c, image: i}]}'))).toBe(
      bad('json: cannot unmarshal string into Go struct field PodSpec.spec.volumes of type []v1.Volume'),
    );
    expect(
      run(
        s,
        'kubectl create -f -',
        pod('{containers: [{name: c, image: i, ports: [{containerPort: 1.5}]}]}'),
      ),
    ).toBe(
      bad(
        'json: cannot unmarshal number 1.5 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
      ),
    );
    expect(
      run(
        s,
        'kubectl create -f -',
        pod('{terminationGracePeriodSeconds: x, containers: [{name: c, image: i}]}'),
      ),
    ).toBe(
      bad(
        'json: cannot unmarshal string into Go struct field PodSpec.spec.terminationGracePeriodSeconds of type int64',
      ),
    );
    expect(run(s, 'kubectl create -f -', pod('{containers: [{name: c, image: 1}]}'))).toBe(
      bad(
        'json: cannot unmarshal number into Go struct field Container.spec.containers.image of type string',
      ),
    );
    expect(run(s, 'kubectl create -f -', pod('{containers: [{name: c, image: i}], affinity: [1]}'))).toBe(
      bad('json: cannot unmarshal array into Go struct field PodSpec.spec.affinity of type v1.Affinity'),
    );
  });

  it('null list elements decode to zero values, which validation then reports', () => {
    const s = new Session();
    expect(run(s, 'kubectl create -f -', pod('{containers: [null]}'))).toBe(
      'The Pod "x" is invalid: \n* spec.containers[0].name: Required value\n* spec.containers[0].image: Required value\n',
    );
    expect(run(s, 'kubectl create -f -', pod('{containers: [{name: c, image: i, env: [null]}]}'))).toBe(
      'The Pod "x" is invalid: spec.containers[0].env[0].name: Required value\n',
    );
  });

  it('hostPath needs a path', () => {
    const s = new Session();
    expect(
      run(
        s,
        'kubectl create -f -',
        pod('{volumes: [{name: v, hostPath: {}}], containers: [{name: c, image: i}]}'),
      ),
    ).toBe('The Pod "x" is invalid: spec.volumes[0].hostPath.path: Required value\n');
  });
});

describe('any value anywhere in a manifest', () => {
  const JS_TEXT =
    /function \w*\(|\[native code\]|\[object \w+\]|\bundefined\b|\bNaN\b|Cannot read propert|is not a function|is not iterable|Maximum call stack/;
  const bases: [string, unknown, string[]][] = [
    [
      'DaemonSet',
      parse(ARTICLE_MANIFEST),
      [
        'sim advance 20s',
        'kubectl describe ds -A',
        'kubectl get ds -A -o wide',
        'kubectl get pods -A -o wide',
        'kubectl describe pods -A',
        'kubectl rollout history ds -A',
      ],
    ],
    [
      'Pod',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p9', labels: { a: 'b' } },
        spec: {
          nodeName: 'node-1',
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 }],
          containers: [
            {
              name: 'c',
              image: 'nginx',
              env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
              ports: [{ containerPort: 80 }],
              resources: { requests: { cpu: '100m' } },
            },
          ],
        },
      },
      ['sim advance 5s', 'kubectl describe pod p9', 'kubectl get pods -o wide', 'kubectl get pod p9 -o yaml'],
    ],
    [
      'Node',
      {
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: 'n9', labels: { a: 'b' } },
        spec: { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }], podCIDR: '10.0.0.0/24' },
        status: { capacity: { cpu: '4', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
      },
      ['sim advance 5s', 'kubectl describe node n9', 'kubectl get nodes -o wide', 'sim why n9'],
    ],
  ];
  for (const [kind, base, after] of bases) {
    it(`${kind}: no crash and no JavaScript text, whatever value a field gets`, () => {
      const paths: string[][] = [];
      const walk = (v: unknown, p: string[]) => {
        if (p.length) paths.push(p);
        if (v && typeof v === 'object')
          for (const k of Object.keys(v)) walk((v as Record<string, unknown>)[k], [...p, k]);
      };
      walk(base, []);
      const value = fc.oneof(
        fc.constantFrom('constructor', '__proto__', 'NaN', '', null, -1, 1.5, true, [], {}, [null]),
        fc.jsonValue({ maxDepth: 2 }),
      );
      fc.assert(
        fc.property(fc.nat({ max: paths.length - 1 }), value, (i, v) => {
          const m = JSON.parse(JSON.stringify(base));
          const p = paths[i];
          let o = m;
          for (const k of p.slice(0, -1)) o = o[k];
          o[p[p.length - 1]] = v;
          const s = new Session();
          // half of the runs update an existing object (apply's three-way merge), half create one
          let text = i % 2 ? run(s, 'kubectl apply -f -', JSON.stringify(base)) : '';
          text += run(s, 'kubectl apply -f -', JSON.stringify(m));
          for (const line of after) text += run(s, line);
          const shown = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
          const cleaned = text.split(JSON.stringify(v)).join('').split(shown).join('');
          expect(JS_TEXT.exec(cleaned)?.[0], `${p.join('.')} = ${shown}\n${text}`).toBeUndefined();
        }),
        { numRuns: 80 },
      );
    });
  }
});
