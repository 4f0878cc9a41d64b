// The game page: the chessgroundx board, the move list, the controls and
// "why is this move legal?" (why.ts). The server is the authority: the
// board shows the server's state, and a move is sent to it and shown once
// it answers.
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import { choiceBox, Legal, options } from './choice';
import { hasCharacters, installPieceStyles, PieceInfo } from './pieces';
import { boardFen, dropOrig, lastMoveOf, letterOfRole, pocketElements, pocketRoles, Pockets, pocketsKey, pocketTitle, stoneDrop } from './pockets';
import { api, ApiError, copyText, el, fileOf, inviteKey, keyToSq, rankOf, seatColorKey, seatKey, sqToKey, store, toast } from './util';
import { applyBoardStyle, boardKey, BoardStyle } from './boardstyle';
import { afterChoice, nextStep, Step, wallWord } from './walls';
import { setUseChars, useChars } from './xqpieces';
import { rulesPanel } from './rulespanel';
import { customChip } from './customchip';
import { PlayExtras } from './play';
import { editorURL } from './editor';
import { applyState } from './partial';
import { ListAsk } from './legalask';
import type { Premove } from './premove';
import { WhyPanel } from './why';
interface Played {
  uci: string;
  san: string;
  by: string;
  production: string;
  from?: string;
  to?: string;
  capture?: boolean;
  fen: string;
}
interface Production {
  id: string;
  by: string;
  role: string;
  note: string;
}
export interface State {
  id: string;
  variant: string;
  custom?: boolean; // a custom ini block (GET /api/games/{id} gives it as ini)
  presets: string;
  files: number;
  ranks: number;
  topology: string;
  boardStyle?: BoardStyle; // how the board is drawn (the server derives it from the variant)
  startFen: string;
  fen: string;
  board: string;
  turn: 'white' | 'black';
  ply: number;
  moves: Played[];
  legal?: Legal[]; // absent (protocol 2) where the page cannot move: legalAsk asks for it
  lastMove: Played | null;
  check: string[];
  // what this seat may see beyond the board (the ruleset's view)
  badges: { square: string; kind: string; value: number; max?: number; text: string; title?: string }[];
  marks: { square: string; kind: string; title?: string }[];
  hidden: string[];
  statusText: string[];
  legend: { kind: string; text: string }[];
  status: 'waiting' | 'active' | 'over';
  result: string;
  reason: string;
  seats: Record<'white' | 'black', { kind: string; level?: number; levelName?: string; taken: boolean; online: boolean }>;
  canAbort?: boolean;
  rematchOffer?: string;
  rematch?: { id: string; url: string; seat?: string; token?: string };
  premoves?: Premove[]; // protocol 1 only: the page asks (premove.ts)
  you: 'white' | 'black' | 'spectator';
  drawOffer: string;
  aiThinking: boolean;
  canTakeback: boolean;
  productions: Record<string, Production>;
  pieces: PieceInfo[];
  pockets?: Pockets; // in a variant with pockets
  watchers: number;
  clock?: { initial: number; increment: number; white: number; black: number; running: '' | 'white' | 'black' };
}

declare global {
  interface Window {
    __hr?: { state: State | null; cg: Api | null; connected: boolean };
  }
}

export function renderGame(app: HTMLElement, id: string) {
  const view = new GameView(app, id);
  view.start();
  return () => view.stop();
}

export class GameView {
  token: string | null;
  state: State | null = null;
  cg: Api | null = null;
  ws: WebSocket | null = null;
  stopped = false;
  retry = 0;
  orientation: 'white' | 'black' = 'white';
  flipped = false;
  dims = '';
  invite: string | null = null;
  viewPly: number | null = null; // reviewing an earlier position (null: live)
  clockAt = 0; // performance.now() when the state's clock was received
  ticker: number | undefined;
  // the legal moves when the state has none (not the page's turn: legalask.ts)
  legalAsk = new ListAsk<Legal, 'legal'>('legal', (m) => this.ask(m));
  clockEls: Record<'white' | 'black', HTMLElement> = { white: el('span', { class: 'clock', id: 'clock-white' }), black: el('span', { class: 'clock', id: 'clock-black' }) };

