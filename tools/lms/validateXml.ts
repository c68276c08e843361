// Checks a package's manifest against the published schemas bundled in xsd/ (README there says where
// each came from), offline, with libxml2 (xmllint-wasm). One entry schema per standard imports the
// namespaces a manifest uses, as the schemaLocation pairs of a manifest would.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const XSD = fileURLToPath(new URL('./xsd/', import.meta.url));

export type Standard = 'scorm12' | 'scorm2004' | 'cmi5';

function importing(imports: [namespace: string, file: string][]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:dsp:all" elementFormDefault="qualified">
${imports.map(([ns, f]) => `  <xsd:import namespace="${ns}" schemaLocation="${f}"/>`).join('\n')}
</xsd:schema>
`;
}

const ENTRY: Record<Standard, string | [string, string][]> = {
  scorm12: [
    ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'imscp_rootv1p1p2.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_rootv1p2', 'adlcp_rootv1p2.xsd'],
  ],
  scorm2004: [
    ['http://www.imsglobal.org/xsd/imscp_v1p1', 'imscp_v1p1.xsd'],
    ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp_v1p3.xsd'],
    ['http://www.adlnet.org/xsd/adlseq_v1p3', 'adlseq_v1p3.xsd'],
    ['http://www.adlnet.org/xsd/adlnav_v1p3', 'adlnav_v1p3.xsd'],
    ['http://www.imsglobal.org/xsd/imsss', 'imsss_v1p0.xsd'],
  ],
  cmi5: 'CourseStructure.xsd',
};

/** The schema's errors for a manifest (empty: valid). */
export async function validateManifest(standard: Standard, xml: string): Promise<string[]> {
  const dir = join(XSD, standard);
  const files = readdirSync(dir).filter((f) => f.endsWith('.xsd'));
  const entry = ENTRY[standard];
  const main = typeof entry === 'string' ? readFileSync(join(dir, entry), 'utf8') : importing(entry);
  const preload = files
    .filter((f) => f !== entry)
    .map((f) => ({ fileName: f, contents: readFileSync(join(dir, f), 'utf8') }));
  const r = await validateXML({
    xml: [{ fileName: standard === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml', contents: xml }],
    schema: [{ fileName: 'entry.xsd', contents: main }],
    preload,
  });
  return r.valid ? [] : r.errors.map((e) => e.message ?? e.rawMessage);
}
