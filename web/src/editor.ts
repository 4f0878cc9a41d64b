// The board editor (/editor): set up a position of any variant, checked
// live by the engine (POST /api/positions/check), and start a game from
// it. The URL takes ?variant=&presets=&fen=&chess960=1, and a custom
// variant's block as ?ini=<text> or ?ini=@session (the block in
// sessionStorage under INI_KEY, for blocks too long for a URL).
//
// The board is chessgroundx in free mode: drag pieces around, drag them off
// to remove them, right-click a square to empty it. The palette holds the
// variant's pieces of both sides (and a wall where the variant has walls):
// click one, then squares to put it there, or drag it onto the board.
// Pockets (in a variant with drops) are edited with + and − per piece.
import { fetchLevels } from './levels';
import { Chessground } from 'chessgroundx';
import type { Api } from 'chessgroundx/api';
import { installPieceStyles, PieceInfo } from './pieces';
import { PocketSlot, roleOf } from './pockets';
import { applyBoardStyle, BoardStyle } from './boardstyle';
import { api, ApiError, el, inviteKey, seatColorKey, seatKey, store } from './util';

export const INI_KEY = 'houserules:editor-ini';

interface Castling {
  allowed: boolean;
  chess960: boolean;
  rank: number;
  king: string;
  rooks: string;
  kingFile: string;
  gating: boolean;
}
interface Check {
  ok: true;
  fen: string;
  status: string;
  result: string;
  moves: number;
  turn: 'white' | 'black';
  check: boolean;
  variant: string;
  files: number;
  ranks: number;
  startFen: string;
  boardStyle: BoardStyle;
  pieces: PieceInfo[];
  pockets?: { white: PocketSlot[]; black: PocketSlot[]; free?: boolean };
  pocketOrder?: string;
  castling: Castling;
}

type Color = 'white' | 'black';
type Tool = { kind: 'move' } | { kind: 'delete' } | { kind: 'piece'; letter: string; color: Color };

declare global {
  interface Window {
    __editor?: { cg: Api | null; fen: () => string; valid: boolean | null; check: Check | null; error: string };
  }
}

// splitFEN reads the fields of a FEN the editor keeps apart: the board,
// the pocket (null: none written), side, castling, en passant, the rest
// (counters …) and a {…} facts suffix.
export function splitFEN(fen: string) {
  let facts = '';
  const i = fen.indexOf('{');
  if (i >= 0) {
    facts = fen.slice(i).trim();
    fen = fen.slice(0, i);
  }
  const f = fen.trim().split(/\s+/);
  let board = f[0] ?? '';
  const digits = (x?: string) => !!x && /^\d+$/.test(x);
  // the castling and en-passant fields may be left out ("… w 0 1")
  let castling = '-', ep = '-', at = 2;
  if (f[2] !== undefined && !digits(f[2])) {
    castling = f[2];
    at = 3;
    if (f[3] !== undefined && !digits(f[3]) && !f[3].includes('+')) {
      ep = f[3];
      at = 4;
    }
  }
  let pocket: string | null = null;
  const b = board.indexOf('[');
  if (b >= 0) {
    pocket = board.slice(b + 1, board.indexOf(']') >= 0 ? board.indexOf(']') : undefined);
    board = board.slice(0, b);
  }
  return { board, pocket, side: f[1] ?? 'w', castling, ep, rest: f.slice(at), facts };
}

export async function renderEditor(app: HTMLElement): Promise<() => void> {
  const ed = new Editor(app);
  await ed.start();
  return () => ed.stop();
}

class Editor {
  params = new URLSearchParams(location.search);
  variant = this.params.get('variant') || 'chess';
  presets = this.params.get('presets') ?? '';
  ini = '';
  meta: Check | null = null; // the variant's start position as the server describes it
  cg: Api | null = null;
  orientation: Color = 'white';
  tool: Tool = { kind: 'move' };
  // the fields of the position besides the board
  turn: Color = 'white';
  castlingField = '-';
  ep = '-';
  rest: string[] = ['0', '1'];
  facts = '';
  pockets: Record<Color, Map<string, number>> = { white: new Map(), black: new Map() };
  chess960 = this.params.get('chess960') === '1';
  seq = 0;
  timer: number | undefined;
  valid = false;

