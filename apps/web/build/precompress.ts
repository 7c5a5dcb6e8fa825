import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: scripts, styles, the page, SVG, JSON and text. Images and fonts already are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this, headers cost more than the saving (the server sends such files as they are). */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
  }));
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * file of the build, once, at build time. The server sends the copy the browser accepts
 * (`@fastify/static` `preCompressed`), so no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'apron:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map(async (file) => {
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipAsync(content, { level: 9 }),
        ]);
        // A copy that is not smaller is useless: the plain file is served instead.
        if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
        if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
      }));
    },
  };
}
