// Images of pieces that have no traditional chess symbol: a disc in the
// side's colour whose face is the piece's movement diagram (betza.ts: dots
// for leaps, arrows for sliders, rings for moves only, red crosses for
// captures only) with its FEN letter on a tab; a chess symbol with a small
// diagram badge for pieces that are a chess piece with a twist (the fers
// of shatranj and makruk is a queen with a badge, a general of spartan a
// rook with a badge …); a hoplite helmet for a second army's pawn. Every
// image is drawn for the direction the piece moves forward on screen
// (down: Black's pieces, or White's on a turned board).
import cburnett from 'virtual:cburnett';
import { diagramOf, diagramSVG } from './betza';

export type Side = 'white' | 'black';
export type Glyph = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';

const b64 = (s: string) => btoa(unescape(encodeURIComponent(s)));
export const svgURL = (body: string) =>
  'data:image/svg+xml;base64,' + b64(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45">${body}</svg>`);

export const COLORS = {
  white: { fill: '#fbf8ef', edge: '#2a2a2a', ink: '#1e1e1e', faint: '#c9c2ae', tab: '#fbf8ef' },
  black: { fill: '#2f2f33', edge: '#050505', ink: '#f4f1e6', faint: '#6d6d74', tab: '#2f2f33' },
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// the letter's tab at the bottom of the disc
function tab(label: string, side: Side, royal: boolean): string {
  const c = COLORS[side];
  const w = 6 + 6.5 * label.length;
  return `<rect x="${22.5 - w / 2}" y="33.5" width="${w}" height="10" rx="3" fill="${c.tab}" stroke="${royal ? '#c9a227' : c.edge}" stroke-width="${royal ? 1.6 : 1}"/>` +
    `<text x="22.5" y="41.6" font-family="Arial,Helvetica,sans-serif" font-size="9" font-weight="bold" text-anchor="middle" fill="${c.ink}">${esc(label)}</text>`;
}

// EMBLEMS: a face for a piece with no movement to draw (its moves are Go
// code, as the maharaja's): a star.
const STAR = (ink: string) => {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const r = i % 2 ? 4.5 : 10.5;
    pts.push(`${(22.5 + r * Math.cos(a)).toFixed(2)},${(19 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon data-face="star" points="${pts.join(' ')}" fill="${ink}"/>`;
};

// A cannon: a barrel on a wheel (as xqpieces.ts draws it).
export const CANNON = (ink: string, wheel: string) =>
  `<g fill="${ink}" stroke="${ink}"><rect x="9" y="17" width="25" height="8" rx="3" transform="rotate(-22 22 21)"/><circle cx="21" cy="29" r="6.5" fill="${wheel}" stroke-width="2.5"/><circle cx="21" cy="29" r="1.8"/><rect x="10" y="34" width="22" height="3" rx="1.5" stroke="none"/></g>`;

export interface FairyOpts {
  letter: string; // the FEN letter (shown upper case)
  betza: string;
  royal?: boolean;
  down?: boolean; // the piece moves forward down the screen
  face?: 'diagram' | 'cannon';
}

// fairyDisc is the disc image of a piece: its movement diagram and letter.
export function fairyDisc(side: Side, o: FairyOpts): string {
  const c = COLORS[side];
  let body = `<circle cx="22.5" cy="21.5" r="19.5" fill="${c.fill}" stroke="${o.royal ? '#c9a227' : c.edge}" stroke-width="${o.royal ? 2.4 : 1.5}"/>`;
  if (o.face === 'cannon') {
    body += `<g data-face="cannon" transform="translate(22.5 19) scale(0.78) translate(-22.5 -24)">${CANNON(c.ink, c.fill)}</g>`;
  } else {
    const d = diagramOf(o.betza);
    if (!d.marks.length && !d.rays.length) body += STAR(c.ink);
    else body += diagramSVG(d, 9.5, 6, 26, c.ink, !!o.down, c.faint);
  }
  body += tab(o.letter.toUpperCase(), side, !!o.royal);
  return svgURL(body);
}

// glyphs draws one cburnett symbol, or two for a compound (the first big,
// the second behind it, smaller).
export function glyphs(side: Side, gs: Glyph[]): string {
  const imgs = (cburnett as any)[side] as Record<string, string>;
  if (gs.length === 1) return `<image href="${imgs[gs[0]]}" x="0" y="0" width="45" height="45"/>`;
  return `<image href="${imgs[gs[1]]}" x="15" y="13" width="30" height="30"/>` +
    `<image href="${imgs[gs[0]]}" x="0" y="0" width="34" height="34"/>`;
}

// badge is a small movement diagram in the top right corner of a symbol.
export function badge(side: Side, betza: string, down: boolean): string {
  const c = COLORS[side];
  const d = diagramOf(betza);
  return `<rect x="26.5" y="0.5" width="18" height="18" rx="3" fill="${c.fill}" stroke="${c.edge}" stroke-width="0.9"/>` +
    diagramSVG(d, 27, 1, 17, c.ink, down, c.faint);
}

// glyphPiece is a chess symbol (or a compound of two), with a movement
// badge when the symbol alone does not tell the piece.
export function glyphPiece(side: Side, gs: Glyph[], betza: string | null, down: boolean, tag = ''): string {
  return svgURL(glyphs(side, gs) + (betza !== null ? badge(side, betza, down) : '') + letterTag(side, tag));
}

// letterTag: the FEN letter in the bottom left corner, for a piece that
// would otherwise look like another of its variant (two types that move
// alike).
function letterTag(side: Side, tag: string): string {
  if (!tag) return '';
  const c = COLORS[side];
  return `<rect x="0.5" y="33" width="12" height="11.5" rx="3" fill="${c.fill}" stroke="${c.edge}" stroke-width="0.9"/>` +
    `<text x="6.5" y="42" font-family="Arial,Helvetica,sans-serif" font-size="9" font-weight="bold" text-anchor="middle" fill="${c.ink}">${esc(tag.toUpperCase())}</text>`;
}

// helmet is a second army's pawn (spartan's hoplite): a crested helmet,
// with its movement badge.
export function helmet(side: Side, betza: string, down: boolean, tag = ''): string {
  const c = COLORS[side];
  const body =
    // crest
    `<path data-face="helmet" d="M12 14 C14 5 31 5 33 14 L30 15 C28 10 17 10 15 15 Z" fill="#b3261e" stroke="${c.edge}" stroke-width="1.2"/>` +
    // bowl and cheek guards
    `<path d="M11 19 C11 11 34 11 34 19 L34 33 L28 36 L27 26 L18 26 L17 36 L11 33 Z" fill="${c.fill}" stroke="${c.edge}" stroke-width="1.6" stroke-linejoin="round"/>` +
    // eye slit and nose guard
    `<path d="M15 22 L21 22 L21 29 L24 29 L24 22 L30 22" fill="none" stroke="${c.ink}" stroke-width="1.8" stroke-linejoin="round"/>` +
    // base
    `<rect x="9" y="37" width="27" height="5" rx="2" fill="${c.fill}" stroke="${c.edge}" stroke-width="1.4"/>`;
  return svgURL(body + badge(side, betza, down) + letterTag(side, tag));
}
