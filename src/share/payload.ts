// Where a share link's payload is in a location hash: a module of its own, without the codec, so the
// page's entry can ask whether the address holds a link (src/main.tsx) without bringing the codec in.

/** The `s=` value of a location hash (`#s=…`, also among other `&`-separated fields), or null. */
export function sharePayload(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h) return null;
  for (const part of h.split('&')) {
    if (part.startsWith('s=')) return part.slice(2);
  }
  return null;
}
