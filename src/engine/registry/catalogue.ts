// The registry catalogue: which tags of well-known images exist, researched from the registries'
// own sources (catalogue/official.ts and catalogue/projects.ts say where from and when, per
// repository). The rules:
// - `docker.io/library/…` is a closed set, the Docker official images: a name there that is not one
//   (`ngnix`) does not exist, whatever the tag.
// - A catalogued repository has exactly the tags listed: another tag (`1.99`, `v9.9.9-typo`) is
//   missing.
// - A repository the catalogue does not list, or an official image whose tags it does not list, is
//   unknown: the playground cannot know, so it pulls. So are the few tag ranges of a catalogued
//   repository whose existence could not be established (each listed with the reason in the data).
// - A reference by digest (`…@sha256:…`) is unknown unless its repository cannot exist: digests
//   cannot be known ahead, and the registry resolves a digest without looking at the tag.
// The data is compiled into the page (no I/O); each repository's tag patterns are parsed the first time
// the repository is looked up, and matched without spelling the tags out.

import { braceMatcher } from './braces';
import { OFFICIAL_IMAGES, OFFICIAL_TAGS } from './catalogue/official';
import { PROJECT_TAGS } from './catalogue/projects';

/** What the catalogue knows of a fully qualified reference (`docker.io/library/nginx:1.27`). */
export type CatalogueAnswer = 'exists' | 'missing' | 'unknown';

const LIBRARY = 'docker.io/library/';

/** One repository's tags (and the tags it cannot vouch for either way), compiled on first use. */
class TagSet {
  private tags: ((tag: string) => boolean) | undefined;
  private uncertain: ((tag: string) => boolean) | undefined;

  constructor(
    private readonly patterns: string,
    private readonly unknownPatterns = '',
  ) {}

  answer(tag: string): CatalogueAnswer {
    this.tags ??= braceMatcher(this.patterns);
    if (this.tags(tag)) return 'exists';
    this.uncertain ??= braceMatcher(this.unknownPatterns);
    return this.uncertain(tag) ? 'unknown' : 'missing';
  }
}

const officialNames = new Set(OFFICIAL_IMAGES);

/** repository (`quay.io/cilium/cilium`) → its tags; aliases share one TagSet */
const repositories = new Map<string, TagSet>();
for (const [name, patterns] of OFFICIAL_TAGS) repositories.set(LIBRARY + name, new TagSet(patterns));
for (const { repos, tags, unknown } of PROJECT_TAGS) {
  const set = new TagSet(tags, unknown);
  for (const repo of repos) repositories.set(repo, set);
}

/** ref → answer: a cluster pulls a few distinct images many times (bounded like kubelet/images.ts) */
const answers = new Map<string, CatalogueAnswer>();

/** Looks up a normalized reference (see reference.ts normalizeImage). */
export function catalogueLookup(ref: string): CatalogueAnswer {
  const known = answers.get(ref);
  if (known !== undefined) return known;
  if (answers.size > 10_000) answers.clear();
  const answer = lookupUncached(ref);
  answers.set(ref, answer);
  return answer;
}

function lookupUncached(ref: string): CatalogueAnswer {
  const at = ref.indexOf('@');
  const named = at < 0 ? ref : ref.slice(0, at);
  const colon = named.indexOf(':', named.lastIndexOf('/') + 1);
  const repo = colon < 0 ? named : named.slice(0, colon);
  if (repo.startsWith(LIBRARY) && !officialNames.has(repo.slice(LIBRARY.length))) return 'missing';
  if (at >= 0) return 'unknown';
  const tags = repositories.get(repo);
  if (tags === undefined) return 'unknown';
  return tags.answer(colon < 0 ? 'latest' : named.slice(colon + 1));
}
