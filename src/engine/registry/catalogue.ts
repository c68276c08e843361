// The registry catalogue: which tags of well-known images exist (researched from the registries'
// own listings; see the dated notes beside each entry). `docker.io/library/…` is a closed set: a
// repository there that is not a Docker official image does not exist. A repository the catalogue
// does not list is unknown: the playground cannot know, so it pulls.
//
// Placeholder until the catalogue lands: every reference is unknown (pulls).

/** What the catalogue knows of a fully qualified reference (`docker.io/library/nginx:1.27`). */
export type CatalogueAnswer = 'exists' | 'missing' | 'unknown';

/** Looks up a normalized reference (see kubelet/images.ts normalizeImage). */
export function catalogueLookup(ref: string): CatalogueAnswer {
  void ref;
  return 'unknown';
}