  // elements
  boardWrap = el('div', { class: 'board-wrap editor-board' });
  boardEl = el('div', { class: 'cg-wrap', id: 'board' });
  pocketBoxes: Record<Color, HTMLElement> = { white: el('div', { class: 'ed-pocket', id: 'ed-pocket-white' }), black: el('div', { class: 'ed-pocket', id: 'ed-pocket-black' }) };
  palette = el('div', { class: 'ed-palette', id: 'palette' });
  // the spare pieces of each side: Black's above the board, White's below
  spareRows: Record<Color, HTMLElement> = { white: el('div', { class: 'ed-row', id: 'palette-white' }), black: el('div', { class: 'ed-row', id: 'palette-black' }) };
  variantSel = el('select', { id: 'ed-variant', 'aria-label': 'Variant' });
  turnW = el('input', { type: 'radio', name: 'ed-turn', id: 'turn-white', value: 'white' });
  turnB = el('input', { type: 'radio', name: 'ed-turn', id: 'turn-black', value: 'black' });
  castlingBox = el('div', { class: 'ed-castling', id: 'castling' });
  castlingInput = el('input', { id: 'castling-field', class: 'ed-short', 'aria-label': 'Castling field of the FEN', title: 'The FEN\'s castling field (KQkq, or rook files as in Chess960)' });
  c960 = el('input', { type: 'checkbox', id: 'ed-chess960' });
  epInput = el('input', { id: 'ep', class: 'ed-short', placeholder: '-', 'aria-label': 'En-passant square', title: 'En-passant square (optional), e.g. e3' });
  fenInput = el('input', { id: 'ed-fen', class: 'fen', 'aria-label': 'FEN', spellcheck: 'false' });
  verdict = el('div', { class: 'verdict', id: 'editor-verdict', role: 'status' });
  level = el('select', { id: 'ed-level', 'aria-label': 'AI level' });
  side = el('select', { id: 'ed-side', 'aria-label': 'Your side' }, el('option', { value: 'white', text: 'White' }), el('option', { value: 'black', text: 'Black' }), el('option', { value: 'random', text: 'Random' }));
  playAI = el('button', { class: 'primary', id: 'play-ai', text: 'Play vs computer' });
  playFriend = el('button', { id: 'play-friend', text: 'Play with a friend' });
  info = el('p', { class: 'muted', id: 'ed-info' });

  constructor(public app: HTMLElement) {
    const ini = this.params.get('ini');
    if (ini === '@session') {
      try {
        this.ini = sessionStorage.getItem(INI_KEY) ?? '';
      } catch {
        /* no storage */
      }
    } else if (ini) this.ini = ini;
    window.__editor = { cg: null, fen: () => this.fen(), valid: null, check: null, error: '' };
  }

