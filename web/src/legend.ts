// The legend of a ruleset's pieces: each piece type with its image (the
// game's piece set: <piece class="{letter}-piece white">, styled by the
// sheet pieces.ts installs), name, letter, Betza, value, and a diagram of
// its moves as the engine computes them (the server's legendOf: the piece
// alone on its diagram square, the engine's move generator asked where it
// moves, captures, hops over a screen, and what it only does from an
// initial square). Nothing here re-reads the Betza text.
import { el } from './util';
import type { PieceInfo } from './pieces';

export type SquareKind = 'move' | 'capture' | 'both' | 'hop' | 'initial';

export interface DiagramSquare {
  sq: string;
  kind: SquareKind;
  hop?: boolean; // a move or capture square the piece also reaches over a screen
}

export interface LegendPiece {
  letter: string;
  name: string;
  type: string; // variants.ini type name (what the piece images key on)
  betza: string;
  value: number; // centipawns; 0 for a royal piece
  royal: boolean;
  promotesTo?: string;
  diagram?: {
    files: number;
    ranks: number;
    from: string;
    fen: string;
    squares: DiagramSquare[];
    initialFrom?: string;
    initialFen?: string;
    captureWith?: string;
    holes?: string[]; // squares of the rectangle that are not on the board
  };
}

// pieceInfos turns legend entries into the PieceInfo list pieces.ts
// styles (for a page without a game: the home page's preview).
export const pieceInfos = (pieces: LegendPiece[]): PieceInfo[] =>
  pieces.map((p) => ({ letter: p.letter, name: p.type, betza: p.betza, royal: p.royal }));

const SVG = 'http://www.w3.org/2000/svg';
function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, ...kids: SVGElement[]): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...kids);
  return e;
}

// pieceEl is the piece's image as the board draws it.
export function pieceEl(letter: string, color: 'white' | 'black' = 'white'): HTMLElement {
  const p = document.createElement('piece');
  p.className = `${letter}-piece ${color}`;
  return p;
}

const KIND_TEXT: Record<SquareKind, string> = {
  move: 'moves there (no capture)',
  capture: 'captures there (does not move there otherwise)',
  both: 'moves or captures there',
  hop: 'goes there only over a screen (a piece between)',
  initial: 'only from its starting squares (first move)',
};

