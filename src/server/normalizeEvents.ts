// `kubectl events` computes LAST SEEN on the client, from the machine's clock (event_printer.go
// getInterval: time.Since), while the transcripts' simulated clock starts at a fixed time: in the
// output of a `$ kubectl events` line the age cell (`5s`, `2m (x3 over 4m)`) is masked and the
// row's tabwriter spacing collapsed, as normalize.ts does for describe's Events table.

const AGE = String.raw`(?:<unknown>|<invalid>|\d+[smhdy](?:\d+[smhd])?(?: \(x\d+ over (?:\d+[smhdy](?:\d+[smhd])?|<unknown>)\))?)`;
const HEADING = /^(NAMESPACE\s+)?LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/;
const ROW = new RegExp(String.raw`^(?:(\S+)\s{3,})?${AGE}\s{3,}(\S+)\s{3,}(\S+)\s{3,}(\S+)(?:\s{3,}(.*))?$`);

function eventsLine(line: string): string {
  if (HEADING.test(line)) return line.replace(/\s{2,}/g, ' ');
  const m = ROW.exec(line);
  if (!m) return line;
  return [m[1], '<age>', m[2], m[3], m[4], m[5]].filter((c) => c !== undefined).join(' ');
}

/** Masks the client-computed ages in the output of each `$ kubectl events …` line of a transcript. */
export function maskEventAges(lines: string[]): string[] {
  let inEvents = false;
  return lines.map((l) => {
    if (l.startsWith('$ ')) {
      inEvents = /^\$ kubectl events(\s|$)/.test(l);
      return l;
    }
    return inEvents ? eventsLine(l) : l;
  });
}
