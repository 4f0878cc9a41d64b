// Moves that also place a wall: duck chess moves the duck, amazons shoot
// an arrow, other walling rules leave a wall. Fairy-Stockfish writes such
// a move as the piece's move, a comma, the piece's square and the wall's
// square ("a2a3,a3a4": a2 to a3, then the duck to a4); the server sends
// that text as the legal move's uci (and the wall square in `wall`). The
// player makes the piece's move on the board, then clicks one of the wall
// squares the legal list allows for it. Everything here works from the
// legal list alone.
import type { Legal } from './choice';

// baseOf is the piece's part of a move's text: "a2a3" of "a2a3,a3a4",
// the whole text of a move without a wall.
export function baseOf(uci: string): string {
  const i = uci.indexOf(',');
  return i < 0 ? uci : uci.slice(0, i);
}

// wallOf is the square a move puts its wall on, or null: the server's
// `wall`, else read from the text (the last square after the comma).
export function wallOf(m: Pick<Legal, 'uci'> & { wall?: string }): string | null {
  if (m.wall) return m.wall;
  const i = m.uci.indexOf(',');
  if (i < 0) return null;
  const r = m.uci.slice(i + 1).match(/^(?:[a-z]\d+)?([a-z]\d+)$/);
  return r ? r[1] : null;
}

// byBase groups moves by their piece part, in the order first seen: moves
// that differ only by the wall square share a group.
export function byBase<M extends Pick<Legal, 'uci'>>(moves: M[]): Map<string, M[]> {
  const out = new Map<string, M[]>();
  for (const m of moves) {
    const b = baseOf(m.uci);
    const g = out.get(b);
    if (g) g.push(m);
    else out.set(b, [m]);
  }
  return out;
}

// wallTargets maps each wall square to its move, for the moves of one
// piece move (one group of byBase); moves without a wall are left out.
export function wallTargets<M extends Pick<Legal, 'uci'> & { wall?: string }>(moves: M[]): Map<string, M> {
  const out = new Map<string, M>();
  for (const m of moves) {
    const w = wallOf(m);
    if (w && !out.has(w)) out.set(w, m);
  }
  return out;
}

// Step is what the board does after the player's piece move (or drop):
// send a move, ask which of several piece moves was meant (promotion,
// gating …; the options carry the piece part as uci), or ask for the wall
// square of the one piece move.
export type Step<M> =
  | { kind: 'none' }
  | { kind: 'send'; move: M }
  | { kind: 'choose'; options: M[]; groups: Map<string, M[]> }
  | { kind: 'wall'; targets: Map<string, M> };

// nextStep decides the step for the legal moves that match the squares the
// player used.
export function nextStep<M extends Pick<Legal, 'uci'> & { wall?: string }>(moves: M[]): Step<M> {
  if (!moves.length) return { kind: 'none' };
  const groups = byBase(moves);
  if (groups.size > 1) {
    // one option per piece move: the first move of the group, named by
    // its piece part (the wall comes after the choice)
    const options = [...groups].map(([b, g]) => ({ ...g[0], uci: b, wall: undefined }));
    return { kind: 'choose', options, groups };
  }
  return afterChoice(moves);
}

// afterChoice is the step once the piece move is known (one group).
export function afterChoice<M extends Pick<Legal, 'uci'> & { wall?: string }>(group: M[]): Step<M> {
  const targets = wallTargets(group);
  if (targets.size === 0) return group.length === 1 ? { kind: 'send', move: group[0] } : { kind: 'choose', options: group, groups: new Map(group.map((m) => [m.uci, [m]])) };
  if (targets.size === 1 && group.length === 1) return { kind: 'send', move: group[0] };
  return { kind: 'wall', targets };
}

// wallWord names what the player places, for the prompt.
export function wallWord(walls: string | undefined): string {
  switch (walls) {
    case 'duck':
      return 'the duck';
    case 'arrow':
      return 'an arrow';
    default:
      return 'a wall';
  }
}