// mark draws the mark of one kind centred at (x, y) in a cell of size c.
function mark(kind: SquareKind, x: number, y: number, c: number, hop = false): SVGGElement {
  const g = svg('g', { class: 'dg-mark dg-' + kind });
  const r = c * 0.36;
  switch (kind) {
    case 'move':
      g.append(svg('circle', { cx: x, cy: y, r: c * 0.16, class: 'dg-dot' }));
      break;
    case 'capture':
      g.append(svg('circle', { cx: x, cy: y, r, class: 'dg-ring' }));
      break;
    case 'both':
      g.append(svg('circle', { cx: x, cy: y, r, class: 'dg-fill' }));
      break;
    case 'hop':
      g.append(svg('path', { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`, class: 'dg-hop' }));
      break;
    case 'initial':
      g.append(svg('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, class: 'dg-initial' }));
      break;
  }
  if (hop && kind !== 'hop') {
    // also reached over a screen (the cannon's capture): a small diamond
    const h = c * 0.18;
    const hx = x + c * 0.28, hy = y - c * 0.28;
    g.append(svg('path', { d: `M${hx} ${hy - h}L${hx + h} ${hy}L${hx} ${hy + h}L${hx - h} ${hy}Z`, class: 'dg-hop small' }));
  }
  return g;
}

const fileOf = (sq: string) => sq.charCodeAt(0) - 97;
const rankOf = (sq: string) => parseInt(sq.slice(1), 10) - 1;

// renderDiagram draws the mini-board: White at the bottom, the piece on
// its square, one mark per square the engine listed. Each mark carries
// data-square and data-kind (and data-hop) for tests.
export function renderDiagram(p: LegendPiece): HTMLElement {
  const d = p.diagram!;
  const c = 16;
  const w = d.files * c, h = d.ranks * c;
  const board = svg('svg', { viewBox: `0 0 ${w} ${h}`, class: 'dg-board', role: 'img', 'aria-label': `Moves of the ${p.name} from ${d.from}` });
  const at = (sq: string) => ({ x: fileOf(sq) * c, y: (d.ranks - 1 - rankOf(sq)) * c });
  for (let f = 0; f < d.files; f++) {
    for (let r = 0; r < d.ranks; r++) {
      board.append(svg('rect', { x: f * c, y: (d.ranks - 1 - r) * c, width: c, height: c, class: (f + r) % 2 ? 'dg-light' : 'dg-dark' }));
    }
  }
  for (const sq of d.holes ?? []) {
    const q = at(sq);
    board.append(svg('rect', { x: q.x, y: q.y, width: c, height: c, class: 'dg-hole', 'data-hole': sq }));
  }
  const o = at(d.from);
  board.append(svg('rect', { x: o.x, y: o.y, width: c, height: c, class: 'dg-from' }));
  for (const s of d.squares) {
    const q = at(s.sq);
    const m = mark(s.kind, q.x + c / 2, q.y + c / 2, c, s.hop);
    m.setAttribute('data-square', s.sq);
    m.setAttribute('data-kind', s.kind);
    if (s.hop) m.setAttribute('data-hop', '1');
    const t = svg('title');
    t.textContent = `${s.sq}: ${KIND_TEXT[s.kind]}${s.hop && s.kind !== 'hop' ? '; also over a screen' : ''}`;
    m.append(t);
    board.append(m);
  }
  // the piece: the game's image over its square
  const img = pieceEl(p.letter);
  img.classList.add('dg-piece');
  img.style.left = `${(100 * fileOf(d.from)) / d.files}%`;
  img.style.top = `${(100 * (d.ranks - 1 - rankOf(d.from))) / d.ranks}%`;
  img.style.width = `${100 / d.files}%`;
  img.style.height = `${100 / d.ranks}%`;
  return el('div', { class: 'dg', 'data-from': d.from, 'data-files': d.files, 'data-ranks': d.ranks, 'data-fen': d.fen }, board, img);
}

// renderKey explains the marks.
export function renderKey(kinds: SquareKind[] = ['move', 'capture', 'both', 'hop', 'initial']): HTMLElement {
  const c = 16;
  return el('ul', { class: 'dg-key' }, ...kinds.map((k) => {
    const s = svg('svg', { viewBox: `0 0 ${c} ${c}`, width: c, height: c, class: 'dg-board' }, svg('rect', { x: 0, y: 0, width: c, height: c, class: 'dg-light' }), mark(k, c / 2, c / 2, c));
    return el('li', { 'data-kind': k }, s as unknown as Node, ' ' + KIND_TEXT[k]);
  }));
}

const pawns = (v: number) => (v / 100).toFixed(1);

// renderLegend lists the pieces with their diagrams, and the key of the
// marks the diagrams use.
export function renderLegend(pieces: LegendPiece[]): HTMLElement {
  const used = new Set<SquareKind>();
  for (const p of pieces) for (const s of p.diagram?.squares ?? []) {
    used.add(s.kind);
    if (s.hop) used.add('hop');
  }
  const order: SquareKind[] = ['move', 'capture', 'both', 'hop', 'initial'];
  const byLetter = new Map(pieces.map((p) => [p.letter, p]));
  const list = el('div', { class: 'legend-list' }, ...pieces.map((p) => {
    const promo = p.promotesTo ? byLetter.get(p.promotesTo) : undefined;
    return el('div', { class: 'legend-piece', 'data-letter': p.letter, 'data-name': p.name },
      el('div', { class: 'legend-head' },
        pieceEl(p.letter),
        el('div', { class: 'legend-names' },
          el('strong', { class: 'legend-name', text: p.name }),
          el('span', { class: 'legend-meta' },
            el('code', { class: 'legend-letter', title: 'FEN letter (White upper case, Black lower case)', text: p.letter.toUpperCase() }),
            ' · ', el('code', { class: 'legend-betza', title: 'Betza notation', text: p.betza || '—' }),
            ' · ', p.royal ? el('span', { class: 'legend-royal', text: 'royal' }) : el('span', { class: 'legend-value', title: "the computer's value (pawns)", text: pawns(p.value) }),
          ),
          promo ? el('span', { class: 'legend-promo muted', text: `promotes to ${promo.name}` }) : null,
        ),
      ),
      p.diagram ? renderDiagram(p) : el('p', { class: 'muted', text: 'No diagram.' }),
    );
  }));
  return el('div', { class: 'piece-legend' }, renderKey(order.filter((k) => used.has(k))), list);
}
