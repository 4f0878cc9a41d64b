// Piece images for any variant. chessgroundx draws a piece as
// <piece class="{letter}-piece white">; the FEN letter means a different
// piece type in each variant, so the game view installs a style sheet per
// game that maps each letter to an image for its piece type (the server
// sends letter → type name, Betza, promoted type). Orthodox types use the
// cburnett set that chessgroundx ships; compound pieces combine two
// cburnett glyphs (archbishop = bishop + knight …); a chess piece with a
// twist (fers, alfil, bers …) is its chess symbol with a small movement
// diagram; every other piece is a disc showing its movement diagram and
// letter (fairypieces.ts). Xiangqi and janggi boards get their discs
// (xqpieces.ts), shogi variants pentagons with kanji (shogipieces.ts).
import type { BoardStyle } from './boardstyle';
import { movesKey, parseBetza } from './betza';
import { fairyDisc, glyphPiece, helmet, svgURL, type Glyph, type Side } from './fairypieces';
import { isShogi, shogiPieceImage } from './shogipieces';
import { useChars, xqPieceImage } from './xqpieces';

export interface PieceInfo {
  letter: string;
  name: string;
  betza: string;
  royal?: boolean;
  promoted?: string; // the letter of the type it becomes promoted ("+P" on the board is that type: promotedPieceType, e.g. shogi's tokin, Shaolin King's master k → g)
}

// A look: chess symbols (with a movement badge when they do not tell the
// piece), a hoplite helmet, or a disc (a movement diagram, or a cannon).
interface Look {
  glyphs?: Glyph[]; // one glyph, or two for a compound
  badge?: boolean; // a movement diagram in the corner
  helmet?: boolean;
  disc?: 'diagram' | 'cannon';
  tag?: boolean; // the letter in a corner
}

// LOOKS by the server's piece type name.
const LOOKS: Record<string, Look> = {
  pawn: { glyphs: ['pawn'] },
  knight: { glyphs: ['knight'] },
  bishop: { glyphs: ['bishop'] },
  rook: { glyphs: ['rook'] },
  queen: { glyphs: ['queen'] },
  king: { glyphs: ['king'] },
  commoner: { glyphs: ['king'] },
  customRoyal: { glyphs: ['king'] },
  archbishop: { glyphs: ['bishop', 'knight'] },
  chancellor: { glyphs: ['rook', 'knight'] },
  amazon: { glyphs: ['queen', 'knight'] },
  centaur: { glyphs: ['king', 'knight'] },
  aiwok: { glyphs: ['rook', 'knight'], badge: true },
  bers: { glyphs: ['rook'], badge: true },
  dragonHorse: { glyphs: ['bishop'], badge: true },
  knibis: { glyphs: ['knight', 'bishop'] },
  biskni: { glyphs: ['bishop', 'knight'] },
  kniroo: { glyphs: ['knight', 'rook'] },
  rookni: { glyphs: ['rook', 'knight'] },
  fers: { glyphs: ['queen'], badge: true },
  alfil: { glyphs: ['bishop'], badge: true },
  fersAlfil: { glyphs: ['bishop'], badge: true },
  silver: { glyphs: ['bishop'], badge: true },
  horse: { glyphs: ['knight'], badge: true },
  elephant: { glyphs: ['bishop'], badge: true },
  janggiElephant: { glyphs: ['bishop'], badge: true },
  soldier: { glyphs: ['pawn'], badge: true },
  banner: { glyphs: ['rook', 'knight'], badge: true },
  breakthrough: { glyphs: ['pawn'] },
  cannon: { disc: 'cannon' },
  janggiCannon: { disc: 'cannon' },
};

// BUILTIN_BETZA: the built-in type a custom piece moves exactly like (a
// custom "F" is drawn as a fers) when the variant has no piece of that type.
const BUILTIN_BETZA: Record<string, string> = {
  fmWfceF: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen', BN: 'archbishop', NB: 'archbishop',
  RN: 'chancellor', NR: 'chancellor', QN: 'amazon', NQ: 'amazon', KN: 'centaur', F: 'fers', A: 'alfil',
  FA: 'fersAlfil', RF: 'bers', BW: 'dragonHorse', mNcB: 'knibis', mBcN: 'biskni', mNcR: 'kniroo', mRcN: 'rookni',
};

