// Regenerates src/engine/api/testdata/selectors.json: what the real kubectl's labels.Parse says of
// each selector, read from `kubectl top pod -l SELECTOR` (top's Validate parses the selector on the
// client before it reaches any server: an error is labels.Parse's; without one the command goes on to
// the (absent) server, recorded as `null`). Run: npx tsx tools/selectors/generate.ts

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findKubectl } from '../../src/server/realKubectl';

const SELECTORS = [
  // well formed
  'app',
  '!app',
  'app=web',
  'app==web',
  'app!=web',
  'app in (web)',
  'app in (web,db)',
  'app notin (web)',
  'app=',
  'app==',
  'app!=',
  'app in ()',
  'app in (,)',
  'app in (x,,y)',
  'app in (in,notin)',
  'in=x',
  'a>1',
  'a<-5',
  'a =   b',
  'x=y,!z,w in (1,2)',
  'a\tin\t(b)',
  'a\n=\nb',
  'Bad_Key=x',
  'example.com/app=web',
  ' app = web , tier ',
  '',
  // malformed
  'app in (web',
  'app notin (web',
  'app in (web db)',
  'app in web',
  'app in',
  'app in (web,',
  'app in (=)',
  'app in ((web))',
  '!',
  '!!a',
  '!a=b',
  'a!',
  'a b',
  'a=b c',
  'a in (x) b',
  'app=a=b',
  'a=(x)',
  'a==b==c',
  'a,',
  ',a',
  'a,,b',
  'a=b,',
  '=x',
  '()',
  ')',
  'a=!b',
  'a<x',
  'a>',
  'a>1.5',
  'a>99999999999999999999',
  'a>-x',
  'a=-x',
  'a=x-',
  `a=${'v'.repeat(64)}`,
  '-a',
  'a/b/c=x',
  '/a=x',
  'a/=x',
  'Example.com/a=x',
  `${'a'.repeat(64)}=x`,
  'a==!b',
  'a=>b',
  'a!==b',
  'a<>b',
  'notin',
  'in in (in)',
  'a in (b) notin (c)',
];

const kubectl = findKubectl();
if (kubectl === undefined) {
  console.error('no kubectl on PATH (set KUBECTL=…)');
  process.exit(1);
}
const cases: { selector: string; error: string | null }[] = [];
for (const selector of SELECTORS) {
  const r = spawnSync(kubectl.path, ['top', 'pod', '-l', selector], {
    env: { HOME: '/home/user', PATH: '/nonexistent', KUBECONFIG: '/dev/null' },
    encoding: 'utf8',
  });
  const text = r.stderr.trim();
  const parsed = text.startsWith('error: ') && !text.includes('connection to the server');
  cases.push({ selector, error: parsed ? text.slice('error: '.length) : null });
}
const out = join(import.meta.dirname, '../../src/engine/api/testdata/selectors.json');
writeFileSync(out, `${JSON.stringify({ kubectl: kubectl.version, cases }, null, 2)}\n`);
console.log(`${cases.length} selectors from ${kubectl.path} (${kubectl.version})`);
