// Where a lesson may come from (issue 13): `?lesson=ID` names a built-in; `?lesson=URL` a file that is
// relative, on the page's own origin, or on an origin listed in `origin=` — no others. Pure: the page
// fetches what this allows.

export type LessonRef =
  { kind: 'builtin'; id: string } | { kind: 'url'; url: string } | { kind: 'error'; message: string };

/** A value that names a file rather than a built-in: it has a slash, a scheme or a file extension. */
export function looksLikeUrl(value: string): boolean {
  return /[/\\:]/.test(value) || /\.(ya?ml|json)$/i.test(value);
}

export function resolveLessonRef(
  value: string,
  opts: { pageUrl: string; allowedOrigins: ReadonlySet<string>; isBuiltin: (id: string) => boolean },
): LessonRef {
  const v = value.trim();
  if (!v) return { kind: 'error', message: 'lesson= is empty' };
  if (v.length > 2048) return { kind: 'error', message: 'the lesson address is too long' };
  if (!looksLikeUrl(v)) {
    return opts.isBuiltin(v)
      ? { kind: 'builtin', id: v }
      : { kind: 'error', message: `there is no built-in lesson "${v.slice(0, 80)}"` };
  }
  let u: URL;
  try {
    u = new URL(v, opts.pageUrl);
  } catch {
    return { kind: 'error', message: `"${v.slice(0, 80)}" is not a lesson address` };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    return { kind: 'error', message: `a lesson address must be http(s), not ${u.protocol}` };
  if (u.username || u.password)
    return { kind: 'error', message: 'a lesson address may not hold a user name or password' };
  if (!isAllowedLessonOrigin(u.origin, opts.pageUrl, opts.allowedOrigins)) {
    return {
      kind: 'error',
      message: `lessons from ${u.origin} are not allowed: the page loads lessons from its own origin and from origins listed in origin=`,
    };
  }
  return { kind: 'url', url: u.href };
}

export function isAllowedLessonOrigin(
  origin: string,
  pageUrl: string,
  allowed: ReadonlySet<string>,
): boolean {
  let self: string;
  try {
    self = new URL(pageUrl).origin;
  } catch {
    return false;
  }
  return origin !== 'null' && (origin === self || allowed.has(origin));
}

/** A dropped or opened file that is a lesson (not a scenario file, which the share layer opens). */
export function isLessonFileName(name: string): boolean {
  return /\.(ya?ml|lesson\.json)$/i.test(name);
}
