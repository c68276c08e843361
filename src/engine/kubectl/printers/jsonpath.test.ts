// Table tests of the JSONPath port: the cases of upstream's jsonpath_test.go (client-go/util/jsonpath),
// on JSON data. Go structs become maps, so results that upstream prints in struct-field order are
// given here in map (sorted-key) order, as kubectl prints unstructured objects.

import { describe, expect, it } from 'vitest';
import type { JSONValue } from './goValue';
import { JSONPath } from './jsonpath';

interface Case {
  name: string;
  template: string;
  input: unknown;
  expect: string;
  expectError?: boolean | string;
}

function run(cases: Case[], allowMissingKeys: boolean) {
  for (const c of cases) {
    it(c.name, () => {
      const j = new JSONPath({ allowMissingKeys });
      const exec = () => j.parse(c.template).execute(c.input as JSONValue);
      if (c.expectError) {
        if (typeof c.expectError === 'string') expect(exec).toThrow(c.expectError);
        else expect(exec).toThrow();
      } else expect(exec()).toBe(c.expect);
    });
  }
}

const types = {
  bools: [true, false, true, false],
  integers: [1, 2, 3, 4],
  floats: [1.0, 2.2, 3.3, 4.0],
  strings: ['one', 'two', 'three', 'four'],
  interfaces: [true, 'one', 1, 1.1],
  maps: [
    { name: 'one', value: 1 },
    { name: 'two', value: 2.02 },
    { name: 'three', value: 3.03 },
    { name: 'four', value: 4.04 },
  ],
};

describe('TestTypesInput', () => {
  run(
    [
      { name: 'boolSlice', template: '{ .bools }', input: types, expect: '[true,false,true,false]' },
      { name: 'boolSliceIndex', template: '{ .bools[0] }', input: types, expect: 'true' },
      { name: 'boolSliceIndex-1', template: '{ .bools[-1] }', input: types, expect: 'false' },
      { name: 'boolSubSlice', template: '{ .bools[0:2] }', input: types, expect: 'true false' },
      { name: 'boolSubSliceFirst2', template: '{ .bools[:2] }', input: types, expect: 'true false' },
      { name: 'boolSubSliceStep2', template: '{ .bools[:4:2] }', input: types, expect: 'true true' },
      { name: 'integerSlice', template: '{ .integers }', input: types, expect: '[1,2,3,4]' },
      { name: 'integerSliceIndex', template: '{ .integers[0] }', input: types, expect: '1' },
      { name: 'integerSliceIndexReverse', template: '{ .integers[-2] }', input: types, expect: '3' },
      { name: 'integerSubSliceFirst2', template: '{ .integers[0:2] }', input: types, expect: '1 2' },
      { name: 'integerSubSliceStep2', template: '{ .integers[:4:2] }', input: types, expect: '1 3' },
      { name: 'floatSlice', template: '{ .floats }', input: types, expect: '[1,2.2,3.3,4]' },
      { name: 'floatSliceIndexReverse', template: '{ .floats[-2] }', input: types, expect: '3.3' },
      { name: 'floatSubSliceStep2', template: '{ .floats[:4:2] }', input: types, expect: '1 3.3' },
      { name: 'stringSlice', template: '{ .strings }', input: types, expect: '["one","two","three","four"]' },
      { name: 'stringSliceIndexReverse', template: '{ .strings[-2] }', input: types, expect: 'three' },
      { name: 'stringSubSliceStep2', template: '{ .strings[:4:2] }', input: types, expect: 'one three' },
      { name: 'interfaceSlice', template: '{ .interfaces }', input: types, expect: '[true,"one",1,1.1]' },
      { name: 'interfaceSubSliceFirst2', template: '{ .interfaces[0:2] }', input: types, expect: 'true one' },
      { name: 'interfaceSubSliceStep2', template: '{ .interfaces[:4:2] }', input: types, expect: 'true 1' },
      {
        name: 'mapSlice',
        template: '{ .maps }',
        input: types,
        expect:
          '[{"name":"one","value":1},{"name":"two","value":2.02},{"name":"three","value":3.03},{"name":"four","value":4.04}]',
      },
      {
        name: 'mapSliceIndexReverse',
        template: '{ .maps[-2] }',
        input: types,
        expect: '{"name":"three","value":3.03}',
      },
      {
        name: 'mapSubSliceFirst2',
        template: '{ .maps[0:2] }',
        input: types,
        expect: '{"name":"one","value":1} {"name":"two","value":2.02}',
      },
      {
        name: 'mapSubSliceStepOdd',
        template: '{ .maps[::2] }',
        input: types,
        expect: '{"name":"one","value":1} {"name":"three","value":3.03}',
      },
      {
        name: 'mapSubSliceStepEven',
        template: '{ .maps[1::2] }',
        input: types,
        expect: '{"name":"two","value":2.02} {"name":"four","value":4.04}',
      },
    ],
    false,
  );
});

