// Shogi pieces: wooden pentagons pointing toward the opponent, with the
// piece's kanji (promoted pieces in red). In shogi both sides' pieces look
// the same and the direction tells the owner; here Black's (gote's) wood is
// a shade darker so a chess player tells the sides at a glance. Where the
// browser has no CJK font (useChars in xqpieces.ts), the pentagon shows the
// piece's FEN letter ("+P" promoted) over its movement diagram instead.
// Pieces with no kanji (custom pieces of an ini) show the diagram in both
// modes.
import { diagramOf, diagramSVG } from './betza';
import { svgURL, type Side } from './fairypieces';
import type { PieceInfo } from './pieces';

// KANJI by piece type name: the piece's character, and for a piece that
// promotes to gold the traditional character of the promoted piece.
interface Kanji { ch: string | [string, string]; gold?: string; red?: boolean; size: number }
const KANJI: Record<string, Kanji> = {
  king: { ch: ['玉', '王'], size: 1 },
  customRoyal: { ch: ['玉', '王'], size: 1 },
  commoner: { ch: ['玉', '王'], size: 1 },
  rook: { ch: '飛', size: 0.95 },
  bishop: { ch: '角', size: 0.95 },
  bers: { ch: '龍', red: true, size: 0.95 },
  dragonHorse: { ch: '馬', red: true, size: 0.95 },
  gold: { ch: '金', size: 0.9 },
  silver: { ch: '銀', gold: '全', size: 0.9 },
  shogiKnight: { ch: '桂', gold: '圭', size: 0.86 },
  lance: { ch: '香', gold: '杏', size: 0.86 },
  shogiPawn: { ch: '歩', gold: 'と', size: 0.8 },
  // chess pieces in a shogi variant (okisaki shogi)
  knight: { ch: '騎', gold: '圭', size: 0.86 },
  queen: { ch: '奔', size: 0.95 },
};

// ANIMALS: dobutsu shogi's pieces (a shogi variant with a wazir and a fers:
// giraffe and elephant), lion, giraffe, elephant, chick, hen.
const ANIMALS: Record<string, Kanji> = {
  king: { ch: '獅', size: 1 },
  commoner: { ch: '獅', size: 1 },
  wazir: { ch: '麒', size: 0.9 },
  fers: { ch: '象', size: 0.9 },
  shogiPawn: { ch: '雛', gold: '鶏', size: 0.8 },
  gold: { ch: '鶏', red: true, size: 0.9 },
};

const SHOGI_TYPES = new Set(['shogiPawn', 'lance', 'shogiKnight', 'gold', 'dragonHorse']);

// isShogi: the variant's pieces are a shogi set (it has a shogi piece type).
export const isShogi = (pieces: PieceInfo[]) => pieces.some((p) => SHOGI_TYPES.has(p.name));

const animals = (pieces: PieceInfo[]) => pieces.some((p) => p.name === 'wazir') && pieces.some((p) => p.name === 'fers');

const CJK = `'Noto Serif CJK JP','Noto Sans CJK JP','Source Han Serif','Hiragino Mincho ProN','Yu Mincho','MS Mincho','Noto Serif CJK TC','Noto Sans CJK SC',serif`;

const WOOD = { white: ['#fbe7b5', '#e9c57e'], black: ['#e2c58c', '#bf9550'] };
const RED = '#c0171b';

// kanjiOf is the character of a piece (promoted: as the type it promotes
// to), and whether it is in red ink; "" when it has none.
function kanjiOf(p: PieceInfo, pieces: PieceInfo[], side: Side, promoted: boolean): { ch: string; red: boolean; size: number } {
  const table = animals(pieces) ? ANIMALS : KANJI;
  const k = table[p.name];
  if (promoted) {
    const to = pieces.find((x) => x.letter === p.promoted);
    if (k?.gold && (!to || to.name === 'gold')) return { ch: k.gold, red: true, size: k.size };
    if (to) {
      const t = table[to.name];
      if (t) return { ch: typeof t.ch === 'string' ? t.ch : t.ch[side === 'white' ? 0 : 1], red: true, size: k?.size ?? t.size };
    }
    return { ch: '', red: true, size: k?.size ?? 0.9 };
  }
  if (!k) return { ch: '', red: false, size: 0.9 };
  const chOf = (x: Kanji) => typeof x.ch === 'string' ? x.ch : x.ch[side === 'white' ? 0 : 1];
  // a type whose character another type of the variant shows, one that
  // comes first in the table (a commoner beside the king: both 玉; the
  // king keeps it), gets its letter over its diagram
  const keys = Object.keys(table);
  if (pieces.some((q) => q.name !== p.name && table[q.name] && chOf(table[q.name]) === chOf(k) && keys.indexOf(q.name) < keys.indexOf(p.name))) return { ch: '', red: false, size: k.size };
  return { ch: chOf(k), red: !!k.red, size: k.size };
}

// shogiPieceImage is the pentagon of a piece: chars (kanji or letters);
// promoted draws the piece as "+letter"; down turns it to point down the
// screen (Black's pieces, or White's on a turned board).
export function shogiPieceImage(p: PieceInfo, pieces: PieceInfo[], side: Side, chars: boolean, promoted: boolean, down: boolean): string {
  const kj = kanjiOf(p, pieces, side, promoted);
  const size = p.royal || /king|commoner|customRoyal/.test(p.name) ? 1 : kj.size;
  const ink = kj.red || promoted ? RED : '#1a1a1a';
  // the pentagon, pointing up, scaled about its centre
  const w = 17 * size, top = 22.5 - 20.5 * size, bot = 22.5 + 20 * size, sh = 22.5 - 13 * size;
  const pts = [[22.5, top], [22.5 + w * 0.82, sh], [22.5 + w, bot], [22.5 - w, bot], [22.5 - w * 0.82, sh]].map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
  const [w0, w1] = WOOD[side];
  const gid = `w${side[0]}`;
  let body = `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${w0}"/><stop offset="1" stop-color="${w1}"/></linearGradient></defs>` +
    `<polygon points="${pts}" fill="url(#${gid})" stroke="${side === 'white' ? '#7a5526' : '#3b2608'}" stroke-width="${side === 'white' ? 1.3 : 1.8}" stroke-linejoin="round"/>`;
  const p0 = promoted ? pieces.find((x) => x.letter === p.promoted) ?? p : p;
  if (chars && kj.ch) {
    body += `<text data-face="kanji" x="22.5" y="${(25.5 + 2 * size).toFixed(2)}" dy=".35em" font-family="${CJK}" font-size="${(22 * size).toFixed(1)}" font-weight="bold" text-anchor="middle" fill="${ink}">${kj.ch}</text>`;
  } else {
    // the letter over the movement diagram (drawn pointing up: the
    // pentagon is turned as a whole)
    const label = (promoted ? '+' : '') + p.letter.toUpperCase();
    body += `<text x="22.5" y="${(top + 14 * size).toFixed(2)}" font-family="Arial,Helvetica,sans-serif" font-size="${(label.length > 1 ? 10.5 : 12.5) * size}" font-weight="bold" text-anchor="middle" fill="${ink}">${label}</text>`;
    const ds = 17 * size;
    body += diagramSVG(diagramOf(p0.betza), 22.5 - ds / 2, bot - ds - 2.2, ds, ink, false, side === 'white' ? '#c9a468' : '#9c7740');
  }
  if (down) body = `<g transform="rotate(180 22.5 22.5)">${body}</g>`;
  return svgURL(body);
}
