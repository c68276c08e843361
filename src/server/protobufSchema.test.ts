import { describe, expect, it } from 'vitest';
import { decodeProtobufObject } from './protobufSchema';

// A tiny protobuf writer for the test: (field, value) pairs, messages nested as arrays.
type Field = [number, string | number | Field[]];
function varint(n: number): number[] {
  const out: number[] = [];
  // a negative number as 64-bit two's complement, exactly (a double cannot hold 2^64 - 5)
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    let b = Number(v % 128n);
    v /= 128n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}
function encode(fields: Field[]): number[] {
  const out: number[] = [];
  for (const [num, v] of fields) {
    if (typeof v === 'number') out.push(...varint(num * 8), ...varint(v));
    else {
      const bytes = typeof v === 'string' ? [...new TextEncoder().encode(v)] : encode(v);
      out.push(...varint(num * 8 + 2), ...varint(bytes.length), ...bytes);
    }
  }
  return out;
}
const envelope = (apiVersion: string, kind: string, raw: Field[]) =>
  new Uint8Array([
    ...new TextEncoder().encode('k8s\u0000'),
    ...encode([
      [
        1,
        [
          [1, apiVersion],
          [2, kind],
        ],
      ],
      [2, raw],
      [3, ''],
      [4, ''],
    ]),
  ]);

describe('protobuf request bodies', () => {
  const labels: Field[] = [
    [
      11,
      [
        [1, 'app'],
        [2, 'web'],
      ],
    ],
  ];
  const deployment: Field[] = [
    [1, [[1, 'web'], [2, ''], [3, ''], [8, []], ...labels]],
    [
      2,
      [
        [1, 3],
        [
          2,
          [
            [
              1,
              [
                [1, 'app'],
                [2, 'web'],
              ],
            ],
          ],
        ],
        [
          3,
          [
            [1, [[2, ''], ...labels]],
            [
              2,
              [
                [
                  2,
                  [
                    [1, 'nginx'],
                    [2, 'nginx:1.27'],
                    [5, ''],
                    [
                      6,
                      [
                        [3, 80],
                        [2, 0],
                      ],
                    ],
                    [8, []],
                    [16, 0],
                  ],
                ],
                [3, ''],
                [11, 0],
              ],
            ],
          ],
        ],
        [4, []],
        [5, 0],
        [7, 0],
      ],
    ],
    [3, []],
  ];
  it('decodes a Deployment as kubectl create deployment sends it, zero values left out', () => {
    expect(decodeProtobufObject(envelope('apps/v1', 'Deployment', deployment))).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', labels: { app: 'web' } },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: {
            containers: [
              { name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: {} },
            ],
          },
        },
        strategy: {},
      },
    });
  });
  it('reads a PodDisruptionBudget as kubectl create pdb sends it: an int 0, a percentage, matchExpressions', () => {
    // IntOrString: type (0 int, 1 string), intVal, strVal — every field written, zero or not
    const int0: Field[] = [
      [1, 0],
      [2, 0],
      [3, ''],
    ];
    const pct: Field[] = [
      [1, 1],
      [2, 0],
      [3, '50%'],
    ];
    const selector: Field[] = [
      [
        2,
        [
          [1, 'app'],
          [2, 'In'],
          [3, 'a'],
          [3, 'b'],
        ],
      ],
    ];
    const pdb = (spec: Field[]) =>
      decodeProtobufObject(
        envelope('policy/v1', 'PodDisruptionBudget', [
          [1, [[1, 'web']]],
          [2, spec],
          [3, [[1, 0]]],
        ]),
      );
    expect(
      pdb([
        [1, int0],
        [2, selector],
      ]),
    ).toEqual({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'web' },
      spec: {
        minAvailable: 0,
        selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['a', 'b'] }] },
      },
    });
    expect(pdb([[3, pct]]).spec).toEqual({ maxUnavailable: '50%' });
  });
  it('reads a PriorityClass as kubectl create priorityclass sends it: value 0 kept, a negative int32, false dropped', () => {
    const pc = (value: number, globalDefault: number, description: string) =>
      decodeProtobufObject(
        envelope('scheduling.k8s.io/v1', 'PriorityClass', [
          [1, [[1, 'low']]],
          [2, value],
          [3, globalDefault],
          [4, description],
          [5, 'Never'],
        ]),
      );
    expect(pc(0, 0, '')).toEqual({
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: 'low' },
      value: 0,
      preemptionPolicy: 'Never',
    });
    expect(pc(-5, 1, 'batch')).toMatchObject({ value: -5, globalDefault: true, description: 'batch' });
  });
  it('refuses a field it does not know rather than dropping it, and kinds it cannot decode', () => {
    const withUnknown: Field[] = [
      [
        1,
        [
          [1, 'web'],
          [99, 'surprise'],
        ],
      ],
    ];
    expect(() => decodeProtobufObject(envelope('apps/v1', 'Deployment', withUnknown))).toThrow(
      'cannot decode field 99 of a protobuf ObjectMeta',
    );
    expect(() => decodeProtobufObject(envelope('v1', 'ConfigMap', []))).toThrow(
      'cannot decode a protobuf v1 ConfigMap',
    );
    expect(() => decodeProtobufObject(new Uint8Array([1, 2, 3]))).toThrow('unknown format');
  });
});