  // elements
  boardWrap = el('div', { class: 'board-wrap' });
  boardEl = el('div', { class: 'cg-wrap', id: 'board' });
  pocketEls = pocketElements(); // above and below the board
  overlay = el('div', { class: 'overlay', 'aria-hidden': 'true' });
  wallLayer = el('div', { class: 'wall-layer', id: 'wall-layer' }); // the squares a wall may go to, while the player chooses
  endWallPick: (() => void) | null = null; // ends that choice
  pressedEmpty: string | null = null; // the empty square the last press on the board began on
  legend = el('div', { class: 'legend', id: 'legend' });
  status = el('div', { class: 'status', id: 'status', role: 'status' });
  players = el('div', { class: 'players' });
  moveList = el('ol', { class: 'moves', id: 'moves', title: 'Click a move (or use ← →) to review the position' });
  controls = el('div', { class: 'controls' });
  banner = el('div', { class: 'banner' });
  exportBox = el('div', { class: 'export' });
  rulesLine = el('div', { class: 'rules-line' });

  constructor(public app: HTMLElement, public id: string) {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get('seat')) store(seatKey(id), hash.get('seat'));
    this.invite = hash.get('invite');
    if (hash.get('seat') || hash.get('invite')) history.replaceState(null, '', '/g/' + id);
    this.token = store(seatKey(id));
    window.__hr = { state: null, cg: null, connected: false };
    this.extras = new PlayExtras(this);
    this.why = new WhyPanel(this);
  }
  extras: PlayExtras; // end dialog, rematch, abort, navigation, sounds, premoves, flip, title (play.ts)
  why: WhyPanel; // "Why is this move legal?": the panel and the tooltip (why.ts)

  start() {
    this.boardWrap.append(this.pocketEls[0], this.boardEl, this.pocketEls[1], this.why.tip, this.legend);
    const side = el('aside', { class: 'side' },
      this.extras.end.banner, this.banner, this.players, this.status, this.rulesLine, this.controls,
      rulesPanel(this.id), // the rules in words and the pieces' legend (rulespanel.ts)
      el('h3', { text: 'Moves' }), this.moveList, this.extras.nav.bar,
      el('h3', { text: 'Why is this move legal?' }), this.why.el,
      el('h3', { text: 'Export' }), this.exportBox, this.extras.end.pgnBlock);
    this.app.replaceChildren(el('div', { class: 'game' }, this.boardWrap, side));
    this.why.reset();
    this.boardEl.addEventListener('mousemove', (e) => this.why.hover(e));
    this.boardEl.addEventListener('mouseleave', () => this.why.hideTip());
    this.boardEl.addEventListener('pointerdown', (e) => this.pressDown(e), true);
    this.boardEl.addEventListener('click', (e) => this.clickDrop(e));
    this.boardEl.addEventListener('contextmenu', () => this.extras.pre.cancel(this.cg)); // a right click cancels a premove
    window.addEventListener('resize', this.onResize);
    window.addEventListener('keydown', this.onKey);
    if (this.invite && !this.token) this.showJoin();
    this.connect();
    this.fetchInvite();
  }

  stop() {
    this.stopped = true;
    this.extras.stop();
    this.ws?.close();
    this.cg?.destroy();
    window.removeEventListener('resize', this.onResize);
    window.removeEventListener('keydown', this.onKey);
    clearInterval(this.ticker);
  }

  // tick redraws the clocks, counting down the running side locally
  tick = () => {
    const c = this.state?.clock;
    if (!c) return;
    const gone = performance.now() - this.clockAt;
    for (const side of ['white', 'black'] as const) {
      const left = Math.max(0, c[side] - (c.running === side ? gone : 0));
      const e = this.clockEls[side];
      const secs = Math.ceil(left / 1000);
      e.textContent = left < 10000 ? (left / 1000).toFixed(1) : `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
      e.classList.toggle('running', c.running === side);
      e.classList.toggle('low', left < 20000);
    }
  };

  onKey = (e: KeyboardEvent) => {
    const s = this.state;
    if (!s || (e.target as HTMLElement).closest('input, textarea, select')) return;
    if (!this.extras.onKey(e)) return; // ← → Home End ↑ ↓ (navigation.ts)
    e.preventDefault();
  };

  // review shows the position after ply n (n = s.ply: back to the game)
  review(n: number) {
    const s = this.state!;
    if (n >= s.ply) {
      this.viewPly = null;
      this.setState(s);
      return;
    }
    this.viewPly = n;
    const fen = n === 0 ? s.startFen : s.moves[n - 1].fen;
    const m = n > 0 ? s.moves[n - 1] : null;
    this.cg?.set({
      fen: boardFen(fen.split(' ')[0], s.pockets),
      lastMove: lastMoveOf(m),
      check: false,
      movable: { color: undefined, dests: new Map() },
    });
    this.overlay.replaceChildren();
    this.renderSide();
  }


  onResize = () => {
    this.cg?.redrawAll();
    this.drawOverlay();
  };

  // attachLayers puts the overlay (badges, marks) and the wall layer back
  // on the board: chessground's redrawAll (a resize, a flip) empties it.
  attachLayers() {
    if (this.overlay.parentElement !== this.boardEl) this.boardEl.append(this.overlay);
    if (this.wallLayer.parentElement !== this.boardEl) this.boardEl.append(this.wallLayer);
  }

  async fetchInvite() {
    if (!this.token) return;
    try {
      const r = await api('GET', '/api/games/' + this.id, undefined, this.token);
      if (r.inviteUrl) store(inviteKey(this.id), r.inviteUrl);
      if (this.state) this.renderSide();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'bad_token') {
        store(seatKey(this.id), null);
        this.token = null;
      }
    }
  }

  showJoin() {
    const btn = el('button', { class: 'primary', id: 'join', text: 'Take the seat and play' });
    btn.addEventListener('click', async () => {
      btn.disabled = true;
      try {
        const r = await api('POST', `/api/games/${this.id}/join`, { invite: this.invite });
        store(seatKey(this.id), r.token);
        this.token = r.token;
        this.banner.replaceChildren();
        this.send({ type: 'hello', token: this.token });
        toast('You play ' + r.seat);
      } catch (e) {
        this.banner.replaceChildren(el('p', { class: 'note', text: e instanceof ApiError ? e.message : String(e) }));
      }
    });
    this.banner.replaceChildren(el('div', { class: 'invite-banner' }, el('p', { text: 'You are invited to this game.' }), btn));
  }

  connect() {
    if (this.stopped) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // protocol 2: partial states after the first (partial.ts)
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${this.id}/ws?protocol=2`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.legalAsk.reset();
      this.extras.pre.ask.reset();
      window.__hr!.connected = true;
      if (this.token) ws.send(JSON.stringify({ type: 'hello', token: this.token }));
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      window.__hr!.connected = false;
      if (this.stopped) return;
      this.status.textContent = 'Connection lost — reconnecting…';
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
  }

  send(msg: unknown) {
    if (!this.ask(msg)) toast('Not connected; retrying…', 'error');
  }

  // ask sends msg when connected; false, without a notice, when not (a
  // list is asked for again when it is needed). render shows the state
  // held again (an answer came: legal, premoves).
  ask = (msg: unknown): boolean => this.ws?.readyState === WebSocket.OPEN && (this.ws.send(JSON.stringify(msg)), true);
  render = () => { if (this.state) this.setState(this.state); };

  onMessage(m: any) {
    this.extras.onMessage(m);
    switch (m.type) {
      case 'state': {
        // a connection's first state is whole; then partial ones follow
        // the state held (partial.ts)
        const s = applyState(this.state, m as State);
        if (s) this.setState(s);
        else this.send({ type: 'sync' }); // the whole state comes back
        break;
      }
      case 'error':
        toast(m.display ?? m.message, 'error');
        if (m.code === 'bad_token') {
          store(seatKey(this.id), null);
          this.token = null;
        }
        if (this.state) this.setState(this.state); // undo an optimistic move
        break;
      case 'presence':
        // who is connected changed (sent at most every 100 ms): the same
        // state object, so the clocks keep their reference time
        if (this.state) {
          this.state.seats.white.online = m.online.white;
          this.state.seats.black.online = m.online.black;
          this.state.watchers = m.watchers;
          this.setState(this.state);
        }
        break;
      case 'legal':
        this.legalAsk.answer(m, this.state); // renders what waited for it
        break;
      case 'premoves':
        this.extras.pre.ask.answer(m, this.state); // renders the board with them
        break;
      case 'game_over':
        break; // the end dialog says it (gameend.ts)
      case 'draw_declined':
        toast(m.message ?? 'Your draw offer was declined');
        break;
    }
  }

  myColor(): 'white' | 'black' | undefined {
    const y = this.state?.you;
    return y === 'white' || y === 'black' ? y : undefined;
  }

  canMove(): boolean {
    const s = this.state!;
    return s.status === 'active' && s.you === s.turn && s.seats[s.turn].kind === 'human';
  }

  // dests: the legal targets by origin, a square or a pocket piece ("P@")
  dests(): Map<any, any[]> {
    const d = new Map<any, any[]>();
    if (!this.canMove()) return d;
    for (const m of this.state!.legal ?? []) {
      if ((!m.from && !m.drop) || m.kind === 'pass') continue; // a pass is the Pass button
      const k = m.drop ? dropOrig(m.drop) : sqToKey(m.from!);
      const list = d.get(k) ?? [];
      const t = sqToKey(m.to);
      if (!list.includes(t)) list.push(t);
      d.set(k, list);
    }
    return d;
  }

  setState(s: State) {
    const first = !this.state;
    const prev = this.state;
    const moved = !first && (s.ply !== this.state!.ply || s.fen !== this.state!.fen);
    // reviewing an earlier ply: a new state does not take the view away
    // (as on lichess); stepping to the end goes back to the live board
    const keep = this.viewPly !== null && this.viewPly < s.ply ? this.viewPly : null;
    this.viewPly = null;
    if (s !== this.state) this.clockAt = performance.now();
    this.state = s;
    window.__hr!.state = s;
    this.orientation = this.extras.orientation(s); // a flip is kept per game (play.ts)
    if (s.you !== 'spectator') store(seatColorKey(this.id), s.you); // for the recent-games list
    const dims = `${s.files}x${s.ranks}:${s.pieces.map((p) => p.letter + p.name).join()}:${pocketsKey(s.pockets)}:${boardKey(s.boardStyle)}:${useChars()}`;
    const config: any = {
      fen: boardFen(s.board, s.pockets),
      orientation: this.orientation,
      turnColor: s.turn,
      check: s.check.length ? s.check.map(sqToKey) : false,
      lastMove: lastMoveOf(s.lastMove),
      movable: { free: false, color: this.canMove() ? s.turn : undefined, dests: this.dests(), showDests: true },
    };
    this.extras.cgConfig(s as any, config, keep !== null); // premoves
    if (!this.cg || dims !== this.dims) {
      this.dims = dims;
      installPieceStyles(s.pieces, s.boardStyle);
      this.cg?.destroy();
      this.boardEl.replaceChildren();
      this.boardEl.style.setProperty('--files', String(s.files));
      this.boardEl.style.setProperty('--ranks', String(s.ranks));
      // with pockets, a row of slots above and below the board
      const pocketRows = s.pockets ? (2 * s.files) / Math.max(s.files, s.pockets.white.length, s.pockets.black.length) : 0;
      this.boardWrap.style.setProperty('--aspect', String(s.files / (s.ranks + pocketRows)));
      this.boardWrap.classList.toggle('has-pockets', !!s.pockets);
      for (const p of this.pocketEls) {
        p.replaceChildren();
        p.removeAttribute('style');
        p.className = 'pocket-slot';
        p.hidden = !s.pockets;
      }
      this.boardEl.classList.toggle('wrap-files', s.topology === 'cylinder' || s.topology === 'torus');
      this.boardEl.classList.toggle('wrap-ranks', s.topology === 'torus');
      this.cg = Chessground(this.boardEl, {
        ...config,
        dimensions: { width: s.files, height: s.ranks },
        pocketRoles: s.pockets ? pocketRoles(s.pockets) : undefined,
        coordinates: true,
        autoCastle: false,
        highlight: { lastMove: true, check: true },
        animation: { enabled: true, duration: 180 },
        draggable: { enabled: true, showGhost: true },
        drawable: { enabled: true, visible: true },
        movable: { ...config.movable, events: {
          after: (o: string, d: string) => this.userMove(o, d),
          afterNewPiece: (p: { role: string }, d: string) => this.userDrop(letterOfRole(p.role), d),
        } },
        events: {
          // (a piece picked up may ask for premoves: play.ts)
          select: (k: string) => (this.extras.picked(this.cg?.state.boardState.pieces.get(k as any)?.color), this.why.selected(k)),
          selectPocket: (p: { role: string; color: string }) => (this.extras.picked(p.color), this.why.drops(letterOfRole(p.role), p.color)),
        },
      }, ...(s.pockets ? this.pocketEls : []));
      window.__hr!.cg = this.cg;
      this.boardEl.append(this.overlay, this.wallLayer);
    } else {
      this.cg.set(config);
    }
    this.endWallPick?.(); // a new state ends a wall choice (the board shows the state)
    if (moved) this.why.moved(); // the selected square's moves in the new position
    this.paintBoard();
    this.drawOverlay();
    this.titlePockets();
    this.renderSide();
    if (keep !== null) this.review(keep);
    this.extras.afterState(prev, s);
  }

  // titlePockets names each pocket and what it holds (a tooltip)
  titlePockets() {
    const s = this.state!;
    if (!s.pockets) return;
    const names = new Map(s.pieces.map((p) => [p.letter, p.name]));
    const top = this.orientation === 'white' ? 'black' : 'white';
    const [t, b] = this.pocketEls;
    t.title = pocketTitle(top, s.pockets[top], names, s.pockets.free);
    b.title = pocketTitle(top === 'white' ? 'black' : 'white', s.pockets[top === 'white' ? 'black' : 'white'], names, s.pockets.free);
    for (const p of this.pocketEls) p.classList.toggle('free', !!s.pockets.free);
    t.dataset.color = top;
    b.dataset.color = top === 'white' ? 'black' : 'white';
  }

  // checkered squares for any size, a1 dark
  paintBoard() {
    const s = this.state!;
    const topLeft = this.orientation === 'white' ? { f: 0, r: s.ranks - 1 } : { f: s.files - 1, r: 0 };
    const dark = (topLeft.f + topLeft.r) % 2 === 0;
    this.boardEl.classList.toggle('tl-dark', dark);
    this.boardEl.classList.toggle('orient-black', this.orientation === 'black');
    applyBoardStyle(this.boardEl, s.boardStyle, s.files, s.ranks, this.orientation === 'black');
  }

  // position of a square on the board, in % from the top left
  pos(sq: string) {
    const s = this.state!;
    let x = fileOf(sq), y = s.ranks - 1 - rankOf(sq);
    if (this.orientation === 'black') {
      x = s.files - 1 - x;
      y = s.ranks - 1 - y;
    }
    return { left: (x * 100) / s.files, top: (y * 100) / s.ranks };
  }

  drawOverlay() {
    const s = this.state;
    if (!s) return;
    this.attachLayers();
    const items: HTMLElement[] = [];
    const w = 100 / s.files, h = 100 / s.ranks;
    const cls = (kind: string) => kind.replace(/[^a-z0-9-]/gi, '');
    for (const sq of s.hidden ?? []) {
      const p = this.pos(sq);
      items.push(el('div', { class: 'hidden-square', 'data-square': sq, style: `left:${p.left}%;top:${p.top}%;width:${w}%;height:${h}%` }));
    }
    for (const m of s.marks ?? []) {
      const p = this.pos(m.square);
      items.push(el('div', { class: `mark ${cls(m.kind)}`, 'data-square': m.square, title: m.title ?? m.kind, style: `left:${p.left}%;top:${p.top}%;width:${w}%;height:${h}%` }));
    }
    for (const b of s.badges ?? []) {
      const p = this.pos(b.square);
      items.push(el('div', {
        class: `badge ${cls(b.kind)}` + (b.max && b.value < b.max ? ' hurt' : ''), 'data-square': b.square,
        [`data-${cls(b.kind)}`]: b.value, 'data-value': b.value,
        title: b.title ?? b.text, text: b.text,
        // the top right corner of the square: the file letters sit at the
        // bottom left, the rank numbers at the top left
        style: `right:calc(${100 - p.left - w}% + 1px);top:calc(${p.top}% + 1px);max-width:calc(${w}% - 2px)`,
      }));
    }
    this.overlay.replaceChildren(...items);
    const notes: HTMLElement[] = [];
    if (s.topology === 'cylinder') notes.push(el('span', { class: 'lg-wrap', text: 'Blue dashed edges: the files wrap around (the board is a cylinder).' }));
    if (s.topology === 'torus') notes.push(el('span', { class: 'lg-wrap', text: 'Blue dashed edges: files and ranks wrap around (the board is a torus).' }));
    for (const l of s.legend ?? []) notes.push(el('span', { class: `lg-${cls(l.kind)}`, text: l.text }));
    for (const t of s.statusText ?? []) notes.push(el('span', { class: 'lg-status', text: t }));
    this.legend.replaceChildren(...notes);
  }

  userMove(orig: string, dest: string) {
    const s = this.state!;
    const from = keyToSq(orig), to = keyToSq(dest);
    const moves = (s.legal ?? []).filter((m) => m.from === from && m.to === to && m.kind !== 'pass');
    const piece = this.cg?.state.boardState.pieces.get(dest as any);
    this.play(moves, piece ? letterOfRole(piece.role).replace(/^p(?=.)/, '') : '');
  }

  // pressDown notes the empty square a press on the board starts on (a
  // press on a piece starts a move or a drag, not a drop)
  pressDown(e: PointerEvent) {
    const cg = this.cg;
    const key = cg?.getKeyAtDomPos([e.clientX, e.clientY]);
    this.pressedEmpty = key && !cg!.state.boardState.pieces.has(key) ? key : null;
  }

  // clickDrop: in a stone game (ataxx, reversi …) a click on an empty
  // square plays the drop there, as if the pocket's stone had been picked
  // first (a drop from an unlimited supply has no count to pick from)
  clickDrop(e: MouseEvent) {
    const s = this.state, cg = this.cg;
    if (!s || !cg || this.viewPly !== null || this.endWallPick || !this.canMove()) return;
    const key = cg.getKeyAtDomPos([e.clientX, e.clientY]);
    if (!key || key !== this.pressedEmpty || cg.state.boardState.pieces.has(key)) return;
    const moves = stoneDrop(s.legal ?? [], s.pieces.length, keyToSq(key));
    if (moves.length) this.play(moves, moves[0].drop!);
  }

  // userDrop: a pocket piece was put on a square (dragged or clicked)
  userDrop(letter: string, dest: string) {
    const s = this.state!;
    const to = keyToSq(dest);
    this.play((s.legal ?? []).filter((m) => m.drop === letter && m.to === to), letter);
  }

  // play sends the move the board showed; asks which one when several
  // legal moves share its squares (promotion, gating, a promoted drop),
  // then where the wall goes when the move places one (walls.ts)
  play(moves: Legal[], letter: string) {
    this.step(nextStep(moves), letter);
  }

  step(st: Step<Legal>, letter: string) {
    const s = this.state!;
    switch (st.kind) {
      case 'none':
        this.setState(s);
        return;
      case 'send':
        this.sendMove(st.move);
        return;
      case 'choose':
        this.choose(st.options, letter, (m) => this.step(afterChoice(st.groups.get(m.uci) ?? [m]), letter));
        return;
      case 'wall':
        this.pickWall(st.targets);
    }
  }

  // pickWall marks the squares the wall (duck, arrow) may go to; a click
  // on one sends the move, a click elsewhere or Escape takes the move back
  pickWall(targets: Map<string, Legal>) {
    const s = this.state!;
    this.why.hideTip();
    const w = 100 / s.files, h = 100 / s.ranks;
    const cancel = () => this.setState(this.state!);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && cancel();
    window.addEventListener('keydown', onKey);
    this.endWallPick = () => {
      window.removeEventListener('keydown', onKey);
      this.wallLayer.replaceChildren();
      this.endWallPick = null;
    };
    const squares = [...targets].map(([sq, m]) => {
      const p = this.pos(sq);
      const d = el('div', { class: 'wall-dest', 'data-square': sq, 'data-uci': m.uci, title: `${m.san} (${m.uci})`, style: `left:${p.left}%;top:${p.top}%;width:${w}%;height:${h}%` });
      d.addEventListener('click', (e) => {
        e.stopPropagation();
        this.endWallPick?.();
        this.sendMove(m);
      });
      return d;
    });
    const backdrop = el('div', { class: 'wall-backdrop', title: 'Click elsewhere to take the move back' });
    backdrop.addEventListener('click', cancel);
    this.wallLayer.replaceChildren(backdrop, ...squares);
    this.status.textContent = `Now place ${wallWord(s.boardStyle?.walls)}: click a marked square (Esc takes the move back)`;
  }

  sendMove(m: Legal) {
    this.why.hideTip();
    this.send({ type: 'move', move: m.uci, ply: this.state!.ply });
  }

  choose(moves: Legal[], letter: string, pick: (m: Legal) => void = (m) => this.sendMove(m)) {
    const s = this.state!;
    this.why.hideTip();
    this.boardWrap.querySelector('#choice')?.remove();
    const { title, options: opts } = options(moves, letter, s.pieces);
    this.boardWrap.append(choiceBox(title, opts, s.turn, s.pieces, pick, () => this.setState(s)));
  }

  renderSide() {
    const s = this.state!;
    // the invitee: has the invite link, has not taken the seat yet
    const invitee = s.you === 'spectator' && !!this.invite && !this.token;
    const name = (c: 'white' | 'black') => {
      const seat = s.seats[c];
      // named for this reader: a player sees "You" and "Opponent", a
      // spectator (or the invitee before taking the seat) the players
      const who = seat.kind === 'ai' ? `Computer, ${seat.levelName ?? 'level ' + seat.level}` : s.you === c ? 'You'
        : seat.taken ? (s.you === 'spectator' ? 'Human player' : 'Opponent')
        : invitee ? 'open seat — yours to take' : 'open seat';
      return el('div', { class: 'player ' + c + (s.turn === c && s.status === 'active' ? ' to-move' : '') },
        el('span', { class: 'swatch ' + c }), ` ${c[0].toUpperCase() + c.slice(1)}: ${who}`,
        seat.kind === 'human' && seat.taken ? el('span', { class: 'dot' + (seat.online ? ' on' : ''), title: seat.online ? 'online' : 'offline' }) : null,
        s.clock ? this.clockEls[c] : null);
    };
    const top = this.orientation === 'white' ? 'black' : 'white';
    this.players.replaceChildren(name(top), name(top === 'white' ? 'black' : 'white'));
    clearInterval(this.ticker);
    if (s.clock) {
      this.tick();
      if (s.clock.running) this.ticker = window.setInterval(this.tick, 100);
    }

    let text: string;
    if (s.status === 'over') text = `Game over: ${s.result} — ${s.reason}`;
    else if (s.status === 'waiting') {
      text = invitee ? 'You are invited: take the seat to start the game.'
        : s.you === 'spectator' ? 'Waiting for the second player to take their seat.'
        : 'Waiting for your opponent to take the seat — send them the invite link.';
    }
    else if (s.aiThinking) text = 'The computer is thinking…';
    else if (s.you === s.turn) text = 'Your move' + (s.check.length ? ' — you are in check!' : '');
    else text = `${s.turn[0].toUpperCase() + s.turn.slice(1)} to move` + (s.check.length ? ' (check)' : '');
    if (s.you === 'spectator' && !invitee) text += ' · you are watching';
    this.status.textContent = text;
    this.status.className = 'status ' + s.status;
    this.status.dataset.status = s.status;

    const chips = [s.custom ? customChip(s) : el('span', { class: 'chip', text: s.variant }),
      ...(s.presets ? s.presets.split(',').map((p) => el('span', { class: 'chip rule', text: p })) : [])];
    if (s.topology !== 'plain') chips.push(el('span', { class: 'chip', text: s.topology + ' board' }));
    if (s.watchers) chips.push(el('span', { class: 'chip watchers', id: 'watchers', text: `${s.watchers} watching` }));
    this.rulesLine.replaceChildren(...chips);

    // controls
    const btn = (label: string, id: string, on: () => void, show = true) => {
      if (!show) return null;
      const b = el('button', { id, text: label });
      b.addEventListener('click', on);
      return b;
    };
    const playing = s.you !== 'spectator' && s.status !== 'over';
    const invite = store(inviteKey(this.id));
    const passes = this.canMove() && this.viewPly === null ? (s.legal ?? []).filter((m) => m.kind === 'pass') : [];
    const themed = hasCharacters(s.pieces, s.boardStyle);
    this.controls.replaceChildren(...[
      btn('Pass', 'pass', () => this.play(passes, ''), passes.length > 0),
      btn(useChars() ? 'Pieces: symbols' : 'Pieces: characters', 'piece-style', () => { setUseChars(!useChars()); this.setState(s); }, themed),
      btn('Flip board', 'flip', () => { this.flipped = true; this.orientation = this.orientation === 'white' ? 'black' : 'white'; this.extras.flipped(s, this.orientation); this.cg?.set({ orientation: this.orientation }); this.paintBoard(); this.drawOverlay(); this.titlePockets(); if (this.endWallPick) this.setState(this.state!); }),
      ...this.extras.controls(s),
      btn('Take back', 'takeback', () => this.send({ type: 'takeback' }), s.canTakeback && s.status !== 'over'),
      btn('Offer draw', 'draw', () => { this.send({ type: 'draw_offer' }); toast('Draw offered'); }, playing && s.status === 'active' && s.drawOffer !== s.you),
      btn('Accept draw', 'draw-accept', () => this.send({ type: 'draw_accept' }), playing && !!s.drawOffer && s.drawOffer !== s.you),
      btn('Decline', 'draw-decline', () => this.send({ type: 'draw_decline' }), playing && !!s.drawOffer && s.drawOffer !== s.you),
      btn('Resign', 'resign', () => { if (confirm('Resign this game?')) this.send({ type: 'resign' }); }, playing),
      btn('Copy invite link', 'copy-invite', async () => {
        const url = location.origin + invite;
        (await copyText(url)) ? toast('Invite link copied') : prompt('Invite link', url);
      }, !!invite && s.you !== 'spectator' && !(s.seats.white.taken && s.seats.black.taken)),
      btn('Copy watch link', 'copy-watch', async () => {
        const url = location.origin + '/g/' + this.id;
        (await copyText(url)) ? toast('Watch link copied') : prompt('Watch link', url);
      }),
      btn('Edit position', 'edit-position', () => { const v = this.viewPly; history.pushState(null, '', editorURL(s.variant, s.presets, v === null ? s.fen : v === 0 ? s.startFen : s.moves[v - 1].fen, (s as any).ini)); window.dispatchEvent(new PopStateEvent('popstate')); }),
      btn('New game', 'new', () => { history.pushState(null, '', '/'); window.dispatchEvent(new PopStateEvent('popstate')); }),
    ].filter((x): x is HTMLButtonElement => !!x));
    if (s.drawOffer && s.drawOffer !== s.you && s.you !== 'spectator') this.status.textContent += ` · ${s.drawOffer} offers a draw`;

    // move list
    const items: HTMLElement[] = [];
    for (let i = 0; i < s.moves.length; i++) {
      const m = s.moves[i];
      const li = el('li', { class: 'mv ' + m.by + (i === s.moves.length - 1 ? ' last' : ''), title: `${m.uci} · ${m.production}`, 'data-ply': i + 1 },
        el('span', { class: 'num', text: m.by === 'white' || i === 0 ? `${Math.floor(i / 2) + 1}${m.by === 'white' ? '.' : '…'}` : '' }), m.san);
      li.addEventListener('click', () => this.review(i + 1));
      if (this.viewPly === i + 1) li.classList.add('viewing');
      items.push(li);
    }
    this.moveList.replaceChildren(...items);
    if (this.viewPly !== null) {
      const back = el('button', { id: 'live', text: 'Back to the game' });
      back.addEventListener('click', () => this.review(s.ply));
      this.status.replaceChildren(`Viewing the position after ply ${this.viewPly} of ${s.ply} (← → to step) `, back);
    }
    this.extras.nav.render();
    this.moveList.scrollTop = this.moveList.scrollHeight;
    if (s.lastMove) this.why.lastMove(s.lastMove);

    // export
    // while reviewing, the FEN of the reviewed position (and said so)
    const vp = this.viewPly;
    const fenText = vp === null ? s.fen : vp === 0 ? s.startFen : s.moves[vp - 1].fen;
    const fenLabel = vp === null ? 'FEN' : `FEN of the reviewed position (after ply ${vp} of ${s.ply})`;
    const fen = el('input', { class: 'fen', id: 'fen', readonly: true, value: fenText, 'aria-label': fenLabel, title: fenLabel });
    const fenNote = vp === null ? null : el('p', { class: 'note', id: 'fen-note', text: `Reviewed position, after ply ${vp} of ${s.ply}:` });
    const copyFen = el('button', { id: 'copy-fen', text: vp === null ? 'Copy FEN' : 'Copy reviewed FEN' });
    copyFen.addEventListener('click', async () => ((await copyText(fenText)) ? toast(vp === null ? 'FEN copied' : `FEN after ply ${vp} copied`) : fen.select()));
    const pgnBtn = el('button', { id: 'show-pgn', text: 'PGN' });
    const pgnBox = el('textarea', { class: 'pgn', id: 'pgn', readonly: true, rows: 8, 'aria-label': 'PGN' });
    pgnBox.hidden = true;
    pgnBtn.addEventListener('click', async () => {
      const text = await api<string>('GET', `/api/games/${this.id}/pgn`);
      pgnBox.value = text;
      pgnBox.hidden = false;
      (await copyText(text)) && toast('PGN copied');
    });
    const dl = el('a', { href: `/api/games/${this.id}/pgn`, download: `houserules-${this.id}.pgn`, text: 'Download PGN' });
    this.exportBox.replaceChildren(...(fenNote ? [fenNote] : []), fen, el('div', { class: 'row' }, copyFen, pgnBtn, dl), pgnBox);
  }
}
