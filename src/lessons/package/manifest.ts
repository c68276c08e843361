// The manifests of a lesson package (issue 25), pure: SCORM 1.2 and SCORM 2004 4th edition
// `imsmanifest.xml` (one SCO; sequencing left to the LMS, but for the primary objective that carries
// the lesson's passing score), and cmi5's `cmi5.xml` (one AU). tools/lms/xsd/ holds the published
// schemas they are checked against (src/lessons/package/manifest.test.ts, e2e/lms.spec.ts).

export type PackageStandard = 'scorm12' | 'scorm2004' | 'cmi5';
export const PACKAGE_STANDARDS: readonly PackageStandard[] = ['scorm12', 'scorm2004', 'cmi5'];

export interface PackageInfo {
  /** the lesson's id (`metadata.name`) */
  id: string;
  title: string;
  /** one line about it (cmi5 asks for a description) */
  description: string;
  /** 0–1, the lesson's `spec.passingScore` */
  passingScore?: number;
  /** what `?lesson=` says: a built-in's id or the file's name in the package */
  lessonRef: string;
  /** every file of the package but the manifest, `/`-separated */
  files: readonly string[];
}

/** The page the LMS opens, with the lesson, the standard and no service worker (the LMS's origin is not ours). */
export function launchUrl(standard: PackageStandard, lessonRef: string): string {
  return `index.html?lesson=${encodeURIComponent(lessonRef)}&lms=${standard}&offline=0`;
}

export function xmlEscape(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An XML ID (NCName) from the lesson's id (letters, digits, `-`, `.`). */
const ncname = (id: string) => `dsp-${id.replace(/[^A-Za-z0-9._-]/g, '-')}`;

/** The IRIs of the course and its AU: the lesson's id under the project's xAPI home. */
export function activityIri(id: string, part: 'course' | 'au'): string {
  return `https://playground.daemonset.dev/xapi/lessons/${encodeURIComponent(id)}/${part}`;
}

function files(info: PackageInfo, indent: string): string {
  return info.files.map((f) => `${indent}<file href="${xmlEscape(f)}"/>`).join('\n');
}

export function scorm12Manifest(info: PackageInfo): string {
  const id = ncname(info.id);
  const mastery =
    info.passingScore !== undefined
      ? `\n        <adlcp:masteryscore>${Math.round(info.passingScore * 100)}</adlcp:masteryscore>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xmlEscape(info.title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${xmlEscape(info.title)}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormtype="sco" href="${xmlEscape(launchUrl('scorm12', info.lessonRef))}">
${files(info, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

export function scorm2004Manifest(info: PackageInfo): string {
  const id = ncname(info.id);
  const seq =
    info.passingScore !== undefined
      ? `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="${id}-passed" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${info.passingScore}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${id}" version="1"
    xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="${id}-org">
    <organization identifier="${id}-org">
      <title>${xmlEscape(info.title)}</title>
      <item identifier="${id}-item" identifierref="${id}-sco" isvisible="true">
        <title>${xmlEscape(info.title)}</title>${seq}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${id}-sco" type="webcontent" adlcp:scormType="sco" href="${xmlEscape(launchUrl('scorm2004', info.lessonRef))}">
${files(info, '      ')}
    </resource>
  </resources>
</manifest>
`;
}

export function cmi5Manifest(info: PackageInfo): string {
  const lang = (s: string) => `<langstring lang="en-US">${xmlEscape(s)}</langstring>`;
  const mastery = info.passingScore !== undefined ? ` masteryScore="${info.passingScore}"` : '';
  const moveOn = info.passingScore !== undefined ? 'CompletedAndPassed' : 'Completed';
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${xmlEscape(activityIri(info.id, 'course'))}">
    <title>${lang(info.title)}</title>
    <description>${lang(info.description)}</description>
  </course>
  <au id="${xmlEscape(activityIri(info.id, 'au'))}" moveOn="${moveOn}"${mastery} launchMethod="AnyWindow">
    <title>${lang(info.title)}</title>
    <description>${lang(info.description)}</description>
    <url>${xmlEscape(launchUrl('cmi5', info.lessonRef))}</url>
  </au>
</courseStructure>
`;
}

export function manifestFor(standard: PackageStandard): {
  name: string;
  make: (info: PackageInfo) => string;
} {
  if (standard === 'scorm12') return { name: 'imsmanifest.xml', make: scorm12Manifest };
  if (standard === 'scorm2004') return { name: 'imsmanifest.xml', make: scorm2004Manifest };
  return { name: 'cmi5.xml', make: cmi5Manifest };
}
