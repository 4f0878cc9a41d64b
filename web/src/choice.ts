// The choice between legal moves that share their squares: a chess
// promotion (e7e8q, e7e8n …), a shogi-style promotion (7g7f+ or 7g7f), a
// promoted drop (+P@e4 or P@e4), S-chess gating (b1c3h, b1c3e or b1c3:
// a piece letter after the squares) — built from the legal list alone, so
// any move that differs only by what follows its squares gets a choice.
import { pieceImage, PieceInfo } from './pieces';
import { isShogi } from './shogipieces';
import { el } from './util';

export interface Legal {
  uci: string;
  san: string;
  from?: string;
  to: string;
  promotion?: string;
  drop?: string;
  wall?: string; // a walling move (uci "a2a3,a3a4"): the wall's square
  kind: string;
  production: string;
  capture?: boolean;
}

export interface Option {
  move: Legal;
  label: string;
  letter: string | null; // the piece to show, or none
  promoted: boolean; // show it promoted (shogi style)
}

// suffixOf is what follows a move's squares in its UCI text: "q" of
// e7e8q, "+" of 7g7f+ and +P@e4, "h" of b1c3h, "" of a plain move.
export function suffixOf(m: Legal): string {
  if (m.drop) return m.promotion === '+' ? '+' : '';
  if (!m.from || !m.uci.startsWith(m.from)) return '';
  const rest = m.uci.slice(m.from.length);
  return rest.startsWith(m.to) ? rest.slice(m.to.length) : '';
}

// options labels each move of a group; letter is the moving piece (lower
// case).
export function options(moves: Legal[], letter: string, pieces: PieceInfo[]): { title: string; options: Option[] } {
  const name = (l: string) => {
    const n = pieces.find((p) => p.letter === l.toLowerCase())?.name ?? l;
    return n[0].toUpperCase() + n.slice(1);
  };
  const suffixes = moves.map(suffixOf);
  const promoting = suffixes.includes('+') || suffixes.includes('-');
  const gating = moves.some((m, i) => m.kind !== 'promotion' && /^[a-z]$/i.test(suffixes[i]));
  const opts = moves.map((m, i): Option => {
    const sfx = suffixes[i];
    if (m.kind === 'promotion') return { move: m, label: name(m.promotion!), letter: m.promotion!, promoted: false };
    if (sfx === '+') return { move: m, label: m.drop ? 'Drop promoted' : 'Promote', letter, promoted: true };
    if (sfx === '-') return { move: m, label: 'Demote', letter, promoted: false };
    if (/^[a-z]$/i.test(sfx)) return { move: m, label: `Gate ${name(sfx)}`, letter: sfx.toLowerCase(), promoted: false };
    if (sfx === '') {
      const label = promoting ? (m.drop ? 'Drop as is' : "Don't promote") : gating ? 'No gating' : m.san;
      return { move: m, label, letter: gating ? null : letter, promoted: false };
    }
    return { move: m, label: m.san || m.uci, letter: null, promoted: false };
  });
  const title = gating ? 'Gate a piece from the pocket?' : promoting ? (moves[0].drop ? 'Drop the piece promoted?' : 'Promote?') : 'Promote to';
  return { title, options: opts };
}

// choiceBox is the dialog: a button per option (data-uci names its move),
// and Cancel.
export function choiceBox(title: string, opts: Option[], color: 'white' | 'black', pieces: PieceInfo[],
  pick: (m: Legal) => void, cancel: () => void): HTMLElement {
  const box = el('div', { class: 'promo', id: 'choice', role: 'dialog', 'aria-label': title }, el('p', { text: title }));
  for (const o of opts) {
    const b = el('button', { class: 'promo-choice', 'data-uci': o.move.uci, title: `${o.move.san} (${o.move.uci})` });
    if (o.letter) b.append(el('img', { src: pieceImage(pieces, (o.promoted ? '+' : '') + o.letter, color), alt: o.letter, class: o.promoted && !isShogi(pieces) ? 'promoted' : '' }));
    b.append(el('span', { class: 'choice-label', text: o.label }), el('span', { class: 'choice-san', text: o.move.san }));
    b.addEventListener('click', () => { box.remove(); pick(o.move); });
    box.append(b);
  }
  const c = el('button', { class: 'promo-cancel', text: 'Cancel' });
  c.addEventListener('click', () => { box.remove(); cancel(); });
  box.append(c);
  return box;
}