const storeData = {
  Name: 'jsonpath',
  Book: [
    { Category: 'reference', Author: 'Nigel Rees', Title: 'Sayings of the Centurey', Price: 8.95 },
    { Category: 'fiction', Author: 'Evelyn Waugh', Title: 'Sword of Honour', Price: 12.99 },
    { Category: 'fiction', Author: 'Herman Melville', Title: 'Moby Dick', Price: 8.99 },
  ],
  Bicycle: [
    { Color: 'red', Price: 19.95, IsNew: true },
    { Color: 'green', Price: 20.01, IsNew: false },
  ],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

describe('TestStructInput', () => {
  run(
    [
      { name: 'plain', template: 'hello jsonpath', input: null, expect: 'hello jsonpath' },
      { name: 'recursive', template: '{..}', input: [1, 2, 3], expect: '[1,2,3]' },
      { name: 'filter', template: '{[?(@<5)]}', input: [2, 6, 3, 7], expect: '2 3' },
      { name: 'quote', template: '{"{"}', input: null, expect: '{' },
      { name: 'union', template: '{[1,3,4]}', input: [0, 1, 2, 3, 4], expect: '1 3 4' },
      { name: 'array', template: '{[0:2]}', input: ['Monday', 'Tudesday'], expect: 'Monday Tudesday' },
      { name: 'variable', template: 'hello {.Name}', input: storeData, expect: 'hello jsonpath' },
      { name: 'dict/', template: '{$.Labels.web/html}', input: storeData, expect: '15' },
      { name: 'dict/ jason', template: '{$.Employees.jason}', input: storeData, expect: 'manager' },
      { name: 'dict-', template: '{.Labels.k8s-app}', input: storeData, expect: '20' },
      { name: 'nest', template: '{.Bicycle[*].Color}', input: storeData, expect: 'red green' },
      {
        name: 'allarray',
        template: '{.Book[*].Author}',
        input: storeData,
        expect: 'Nigel Rees Evelyn Waugh Herman Melville',
      },
      {
        name: 'allfields (map order)',
        template: '{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}',
        input: storeData,
        expect: '{red true 19.95} {green false 20.01} ',
      },
      { name: 'recurfields', template: '{..Price}', input: storeData, expect: '19.95 20.01 8.95 12.99 8.99' },
      {
        name: 'recurdotfields',
        template: '{...Price}',
        input: storeData,
        expect: '19.95 20.01 8.95 12.99 8.99',
      },
      {
        name: 'superrecurfields',
        template: '{............................................................Price}',
        input: storeData,
        expect: '',
        expectError: 'invalid multiple recursive descent',
      },
      {
        name: 'allstructsSlice',
        template: '{.Bicycle}',
        input: storeData,
        expect: '[{"Color":"red","IsNew":true,"Price":19.95},{"Color":"green","IsNew":false,"Price":20.01}]',
      },
      {
        name: 'allstructs',
        template: '{range .Bicycle[*]}{ @ }{ " " }{end}',
        input: storeData,
        expect: '{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} ',
      },
      {
        name: 'lastarray',
        template: '{.Book[-1:]}',
        input: storeData,
        expect: '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}',
      },
      {
        name: 'recurarray',
        template: '{..Book[2]}',
        input: storeData,
        expect: '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}',
      },
      {
        name: 'bool',
        template: '{.Bicycle[?(@.IsNew==true)]}',
        input: storeData,
        expect: '{"Color":"red","IsNew":true,"Price":19.95}',
      },
    ],
    false,
  );
  run(
    [
      { name: 'nonexistent field', template: '{.hello}', input: storeData, expect: '' },
      {
        name: 'nonexistent field 2',
        template: 'before-{.hello}after',
        input: storeData,
        expect: 'before-after',
      },
    ],
    true,
  );
  run(
    [
      {
        name: 'invalid identifier',
        template: '{hello}',
        input: storeData,
        expect: '',
        expectError: 'unrecognized identifier hello',
      },
      {
        name: 'nonexistent field',
        template: '{.hello}',
        input: storeData,
        expect: '',
        expectError: 'hello is not found',
      },
      {
        name: 'invalid array',
        template: '{.Labels[0]}',
        input: storeData,
        expect: '',
        expectError: 'map[string]interface {} is not array or slice',
      },
      {
        name: 'invalid filter operator',
        template: '{.Book[?(@.Price<>10)]}',
        input: storeData,
        expect: '',
        expectError: 'unrecognized filter operator <>',
      },
      {
        name: 'redundant end',
        template: '{range .Labels.*}{@}{end}{end}',
        input: storeData,
        expect: '',
        expectError: 'not in range, nothing to end',
      },
    ],
    false,
  );
});

const points = JSON.parse(`[
  {"id": "i1", "x":4, "y":-5},
  {"id": "i2", "x":-2, "y":-5, "z":1},
  {"id": "i3", "x":  8, "y":  3 },
  {"id": "i4", "x": -6, "y": -1 },
  {"id": "i5", "x":  0, "y":  2, "z": 1 },
  {"id": "i6", "x":  1, "y":  4 }
]`);

describe('TestJSONInput', () => {
  run(
    [
      { name: 'exists filter', template: '{[?(@.z)].id}', input: points, expect: 'i2 i5' },
      { name: 'bracket key', template: "{[0]['id']}", input: points, expect: 'i1' },
    ],
    false,
  );
});

const nodesData = {
  kind: 'List',
  items: [
    {
      kind: 'None',
      metadata: { name: '127.0.0.1', labels: { 'kubernetes.io/hostname': '127.0.0.1' } },
      status: {
        capacity: { cpu: '4' },
        ready: true,
        addresses: [{ type: 'LegacyHostIP', address: '127.0.0.1' }],
      },
    },
    {
      kind: 'None',
      metadata: { name: '127.0.0.2', labels: { 'kubernetes.io/hostname': '127.0.0.2' } },
      status: {
        capacity: { cpu: '8' },
        ready: false,
        addresses: [
          { type: 'LegacyHostIP', address: '127.0.0.2' },
          { type: 'another', address: '127.0.0.3' },
        ],
      },
    },
  ],
  users: [
    { name: 'myself', user: {} },
    { name: 'e2e', user: { username: 'admin', password: 'secret' } },
  ],
};

describe('TestKubernetes', () => {
  run(
    [
      {
        name: 'range item',
        template: '{range .items[*]}{.metadata.name}, {end}{.kind}',
        input: nodesData,
        expect: '127.0.0.1, 127.0.0.2, List',
      },
      {
        name: 'range item with quote',
        template: '{range .items[*]}{.metadata.name}{"\\t"}{end}',
        input: nodesData,
        expect: '127.0.0.1\t127.0.0.2\t',
      },
      {
        name: 'range addresss',
        template: '{.items[*].status.addresses[*].address}',
        input: nodesData,
        expect: '127.0.0.1 127.0.0.2 127.0.0.3',
      },
      {
        name: 'double range',
        template: '{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}',
        input: nodesData,
        expect: '127.0.0.1, 127.0.0.2, 127.0.0.3, ',
      },
      {
        name: 'item name',
        template: '{.items[*].metadata.name}',
        input: nodesData,
        expect: '127.0.0.1 127.0.0.2',
      },
      {
        name: 'union nodes capacity',
        template: "{.items[*]['metadata.name', 'status.capacity']}",
        input: nodesData,
        expect: '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}',
      },
      {
        name: 'range nodes capacity',
        template: '{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}',
        input: nodesData,
        expect: '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] ',
      },
      {
        name: 'user password',
        template: '{.users[?(@.name=="e2e")].user.password}',
        input: nodesData,
        expect: 'secret',
      },
      {
        name: 'hostname',
        template: '{.items[0].metadata.labels.kubernetes\\.io/hostname}',
        input: nodesData,
        expect: '127.0.0.1',
      },
      {
        name: 'hostname filter',
        template: '{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}',
        input: nodesData,
        expect: 'None',
      },
      {
        name: 'bool item',
        template: '{.items[?(@..ready==true)].metadata.name}',
        input: nodesData,
        expect: '127.0.0.1',
      },
    ],
    false,
  );
  it('recursive name (any order upstream)', () => {
    const out = new JSONPath().parse('{..name}').execute(nodesData as JSONValue);
    expect(out.split(' ').sort()).toEqual(['127.0.0.1', '127.0.0.2', 'e2e', 'myself']);
  });
});

describe('TestEmptyRange', () => {
  run(
    [
      {
        name: 'empty range',
        template: '{range .items[*]}{.metadata.name}{end}',
        input: { items: [] },
        expect: '',
      },
      {
        name: 'empty nested range',
        template:
          '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}',
        input: { items: [] },
        expect: '',
      },
      {
        name: 'text after an empty range',
        template: '{range .items[*]}{.x}{end}done',
        input: { items: [] },
        expect: 'done',
      },
    ],
    true,
  );
});

const nested = {
  items: [
    {
      metadata: { name: 'pod1' },
      spec: {
        containers: [
          { name: 'foo', another: [{ name: 'value1' }, { name: 'value2' }] },
          { name: 'bar', another: [{ name: 'value1' }, { name: 'value2' }] },
        ],
      },
    },
    {
      metadata: { name: 'pod2' },
      spec: { containers: [{ name: 'baz', another: [{ name: 'value1' }, { name: 'value2' }] }] },
    },
  ],
};

describe('TestNestedRanges', () => {
  run(
    [
      {
        name: 'nested range with a trailing newline',
        template:
          '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}',
        input: nested,
        expect: 'pod1:foo,bar,+pod2:baz,+',
      },
      {
        name: 'three levels',
        template:
          '{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}',
        input: nested,
        expect: 'pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#',
      },
      {
        name: 'two nested ranges at the same level',
        template:
          '{range .items[*]}{.metadata.name}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\n"}{end}',
        input: nested,
        expect: 'pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n',
      },
    ],
    false,
  );
});

const annotated = {
  kind: 'List',
  items: [
    { kind: 'Pod', metadata: { name: 'pod1', annotations: { color: 'blue' } } },
    { kind: 'Pod', metadata: { name: 'pod2' } },
    { kind: 'Pod', metadata: { name: 'pod3', annotations: { color: 'green' } } },
    { kind: 'Pod', metadata: { name: 'pod4', annotations: { color: 'blue' } } },
  ],
};

describe('TestFilterPartialMatchesSometimesMissingAnnotations', () => {
  run(
    [
      {
        name: 'tolerate missing',
        template: '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}',
        input: annotated,
        expect: 'pod1 pod4',
      },
    ],
    true,
  );
  run(
    [
      {
        name: 'error on missing',
        template: '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}',
        input: annotated,
        expect: '',
        expectError: 'annotations is not found',
      },
    ],
    false,
  );
});

const containers = (n: number) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  spec: {
    containers: Array.from({ length: n }, (_, i) => ({ image: 'radial/busyboxplus:curl', name: `fake${i}` })),
  },
});

