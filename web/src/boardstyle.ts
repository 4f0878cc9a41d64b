// How a board is drawn, from the variant's board style (the server derives
// it from the variant's definition: GET /api/variants and the game state's
// boardStyle). Chess-like boards are checkered squares (style.css);
// xiangqi and janggi boards are lines with the pieces on their crossings,
// a river and palaces with diagonals. chessgroundx still places pieces in
// a grid of cells: the lines run through the cells' centres, so the
// pieces stand on the intersections.
export interface BoardStyle {
  geometry: 'squares' | 'intersections';
  theme?: '' | 'xiangqi' | 'janggi';
  river?: number; // ranks below the river, 0/absent: none
  palaces?: [string, string][]; // corner squares of each palace
  walls?: string; // how "*" squares look: duck, arrow, … ("" a block)
}

export const squaresStyle: BoardStyle = { geometry: 'squares' };

// boardKey names what of the style changes the board's build.
export const boardKey = (s?: BoardStyle) => (s ? `${s.geometry}/${s.theme ?? ''}/${s.river ?? 0}/${(s.palaces ?? []).join(';')}/${s.walls ?? ''}` : '');

const sqFile = (sq: string) => sq.charCodeAt(0) - 97;
const sqRank = (sq: string) => parseInt(sq.slice(1), 10) - 1;

// Colours of the wood and the lines, by theme.
const THEMES: Record<string, { wood: string; line: string; river: string }> = {
  xiangqi: { wood: '#eccf98', line: '#5a3716', river: 'rgba(70,130,180,0.16)' },
  janggi: { wood: '#f2d08a', line: '#3d2a12', river: 'transparent' },
};

// linesSvg draws an intersection board (files × ranks crossings) as an SVG
// document: every crossing is the centre of a 100×100 cell. flipped: seen
// from Black's side.
export function linesSvg(style: BoardStyle, files: number, ranks: number, flipped: boolean): string {
  const t = THEMES[style.theme || 'xiangqi'] ?? THEMES.xiangqi;
  const W = files * 100, H = ranks * 100;
  // x, y of the crossing of file f and rank r (0-based, rank 0 at White's side)
  const at = (f: number, r: number): [number, number] => {
    let x = f * 100 + 50, y = (ranks - 1 - r) * 100 + 50;
    if (flipped) [x, y] = [W - x, H - y];
    return [x, y];
  };
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${t.wood}"/>`];
  const line = (a: [number, number], b: [number, number], w = 3) =>
    parts.push(`<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${t.line}" stroke-width="${w}" stroke-linecap="square"/>`);
  const river = style.river && style.river > 0 && style.river < ranks ? style.river : 0;
  if (river) {
    const [x0, y0] = at(0, river - 1), [x1, y1] = at(files - 1, river);
    parts.push(`<rect x="${Math.min(x0, x1)}" y="${Math.min(y0, y1)}" width="${Math.abs(x1 - x0)}" height="${Math.abs(y1 - y0)}" fill="${t.river}"/>`);
  }
  for (let r = 0; r < ranks; r++) line(at(0, r), at(files - 1, r), r === 0 || r === ranks - 1 ? 5 : 3);
  for (let f = 0; f < files; f++) {
    const edge = f === 0 || f === files - 1;
    if (river && !edge) {
      line(at(f, 0), at(f, river - 1));
      line(at(f, river), at(f, ranks - 1));
    } else line(at(f, 0), at(f, ranks - 1), edge ? 5 : 3);
  }
  for (const [a, b] of style.palaces ?? []) {
    const f0 = sqFile(a), r0 = sqRank(a), f1 = sqFile(b), r1 = sqRank(b);
    line(at(f0, r0), at(f1, r1));
    line(at(f0, r1), at(f1, r0));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none">${parts.join('')}</svg>`;
}

// svgUrl makes a CSS url() of an SVG document.
export const svgUrl = (svg: string) => `url("data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}")`;

// applyBoardStyle sets the board element's classes and background for a
// style (called when the board is built and when it is flipped).
export function applyBoardStyle(boardEl: HTMLElement, style: BoardStyle | undefined, files: number, ranks: number, flipped: boolean) {
  const s = style ?? squaresStyle;
  const lines = s.geometry === 'intersections';
  boardEl.classList.toggle('geo-intersections', lines);
  for (const th of ['xiangqi', 'janggi']) boardEl.classList.toggle('theme-' + th, lines && (s.theme || 'xiangqi') === th);
  boardEl.dataset.geometry = s.geometry;
  if (lines) boardEl.style.setProperty('--board-lines', svgUrl(linesSvg(s, files, ranks, flipped)));
  else boardEl.style.removeProperty('--board-lines');
}

// describeStyle is a short phrase for the picker.
export function describeStyle(s?: BoardStyle): string {
  if (!s || s.geometry !== 'intersections') return '';
  const bits = ['pieces on the intersections'];
  if (s.river) bits.push('a river');
  if (s.palaces?.length) bits.push('palaces');
  return bits.join(', ').replace(/, ([^,]*)$/, ' and $1');
}
