// The piece montage (web/e2e/pieces.mjs bundles this with the app's
// modules): every catalogue variant's piece types, White's and Black's, as
// the game page draws them (pieces.ts), with their names; the images'
// data URLs are kept for the test in window.__montage.
import { installPieceStyles, pieceImage, type PieceInfo } from '../src/pieces';

interface V { name: string; pieces: PieceInfo[]; boardStyle: any }

export function montage(vs: V[], only?: string[]) {
  const root = document.getElementById('m')!;
  const out: Record<string, Record<string, string[]>> = {};
  for (const v of vs) {
    if (only && !only.includes(v.name)) continue;
    installPieceStyles(v.pieces, v.boardStyle);
    const row = document.createElement('div');
    row.className = 'row';
    const h = document.createElement('b');
    h.textContent = v.name;
    row.append(h);
    out[v.name] = {};
    for (const p of v.pieces) {
      const imgs = [pieceImage(v.pieces, p.letter, 'white'), pieceImage(v.pieces, p.letter, 'black')];
      if (p.promoted) imgs.push(pieceImage(v.pieces, '+' + p.letter, 'white'));
      out[v.name][p.letter] = imgs;
      const cell = document.createElement('span');
      cell.className = 'cell';
      cell.title = `${p.letter} ${p.name} ${p.betza}`;
      for (const src of imgs) {
        const i = document.createElement('img');
        i.src = src;
        cell.append(i);
      }
      const cap = document.createElement('small');
      cap.textContent = `${p.letter} ${p.name.replace('customPiece', 'cp')}`;
      cell.append(cap);
      row.append(cell);
    }
    root.append(row);
  }
  (window as any).__montage = out;
}
(window as any).montage = montage;
