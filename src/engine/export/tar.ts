// A tar archive (POSIX ustar, as `tar` on Linux, macOS and Windows 10+ reads it) from files held in
// memory: the page's export downloads one file. Pure: the modification time is an input.
// Format: https://pubs.opengroup.org/onlinepubs/9699919799/utilities/pax.html#tag_20_92_13_06

export interface TarEntry {
  /** path inside the archive; a folder's ends with `/` */
  name: string;
  /** a file's contents (text is written as UTF-8) */
  data?: string | Uint8Array;
  /** permission bits (default 0644 for files, 0755 for folders) */
  mode?: number;
}

const BLOCK = 512;
/** tar programs write and expect whole records of 20 blocks */
const RECORD = 20 * BLOCK;
const utf8 = new TextEncoder();

export class TarError extends Error {}

/** Writes `value` as zero-padded octal of `width - 1` digits and a NUL. */
function octal(h: Uint8Array, at: number, width: number, value: number): void {
  const text = value.toString(8).padStart(width - 1, '0');
  if (text.length > width - 1) throw new TarError(`${value} does not fit a ${width}-byte tar field`);
  h.set(utf8.encode(text), at);
  h[at + width - 1] = 0;
}

/** ustar keeps a long path as a prefix (up to 155 bytes) and a name (up to 100), split at a `/`. */
function splitName(path: string): { prefix: Uint8Array; name: Uint8Array } {
  const whole = utf8.encode(path);
  if (whole.length <= 100) return { prefix: new Uint8Array(0), name: whole };
  for (let i = path.length - 1; i > 0; i--) {
    if (path[i] !== '/' || i === path.length - 1) continue;
    const prefix = utf8.encode(path.slice(0, i));
    const name = utf8.encode(path.slice(i + 1));
    if (prefix.length <= 155 && name.length <= 100 && name.length > 0) return { prefix, name };
  }
  throw new TarError(`the path "${path}" is too long for a tar archive (ustar: 155 + 100 bytes)`);
}

function header(path: string, size: number, mode: number, mtime: number, folder: boolean): Uint8Array {
  const h = new Uint8Array(BLOCK);
  const { prefix, name } = splitName(path);
  h.set(name, 0);
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0); // uid
  octal(h, 116, 8, 0); // gid
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h[156] = folder ? 0x35 : 0x30; // typeflag '5' (folder) or '0' (file)
  h.set(utf8.encode('ustar\u0000'), 257);
  h.set(utf8.encode('00'), 263);
  octal(h, 329, 8, 0); // devmajor
  octal(h, 337, 8, 0); // devminor
  h.set(prefix, 345);
  // The checksum: the sum of the header's bytes with its own field taken as spaces.
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of h) sum += b;
  h.set(utf8.encode(sum.toString(8).padStart(6, '0')), 148);
  h[154] = 0;
  h[155] = 0x20;
  return h;
}

/** The archive of `entries`, in their order; `mtime` in seconds since 1970 for every entry. */
export function tar(entries: readonly TarEntry[], mtime: number): Uint8Array {
  const seen = new Set<string>();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (const e of entries) {
    const folder = e.name.endsWith('/');
    if (!e.name || e.name.startsWith('/') || e.name.split('/').includes('..'))
      throw new TarError(`"${e.name}" is not a relative path inside the archive`);
    if (seen.has(e.name)) throw new TarError(`"${e.name}" is in the archive twice`);
    seen.add(e.name);
    const data = folder
      ? new Uint8Array(0)
      : typeof e.data === 'string'
        ? utf8.encode(e.data)
        : (e.data ?? new Uint8Array(0));
    parts.push(
      header(e.name, data.length, e.mode ?? (folder ? 0o755 : 0o644), Math.max(0, Math.floor(mtime)), folder),
    );
    length += BLOCK;
    if (data.length > 0) {
      parts.push(data);
      length += Math.ceil(data.length / BLOCK) * BLOCK;
    }
  }
  // Two zero blocks end the archive; the last record is filled up with zeros.
  length = Math.ceil((length + 2 * BLOCK) / RECORD) * RECORD;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += Math.ceil(p.length / BLOCK) * BLOCK;
  }
  return out;
}
