// Premoves: while the opponent (or the AI) is to move, the player may
// make a move on the board; it is sent when the turn comes if it is legal
// then, otherwise dropped with a notice. A right click or a click
// elsewhere on the board cancels it. chessgroundx cannot compute fairy
// geometry, so the destinations come from the server: the moves the side
// would have if it were its turn now. A state of protocol 1 carries them
// (state.premoves); with protocol 2 (the page's) none does, and the page
// asks {"type":"premoves"} once per position when the player picks up one
// of its pieces (or a pocket piece) while the opponent is to move
// (ListAsk, legalask.ts), then renders again with them.
import type { Api } from 'chessgroundx/api';
import { ListAsk } from './legalask';
import { letterOfRole } from './pockets';
import { sqToKey, keyToSq, toast } from './util';

export type Premove = { from?: string; drop?: string; to: string };

export interface PremoveState {
  ply: number;
  fen: string;
  status: string;
  turn: 'white' | 'black';
  you: string;
  hidden?: string[]; // squares the seat may not see: no premoves there
  premoves?: Premove[]; // protocol 1 only (else asked: Premoves.ask)
  // absent (protocol 2) when it is not the player's turn; take runs on its turn, when it is there
  legal?: { uci: string; from?: string; to: string; drop?: string; kind: string; promotion?: string }[];
}

export class Premoves {
  current: [string, string] | null = null; // [orig key or "P@", dest key]
  dests = new Map<string, string[]>(); // orig key → dest keys
  drops = new Map<string, string[]>(); // pocket letter → dest keys
  ask: ListAsk<Premove, 'premoves'>; // the destinations a state has not

  // send delivers a message to the server (false: not connected)
  constructor(send: (m: unknown) => boolean) {
    this.ask = new ListAsk<Premove, 'premoves'>('premoves', send);
  }

  // config is chessgroundx's premovable for state s (and the movable colour:
  // the player's own, so that its pieces can be picked on the other turn).
  // Premoves are on while the player waits in an active game (not where
  // its view hides squares: the server gives none there) unless its
  // destinations are known to be none; before they are known (protocol 2,
  // not asked yet) its pieces can be picked, and picking one asks (pick).
  config(s: PremoveState, reviewing: boolean) {
    this.dests.clear();
    this.drops.clear();
    const mine = s.you === 'white' || s.you === 'black' ? s.you : undefined;
    const waits = !!mine && !reviewing && s.status === 'active' && s.turn !== mine && !s.hidden?.length;
    const list = waits ? this.ask.held(s) : null; // null: not known yet
    const on = waits && (list === null || list.length > 0);
    for (const p of on ? list ?? [] : []) {
      const map = p.drop ? this.drops : this.dests;
      const k = p.drop ?? sqToKey(p.from!);
      map.set(k, [...(map.get(k) ?? []), sqToKey(p.to)]);
    }
    return {
      color: on ? mine : undefined,
      premovable: {
        enabled: on, showDests: true, castle: false,
        premoveFunc: (_b: unknown, key: string) => this.dests.get(key) ?? [],
        predropFunc: (_b: unknown, piece: { role: string }) => this.drops.get(letterOfRole(piece.role)) ?? [],
        events: {
          set: (o: string, d: string) => (this.current = [o, d]),
          unset: () => (this.current = null),
        },
      },
    };
  }

  // pick asks for the destinations of state s when the player picked up
  // a piece of colour (its own, the board's premovable on: config) and
  // they are not known; redo renders when they come. Asked once per
  // position.
  pick(s: PremoveState, cg: Api | null, color: string | undefined, redo: () => void) {
    if (!cg?.state.premovable.enabled || !color || color !== s.you || color === s.turn) return;
    this.ask.of(s, redo);
  }

  cancel(cg: Api | null) {
    this.current = null;
    cg?.cancelPremove();
  }

  // take returns the legal moves matching the premove once it is the
  // player's turn (and forgets it); [] with a notice when none is legal.
  // null when there is no premove to play.
  take(s: PremoveState, cg: Api | null): { moves: NonNullable<PremoveState['legal']>; letter: string } | null {
    const pm = this.current;
    if (!pm) return null;
    this.cancel(cg);
    const [o, d] = pm;
    const to = keyToSq(d);
    const drop = o.endsWith('@') ? o.slice(0, -1).replace(/^\+/, '').toLowerCase() : ''; // "P@": a pocket piece
    const moves = (s.legal ?? []).filter((m) => m.kind !== 'pass' && m.to === to && (drop ? m.drop === drop : !m.drop && m.from === keyToSq(o)));
    if (!moves.length) {
      toast(`Premove ${drop ? drop.toUpperCase() + '@' : keyToSq(o)}${to} dropped: it is not legal now`, 'error');
      return { moves: [], letter: '' };
    }
    // several moves on these squares (a promotion): the page asks, now
    // that it is the player's turn
    return { moves, letter: drop };
  }
}