  async start() {
    const vs = await api<{ families: { name: string; variants: { name: string; title: string; files: number; ranks: number }[] }[] }>('GET', '/api/variants');
    if (this.ini) this.variantSel.append(el('option', { value: this.variant, text: `${this.variant} (custom)` }));
    for (const f of vs.families) {
      const g = el('optgroup', { label: f.name });
      for (const v of f.variants) g.append(el('option', { value: v.name, text: `${v.title} (${v.files}×${v.ranks})` }));
      this.variantSel.append(g);
    }
    this.variantSel.value = this.variant;
    this.variantSel.addEventListener('change', () => {
      this.variant = this.variantSel.value;
      this.ini = ''; // a catalogue variant now
      this.load('');
    });
    // the AI levels 0..20 as the CLI's, named by the server (levels.ts)
    const ls = await fetchLevels();
    for (const l of ls.levels) this.level.append(el('option', { value: String(l.level), text: l.label }));
    this.level.value = new URLSearchParams(location.search).get('level') ?? String(ls.default);
    if (!this.level.value) this.level.value = String(ls.default);
    this.turnW.addEventListener('change', () => { this.turn = 'white'; this.changed(); });
    this.turnB.addEventListener('change', () => { this.turn = 'black'; this.changed(); });
    this.castlingInput.addEventListener('change', () => { this.castlingField = this.castlingInput.value.trim() || '-'; this.drawCastling(); this.changed(); });
    this.epInput.addEventListener('change', () => { this.ep = this.epInput.value.trim() || '-'; this.changed(); });
    this.c960.addEventListener('change', () => { this.chess960 = this.c960.checked; this.pruneCastling(); this.drawCastling(); this.changed(); });
    this.fenInput.addEventListener('change', () => this.setFEN(this.fenInput.value.trim()));
    this.fenInput.addEventListener('paste', () => setTimeout(() => this.setFEN(this.fenInput.value.trim()), 0));
    this.playAI.addEventListener('click', () => this.play({ type: 'ai', level: parseInt(this.level.value, 10) }));
    this.playFriend.addEventListener('click', () => this.play({ type: 'human' }));
    const button = (text: string, id: string, on: () => void) => {
      const b = el('button', { id, text, type: 'button' });
      b.addEventListener('click', on);
      return b;
    };
    const side = el('aside', { class: 'side editor-side' },
      el('h2', { text: 'Board editor' }),
      el('div', { class: 'row' }, el('label', { for: 'ed-variant', text: 'Variant ' }), this.variantSel),
      this.info,
      el('div', { class: 'row' }, button('Start position', 'ed-start', () => this.setFEN(this.meta!.fen)), button('Clear board', 'ed-clear', () => this.clear()), button('Flip', 'ed-flip', () => this.flip())),
      el('div', { class: 'row' }, el('span', { text: 'To move:' }), el('label', { for: 'turn-white' }, this.turnW, ' White'), el('label', { for: 'turn-black' }, this.turnB, ' Black')),
      this.castlingBox,
      el('div', { class: 'row' }, el('label', { for: 'ep', text: 'En passant ' }), this.epInput),
      el('label', { for: 'ed-fen', class: 'ed-label', text: 'FEN' }), this.fenInput,
      this.verdict,
      el('h3', { text: 'Play from here' }),
      el('div', { class: 'row' }, el('label', { for: 'ed-side', text: 'You play ' }), this.side, this.level),
      el('div', { class: 'row' }, this.playAI, this.playFriend),
    );
    this.boardWrap.append(this.spareRows.black, this.pocketBoxes.black, this.boardEl, this.pocketBoxes.white, this.spareRows.white);
    this.app.replaceChildren(el('div', { class: 'game editor' }, el('div', { class: 'editor-main' }, this.boardWrap, this.palette), side));
    // placing and removing with the palette's tools, right-click to empty a square
    this.boardEl.addEventListener('pointerdown', this.onPress, true);
    this.boardEl.addEventListener('contextmenu', this.onContext);
    window.addEventListener('resize', this.onResize);
    await this.load(this.params.get('fen') ?? '');
  }

  stop() {
    clearTimeout(this.timer);
    this.cg?.destroy();
    window.removeEventListener('resize', this.onResize);
  }

  onResize = () => this.cg?.redrawAll();

  body(fen: string) {
    return { variant: this.variant, ini: this.ini || undefined, presets: this.presets || undefined, fen, chess960: this.chess960 || undefined };
  }

  // load asks the server about the variant (its start position) and shows
  // fen, or the start position when fen is ""
  async load(fen: string) {
    // no verdict (and no play) until the new variant's position is checked
    this.valid = false;
    this.playAI.disabled = this.playFriend.disabled = true;
    window.__editor!.valid = null;
    window.__editor!.check = null;
    ++this.seq; // a check still under way is of the old variant
    try {
      this.meta = await api<Check>('POST', '/api/positions/check', this.body(''));
    } catch (e) {
      this.meta = null;
      this.cg?.destroy();
      this.cg = null;
      this.boardEl.replaceChildren();
      this.palette.replaceChildren();
      this.showError(e);
      return;
    }
    const m = this.meta;
    if (!this.ini && m.variant) this.variant = this.variantSel.value = m.variant; // as the catalogue spells it
    this.info.textContent = `Board ${m.files} files × ${m.ranks} ranks${this.presets ? ' · house rules: ' + this.presets : ''}`;
    this.c960.checked = this.chess960;
    this.buildBoard();
    this.buildPalette();
    this.setFEN(fen || m.fen);
  }

