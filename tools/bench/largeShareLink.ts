// Prints the `#s=…` fragment of a 1,000-node share link (the `large` preset, the article's DaemonSet
// applied, a minute run) for tools/bench/lighthouse.mjs's `mobile-share` page: made here with the
// page's own encoder, so the link is what the page's Share button would write.
//   npx tsx tools/bench/largeShareLink.ts [NODES]

import { ARTICLE_MANIFEST } from '../../src/engine/cluster/manifests';
import { encodeShared } from '../../src/share';

const nodes = Number(process.argv[2] ?? 1000);
process.stdout.write(
  `#s=${encodeShared({
    seed: 1,
    preset: 'large',
    nodes,
    inputs: [{ at: 0, line: 'kubectl apply -f -', stdin: ARTICLE_MANIFEST }],
    until: 60_000,
    editorText: ARTICLE_MANIFEST,
  })}`,
);