describe('TestNegativeIndex', () => {
  const d = containers(4);
  run(
    [
      { name: '[0]', template: '{.spec.containers[0].name}', input: d, expect: 'fake0' },
      { name: '[0:0]', template: '{.spec.containers[0:0].name}', input: d, expect: '' },
      { name: '[0:-1]', template: '{.spec.containers[0:-1].name}', input: d, expect: 'fake0 fake1 fake2' },
      {
        name: '[-1:0]',
        template: '{.spec.containers[-1:0].name}',
        input: d,
        expect: '',
        expectError: 'starting index 3 is greater than ending index 0',
      },
      { name: '[-1]', template: '{.spec.containers[-1].name}', input: d, expect: 'fake3' },
      { name: '[-1:]', template: '{.spec.containers[-1:].name}', input: d, expect: 'fake3' },
      { name: '[-2]', template: '{.spec.containers[-2].name}', input: d, expect: 'fake2' },
      { name: '[-2:]', template: '{.spec.containers[-2:].name}', input: d, expect: 'fake2 fake3' },
      { name: '[-3]', template: '{.spec.containers[-3].name}', input: d, expect: 'fake1' },
      { name: '[-4]', template: '{.spec.containers[-4].name}', input: d, expect: 'fake0' },
      {
        name: '[-4:]',
        template: '{.spec.containers[-4:].name}',
        input: d,
        expect: 'fake0 fake1 fake2 fake3',
      },
      {
        name: '[-5]',
        template: '{.spec.containers[-5].name}',
        input: d,
        expect: '',
        expectError: 'array index out of bounds: index -1, length 4',
      },
      { name: '[5:5]', template: '{.spec.containers[5:5].name}', input: d, expect: '' },
      { name: '[-5:-5]', template: '{.spec.containers[-5:-5].name}', input: d, expect: '' },
      {
        name: '[3:1]',
        template: '{.spec.containers[3:1].name}',
        input: d,
        expect: '',
        expectError: 'starting index 3 is greater than ending index 1',
      },
      {
        name: '[-1:-2]',
        template: '{.spec.containers[-1:-2].name}',
        input: d,
        expect: '',
        expectError: true,
      },
      {
        name: '[7]',
        template: '{.spec.containers[7].name}',
        input: d,
        expect: '',
        expectError: 'array index out of bounds: index 7, length 4',
      },
    ],
    false,
  );
});

