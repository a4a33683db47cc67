// Shared by the Node tests: the package under test (dist/, built by `npm run build`) and the repository's test data.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';

export const here = dirname(fileURLToPath(import.meta.url));
export const jsDir = dirname(here);
export const root = dirname(jsDir);
export const perftDir = join(root, 'tests', 'data', 'perft');
import { existsSync } from 'node:fs';

if (!existsSync(join(jsDir, 'dist', 'index.js'))) {
  throw new Error('js/dist is missing: build the package first with `npm --prefix js run build`');
}
export const bg = await import(join(jsDir, 'dist', 'index.js'));

/** Rows "text<TAB>depth<TAB>nodes[<TAB>note]" of a perft table in tests/data/perft. */
export function perftRows(file) {
  return readFileSync(join(perftDir, file), 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [text, depth, nodes, note = ''] = l.split('\t');
      return { text: text.trim(), depth: Number(depth), nodes: Number(nodes), note };
    });
}