// RIDERS: the glyph of a custom piece that moves as one orthodox rider
// (amazons' "mQ": a queen that only moves, then shoots its arrow).
const RIDERS: Record<string, Glyph> = { Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

// pawnLike: a piece that moves and captures differently, only a step or
// two and never backward only (a pawn of another kind: berolina, hoplite).
function pawnLike(p: PieceInfo): boolean {
  const all = parseBetza(p.betza);
  const st = all.filter((s) => !s.initial);
  return !p.royal && st.length > 0 && st.some((s) => s.mode === 'move') && st.some((s) => s.mode === 'capture') &&
    all.every((s) => !s.rider && Math.max(Math.abs(s.dx), Math.abs(s.dy)) <= 2) && st.every((s) => s.dy >= -1) && st.some((s) => s.dy > 0);
}

// looks decides each piece type's look within its variant, so that no two
// types share an image.
function looks(pieces: PieceInfo[]): Map<string, Look> {
  const out = new Map<string, Look>();
  const names = new Set(pieces.map((p) => p.name));
  const single = pieces.length === 1;
  let pawns = names.has('pawn') ? 1 : 0;
  const royalKing = pieces.some((p) => p.royal || p.name === 'customRoyal');
  const sigs = new Set<string>();
  for (const p of pieces) {
    let look = LOOKS[p.name];
    if (!look && p.name.startsWith('customPiece')) {
      const twin = BUILTIN_BETZA[p.betza];
      const rider = single ? RIDERS[p.betza.replace(/[a-z]/g, '')] : undefined;
      if (rider) look = { glyphs: [rider] };
      else if (twin && !names.has(twin)) look = LOOKS[twin];
      else if (pawnLike(p)) look = pawns++ ? { helmet: true } : { glyphs: ['pawn'], badge: true };
    }
    if (p.name === 'king' || p.name === 'customRoyal') look = { glyphs: ['king'], badge: p.betza !== 'K' };
    if (p.name === 'commoner') look = { glyphs: ['king'], badge: royalKing };
    look = look ?? { disc: 'diagram' };
    // a symbol that another type of the variant already shows the same
    // way (two pieces that move alike) gets the piece's letter
    if (!look.disc) {
      const sig = JSON.stringify([look, look.badge || look.helmet ? movesKey(p.betza) : '']);
      if (sigs.has(sig)) look = { ...look, tag: true };
      sigs.add(sig);
    }
    out.set(p.letter, look);
  }
  return out;
}

// imageFor draws a piece in the chess look; down: it moves forward down the
// screen.
function imageFor(p: PieceInfo, look: Look, color: Side, down: boolean): string {
  const tag = look.tag ? p.letter : '';
  if (look.helmet) return helmet(color, p.betza, down, tag);
  if (look.glyphs) return glyphPiece(color, look.glyphs, look.badge ? p.betza : null, down, tag);
  return fairyDisc(color, { letter: p.letter, betza: p.betza, royal: p.royal, down, face: look.disc });
}

// theme is the piece set of the board being shown ("" chess, xiangqi,
// janggi, shogi): installPieceStyles sets it, pieceImage follows it.
let theme = '';
let chars = false; // characters (kanji, hanzi) rather than symbols
let current: PieceInfo[] = [];
let currentLooks = new Map<string, Look>();

// stones: the variant has a single piece type without a chess glyph
// (ataxx, reversi, clobber): its pieces are plain stones, as on those
// games' boards (installPieceStyles sets it).
let stones = false;

const STONE = {
  white: svgStone('#ffffff', '#d6d6d6', '#555'),
  black: svgStone('#5a5a5a', '#111111', '#000'),
};

function svgStone(light: string, dark: string, edge: string): string {
  return svgURL(`<defs><radialGradient id="g" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs><circle data-face="stone" cx="22.5" cy="22.5" r="18.5" fill="url(#g)" stroke="${edge}" stroke-width="1.5"/>`);
}

// imageOf is the image of a piece (promoted: as "+letter"), drawn to move
// forward down the screen when down.
function imageOf(p: PieceInfo, color: Side, down: boolean, promoted = false): string {
  if (theme === 'shogi') return shogiPieceImage(p, current, color, chars, promoted, down);
  if (promoted) {
    const to = current.find((x) => x.letter === p.promoted);
    if (to) return imageOf(to, color, down);
  }
  if (theme) return xqPieceImage(p, color, theme, chars, current);
  if (stones) return STONE[color];
  return imageFor(p, currentLooks.get(p.letter) ?? looks([p]).get(p.letter)!, color, down);
}

// pieceImage returns the image URL of a piece (for promotion buttons); a
// "+" before the letter asks for the promoted piece.
export function pieceImage(pieces: PieceInfo[], letter: string, color: 'white' | 'black'): string {
  const promoted = letter.startsWith('+');
  const l = letter.replace(/^\+/, '').toLowerCase();
  const p = pieces.find((x) => x.letter === l) ?? { letter: l, name: '', betza: '' };
  return imageOf(p, color, color === 'black', promoted);
}

// hasCharacters: the board's pieces can show characters (xiangqi, janggi,
// shogi): the game page offers "Pieces: symbols / characters".
export function hasCharacters(pieces: PieceInfo[], bs?: BoardStyle): boolean {
  return bs?.geometry === 'intersections' || isShogi(pieces);
}

const b64 = (s: string) => btoa(unescape(encodeURIComponent(s)));
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

// usePieceSet makes pieces (a variant's types) and the board's style the
// set pieceImage and pieceImageOf draw; chars: characters on xiangqi,
// janggi and shogi pieces (default: the player's choice, useChars).
export function usePieceSet(pieces: PieceInfo[], bs?: BoardStyle, withChars = useChars()) {
  theme = bs?.geometry === 'intersections' ? bs.theme || 'xiangqi' : isShogi(pieces) ? 'shogi' : '';
  chars = withChars;
  current = pieces;
  currentLooks = looks(pieces);
  stones = pieces.length === 1 && !!currentLooks.get(pieces[0].letter)?.disc && !LOOKS[pieces[0].name];
}

// pieceImageOf is the image of a piece of the current set (usePieceSet),
// pointing down the screen when down, promoted ("+letter") when asked.
export function pieceImageOf(letter: string, color: Side, down: boolean, promoted = false): string {
  const p = current.find((x) => x.letter === letter) ?? { letter, name: '', betza: '' };
  return imageOf(p, color, down, promoted);
}

// installPieceStyles (re)writes the per-game style sheet: piece images
// in the board's theme, and the look of wall squares. Each side's pieces
// point forward on screen: up for White and down for Black, the other way
// round when the board is turned (its element has the class orient-black);
// pockets follow the board.
export function installPieceStyles(pieces: PieceInfo[], bs?: BoardStyle) {
  usePieceSet(pieces, bs);
  let style = document.getElementById('piece-styles') as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = 'piece-styles';
    document.head.append(style);
  }
  const rules: string[] = [];
  const turned = '.board-wrap:has(> .orient-black) ';
  for (const p of pieces) {
    for (const color of ['white', 'black'] as const) {
      // "+letter" for every type: its promoted type's image, or its own marked red
      for (const promoted of [false, true]) {
        const sel = `piece.${promoted ? 'p' : ''}${p.letter}-piece.${color}`;
        const url = imageOf(p, color, color === 'black', promoted);
        // a promoted piece (outside shogi): its promoted type's image, marked red
        const mark = promoted && theme !== 'shogi' ? ';filter:hue-rotate(-40deg) saturate(3) drop-shadow(0 0 2px #d00)' : '';
        // on the board and in the pockets
        rules.push(`${sel}{background-image:url('${url}')${mark}}`);
        const other = imageOf(p, color, color === 'white', promoted);
        if (other !== url) rules.push(`${turned}${sel}{background-image:url('${other}')}`);
      }
    }
  }
  // walls / blocked squares ("*"), a duck, arrows
  rules.push(`piece._-piece{background-image:url('${WALLS[bs?.walls ?? ''] ?? BLOCK}');cursor:default}`);
  style.textContent = rules.join('\n');
}
