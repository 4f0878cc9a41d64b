// Piece images for any variant. chessgroundx draws a piece as
// <piece class="{letter}-piece white">; the FEN letter means a different
// piece type in each variant, so the game view installs a style sheet per
// game that maps each letter to an image for its piece type (the server
// sends letter → type name). Orthodox types use the cburnett set that
// chessgroundx ships; compound pieces combine two cburnett glyphs
// (archbishop = bishop + knight …); the rest get a glyph with a letter tag,
// or a lettered disc.
import cburnett from 'virtual:cburnett';
import type { BoardStyle } from './boardstyle';
import { useChars, xqPieceImage } from './xqpieces';

export interface PieceInfo {
  letter: string;
  name: string;
  betza: string;
  royal?: boolean;
  promoted?: string; // the letter of the type it becomes promoted ("+P" on the board is that type)
}

type Glyph = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
interface Look {
  glyphs?: Glyph[]; // one glyph, or two for a compound
  tag?: string; // a small letter in the corner
}

const LOOKS: Record<string, Look> = {
  pawn: { glyphs: ['pawn'] },
  knight: { glyphs: ['knight'] },
  bishop: { glyphs: ['bishop'] },
  rook: { glyphs: ['rook'] },
  queen: { glyphs: ['queen'] },
  king: { glyphs: ['king'] },
  commoner: { glyphs: ['king'], tag: 'C' },
  customRoyal: { glyphs: ['king'] },
  archbishop: { glyphs: ['bishop', 'knight'] },
  chancellor: { glyphs: ['rook', 'knight'] },
  amazon: { glyphs: ['queen', 'knight'] },
  centaur: { glyphs: ['king', 'knight'] },
  aiwok: { glyphs: ['rook', 'knight'], tag: 'F' },
  bers: { glyphs: ['rook', 'bishop'], tag: 'F' },
  dragonHorse: { glyphs: ['bishop', 'king'] },
  knibis: { glyphs: ['knight', 'bishop'] },
  biskni: { glyphs: ['bishop', 'knight'] },
  kniroo: { glyphs: ['knight', 'rook'] },
  rookni: { glyphs: ['rook', 'knight'] },
  fers: { glyphs: ['queen'], tag: 'F' },
  alfil: { glyphs: ['bishop'], tag: 'A' },
  fersAlfil: { glyphs: ['bishop'], tag: 'FA' },
  silver: { glyphs: ['bishop'], tag: 'S' },
  gold: { glyphs: ['rook'], tag: 'G' },
  shogiPawn: { glyphs: ['pawn'], tag: 'S' },
  lance: { glyphs: ['rook'], tag: 'L' },
  shogiKnight: { glyphs: ['knight'], tag: 'S' },
  soldier: { glyphs: ['pawn'], tag: 'S' },
  horse: { glyphs: ['knight'], tag: 'H' },
  elephant: { glyphs: ['bishop'], tag: 'E' },
  janggiElephant: { glyphs: ['bishop'], tag: 'E' },
  cannon: { glyphs: ['rook'], tag: 'C' },
  janggiCannon: { glyphs: ['rook'], tag: 'C' },
  breakthrough: { glyphs: ['pawn'] },
  banner: { glyphs: ['rook', 'knight'], tag: 'B' },
};

const b64 = (s: string) => btoa(unescape(encodeURIComponent(s)));

// RIDERS: the glyph of a custom piece that moves as one orthodox rider
// (amazons' "mQ": a queen that only moves, then shoots its arrow).
const RIDERS: Record<string, Glyph> = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

// singleType: the variant has one piece type (installPieceStyles sets it).
let singleType = false;

// lookOf is the look of a piece type: by its name, else, as a game's only
// piece type, a custom piece whose Betza is one orthodox rider with only
// modes (lower-case) added (beside other types a lettered disc tells it
// from the orthodox piece).
function lookOf(p: PieceInfo): Look | undefined {
  const rider = singleType ? RIDERS[p.betza.replace(/[a-z]/g, '')] : undefined;
  return LOOKS[p.name] ?? (rider ? { glyphs: [rider] } : undefined);
}