  buildBoard() {
    const m = this.meta!;
    installPieceStyles(m.pieces, m.boardStyle);
    this.cg?.destroy();
    this.boardEl.replaceChildren();
    this.boardEl.style.setProperty('--files', String(m.files));
    this.boardEl.style.setProperty('--ranks', String(m.ranks));
    // room for the palette rows above and below the board (and the pockets)
    this.boardWrap.style.setProperty('--aspect', String(m.files / (m.ranks + 3 + (m.pockets && !m.pockets.free ? 1.5 : 0))));
    this.cg = Chessground(this.boardEl, {
      fen: '',
      orientation: this.orientation,
      dimensions: { width: m.files, height: m.ranks },
      coordinates: true,
      autoCastle: false,
      movable: { free: true, color: 'both', showDests: false },
      draggable: { enabled: true, deleteOnDropOff: true, showGhost: true },
      premovable: { enabled: false },
      drawable: { enabled: false, visible: false },
      highlight: { lastMove: false, check: false },
      animation: { enabled: false },
      events: { change: () => this.boardChanged() },
    } as any);
    window.__editor!.cg = this.cg;
    applyBoardStyle(this.boardEl, m.boardStyle, m.files, m.ranks, this.orientation === 'black');
  }

  // the palette: every piece type of the variant, for both sides, a wall
  // where the variant has walls, and the move and delete tools
  buildPalette() {
    const m = this.meta!;
    const tools: HTMLElement[] = [];
    const toolBtn = (t: Tool, content: HTMLElement | string, title: string, id: string) => {
      const b = el('button', { type: 'button', class: 'ed-tool', id, title, 'aria-label': title });
      b.append(content);
      b.addEventListener('click', () => this.setTool(t, b));
      if (t.kind === 'piece') {
        b.dataset.letter = t.letter;
        b.dataset.color = t.color;
        // drag straight from the palette onto the board
        b.addEventListener('pointerdown', (e) => {
          if (e.button !== 0 || !this.cg) return;
          this.setTool(t, b);
          this.cg.dragNewPiece({ role: roleOf(t.letter), color: t.color } as any, false, e as any, true);
        });
      }
      tools.push(b);
      return b;
    };
    const mv = toolBtn({ kind: 'move' }, 'Move', 'Move pieces (drag them; off the board removes them)', 'tool-move');
    const del = toolBtn({ kind: 'delete' }, 'Erase', 'Remove pieces: click squares', 'tool-delete');
    const general = [mv, del];
    if (m.boardStyle?.walls) general.push(toolBtn({ kind: 'piece', letter: '_', color: 'black' }, this.pieceEl('_', 'black'), 'Wall square', 'tool-wall'));
    for (const color of ['white', 'black'] as Color[]) {
      const row = this.spareRows[color];
      row.replaceChildren(...(color === 'white' ? general : []));
      for (const p of m.pieces) {
        row.append(toolBtn({ kind: 'piece', letter: p.letter, color }, this.pieceEl(p.letter, color), `${color} ${p.name} (${color === 'white' ? p.letter.toUpperCase() : p.letter})`, `spare-${color}-${p.letter}`));
      }
    }
    this.palette.replaceChildren(el('p', { class: 'muted ed-help', text: 'Click a piece, then squares to put it there (or drag it onto the board). Drag pieces off the board or right-click them to remove them.' }));
    this.setTool({ kind: 'move' }, mv);
  }

  pieceEl(letter: string, color: Color): HTMLElement {
    const e = document.createElement('piece');
    e.className = `${letter}-piece ${color}`;
    return e;
  }

