// The share-link payload: `<version>.<data>`. Format v1: base64url of
//   deflate-raw(UTF-8 JSON, level 9, preset dictionary v1) ‖ CRC-32 of the JSON bytes (4 bytes, big-endian)
// JSON (wire form): {v:1, seed, preset, nodes?, inputs: [[at, line, stdin?]…], until, editorText, lesson?, step?,
// placed?: [[node, col, row]…]} (placed: the node cards the user moved; links without it open as before).
// A link made today must open forever: `decoders` keeps every version's reader; a new format adds a
// version and a decoder next to the old ones, and the v1 sample links in fixtures.ts keep being tested.

import { deflateSync, Inflate, strToU8 } from 'fflate';
import { fromBase64url, toBase64url } from '../wire/base64url';
import { crc32 } from './crc32';
import { DICTIONARY_V1_TEXT } from './dictionary';
import { ShareError } from './errors';
import { LIMITS } from './limits';
import type { SharedState } from './types';
import { validateV1 } from './validate';

/** The version new links are written in. */
export const CURRENT_VERSION = 1;

const DICTIONARY_V1 = strToU8(DICTIONARY_V1_TEXT);

/** The JSON object of format v1 (also the body of a scenario file). */
export function toWireV1(s: SharedState): Record<string, unknown> {
  const o: Record<string, unknown> = { v: 1, seed: s.seed, preset: s.preset };
  if (s.nodes !== undefined) o.nodes = s.nodes;
  o.inputs = s.inputs.map((i) => (i.stdin !== undefined ? [i.at, i.line, i.stdin] : [i.at, i.line]));
  o.until = s.until;
  o.editorText = s.editorText;
  if (s.lesson !== undefined) o.lesson = s.lesson;
  if (s.step !== undefined) o.step = s.step;
  if (s.placed?.length) o.placed = s.placed;
  return o;
}

function encodeV1(s: SharedState): string {
  const json = strToU8(JSON.stringify(toWireV1(s)));
  const packed = deflateSync(json, { level: 9, mem: 8, dictionary: DICTIONARY_V1 });
  const out = new Uint8Array(packed.length + 4);
  out.set(packed);
  new DataView(out.buffer).setUint32(packed.length, crc32(json));
  return `1.${toBase64url(out)}`;
}

/**
 * Inflates at most `cap` bytes. The input goes in by small slices, so a decompression bomb is stopped
 * after about cap + 1 MB of output (deflate expands 1 KiB to at most ~1 MB), not when memory runs out.
 */
export function inflateCapped(data: Uint8Array, cap: number, dictionary?: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const inflater = new Inflate(dictionary ? { dictionary } : {}, (chunk) => {
    size += chunk.length;
    if (size > cap) over = true;
    else parts.push(chunk);
  });
  const SLICE = 1024;
  try {
    for (let i = 0; i < data.length && !over; i += SLICE) {
      inflater.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
    }
    if (data.length === 0) inflater.push(data, true);
  } catch {
    if (over) throw new ShareError('tooLargeInflated', `more than ${cap} bytes`);
    throw new ShareError('damaged', 'the compressed data is cut short or corrupt');
  }
  if (over) throw new ShareError('tooLargeInflated', `more than ${cap} bytes`);
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new ShareError('damaged', 'not UTF-8');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ShareError('shape', 'not JSON');
  }
}

function decodeV1(data: string): SharedState {
  const bytes = fromBase64url(data);
  if (!bytes) throw new ShareError('garbage', 'not base64url');
  if (bytes.length < 6) throw new ShareError('damaged', 'too short');
  const packed = bytes.subarray(0, bytes.length - 4);
  const expected = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 4, 4).getUint32(0);
  const json = inflateCapped(packed, LIMITS.maxInflatedBytes, DICTIONARY_V1);
  if (crc32(json) !== expected) throw new ShareError('damaged', 'checksum mismatch');
  return validateV1(parseJson(json));
}

/** Every format version ever written, with its reader. Never remove one. */
export const decoders: Readonly<Record<number, (data: string) => SharedState>> = {
  1: decodeV1,
};

/** Readers of the JSON form by version (scenario files). */
export const jsonDecoders: Readonly<Record<number, (json: unknown) => SharedState>> = {
  1: validateV1,
};

export const encoders: Readonly<Record<number, (s: SharedState) => string>> = {
  1: encodeV1,
};

/** The `s=` payload of a state, in the current version. */
export function encodeShared(s: SharedState): string {
  return encoders[CURRENT_VERSION](s);
}

/** Reads an `s=` payload of any known version; throws ShareError when it cannot. */
export function decodeShared(payload: string): SharedState {
  if (payload.length > LIMITS.maxPayloadChars)
    throw new ShareError('tooLarge', `more than ${LIMITS.maxPayloadChars} characters`);
  const m = /^(\d{1,4})\.([\s\S]*)$/.exec(payload);
  if (!m) throw new ShareError('garbage', 'no version prefix');
  const decode = decoders[Number(m[1])];
  if (!decode) throw new ShareError('version', `unknown format version ${Number(m[1])}`);
  return decode(m[2]);
}

/** Parses already-decompressed JSON text (a scenario file), any known version. */
export function decodeSharedJson(text: string): SharedState {
  if (text.length > LIMITS.maxFileBytes)
    throw new ShareError('tooLarge', `more than ${LIMITS.maxFileBytes} characters`);
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    throw new ShareError('file', 'not JSON');
  }
  if (typeof x !== 'object' || x === null || Array.isArray(x))
    throw new ShareError('file', 'not a JSON object');
  const { format, ...rest } = x as Record<string, unknown>;
  if (format !== SCENARIO_FILE_FORMAT)
    throw new ShareError('file', 'not a DaemonSet Playground scenario file');
  const v = rest.v;
  const decode = typeof v === 'number' ? jsonDecoders[v] : undefined;
  if (!decode)
    throw new ShareError('version', `unknown format version ${String(typeof v === 'number' ? v : '?')}`);
  return decode(rest);
}

export const SCENARIO_FILE_FORMAT = 'daemonset-playground-scenario';

/** A scenario file: the same state as a link, as readable JSON. */
export function encodeScenarioFile(s: SharedState): string {
  return JSON.stringify({ format: SCENARIO_FILE_FORMAT, ...toWireV1(s) }, null, 2) + '\n';
}
