// montageHTML bundles web/e2e/montage-entry.ts (the app's piece drawing)
// into one page that shows every catalogue variant's pieces
// (web/unit/fixtures/catalogue-pieces.json, kept by a Go test in server/).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
export const catalogue = JSON.parse(readFileSync(join(web, "unit/fixtures/catalogue-pieces.json"), "utf8")).variants;

// the cburnett images chessgroundx ships, as build.mjs exposes them
const cburnett = {
  name: 'cburnett',
  setup(b) {
    b.onResolve({ filter: /^virtual:cburnett$/ }, (a) => ({ path: a.path, namespace: 'cburnett' }));
    b.onLoad({ filter: /.*/, namespace: 'cburnett' }, () => {
      const css = readFileSync(join(web, 'node_modules/chessgroundx/assets/chessground.cburnett.css'), 'utf8');
      const images = { white: {}, black: {} };
      for (const m of css.matchAll(/piece\.(\w+)\.(white|black)\s*\{\s*background-image:\s*url\('([^']+)'\)/g)) images[m[2]][m[1]] = m[3];
      return { contents: 'export default ' + JSON.stringify(images) + ';', loader: 'js' };
    });
  },
};

export async function montageHTML() {
  const r = await esbuild.build({
    entryPoints: [join(web, 'e2e/montage-entry.ts')], bundle: true, write: false, format: 'iife', plugins: [cburnett], logLevel: 'warning',
  });
  const js = r.outputFiles[0].text;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{font:12px Arial,sans-serif;background:#e9e4d8;margin:8px}
.row{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:3px 0;padding:3px;background:#f7f4ec;border-radius:4px}
.row b{width:110px}
.cell{display:inline-flex;flex-direction:column;align-items:center;background:#d7b98a;border-radius:3px;padding:2px}
.cell img{width:44px;height:44px}
.cell small{font-size:9px;color:#333}
.key{margin:4px 0 8px;font-size:13px}
</style></head><body><div class="key">houserules piece images (web/src/pieces.ts): per piece type White, Black, and promoted. Movement diagrams (Black's drawn as Black moves): dot = moves and captures there, ring = moves only, red cross = captures only, arrow = slides, dashed = hops over a piece; the small grey square is the piece itself. Shogi pieces point toward the opponent (kanji where the browser has a CJK font, else the letter and diagram).</div><div id="m"></div><script>${js.replace(/<\/script/g, '<\\/script')}</script></body></html>`;
}
