// Lists a protocol 2 state leaves out and the page asks for (PROTOCOL.md
// "Partial states"): `legal`, which a state carries only when the page's
// seat can move now, and `premoves`, which it never carries. A spectator,
// or the player waiting for the opponent, that clicks a piece (or a
// pocket piece, or hovers a target) asks with {"type":"legal"}; the
// waiting player that picks up one of its own pieces asks with
// {"type":"premoves"} (premove.ts). Each is asked once per position, and
// the page renders again when the answer {"type":K,"ply":N,K:[…]} comes.
// An answer for another ply than the state held (the game moved on
// meanwhile) is dropped. One ListAsk per kind of list.

// Kind is the list asked for: the message type and the field of the
// state and of the answer that carry it.
export type Kind = 'legal' | 'premoves';

// Position is what the asker needs of a state: its ply and FEN (the key
// of the position: a takeback and another move reach the same ply with
// another position), and its list of kind K when it has one.
export type Position<M, K extends Kind> = { ply: number; fen: string } & { [k in K]?: M[] };

// Answer is the server's answer to {"type":K}: the list in the field K.
export type Answer<M, K extends Kind> = { type: string; ply: number } & { [k in K]?: M[] };

export class ListAsk<M, K extends Kind> {
  key = ''; // the position of the list held ("ply fen")
  list: M[] | null = null;
  asked = ''; // the position asked for and not answered yet ("" = none)
  redo: (() => void) | null = null; // what to render when the answer comes

  // kind is the list asked for; send delivers a message to the server
  // (false: not connected)
  constructor(readonly kind: K, private send: (m: unknown) => boolean) {}

  // held returns the list of state s without asking: its own list, or
  // the answer held for its position, or null when it is not known.
  held(s: Position<M, K>): M[] | null {
    const own: M[] | undefined = s[this.kind];
    if (own) return own;
    return this.key === keyOf(s) ? this.list : null;
  }

  // of returns the list of state s (held), or null when it is not known
  // yet. Then it asks for it (once per position) and keeps redo, the
  // latest render that needed it, to run when it comes.
  of(s: Position<M, K>, redo?: () => void): M[] | null {
    const l = this.held(s);
    if (l) return l;
    const k = keyOf(s);
    if (redo) this.redo = redo;
    if (this.asked !== k && this.send({ type: this.kind })) this.asked = k;
    return null;
  }

  // answer takes an answer while s is the state held: kept when it is for
  // s's ply and s's position was asked for, and the waiting render runs.
  // false when dropped (another ply: the position changed meanwhile).
  answer(m: Answer<M, K>, s: Position<M, K> | null): boolean {
    const list: M[] | undefined = m[this.kind];
    if (!s || m.type !== this.kind || m.ply !== s.ply || this.asked !== keyOf(s) || !Array.isArray(list)) return false;
    this.key = this.asked;
    this.list = list;
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

function keyOf(s: { ply: number; fen: string }): string {
  return `${s.ply} ${s.fen}`;
}
