import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A minimal POSIX ustar writer and reader for the backup archive: regular files only, written and
 * read in order, so any `tar` can list and unpack an archive (`tar tvf backup.tar`). The archive
 * holds already-compressed parts (pg_dump's custom format, a gzipped PGlite dump, uploads that are
 * mostly PDFs and images), so it is not compressed again.
 */
const BLOCK = 512;

export interface TarSource {
  /** The path inside the archive (forward slashes). */
  name: string;
  size: number;
  /** Opened only when the entry is written, so a large archive never holds every file at once. */
  open(): Readable;
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive file. */
  offset: number;
}

function writeString(header: Buffer, value: string, offset: number, length: number): void {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  writeString(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

/** ustar splits a long name at a slash into a prefix (155 bytes) and a name (100 bytes). */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`A file name too long for the archive: ${name}`);
}

function headerOf(entry: { name: string; size: number }, mtime: number): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.name);
  writeString(header, base, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, entry.size, 124, 12);
  writeOctal(header, mtime, 136, 12);
  header.fill(' ', 148, 156); // the checksum counts its own field as spaces
  header.write('0', 156); // a regular file
  writeString(header, 'ustar\0', 257, 6);
  writeString(header, '00', 263, 2);
  writeString(header, prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Write the entries, in order, to a new file (never over an existing one). */
export async function writeTar(file: string, sources: Iterable<TarSource> | AsyncIterable<TarSource>): Promise<void> {
  const mtime = Math.floor(Date.now() / 1000);
  async function* blocks(): AsyncGenerator<Buffer> {
    for await (const source of sources) {
      yield headerOf(source, mtime);
      let written = 0;
      for await (const chunk of source.open()) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (written !== source.size) throw new Error(`${source.name} changed while it was archived (${written} bytes, expected ${source.size})`);
      yield padding(written);
    }
    // The end of the archive: two empty blocks.
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), fs.createWriteStream(file, { flags: 'wx' }));
}

function readString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = readString(header, offset, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/** The regular files of an archive with where their bytes are (the archive is read by offset). */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    let offset = 0;
    while (offset + BLOCK <= total) {
      await handle.read(header, 0, BLOCK, offset);
      if (header.every((byte) => byte === 0)) break;
      if (readString(header, 257, 5) !== 'ustar') throw new Error('Not a backup archive (no tar header where one belongs).');
      const prefix = readString(header, 345, 155);
      const base = readString(header, 0, 100);
      const size = readOctal(header, 124, 12);
      const type = readString(header, 156, 1);
      if (offset + BLOCK + size > total) throw new Error('The archive is truncated.');
      if (type === '0' || type === '') entries.push({ name: prefix ? `${prefix}/${base}` : base, size, offset: offset + BLOCK });
      offset += BLOCK + size + padding(size).length;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

export function openEntry(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

export async function readEntry(file: string, entry: TarEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of openEntry(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Copy an entry to a file of its own (the directory is made). */
export async function extractEntry(file: string, entry: TarEntry, target: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  await pipeline(openEntry(file, entry), fs.createWriteStream(target, { flags: 'wx' }));
}
