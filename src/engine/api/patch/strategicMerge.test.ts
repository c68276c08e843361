// Table tests of strategic merge patch: each case's expected result is what the real kubectl (1.32)
// printed for `kubectl patch -f pod.json --local -p PATCH -o json` on the same Pod (metadata and
// spec compared, element order included), plus upstream's error texts for bad patches.

import { describe, expect, it } from 'vitest';
import { strategicMergePatch } from './strategicMerge';

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', labels: { app: 'x' }, finalizers: ['a/b'] },
  spec: {
    containers: [
      {
        name: 'a',
        image: 'nginx',
        ports: [{ containerPort: 80 }, { containerPort: 443, name: 'https' }],
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
        volumeMounts: [{ name: 'v', mountPath: '/v' }],
      },
      { name: 'b', image: 'busybox', args: ['x', 'y'] },
    ],
    volumes: [
      { name: 'v', emptyDir: {} },
      { name: 'w', hostPath: { path: '/w' } },
    ],
    tolerations: [{ key: 't1', operator: 'Exists' }],
    nodeSelector: { disk: 'ssd' },
  },
};

const cases: [string, string][] = [
  [
    '{"spec":{"containers":[{"name":"a","image":"nginx:2"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx:2","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"c","image":"c"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"image":"c","name":"c"},{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"b","image":"b2"},{"name":"a","image":"a2"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"args":["x","y"],"image":"b2","name":"b"},{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"a2","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","env":[{"name":"B","value":"3"},{"name":"C","value":"4"}]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"3"},{"name":"C","value":"4"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","env":[{"name":"A","$patch":"delete"}]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","ports":[{"containerPort":8080}]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":8080},{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"b","args":["z"]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["z"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"tolerations":[{"key":"t2","operator":"Exists"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t2","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"volumes":[{"name":"w","emptyDir":{}}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"emptyDir":{},"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"volumes":[{"name":"w","emptyDir":{},"$retainKeys":["name","emptyDir"]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"emptyDir":{},"name":"w"}]}}',
  ],
  [
    '{"spec":{"nodeSelector":{"disk":null,"zone":"a"}}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"zone":"a"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"nodeSelector":{"$patch":"replace","zone":"b"}}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"zone":"b"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"affinity":{"nodeAffinity":null},"nodeSelector":null}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"affinity":{},"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"metadata":{"finalizers":["c/d"]}}',
    '{"metadata":{"finalizers":["c/d","a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"metadata":{"$deleteFromPrimitiveList/finalizers":["a/b"]}}',
    '{"metadata":{"finalizers":[],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"$setElementOrder/containers":[{"name":"b"},{"name":"a"}],"containers":[{"name":"a","image":"q"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"args":["x","y"],"image":"busybox","name":"b"},{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"q","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","volumeMounts":[{"mountPath":"/z","name":"z"},{"mountPath":"/v","name":"v2"}]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/z","name":"z"},{"mountPath":"/v","name":"v2"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"$patch":"replace"},{"name":"n","image":"n"}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"image":"n","name":"n"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","image":null,"newField":{"x":null,"y":1}}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"name":"a","newField":{"y":1},"ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80,"$patch":"delete"}]}]}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":"x"},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
  [
    '{"metadata":{"labels":{"app":1}}}',
    '{"metadata":{"finalizers":["a/b"],"labels":{"app":1},"name":"p"},"spec":{"containers":[{"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}],"image":"nginx","name":"a","ports":[{"containerPort":80},{"containerPort":443,"name":"https"}],"volumeMounts":[{"mountPath":"/v","name":"v"}]},{"args":["x","y"],"image":"busybox","name":"b"}],"nodeSelector":{"disk":"ssd"},"tolerations":[{"key":"t1","operator":"Exists"}],"volumes":[{"emptyDir":{},"name":"v"},{"hostPath":{"path":"/w"},"name":"w"}]}}',
  ],
];

describe('strategic merge patch (against kubectl patch --local)', () => {
  for (const [patch, want] of cases) {
    it(patch, () => {
      const got = strategicMergePatch(pod, JSON.parse(patch), 'Pod') as Record<string, unknown>;
      expect({ metadata: got.metadata, spec: got.spec }).toEqual(JSON.parse(want));
      // element order is part of the answer (toEqual compares arrays in order; keys in any order)
      const names = (s: unknown) =>
        ((s as { containers?: { name?: string }[] }).containers ?? []).map((c) => c.name ?? '');
      expect(names(got.spec)).toEqual(names(JSON.parse(want).spec));
    });
  }
  it('leaves the original untouched', () => {
    const before = JSON.stringify(pod);
    strategicMergePatch(pod, { spec: { containers: [{ name: 'a', image: 'z' }] } }, 'Pod');
    expect(JSON.stringify(pod)).toBe(before);
  });
});

const errors: [string, string][] = [
  ['{"spec":{"containers":[{"image":"x"}]}}', 'map: map[image:x] does not contain declared merge key: name'],
  [
    '{"spec":{"containers":[{"name":"a","$patch":"bogus"}]}}',
    'unknown patch type: bogus in map: map[$patch:bogus name:a]',
  ],
  [
    '{"spec":{"containers":[1]}}',
    'list element types are not identical: [[map[env:[map[name:A value:1] map[name:B value:2]] image:nginx name:a ports:[map[containerPort:80] map[containerPort:443 name:https]] volumeMounts:[map[mountPath:/v name:v]]] map[args:[x y] image:busybox name:b]] [1]]',
  ],
  ['{"spec":{"$patch":"bogus"}}', 'unknown patch type: bogus in map: map[$patch:bogus]'],
];

describe('strategic merge patch errors', () => {
  for (const [patch, msg] of errors)
    it(patch, () => expect(() => strategicMergePatch(pod, JSON.parse(patch), 'Pod')).toThrow(msg));
});