  setTool(t: Tool, btn: HTMLElement) {
    this.tool = t;
    for (const b of this.boardWrap.querySelectorAll('.ed-tool')) b.classList.toggle('active', b === btn);
    this.boardEl.classList.toggle('ed-placing', t.kind !== 'move');
  }

  onPress = (e: PointerEvent) => {
    if (!this.cg || this.tool.kind === 'move' || e.button !== 0) return;
    const key = this.cg.getKeyAtDomPos([e.clientX, e.clientY]);
    if (!key) return;
    e.stopPropagation();
    e.preventDefault();
    const t = this.tool;
    const cur = this.cg.state.boardState.pieces.get(key);
    if (t.kind === 'delete') this.cg.setPieces(new Map([[key, undefined]]) as any);
    else if (cur && cur.color === t.color && cur.role === roleOf(t.letter)) this.cg.setPieces(new Map([[key, undefined]]) as any); // a second click takes it off again
    else this.cg.setPieces(new Map([[key, { role: roleOf(t.letter), color: t.color }]]) as any);
    this.boardChanged();
  };

  onContext = (e: MouseEvent) => {
    e.preventDefault();
    const key = this.cg?.getKeyAtDomPos([e.clientX, e.clientY]);
    if (!key || !this.cg) return;
    this.cg.setPieces(new Map([[key, undefined]]) as any);
    this.boardChanged();
  };

  // boardChanged: a piece was put, moved or removed
  boardChanged() {
    this.facts = ''; // the facts of the old position no longer fit its squares
    this.pruneCastling();
    this.drawCastling();
    this.changed();
  }

  flip() {
    this.orientation = this.orientation === 'white' ? 'black' : 'white';
    this.cg?.set({ orientation: this.orientation });
    const m = this.meta;
    if (m) applyBoardStyle(this.boardEl, m.boardStyle, m.files, m.ranks, this.orientation === 'black');
    this.drawPockets();
  }

  clear() {
    this.cg?.setPieces(new Map([...this.cg.state.boardState.pieces.keys()].map((k) => [k, undefined])) as any);
    for (const c of ['white', 'black'] as Color[]) for (const k of this.pockets[c].keys()) this.pockets[c].set(k, 0);
    this.castlingField = '-';
    this.ep = '-';
    this.facts = '';
    this.drawPockets();
    this.drawCastling();
    this.changed();
  }

  // setFEN shows a FEN (pasted, the start position, from the URL)
  setFEN(fen: string) {
    const m = this.meta;
    if (!m || !this.cg) return;
    const f = splitFEN(fen);
    // the board part as chessgroundx reads it (a pocket as an extra rank too)
    let board = f.board;
    let pocket = f.pocket;
    const ranks = board.split('/');
    if (pocket === null && m.pockets && ranks.length === m.ranks + 1) {
      pocket = ranks.pop()!;
      board = ranks.join('/');
    }
    this.cg.set({ fen: board } as any);
    for (const c of ['white', 'black'] as Color[]) {
      this.pockets[c] = new Map((m.pockets?.[c] ?? []).map((s) => [s.letter, 0]));
    }
    for (const ch of (pocket ?? '').replace(/-/g, '')) {
      const c: Color = ch === ch.toUpperCase() ? 'white' : 'black';
      const l = ch.toLowerCase();
      this.pockets[c].set(l, (this.pockets[c].get(l) ?? 0) + 1);
    }
    this.turn = f.side === 'b' ? 'black' : 'white';
    this.castlingField = f.castling || '-';
    this.ep = f.ep || '-';
    this.rest = f.rest.length ? f.rest : ['0', '1'];
    this.facts = f.facts;
    this.pruneCastling();
    this.drawPockets();
    this.drawCastling();
    this.changed(fen);
  }