describe('TestRunningPodsJSONPathOutput', () => {
  const data = {
    kind: 'List',
    items: [
      { kind: 'Pod', metadata: { name: 'pod1' }, status: { phase: 'Running' } },
      { kind: 'Pod', metadata: { name: 'pod2' }, status: { phase: 'Running' } },
      { kind: 'Pod', metadata: { name: 'pod3' }, status: { phase: 'Running' } },
      { resourceVersion: '', selfLink: '' },
    ],
  };
  run(
    [
      {
        name: 'range over a filter',
        template: '{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\\n"}{end}',
        input: data,
        expect: 'pod1 is Running\npod2 is Running\npod3 is Running\n',
      },
    ],
    true,
  );
});

describe('TestStep', () => {
  const d = containers(6);
  run(
    [
      {
        name: '[0:]',
        template: '{.spec.containers[0:].name}',
        input: d,
        expect: 'fake0 fake1 fake2 fake3 fake4 fake5',
      },
      {
        name: '[0:6:]',
        template: '{.spec.containers[0:6:].name}',
        input: d,
        expect: 'fake0 fake1 fake2 fake3 fake4 fake5',
      },
      {
        name: '[0:6:1]',
        template: '{.spec.containers[0:6:1].name}',
        input: d,
        expect: 'fake0 fake1 fake2 fake3 fake4 fake5',
      },
      {
        name: '[0:6:0]',
        template: '{.spec.containers[0:6:0].name}',
        input: d,
        expect: '',
        expectError: 'step must be > 0',
      },
      {
        name: '[0:6:-1]',
        template: '{.spec.containers[0:6:-1].name}',
        input: d,
        expect: '',
        expectError: 'step must be > 0',
      },
      { name: '[1:4:2]', template: '{.spec.containers[1:4:2].name}', input: d, expect: 'fake1 fake3' },
      { name: '[1:4:3]', template: '{.spec.containers[1:4:3].name}', input: d, expect: 'fake1' },
      { name: '[1:4:4]', template: '{.spec.containers[1:4:4].name}', input: d, expect: 'fake1' },
      { name: '[0:6:2]', template: '{.spec.containers[0:6:2].name}', input: d, expect: 'fake0 fake2 fake4' },
      { name: '[0:6:3]', template: '{.spec.containers[0:6:3].name}', input: d, expect: 'fake0 fake3' },
      { name: '[0:6:5]', template: '{.spec.containers[0:6:5].name}', input: d, expect: 'fake0 fake5' },
      { name: '[0:6:6]', template: '{.spec.containers[0:6:6].name}', input: d, expect: 'fake0' },
    ],
    false,
  );
});

