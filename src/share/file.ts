// Scenario files: the state of a link too long to share as one, as readable JSON. Reading one is as
// strict as reading a link (same limits and checks).

import { decodeSharedJson, encodeScenarioFile } from './codec';
import { ShareError } from './errors';
import { LIMITS } from './limits';
import { readSharedState } from './index';
import type { SharedState } from './types';

export const SCENARIO_FILE_NAME = 'daemonset-playground-scenario.json';

/** A dropped or chosen file's text: a scenario file, or a text holding a share link. */
export function parseScenarioText(text: string): SharedState {
  const t = text.trim();
  if (t.startsWith('{')) return decodeSharedJson(t);
  const hash = /#(s=[A-Za-z0-9._%-]+)/.exec(t);
  if (hash && t.length <= LIMITS.maxPayloadChars + 2000) {
    const s = readSharedState(`#${hash[1]}`);
    if (s) return s;
  }
  throw new ShareError('file', 'neither a scenario file nor a share link');
}

export async function readScenarioFile(file: Blob): Promise<SharedState> {
  if (file.size > LIMITS.maxFileBytes)
    throw new ShareError('tooLarge', `more than ${LIMITS.maxFileBytes} bytes`);
  let text: string;
  try {
    text = await file.text();
  } catch {
    throw new ShareError('file', 'unreadable');
  }
  return parseScenarioText(text);
}

/** Offers the state as a file download. */
export function downloadScenario(s: SharedState): void {
  const blob = new Blob([encodeScenarioFile(s)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = SCENARIO_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