  // fen composes the FEN of the editor's fields
  fen(): string {
    if (!this.cg || !this.meta) return '';
    const board = this.cg.getFen().split('[')[0];
    let pocket = '';
    // the pocket as the engine writes it: in its order, and only where its
    // FEN has one (not for an unlimited supply)
    if (this.meta.pockets && this.meta.fen.split(' ')[0].includes('[')) {
      const order = [...(this.meta.pocketOrder ?? '')];
      const letters = (c: Color) => [...this.pockets[c].keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      let w = '', b = '';
      for (const l of letters('white')) w += l.toUpperCase().repeat(this.pockets.white.get(l)!);
      for (const l of letters('black')) b += l.repeat(this.pockets.black.get(l)!);
      pocket = '[' + w + b + ']';
    }
    return [board + pocket, this.turn === 'white' ? 'w' : 'b', this.castlingField || '-', this.ep || '-', ...this.rest].join(' ') + (this.facts ? ' ' + this.facts : '');
  }

  drawPockets() {
    const m = this.meta!;
    for (const c of ['white', 'black'] as Color[]) {
      const box = this.pocketBoxes[c];
      box.hidden = !m.pockets || !!m.pockets.free;
      if (box.hidden) {
        box.replaceChildren();
        continue;
      }
      const slots = [...this.pockets[c]].map(([l, n]) => {
        const minus = el('button', { type: 'button', class: 'ed-pm', id: `pocket-${c}-${l}-minus`, text: '−', title: `one ${l.toUpperCase()} less in ${c}'s pocket`, disabled: n === 0 });
        const plus = el('button', { type: 'button', class: 'ed-pm', id: `pocket-${c}-${l}-plus`, text: '+', title: `one ${l.toUpperCase()} more in ${c}'s pocket` });
        minus.addEventListener('click', () => this.pocketAdd(c, l, -1));
        plus.addEventListener('click', () => this.pocketAdd(c, l, 1));
        return el('span', { class: 'ed-slot', 'data-letter': l }, this.pieceEl(l, c), el('span', { class: 'ed-count', id: `pocket-${c}-${l}`, text: String(n) }), minus, plus);
      });
      box.replaceChildren(el('span', { class: 'ed-pocket-name', text: `${c[0].toUpperCase() + c.slice(1)}'s pocket` }), ...slots);
    }
    // the pocket of the side at the bottom below the board
    const bottom = this.orientation;
    const top: Color = bottom === 'white' ? 'black' : 'white';
    this.boardWrap.replaceChildren(this.spareRows[top], this.pocketBoxes[top], this.boardEl, this.pocketBoxes[bottom], this.spareRows[bottom]);
  }

  pocketAdd(c: Color, letter: string, d: number) {
    this.pockets[c].set(letter, Math.max(0, (this.pockets[c].get(letter) ?? 0) + d));
    this.drawPockets();
    this.changed();
  }

  // castling: the pieces that may castle on each side's castling rank
  castlePieces(c: Color): { king: number | null; rooks: number[] } {
    const m = this.meta!;
    const rank = c === 'white' ? m.castling.rank - 1 : m.ranks - m.castling.rank;
    let king: number | null = null;
    const rooks: number[] = [];
    for (const [k, p] of this.cg!.state.boardState.pieces) {
      if (p.color !== c || !k || keyRank(k) !== rank) continue;
      const letter = p.role.slice(0, p.role.indexOf('-'));
      if (letter === m.castling.king) king = keyFile(k);
      else if (m.castling.rooks.includes(letter)) rooks.push(keyFile(k));
    }
    rooks.sort((a, b) => a - b);
    return { king, rooks };
  }

  // rights lists the castling letters the board allows: K Q k q, or the
  // rooks' files in Chess960 mode
  rights(): { letter: string; label: string; color: Color }[] {
    const m = this.meta!;
    const out: { letter: string; label: string; color: Color }[] = [];
    if (!m.castling.allowed) return out;
    const c960 = this.chess960 || m.castling.chess960;
    for (const c of ['white', 'black'] as Color[]) {
      const { king, rooks } = this.castlePieces(c);
      if (king === null) continue;
      const up = (s: string) => (c === 'white' ? s.toUpperCase() : s.toLowerCase());
      const name = c === 'white' ? 'White' : 'Black';
      if (c960) {
        for (const f of rooks) out.push({ letter: up(String.fromCharCode(97 + f)), label: `${name} with the ${String.fromCharCode(97 + f)}-file rook`, color: c });
      } else {
        if (rooks.some((f) => f > king)) out.push({ letter: up('k'), label: `${name} O-O`, color: c });
        if (rooks.some((f) => f < king)) out.push({ letter: up('q'), label: `${name} O-O-O`, color: c });
      }
    }
    return out;
  }

  // pruneCastling writes the castling field in the editor's terms (K/Q, or
  // the rooks' files in Chess960 mode: KQkq and rook files are translated)
  // and drops the rights the board no longer allows; not in a variant
  // whose castling field also holds gates
  pruneCastling() {
    const m = this.meta;
    if (!m || m.castling.gating || this.castlingField === '-') return;
    const c960 = this.chess960 || m.castling.chess960;
    const out: string[] = [];
    for (const ch of this.castlingField) {
      const c: Color = ch === ch.toUpperCase() ? 'white' : 'black';
      const { king, rooks } = this.castlePieces(c);
      const up = (x: string) => (c === 'white' ? x.toUpperCase() : x.toLowerCase());
      const l = ch.toLowerCase();
      if (king === null) continue;
      if (c960 && (l === 'k' || l === 'q')) {
        // the outermost rook on that side
        const f = l === 'k' ? rooks.filter((x) => x > king).pop() : rooks.find((x) => x < king);
        if (f !== undefined) out.push(up(String.fromCharCode(97 + f)));
      } else if (!c960 && l >= 'a' && l <= 'p' && l !== 'k' && l !== 'q') {
        const f = l.charCodeAt(0) - 97;
        if (rooks.includes(f)) out.push(up(f > king ? 'k' : 'q'));
      } else out.push(ch);
    }
    const ok = new Set(this.rights().map((r) => r.letter));
    this.castlingField = sortCastling(out.filter((ch) => ok.has(ch)).join('')) || '-';
  }

  drawCastling() {
    const m = this.meta!;
    this.castlingInput.value = this.castlingField;
    if (!m.castling.allowed && !m.castling.gating) {
      this.castlingBox.replaceChildren();
      return;
    }
    const boxes = this.rights().map((r) => {
      const cb = el('input', { type: 'checkbox', id: 'castle-' + r.letter, 'data-letter': r.letter });
      cb.checked = this.castlingField.includes(r.letter);
      cb.addEventListener('change', () => {
        let f = this.castlingField === '-' ? '' : this.castlingField;
        f = cb.checked ? f + r.letter : f.split(r.letter).join('');
        this.castlingField = sortCastling(f) || '-';
        this.castlingInput.value = this.castlingField;
        this.changed();
      });
      return el('label', { for: 'castle-' + r.letter, class: 'ed-castle' }, cb, ' ' + r.label);
    });
    this.castlingBox.replaceChildren(
      el('div', { class: 'row' }, el('span', { text: 'Castling:' }), ...(boxes.length ? boxes : [el('span', { class: 'muted', text: 'no king and rook on their castling rank' })])),
      el('div', { class: 'row' }, el('label', { for: 'castling-field', text: 'Castling field ' }), this.castlingInput,
        m.castling.chess960 ? null : el('label', { for: 'ed-chess960', title: 'Castling by the rooks\' files, as in Chess960' }, this.c960, ' Chess960 castling')),
    );
  }

  // changed: the position changed; show its FEN and check it
  // (raw: a FEN pasted or given is shown and checked as written, so the
  // engine's message is about that text)
  changed(raw?: string) {
    this.fenInput.value = raw ?? this.fen();
    this.turnW.checked = this.turn === 'white';
    this.turnB.checked = this.turn === 'black';
    this.epInput.value = this.ep === '-' ? '' : this.ep;
    this.valid = false;
    this.playAI.disabled = this.playFriend.disabled = true;
    window.__editor!.valid = null;
    ++this.seq; // a check under way is of the position before
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.validate(this.fenInput.value), 120);
    const u = new URLSearchParams();
    u.set('variant', this.variant);
    if (this.presets) u.set('presets', this.presets);
    if (this.chess960) u.set('chess960', '1');
    if (this.ini) u.set('ini', '@session');
    u.set('fen', this.fenInput.value);
    if (this.ini) try { sessionStorage.setItem(INI_KEY, this.ini); } catch { /* no storage */ }
    history.replaceState(null, '', '/editor?' + u.toString());
  }