function imageFor(p: PieceInfo, color: 'white' | 'black'): string {
  const look = lookOf(p);
  const fg = color === 'white' ? '#fff' : '#222';
  const ink = color === 'white' ? '#222' : '#fff';
  if (!look?.glyphs) {
    // a lettered disc: clobber, wazir, immobile, customPieceN …
    const label = p.letter.toUpperCase();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><circle cx="22.5" cy="22.5" r="17" fill="${fg}" stroke="#000" stroke-width="1.5"/>${p.royal ? '<circle cx="22.5" cy="22.5" r="13.5" fill="none" stroke="#c90" stroke-width="1.5"/>' : ''}<text x="22.5" y="29" font-family="Georgia,serif" font-size="${label.length > 1 ? 13 : 19}" font-weight="bold" text-anchor="middle" fill="${ink}">${label}</text></svg>`;
    return 'data:image/svg+xml;base64,' + b64(svg);
  }
  const imgs = (cburnett as any)[color] as Record<string, string>;
  let body: string;
  if (look.glyphs.length === 1) {
    body = `<image href="${imgs[look.glyphs[0]]}" x="0" y="0" width="45" height="45"/>`;
  } else {
    body =
      `<image href="${imgs[look.glyphs[1]]}" x="15" y="13" width="30" height="30"/>` +
      `<image href="${imgs[look.glyphs[0]]}" x="0" y="0" width="34" height="34"/>`;
  }
  if (look.tag) {
    body += `<g><rect x="${45 - 7 * look.tag.length - 5}" y="0" width="${7 * look.tag.length + 5}" height="13" rx="3" fill="${color === 'white' ? '#fffbe6' : '#333'}" stroke="#000" stroke-width="0.8"/><text x="${45 - 2.5}" y="10.5" font-family="Arial,sans-serif" font-size="11" font-weight="bold" text-anchor="end" fill="${ink}">${look.tag}</text></g>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45">${body}</svg>`;
  return 'data:image/svg+xml;base64,' + b64(svg);
}

// theme is the piece set of the board being shown ("" chess, xiangqi,
// janggi): installPieceStyles sets it, pieceImage follows it.
let theme = '';

// stones: the variant has a single piece type without a chess glyph
// (ataxx, reversi, clobber): its pieces are plain stones, as on those
// games' boards (installPieceStyles sets it).
let stones = false;

const STONE = {
  white: svgStone('#ffffff', '#d6d6d6', '#555'),
  black: svgStone('#5a5a5a', '#111111', '#000'),
};

function svgStone(light: string, dark: string, edge: string): string {
  return 'data:image/svg+xml;base64,' + b64(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><defs><radialGradient id="g" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs><circle cx="22.5" cy="22.5" r="18.5" fill="url(#g)" stroke="${edge}" stroke-width="1.5"/></svg>`);
}

function imageOf(p: PieceInfo, color: 'white' | 'black'): string {
  if (theme) return xqPieceImage(p, color, theme, useChars());
  return stones ? STONE[color] : imageFor(p, color);
}

// pieceImage returns the image URL of a piece (for promotion buttons).
export function pieceImage(pieces: PieceInfo[], letter: string, color: 'white' | 'black'): string {
  const p = pieces.find((x) => x.letter === letter.toLowerCase()) ?? { letter, name: '', betza: '' };
  return imageOf(p, color);
}

const svgData = (svg: string) => 'data:image/svg+xml;base64,' + b64(svg);

// WALLS: the look of a wall square ("*" in the FEN; chessgroundx makes it a
// black piece of role "_-piece") by the variant's walling rule.
const WALLS: Record<string, string> = {
  // the duck of duck chess
  duck: svgData(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><ellipse cx="21" cy="31" rx="15" ry="9" fill="#f7d21e" stroke="#7a5a00" stroke-width="1.5"/><path d="M8 27 q-4 -6 2 -8 q3 4 2 8z" fill="#f7d21e" stroke="#7a5a00" stroke-width="1.2"/><circle cx="27" cy="17" r="8" fill="#f7d21e" stroke="#7a5a00" stroke-width="1.5"/><path d="M34 16 l8 2 l-8 3z" fill="#f08a00" stroke="#8a4a00" stroke-width="1"/><circle cx="29" cy="15" r="1.6" fill="#111"/><path d="M14 31 q7 5 14 -1" fill="none" stroke="#c9a000" stroke-width="1.4"/></svg>`),
  // a burnt square (an amazons arrow)
  arrow: svgData(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><rect x="3" y="3" width="39" height="39" rx="4" fill="#3b2f2a" stroke="#111" stroke-width="1.5"/><path d="M12 12 L33 33 M33 12 L12 33" stroke="#d2452c" stroke-width="4" stroke-linecap="round"/></svg>`),
};
const BLOCK = svgData(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><defs><pattern id="h" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#6a6a6a"/><rect width="4" height="8" fill="#4d4d4d"/></pattern></defs><rect x="1" y="1" width="43" height="43" rx="3" fill="url(#h)" stroke="#222" stroke-width="1.5"/></svg>`);

// installPieceStyles (re)writes the per-game style sheet: piece images
// in the board's theme, and the look of wall squares.
export function installPieceStyles(pieces: PieceInfo[], bs?: BoardStyle) {
  theme = bs?.geometry === 'intersections' ? bs.theme || 'xiangqi' : '';
  singleType = pieces.length === 1;
  stones = singleType && !lookOf(pieces[0])?.glyphs;
  let style = document.getElementById('piece-styles') as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = 'piece-styles';
    document.head.append(style);
  }
  const rules: string[] = [];
  for (const p of pieces) {
    for (const color of ['white', 'black'] as const) {
      const url = imageOf(p, color);
      // on the board and in the pockets
      rules.push(`piece.${p.letter}-piece.${color}{background-image:url('${url}')}`);
      // promoted (shogi-style "+p"): the image of the type it becomes
      // (promotedPieceType: tokin = gold, Shaolin King's master k → g), else
      // its own, marked red
      const to = p.promoted ? pieces.find((q) => q.letter === p.promoted) : undefined;
      const purl = to ? imageOf(to, color) : url;
      rules.push(`piece.p${p.letter}-piece.${color}{background-image:url('${purl}');filter:hue-rotate(-40deg) saturate(3) drop-shadow(0 0 2px #d00)}`);
    }
  }
  // walls / blocked squares ("*"), a duck, arrows
  rules.push(`piece._-piece{background-image:url('${WALLS[bs?.walls ?? ''] ?? BLOCK}');cursor:default}`);
  style.textContent = rules.join('\n');
}
