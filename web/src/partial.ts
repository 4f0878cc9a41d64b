// Partial states (PROTOCOL.md "Partial states"): the page connects with
// ?protocol=2, so after its first (whole) state the server sends each
// state with `since` N, the moves from ply N on, and without the
// productions and pieces (they do not change in a game). applyState
// rebuilds the whole state from the one held. `legal` is not taken from
// the state held: a state has it only when the page can move (else the
// page asks, legalask.ts).

export interface Whole {
  id: string;
  moves: unknown[];
  productions?: unknown;
  pieces?: unknown;
}

// applyState returns the whole state of message m given prev, the whole
// state held (null before the first): m itself when it is whole, else m
// with the moves before ply `since` and the productions and pieces of
// prev. null when m cannot follow prev (another game, or moves the page
// does not hold): the page then asks for the state again (sync).
export function applyState<S extends Whole>(prev: S | null, m: S & { since?: number }): S | null {
  if (m.since === undefined) return m;
  if (!prev || prev.id !== m.id || m.since > prev.moves.length || m.since < 0) return null;
  const s = { ...m, moves: prev.moves.slice(0, m.since).concat(m.moves), productions: prev.productions, pieces: prev.pieces };
  delete s.since;
  return s;
}