  async validate(fen: string) {
    const n = ++this.seq;
    try {
      const r = await api<Check>('POST', '/api/positions/check', this.body(fen));
      if (n !== this.seq) return;
      this.valid = true;
      this.rest = splitFEN(r.fen).rest; // the counters (and check counts …) as the engine writes them
      const over = r.result ? ` — a game from here is over at once: ${r.status}, ${r.result}` : '';
      this.verdict.className = 'verdict ' + (r.result ? 'warn' : 'ok');
      this.verdict.textContent = `✓ Legal position: ${r.turn} to move${r.check ? ' (in check)' : ''}, ${r.moves} legal move${r.moves === 1 ? '' : 's'}${over}`;
      this.verdict.title = 'The engine reads it as ' + r.fen;
      this.verdict.dataset.fen = r.fen;
      this.playAI.disabled = this.playFriend.disabled = false;
      window.__editor!.valid = true;
      window.__editor!.check = r;
      window.__editor!.error = '';
    } catch (e) {
      if (n !== this.seq) return;
      this.showError(e);
    }
  }

  showError(e: unknown) {
    this.valid = false;
    this.verdict.className = 'verdict bad';
    const msg = e instanceof ApiError ? e.message : String(e);
    this.verdict.textContent = '✗ ' + msg;
    this.verdict.title = '';
    delete this.verdict.dataset.fen;
    this.playAI.disabled = this.playFriend.disabled = true;
    window.__editor!.valid = false;
    window.__editor!.error = msg;
  }

