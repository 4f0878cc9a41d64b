// "Why is this move legal?": the panel beside the board that lists the
// legal moves of the selected piece (or pocket piece) with the rule
// (production) behind each, the line on the last move, and the tooltip on
// a target square the mouse is over. A page that cannot move asks the
// server for the legal moves (legalask.ts) and the panel fills when the
// answer comes.
import type { Api } from 'chessgroundx/api';
import type { Legal } from './choice';
import type { ListAsk } from './legalask';
import type { State } from './game';
import { el, keyToSq } from './util';
import { baseOf, byBase, wallWord } from './walls';

// WhyHost is what the panel reads of the game page (GameView).
export interface WhyHost {
  readonly state: State | null;
  readonly cg: Api | null;
  readonly legalAsk: ListAsk<Legal, 'legal'>;
  readonly boardWrap: HTMLElement; // the tooltip's frame
}

type Played = NonNullable<State['lastMove']>;

export class WhyPanel {
  el = el('div', { class: 'why', id: 'why' }); // the panel (in the side column)
  tip = el('div', { class: 'why-tip', role: 'tooltip', id: 'why-tip' }); // the tooltip (over the board)

  constructor(private host: WhyHost) {}

  // reset empties the panel (a new position: what it listed may no
  // longer hold)
  reset() {
    this.el.textContent = 'Select a piece to see its legal moves and the rule (production) behind each; hover a target square for the reason.';
  }

  // moved: the panel described the previous position: list the selected
  // square's moves anew, or nothing
  moved() {
    this.reset();
    const sel = this.host.cg?.state.selectable.selected;
    if (typeof sel === 'string') this.selected(sel);
  }

  hideTip() {
    this.tip.style.display = 'none';
  }

  // selected lists the legal moves from the square key (a chessgroundx
  // key), the walling moves once per piece move
  selected(key: string) {
    const s = this.host.state;
    const legal = s && this.host.legalAsk.of(s, () => this.selected(key)); // null: asked, rendered when it comes
    if (!s || !legal) return;
    const sq = keyToSq(key);
    // a walling move once per piece move, with the number of wall squares
    const groups = byBase(legal.filter((m) => m.from === sq && m.kind !== 'pass'));
    const moves = [...groups.values()].map((g) => g[0]);
    if (!moves.length) return;
    const walls = (m: Legal) => {
      const n = groups.get(baseOf(m.uci))!.length;
      return m.wall ? ` (then ${wallWord(s.boardStyle?.walls)}: ${n} square${n > 1 ? 's' : ''})` : '';
    };
    const rows = moves.map((m) => el('li', {}, el('strong', { text: m.san }), ' ', el('code', { text: m.production }), ' — ', this.note(m.production) + this.captureNote(m) + walls(m)));
    this.el.replaceChildren(el('p', { text: `${moves.length} legal move${moves.length > 1 ? 's' : ''} from ${sq}${s.turn === s.you ? '' : ` (${s.turn} to move)`}:` }), el('ul', {}, ...rows));
  }

  // drops lists the legal drops of a pocket piece and their rule
  drops(letter: string, color: string) {
    const s = this.host.state;
    const legal = s && color === s.turn && this.host.legalAsk.of(s, () => this.drops(letter, color));
    if (!s || !legal) return;
    const moves = legal.filter((m) => m.drop === letter);
    if (!moves.length) return;
    const prods = [...new Set(moves.map((m) => m.production))];
    const squares = moves.map((m) => m.to);
    this.el.replaceChildren(
      el('p', { text: `${moves.length} legal drop${moves.length > 1 ? 's' : ''} of the ${letter.toUpperCase()} from the pocket: ${[...new Set(squares)].join(' ')}` }),
      el('ul', {}, ...prods.map((p) => el('li', {}, el('code', { text: p }), ' — ', this.note(p)))));
  }

  // lastMove puts (or replaces) the line on the last move at the top
  lastMove(lm: Played) {
    const p = el('p', { class: 'last-why' }, 'Last move ', el('strong', { text: lm.san }), ' (', lm.by, '): ', el('code', { text: lm.production }), ' — ', this.note(lm.production));
    const old = this.el.querySelector('.last-why');
    if (old) old.replaceWith(p);
    else this.el.prepend(p);
  }

  // hover shows the tooltip of the moves from the selected square to the
  // square under the mouse, or hides it
  hover(e: MouseEvent) {
    const cg = this.host.cg, s = this.host.state;
    if (!cg || !s) return;
    const sel = (cg.state as any).selectable?.selected as string | undefined;
    const key = cg.getKeyAtDomPos([e.clientX, e.clientY]);
    if (!sel || !key || typeof sel !== 'string') {
      this.hideTip();
      return;
    }
    const moves = (this.host.legalAsk.of(s) ?? []).filter((m) => m.from === keyToSq(sel) && m.to === keyToSq(key));
    if (!moves.length) {
      this.hideTip();
      return;
    }
    this.tip.replaceChildren(...moves.slice(0, 4).map((m) => el('div', {}, el('strong', { text: m.san + ' ' }), el('code', { text: m.production }), el('div', { text: this.note(m.production) + this.captureNote(m) }))));
    const r = this.host.boardWrap.getBoundingClientRect();
    this.tip.style.display = 'block';
    this.tip.style.left = Math.min(e.clientX - r.left + 14, r.width - 220) + 'px';
    this.tip.style.top = e.clientY - r.top + 14 + 'px';
  }

  // captureNote explains a capture when a house rule changed what a capture does
  captureNote(m: Legal): string {
    const c = this.host.state?.productions['fide.capture'];
    return m.capture && c && c.role !== 'base' ? ' · capture: ' + c.note : '';
  }

  note(prod: string): string {
    return this.host.state?.productions[prod]?.note ?? (prod.startsWith('preset.') ? 'added by a house rule' : 'a base rule');
  }
}
