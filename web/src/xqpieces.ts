// Xiangqi and janggi pieces: round discs (xiangqi) or octagons (janggi)
// with the piece's Chinese character, red against black in xiangqi (Red
// moves first: White in the FEN), blue (Cho, first) against red (Han) in
// janggi. Where the browser has no CJK font the characters would be empty
// boxes, so the disc shows the chess symbol of the piece's role instead
// (chariot = rook, horse = knight, elephant = bishop, advisor = queen,
// general = king, soldier = pawn, cannon drawn here); the player can
// switch between the two.
import cburnett from 'virtual:cburnett';
import { diagramOf, diagramSVG } from './betza';
import type { PieceInfo } from './pieces';

type Side = 'white' | 'black';
type Glyph = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king' | 'cannon';

interface Role {
  chars: [string, string]; // White's (red / Cho), Black's (black / Han)
  glyph?: Glyph;
  size: number; // janggi sizes the pieces by rank (1 = the general)
}

// ROLES by the server's piece type name; a janggi piece differs only by
// its characters (JANGGI_CHARS).
const ROLES: Record<string, Role> = {
  king: { chars: ['帥', '將'], glyph: 'king', size: 1 },
  customRoyal: { chars: ['帥', '將'], glyph: 'king', size: 1 },
  fers: { chars: ['仕', '士'], glyph: 'queen', size: 0.74 },
  wazir: { chars: ['仕', '士'], glyph: 'queen', size: 0.74 },
  elephant: { chars: ['相', '象'], glyph: 'bishop', size: 0.86 },
  janggiElephant: { chars: ['象', '象'], glyph: 'bishop', size: 0.86 },
  horse: { chars: ['傌', '馬'], glyph: 'knight', size: 0.86 },
  knight: { chars: ['傌', '馬'], glyph: 'knight', size: 0.86 },
  rook: { chars: ['俥', '車'], glyph: 'rook', size: 0.86 },
  cannon: { chars: ['炮', '砲'], glyph: 'cannon', size: 0.86 },
  janggiCannon: { chars: ['包', '包'], glyph: 'cannon', size: 0.86 },
  soldier: { chars: ['兵', '卒'], glyph: 'pawn', size: 0.74 },
  pawn: { chars: ['兵', '卒'], glyph: 'pawn', size: 0.74 },
  banner: { chars: ['旗', '旗'], size: 0.86 },
};
const JANGGI_CHARS: Record<string, [string, string]> = {
  king: ['楚', '漢'],
  customRoyal: ['楚', '漢'],
  fers: ['士', '士'],
  wazir: ['士', '士'],
  elephant: ['象', '象'],
  janggiElephant: ['象', '象'],
  horse: ['馬', '馬'],
  rook: ['車', '車'],
  cannon: ['包', '包'],
  janggiCannon: ['包', '包'],
  soldier: ['卒', '兵'],
};

const INK: Record<string, [string, string]> = { xiangqi: ['#b8141b', '#161616'], janggi: ['#1d4f9c', '#b8141b'] };

const CJK_FONTS = `'Noto Serif CJK TC','Noto Serif CJK SC','Noto Sans CJK TC','Source Han Serif','Songti TC','PingFang TC','Microsoft JhengHei','Microsoft YaHei',KaiTi,serif`;

// A cannon (the chess sets have none): a barrel on a wheel.
const CANNON = (ink: string) =>
  `<g data-face="cannon" fill="${ink}" stroke="${ink}"><rect x="9" y="17" width="25" height="8" rx="3" transform="rotate(-22 22 21)"/><circle cx="21" cy="29" r="6.5" fill="#f6e3bb" stroke-width="2.5"/><circle cx="21" cy="29" r="1.8"/><rect x="10" y="34" width="22" height="3" rx="1.5" stroke="none"/></g>`;

const b64 = (s: string) => btoa(unescape(encodeURIComponent(s)));

// glyphBody draws a chess symbol tinted with ink: the black cburnett image
// through a colour matrix (dark parts become ink, light ones stay light).
function glyphBody(glyph: Glyph, ink: string, id: string): string {
  if (glyph === 'cannon') return CANNON(ink);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(ink.slice(i, i + 2), 16) / 255);
  const img = (cburnett as any).black[glyph] as string;
  return `<defs><filter id="${id}"><feColorMatrix type="matrix" values="${1 - r} 0 0 0 ${r} 0 ${1 - g} 0 0 ${g} 0 0 ${1 - b} 0 ${b} 0 0 0 1 0"/></filter></defs>` +
    `<image href="${img}" x="9" y="8" width="27" height="27" filter="url(#${id})"/>`;
}

