// Legal moves when it is not the page's turn (PROTOCOL.md "Partial
// states"): with protocol 2 a state carries `legal` only when the page's
// seat can move now. A spectator, or the player waiting for the
// opponent, that clicks a piece (or a pocket piece, or hovers a target)
// asks the server with {"type":"legal"}, once per position, and the page
// renders again when the answer {"type":"legal","ply":N,"legal":[…]}
// comes. An answer for another ply than the state held (the game moved
// on meanwhile) is dropped.

// Position is what the asker needs of a state: its ply and FEN (the key
// of the position: a takeback and another move reach the same ply with
// another position), and its legal list when it has one.
export interface Position<M> {
  ply: number;
  fen: string;
  legal?: M[];
}

// Answer is the server's answer to {"type":"legal"}.
export interface Answer<M> {
  type: 'legal';
  ply: number;
  legal: M[];
}

export class LegalAsk<M> {
  key = ''; // the position of the list held ("ply fen")
  list: M[] | null = null;
  asked = ''; // the position asked for and not answered yet ("" = none)
  redo: (() => void) | null = null; // what to render when the answer comes

  // send delivers a message to the server (false: not connected)
  constructor(private send: (m: unknown) => boolean) {}

  // of returns the legal moves of state s: its own list, or the answer
  // held for its position, or null when they are not known yet. Then it
  // asks for them (once per position) and keeps redo, the latest render
  // that needed them, to run when they come.
  of(s: Position<M>, redo?: () => void): M[] | null {
    if (s.legal) return s.legal;
    const k = keyOf(s);
    if (this.key === k) return this.list;
    if (redo) this.redo = redo;
    if (this.asked !== k && this.send({ type: 'legal' })) this.asked = k;
    return null;
  }

  // answer takes an answer while s is the state held: kept when it is for
  // s's ply and s's position was asked for, and the waiting render runs.
  // false when dropped (another ply: the position changed meanwhile).
  answer(m: Answer<M>, s: Position<M> | null): boolean {
    if (!s || m.ply !== s.ply || this.asked !== keyOf(s) || !Array.isArray(m.legal)) return false;
    this.key = this.asked;
    this.list = m.legal;
    this.asked = '';
    const redo = this.redo;
    this.redo = null;
    redo?.();
    return true;
  }

  // reset forgets a question in flight (a new connection: its answer will
  // not come); the list held stays valid for its position.
  reset() {
    this.asked = '';
    this.redo = null;
  }
}

function keyOf(s: Position<unknown>): string {
  return `${s.ply} ${s.fen}`;
}