describe('parser errors (parser_test.go failParserTests)', () => {
  const cases: [string, string][] = [
    ['{.hello', 'unclosed action'],
    ['{.hello\n}', 'unclosed action'],
    ['{[1:2}', 'unterminated array'],
    ['{[?(@.a<2}', 'unterminated filter'],
    ['{[?(@.a<2)}', 'unclosed array expect ]'],
    ['{"hello}', 'unterminated quoted string'],
    ['{[a]}', 'invalid array index a'],
    ['{!}', "unrecognized character in action: U+0021 '!'"],
    ['{"\\q"}', 'unquote string "\\q" error invalid syntax'],
    ['{..(}', "unrecognized character in action: U+0028 '('"],
  ];
  for (const [tpl, msg] of cases) it(tpl, () => expect(() => new JSONPath().parse(tpl)).toThrow(msg));
});

describe('filters and output', () => {
  const pods = {
    items: [
      { n: 'a', c: 1 },
      { n: 'b', c: 3 },
      { n: 'c', c: -2 },
    ],
  };
  it('compares ints', () =>
    expect(new JSONPath().parse('{.items[?(@.c>=2)].n}').execute(pods as JSONValue)).toBe('b'));
  it('int vs float is an incompatible comparison', () =>
    expect(() =>
      new JSONPath().parse('{.items[?(@.c==2.5)].n}').execute({ items: [{ n: 'a', c: 1 }] }),
    ).toThrow('incompatible types for comparison'));
  it('string less', () =>
    expect(new JSONPath().parse('{.items[?(@.n<"b")].n}').execute(pods as JSONValue)).toBe('a'));
  it('bool less is invalid', () =>
    expect(() => new JSONPath().parse('{[?(@<true)]}').execute([true])).toThrow(
      'invalid type for comparison',
    ));
  it('filter on a map', () =>
    expect(() => new JSONPath().parse('{.a[?(@.x)]}').execute({ a: { x: 1 } })).toThrow(
      'map[x:1] is not array or slice and cannot be filtered',
    ));
  it('null prints null', () => expect(new JSONPath().parse('{.a}').execute({ a: null })).toBe('null'));
  it('HTML-safe JSON', () =>
    expect(new JSONPath().parse('{.a}').execute({ a: { k: '<&>' } })).toBe('{"k":"\\u003c\\u0026\\u003e"}'));
  it('jsonpath-as-json', () =>
    expect(new JSONPath({ outputJSON: true }).parse('{.items[*].n}').execute(pods as JSONValue)).toBe(
      '[\n    "a",\n    "b",\n    "c"\n]\n',
    ));
  it('root object', () => expect(new JSONPath().parse('{}').execute({ b: 1, a: 2 })).toBe('{"a":2,"b":1}'));
});