// shape is the piece's outline: a disc (xiangqi) or an octagon (janggi),
// scaled by size around the centre.
function shape(theme: string, size: number, ink: string): string {
  const wood = '#f6e3bb';
  if (theme === 'janggi') {
    const R = 20 * size, k = 0.4142 * R;
    const pts = [[-k, -R], [k, -R], [R, -k], [R, k], [k, R], [-k, R], [-R, k], [-R, -k]].map(([x, y]) => `${22.5 + x},${22.5 + y}`).join(' ');
    return `<polygon points="${pts}" fill="${wood}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>`;
  }
  return `<circle cx="22.5" cy="22.5" r="${20 * size}" fill="${wood}" stroke="#6b4a22" stroke-width="1.6"/>` +
    `<circle cx="22.5" cy="22.5" r="${16.8 * size}" fill="none" stroke="${ink}" stroke-width="1.3"/>`;
}

// xqPieceImage is the data URL of a piece of an intersection board.
// pieces: the variant's piece types; a type drawn like another one that
// comes first in ROLES (a wazir beside a fers, both 仕 with the queen
// symbol, as in muje) shows its letter over its movement diagram instead.
export function xqPieceImage(p: PieceInfo, color: Side, theme: string, chars: boolean, pieces: PieceInfo[] = []): string {
  const side = color === 'white' ? 0 : 1;
  const charsOf = (name: string) => theme === 'janggi' ? JANGGI_CHARS[name]?.[side] ?? ROLES[name]?.chars[side] : ROLES[name]?.chars[side];
  const keys = Object.keys(ROLES);
  const twin = ROLES[p.name] && pieces.some((q) => q.name !== p.name && ROLES[q.name] && keys.indexOf(q.name) < keys.indexOf(p.name) &&
    (charsOf(q.name) === charsOf(p.name) || (!!ROLES[q.name].glyph && ROLES[q.name].glyph === ROLES[p.name].glyph)));
  const role = twin ? undefined : ROLES[p.name];
  const ink = (INK[theme] ?? INK.xiangqi)[side];
  const size = theme === 'janggi' ? role?.size ?? 0.86 : 1;
  const ch = role ? charsOf(p.name) : undefined;
  let body: string;
  if (chars && ch) {
    body = `<text data-face="chars" x="22.5" y="23" dy=".35em" font-family="${CJK_FONTS}" font-size="${21 * size}" font-weight="bold" text-anchor="middle" fill="${ink}">${ch}</text>`;
  } else if (role?.glyph) {
    const inner = glyphBody(role.glyph, ink, `t${side}${p.letter}`);
    body = size === 1 ? inner : `<g transform="translate(22.5 22.5) scale(${size}) translate(-22.5 -22.5)">${inner}</g>`;
  } else {
    // no symbol (a custom piece): its letter over its movement diagram
    const label = p.letter.toUpperCase();
    body = `<g transform="translate(22.5 22.5) scale(${size}) translate(-22.5 -22.5)"><text x="22.5" y="16.5" font-family="Georgia,serif" font-size="11" font-weight="bold" text-anchor="middle" fill="${ink}">${label}</text>` +
      diagramSVG(diagramOf(p.betza), 14.5, 18.5, 16, ink, color === 'black', '#d8c08f') + '</g>';
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45">${shape(theme, size, ink)}${body}</svg>`;
  return 'data:image/svg+xml;base64,' + b64(svg);
}

let cjk: boolean | null = null;

// hasCJKFont reports whether the browser draws Chinese characters (two
// different characters drawn alike are the missing-glyph box).
export function hasCJKFont(): boolean {
  if (cjk !== null) return cjk;
  cjk = false;
  try {
    const c = document.createElement('canvas');
    c.width = c.height = 40;
    const g = c.getContext('2d');
    if (!g) return cjk;
    const draw = (t: string) => {
      g.clearRect(0, 0, 40, 40);
      g.font = `32px ${CJK_FONTS}`;
      g.fillText(t, 2, 32);
      return g.getImageData(0, 0, 40, 40).data.join();
    };
    cjk = draw('帥') !== draw('將');
  } catch {
    /* no canvas: symbols */
  }
  return cjk;
}

const PREF = 'houserules:xq-pieces';

// useChars: characters unless the player chose symbols, or the browser has
// no CJK font and the player did not ask for characters.
export function useChars(): boolean {
  let pref: string | null = null;
  try {
    pref = localStorage.getItem(PREF);
  } catch {
    /* private mode */
  }
  return pref === 'chars' || (pref !== 'symbols' && hasCJKFont());
}

export function setUseChars(on: boolean) {
  try {
    localStorage.setItem(PREF, on ? 'chars' : 'symbols');
  } catch {
    /* private mode */
  }
}
