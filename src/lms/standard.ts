// Which course-platform standard the page reports to (issue 25): the package's launch URL says it with
// `lms=scorm12|scorm2004|cmi5|jsinput`. Anything else: none (the page works as it always did).

export const STANDARDS = ['scorm12', 'scorm2004', 'cmi5', 'jsinput'] as const;
export type Standard = (typeof STANDARDS)[number];

export function standardOf(search: string): Standard | null {
  const v = new URLSearchParams(search).get('lms');
  return v !== null && (STANDARDS as readonly string[]).includes(v) ? (v as Standard) : null;
}