// What the real kubectl (1.32) printed for `kubectl create configmap c --from-literal=a=b
// --from-literal=n=3 --from-literal=x.y=dot --dry-run=client -o jsonpath[-as-json]=TEMPLATE`.
const configMap = {
  apiVersion: 'v1',
  data: { a: 'b', n: '3', 'x.y': 'dot' },
  kind: 'ConfigMap',
  metadata: { creationTimestamp: null, name: 'c' },
};
const kubectlCases: [string, boolean, { out?: string; error?: string }][] = [
  ['{range .data.*}[{@}]{end}', false, { out: '[b][3][dot]' }],
  ["{.data['a']}", false, { out: 'b' }],
  ['{.kind}{"\\n"}{.apiVersion}', false, { out: 'ConfigMap\nv1' }],
  ['{.metadata}', false, { out: '{"creationTimestamp":null,"name":"c"}' }],
  ['{..a}', false, { out: 'b' }],
  ['{.nope.x}', false, { out: '' }],
  ['{[0]}', false, { error: 'map[string]interface {} is not array or slice' }],
  ['{.data[0]}', false, { error: 'map[string]interface {} is not array or slice' }],
  ['{.kind[0]}', false, { error: 'string is not array or slice' }],
  ['{.metadata.name}{range .nope[*]}x{end}after', false, { out: 'cafter' }],
  ['{range .data}{@}{end}', false, { out: '{"a":"b","n":"3","x.y":"dot"}' }],
  ['{.data.a} {.data.n}', false, { out: 'b 3' }],
  ['{"a\\tb"}', false, { out: 'a\tb' }],
  ["{'single'}", false, { out: 'single' }],
  ['{.kind}{.kind}', false, { out: 'ConfigMapConfigMap' }],
  [
    '{range .data.*}[{@}]{end}',
    true,
    {
      out: '[\n    "["\n]\n[\n    "b"\n]\n[\n    "]"\n]\n[\n    "["\n]\n[\n    "3"\n]\n[\n    "]"\n]\n[\n    "["\n]\n[\n    "dot"\n]\n[\n    "]"\n]\n',
    },
  ],
  ["{.data['a']}", true, { out: '[\n    "b"\n]\n' }],
  ['{.kind}{"\\n"}{.apiVersion}', true, { out: '[\n    "ConfigMap"\n]\n[\n    "\\n"\n]\n[\n    "v1"\n]\n' }],
  [
    '{.metadata}',
    true,
    { out: '[\n    {\n        "creationTimestamp": null,\n        "name": "c"\n    }\n]\n' },
  ],
  ['{..a}', true, { out: '[\n    "b"\n]\n' }],
  ['{.data.*}', true, { out: '[\n    "b",\n    "3",\n    "dot"\n]\n' }],
  ['{.nope.x}', true, { out: '[]\n' }],
  ['{[0]}', true, { error: 'map[string]interface {} is not array or slice' }],
  ['{.data[0]}', true, { error: 'map[string]interface {} is not array or slice' }],
  ['{.kind[0]}', true, { error: 'string is not array or slice' }],
  ['{.metadata.name}{range .nope[*]}x{end}after', true, { out: '[\n    "c"\n]\n[\n    "after"\n]\n' }],
  [
    '{range .data}{@}{end}',
    true,
    { out: '[\n    {\n        "a": "b",\n        "n": "3",\n        "x.y": "dot"\n    }\n]\n' },
  ],
  ['{.data.a} {.data.n}', true, { out: '[\n    "b"\n]\n[\n    " "\n]\n[\n    "3"\n]\n' }],
  ['{"a\\tb"}', true, { out: '[\n    "a\\tb"\n]\n' }],
  ["{'single'}", true, { out: '[\n    "single"\n]\n' }],
  ['{.kind}{.kind}', true, { out: '[\n    "ConfigMap"\n]\n[\n    "ConfigMap"\n]\n' }],
];

describe('against kubectl', () => {
  for (const [tpl, asJson, want] of kubectlCases) {
    it(`${asJson ? 'jsonpath-as-json' : 'jsonpath'}=${tpl}`, () => {
      const j = new JSONPath({ allowMissingKeys: true, outputJSON: asJson }).parse(tpl);
      if (want.error !== undefined) expect(() => j.execute(configMap)).toThrow(want.error);
      else expect(j.execute(configMap)).toBe(want.out);
    });
  }
});