  async play(opponent: { type: string; level?: number }) {
    if (!this.valid) return;
    this.playAI.disabled = this.playFriend.disabled = true;
    try {
      const r = await api('POST', '/api/games', { ...this.body(this.fenInput.value), side: this.side.value, opponent });
      store(seatKey(r.id), r.token);
      store(seatColorKey(r.id), r.seat);
      if (r.inviteUrl) store(inviteKey(r.id), r.inviteUrl);
      history.pushState(null, '', '/g/' + r.id);
      window.dispatchEvent(new PopStateEvent('popstate'));
    } catch (e) {
      this.showError(e);
    }
  }
}

// sortCastling orders castling letters as the engine writes them: White's
// first, KQkq, or the rooks' files from the highest.
function sortCastling(f: string): string {
  const order = (ch: string) => {
    const i = 'KQkq'.indexOf(ch);
    if (i >= 0) return i * 100;
    return (ch === ch.toUpperCase() ? 50 : 250) + (120 - ch.toLowerCase().charCodeAt(0)); // rook files: the engine writes the kingside (higher file) first
  };
  return [...new Set(f)].sort((a, b) => order(a) - order(b)).join('');
}

// chessgroundx keys: file letter and rank character (util.ts sqToKey)
const RANK_CHARS = '123456789:;<=>?@';
const keyFile = (k: string) => k.charCodeAt(0) - 97;
const keyRank = (k: string) => RANK_CHARS.indexOf(k[1]);

// editorURL is the editor's link for a position of a game (the game page's
// "Edit position"): the variant, house rules and FEN.
export function editorURL(variant: string, presets: string, fen: string, ini?: string): string {
  const u = new URLSearchParams();
  u.set('variant', variant);
  if (presets) u.set('presets', presets);
  if (ini) {
    try {
      sessionStorage.setItem(INI_KEY, ini);
      u.set('ini', '@session');
    } catch {
      u.set('ini', ini);
    }
  }
  u.set('fen', fen);
  return '/editor?' + u.toString();
}
