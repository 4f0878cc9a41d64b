// Pockets (hands) beside the board, for variants with drops: chessgroundx
// draws them in two elements above and below the board, a slot per piece
// type the pocket can hold with its count. The server sends the slots
// (state.pockets: letter and count, weakest first) and the legal drops
// (kind "drop", the pocket piece's letter in `drop`); a drop is played by
// dragging a pocket piece onto the board, or by clicking it and then a
// square. chessgroundx keys a drop by "P@" (the upper-case letter and @).
import { el, sqToKey } from './util';

export interface PocketSlot {
  letter: string;
  count: number;
}
export interface Pockets {
  white: PocketSlot[];
  black: PocketSlot[];
  free?: boolean; // drops from an unlimited supply (freeDrops, ataxx): counts mean nothing
}

// FREE_COUNT is the count chessgroundx is given for a slot of an unlimited
// supply (it refuses to drag a piece it counts 0 of); the slot shows ∞.
const FREE_COUNT = 99;

// boardFen is the FEN board chessgroundx is given: the server's, and with
// an unlimited supply a pocket of FREE_COUNT of every slot's piece.
export function boardFen(board: string, p?: Pockets): string {
  if (!p?.free) return board;
  const fill = (slots: PocketSlot[], up: boolean) => slots.map((s) => (up ? s.letter.toUpperCase() : s.letter.toLowerCase()).repeat(FREE_COUNT)).join('');
  return board.split('[')[0] + '[' + fill(p.white, true) + fill(p.black, false) + ']';
}

// stoneDrop is the drop a click on an empty square plays in a stone game
// (one piece type, every drop of the side of the same letter: ataxx,
// reversi …): the legal drops to the square, or [] when the click means
// nothing or could mean pieces of several letters.
export function stoneDrop<M extends { drop?: string; to: string }>(legal: M[], pieceTypes: number, to: string): M[] {
  if (pieceTypes !== 1) return [];
  const drops = legal.filter((m) => m.drop);
  if (new Set(drops.map((m) => m.drop)).size !== 1) return [];
  return drops.filter((m) => m.to === to);
}

// roleOf is chessgroundx's role of a FEN letter ("n" → "n-piece").
export const roleOf = (letter: string): any => letter.toLowerCase() + '-piece';

// letterOfRole is the FEN letter of a role ("n-piece" → "n").
export const letterOfRole = (role: string): string => role.slice(0, role.indexOf('-'));

// dropOrig is chessgroundx's origin of a drop of letter ("n" → "N@").
export const dropOrig = (letter: string): any => letter.toUpperCase() + '@';

// dropLetter returns the pocket letter of a drop's UCI text ("+P@e4" →
// "p"), or null for another move.
export function dropLetter(uci: string): string | null {
  const m = uci.match(/^\+?([A-Za-z])@/);
  return m ? m[1].toLowerCase() : null;
}

// pocketRoles is chessgroundx's pocketRoles: the slots of each side.
export function pocketRoles(p: Pockets) {
  return { white: p.white.map((s) => roleOf(s.letter)), black: p.black.map((s) => roleOf(s.letter)) };
}

// pocketsKey names the slots (the board is rebuilt when they change: a
// bughouse pocket may get a type the start position lacks).
export const pocketsKey = (p?: Pockets) => (p ? p.white.map((s) => s.letter).join('') + '/' + p.black.map((s) => s.letter).join('') : '');

// pocketElements makes the two pocket elements, with ids for tests and
// styles; chessgroundx fills them.
export function pocketElements(): [HTMLElement, HTMLElement] {
  return [el('div', { class: 'pocket-slot', id: 'pocket-top' }), el('div', { class: 'pocket-slot', id: 'pocket-bottom' })];
}

// pocketTitle is the tooltip of a pocket: whose it is and what it holds.
export function pocketTitle(side: 'white' | 'black', slots: PocketSlot[], names: Map<string, string>, free = false): string {
  if (free) return `${side[0].toUpperCase() + side.slice(1)}'s pocket: an unlimited supply of ${slots.map((s) => names.get(s.letter) ?? s.letter).join(', ')}`;
  const held = slots.filter((s) => s.count > 0).map((s) => `${s.count} ${names.get(s.letter) ?? s.letter}`);
  return `${side[0].toUpperCase() + side.slice(1)}'s pocket: ${held.length ? held.join(', ') : 'empty'}`;
}

// lastMoveOf is chessgroundx's last move of a played move: its two
// squares, or the pocket piece and the square of a drop.
export function lastMoveOf(m: { uci: string; from?: string; to?: string } | null | undefined): any[] | undefined {
  if (!m?.to) return undefined;
  if (m.from) return [sqToKey(m.from), sqToKey(m.to)];
  const letter = dropLetter(m.uci);
  return letter ? [dropOrig(letter), sqToKey(m.to)] : [sqToKey(m.to)];
}
