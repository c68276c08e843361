// Image references as the kubelet parses them before a pull (distribution/reference's
// ParseNormalizedNamed, with go-digest's checks of a digest): the grammar, the Docker Hub
// normalization (`nginx` → `docker.io/library/nginx`) and upstream's error texts, word for word.
// A reference this rejects cannot be pulled (the kubelet reports InvalidImageName).

const ALNUM = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_NAME = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*`;
const IPV6 = '\\[(?:[a-fA-F0-9:]+)\\]';
const DOMAIN_AND_PORT = `(?:${DOMAIN_NAME}|${IPV6})(?::[0-9]+)?`;
const PATH_COMPONENT = `${ALNUM}(?:${SEPARATOR}${ALNUM})*`;
const REMOTE_NAME = `${PATH_COMPONENT}(?:/${PATH_COMPONENT})*`;
const NAME = `(?:${DOMAIN_AND_PORT}/)?${REMOTE_NAME}`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';

const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const ANCHORED_NAME = new RegExp(`^(?:(${DOMAIN_AND_PORT})/)?(${REMOTE_NAME})$`);
const IDENTIFIER = /^[a-f0-9]{64}$/;
/** go-digest's DigestRegexp (anchored) */
const GO_DIGEST = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;
/** the algorithms a kubelet links (go-digest: sha256, sha384, sha512), with their hex lengths */
const DIGEST_HEX_LENGTH = new Map([
  ['sha256', 64],
  ['sha384', 96],
  ['sha512', 128],
]);

/** distribution/reference's RepositoryNameTotalLengthMax */
const NAME_TOTAL_LENGTH_MAX = 255;

/** Longer text than any reference the registry could hold (a 255-character path, a tag, a domain, a digest). */
const MAX_REFERENCE_CHARS = 4096;

export class ImageReferenceError extends Error {}

/** A parsed reference: the repository's domain and path, and the tag and digest when given. */
export interface ImageReference {
  domain: string;
  path: string;
  tag?: string;
  digest?: string;
}

/** splitDockerDomain: the registry host, and the path (`library/` added for Docker Hub's one-word names). */
function splitDockerDomain(name: string): [string, string] {
  const slash = name.indexOf('/');
  if (slash < 0) return ['docker.io', `library/${name}`];
  const maybe = name.slice(0, slash);
  let domain: string;
  let remote: string;
  if (maybe === 'localhost' || /[.:]/.test(maybe) || maybe.toLowerCase() !== maybe)
    [domain, remote] = [maybe, name.slice(slash + 1)];
  else [domain, remote] = ['docker.io', name];
  if (domain === 'index.docker.io') domain = 'docker.io';
  if (domain === 'docker.io' && !remote.includes('/')) remote = `library/${remote}`;
  return [domain, remote];
}

/** go-digest's Digest.Validate: null when valid, else its error text. */
function digestProblem(d: string): string | null {
  const colon = d.indexOf(':');
  if (colon <= 0 || colon + 1 === d.length) return 'invalid checksum digest format';
  const algorithm = d.slice(0, colon);
  const encoded = d.slice(colon + 1);
  const length = DIGEST_HEX_LENGTH.get(algorithm);
  if (length === undefined)
    return GO_DIGEST.test(d) ? 'unsupported digest algorithm' : 'invalid checksum digest format';
  if (encoded.length !== length) return 'invalid checksum digest length';
  return /^[a-f0-9]+$/.test(encoded) ? null : 'invalid checksum digest format';
}

/**
 * ParseNormalizedNamed: `nginx:1.27` → {domain: docker.io, path: library/nginx, tag: 1.27}. Throws a
 * ImageReferenceError with upstream's text (`invalid reference format: repository name (library/Nginx)
 * must be lowercase`, `invalid reference format`, …).
 */
export function parseImageReference(s: string): ImageReference {
  if (s.length > MAX_REFERENCE_CHARS) throw new ImageReferenceError('invalid reference format');
  if (IDENTIFIER.test(s))
    throw new ImageReferenceError(
      `invalid repository name (${s}), cannot specify 64-byte hexadecimal strings`,
    );
  const [domain, remainder] = splitDockerDomain(s);
  const tagSep = remainder.indexOf(':');
  const remote = tagSep >= 0 ? remainder.slice(0, tagSep) : remainder;
  if (remote.toLowerCase() !== remote)
    throw new ImageReferenceError(`invalid reference format: repository name (${remote}) must be lowercase`);
  // reference.Parse of the qualified name
  const full = `${domain}/${remainder}`;
  const m = REFERENCE.exec(full);
  if (!m)
    throw new ImageReferenceError(
      REFERENCE.test(full.toLowerCase()) ? 'repository name must be lowercase' : 'invalid reference format',
    );
  const name = ANCHORED_NAME.exec(m[1]);
  const parsed: ImageReference = name ? { domain: name[1] ?? '', path: name[2] } : { domain: '', path: m[1] };
  if (parsed.path.length > NAME_TOTAL_LENGTH_MAX)
    throw new ImageReferenceError(
      `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters`,
    );
  if (m[2] !== undefined) parsed.tag = m[2];
  if (m[3] !== undefined) {
    const problem = digestProblem(m[3]);
    if (problem) throw new ImageReferenceError(problem);
    parsed.digest = m[3];
  }
  return parsed;
}

/** The reference's full text, `:latest` added when it has neither tag nor digest (TagNameOnly). */
export function formatImageReference(r: ImageReference): string {
  const name = r.domain ? `${r.domain}/${r.path}` : r.path;
  if (r.tag === undefined && r.digest === undefined) return `${name}:latest`;
  return `${name}${r.tag !== undefined ? `:${r.tag}` : ''}${r.digest !== undefined ? `@${r.digest}` : ''}`;
}

/** Per image text: a few distinct images, asked for at every pod's start (bounded). */
const normalized = new Map<string, string>();

/** `nginx:1.27` → `docker.io/library/nginx:1.27` (docker reference normalization). */
export function normalizeImage(image: string): string {
  const cached = normalized.get(image);
  if (cached !== undefined) return cached;
  const n = normalizeImageUncached(image);
  if (normalized.size > 10_000) normalized.clear();
  normalized.set(image, n);
  return n;
}

function normalizeImageUncached(image: string): string {
  // ParseNormalizedNamed + TagNameOnly (`docker.io/nginx` and `index.docker.io/nginx` are
  // `docker.io/library/nginx:latest`); a reference docker's grammar rejects is qualified by hand
  try {
    return formatImageReference(parseImageReference(image));
  } catch {
    // below
  }
  let name = image;
  const slash = name.indexOf('/');
  const first = slash < 0 ? '' : name.slice(0, slash);
  if (slash < 0) name = `docker.io/library/${name}`;
  else if (!first.includes('.') && !first.includes(':') && first !== 'localhost') name = `docker.io/${name}`;
  const lastSlash = name.lastIndexOf('/');
  if (!name.includes('@') && !name.slice(lastSlash + 1).includes(':')) name += ':latest';
  return name;
}
