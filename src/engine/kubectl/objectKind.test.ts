import { describe, expect, it } from 'vitest';
import { Session } from '../script/session';

const create = (doc: string, flags = '') =>
  new Session({ seed: 1 })
    .exec(`kubectl create --dry-run=client ${flags}-f -`, doc)
    .chunks.map((c) => c.text)
    .join('');
const validating = (msg: string) =>
  `error: error validating "STDIN": error validating data: ${msg}; if you choose to ignore these errors, turn validation off with --validate=false\n`;

// validation.getObjectKind runs before the builder decodes a document: each case checked with the
// real kubectl 1.33 (`kubectl create --dry-run=client -f -`).
describe('kubectl validates apiVersion and kind before decoding', () => {
  it.each([
    ['apiVersion: v1\nkind: 5\nmetadata:\n  name: x', "kind isn't string type"],
    ['apiVersion: 5\nkind: Pod\nmetadata:\n  name: x', "apiVersion isn't string type"],
    ['apiVersion: false\nkind: Pod', "apiVersion isn't string type"],
    ['kind: 5', "[apiVersion not set, kind isn't string type]"],
    ['apiVersion: a/b/c\nkind: Pod', 'unexpected GroupVersion string: a/b/c'],
    ['hello', 'invalid object to validate'],
    ['5', 'invalid object to validate'],
    ['- a\n  - b', 'invalid object to validate'],
  ])('%j', (doc, msg) => {
    expect(create(doc)).toBe(validating(msg));
  });

  it('with --validate=false the builder decodes it and says what it cannot decode', () => {
    expect(create('apiVersion: v1\nkind: 5\nmetadata:\n  name: x', '--validate=false ')).toBe(
      'error: unable to decode "STDIN": Object \'Kind\' is missing in \'{"apiVersion":"v1","kind":5,"metadata":{"name":"x"}}\'\n',
    );
  });
});
