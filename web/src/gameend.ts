// The end of a game: a dialog when the game ends while the page is open
// (a compact banner when a finished game is opened, and after the dialog
// is closed) with the result and its reason in words, Rematch (colours
// swapped; against the AI at once, between humans an offer the other
// player accepts), New game (the home page with the same settings) and
// Close. The finished game's PGN is shown in the page too.
import { api, el, seatKey, store, toast } from './util';

export interface EndState {
  id: string;
  variant: string;
  presets: string;
  status: string;
  result: string;
  reason: string;
  you: string;
  seats: Record<'white' | 'black', { kind: string; level?: number; taken: boolean }>;
  rematchOffer?: string;
  rematch?: { id: string; url: string; seat?: string; token?: string };
  clock?: { initial: number; increment: number };
}

// resultWords says the result in words: "White wins", "Draw", "Game
// aborted", and for a player whether they won.
export function resultWords(s: Pick<EndState, 'result' | 'reason' | 'you'>): { title: string; detail: string } {
  const reason = s.reason ? s.reason[0].toUpperCase() + s.reason.slice(1) : '';
  if (s.result === '*') return { title: 'Game aborted', detail: s.reason === 'aborted' ? 'No result: the game was aborted before both sides had moved.' : reason };
  if (s.result === '1/2-1/2') return { title: 'Draw', detail: reason };
  const winner = s.result === '1-0' ? 'white' : s.result === '0-1' ? 'black' : '';
  if (!winner) return { title: 'Game over', detail: reason };
  let title = winner === 'white' ? 'White wins' : 'Black wins';
  if (s.you === winner) title += ' — you won!';
  else if (s.you === 'white' || s.you === 'black') title += ' — you lost';
  return { title, detail: reason };
}

export const navigate = (url: string) => {
  history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

// newGameURL is the home page with the game's settings prefilled
export function newGameURL(s: EndState): string {
  const q = new URLSearchParams({ variant: s.variant });
  if (s.presets) q.set('presets', s.presets);
  const me = s.you === 'black' ? 'black' : 'white';
  const opp = s.seats[me === 'white' ? 'black' : 'white'];
  q.set('opponent', opp.kind === 'ai' ? 'ai' : 'human');
  if (opp.kind === 'ai' && opp.level !== undefined) q.set('level', String(opp.level));
  if (s.clock) q.set('clock', `${s.clock.initial / 1000}+${s.clock.increment / 1000}`);
  return '/?' + q.toString();
}

export class GameEnd {
  banner = el('div', { class: 'end-banner', id: 'end-banner', role: 'status' });
  dialog: HTMLElement | null = null;
  pgnBlock = el('section', { class: 'pgn-view', id: 'pgn-view' });
  pgnFor = ''; // "id:ply" of the PGN shown
  state: EndState | null = null;

  constructor(public id: string, public send: (msg: unknown) => void) {
    this.pgnBlock.hidden = true;
  }

  afterState(prev: EndState | null, s: EndState) {
    this.state = s;
    if (s.rematch?.token && !store(seatKey(s.rematch.id))) store(seatKey(s.rematch.id), s.rematch.token);
    if (s.status === 'over' && prev && prev.status !== 'over') this.openDialog();
    this.render();
  }

  onMessage(m: any) {
    switch (m.type) {
      case 'rematch':
        if (m.token) {
          store(seatKey(m.id), m.token);
          toast(`Rematch: you play ${m.seat}`);
          this.close();
          navigate(m.url);
        } else {
          toast('The players started a rematch: follow it with the link');
          this.render();
        }
        break;
      case 'rematch_declined':
        toast('Your rematch offer was declined');
        break;
    }
  }

  // actions are the end-of-game buttons for the state
  actions(s: EndState): HTMLElement[] {
    const out: HTMLElement[] = [];
    const player = s.you === 'white' || s.you === 'black';
    const button = (id: string, text: string, on: () => void, cls = '') => {
      const b = el('button', { id, text, class: cls });
      b.addEventListener('click', on);
      return b;
    };
    if (s.rematch) {
      out.push(el('a', { id: player ? 'goto-rematch' : 'follow-rematch', href: s.rematch.url, 'data-link': true, class: 'button primary',
        text: player ? 'Go to the rematch' : 'Follow the rematch' }));
    } else if (player) {
      const other = s.you === 'white' ? 'black' : 'white';
      const opp = s.seats[other];
      if (s.rematchOffer === s.you) {
        const b = button('rematch', 'Rematch offered…', () => {});
        b.disabled = true;
        out.push(b);
      } else if (s.rematchOffer === other) {
        out.push(el('span', { class: 'offer', text: 'Your opponent offers a rematch: ' }),
          button('rematch-accept', 'Accept rematch', () => this.send({ type: 'rematch_accept' }), 'primary'),
          button('rematch-decline', 'Decline', () => this.send({ type: 'rematch_decline' })));
      } else if (opp.kind === 'ai' || opp.taken) {
        out.push(button('rematch', opp.kind === 'ai' ? 'Rematch' : 'Offer a rematch', () => this.send({ type: 'rematch_offer' }), 'primary'));
      }
    }
    out.push(el('a', { id: 'new-same', class: 'button', href: newGameURL(s), 'data-link': true, text: 'New game',
      title: 'The new-game page with this game\'s settings' }));
    return out;
  }

  openDialog() {
    this.close();
    const box = el('div', { class: 'end-dialog', id: 'game-end', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'game-end-title' });
    this.dialog = box;
    document.body.append(box);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && this.close();
    window.addEventListener('keydown', onKey);
    box.addEventListener('remove-listeners', () => window.removeEventListener('keydown', onKey));
  }

  close() {
    if (!this.dialog) return;
    this.dialog.dispatchEvent(new Event('remove-listeners'));
    this.dialog.remove();
    this.dialog = null;
    this.render();
  }

  render() {
    const s = this.state;
    if (!s || s.status !== 'over') {
      this.banner.replaceChildren();
      this.banner.hidden = true;
      this.pgnBlock.hidden = true;
      this.close();
      return;
    }
    const w = resultWords(s);
    const score = s.result && s.result !== '*' ? s.result : '';
    if (this.dialog) {
      const closeBtn = el('button', { id: 'end-close', class: 'close', text: '×', title: 'Close', 'aria-label': 'Close' });
      closeBtn.addEventListener('click', () => this.close());
      this.dialog.replaceChildren(closeBtn,
        el('h2', { id: 'game-end-title', class: 'end-title', text: w.title }),
        score ? el('div', { class: 'end-score', text: score }) : '',
        el('p', { class: 'end-reason', id: 'end-reason', text: w.detail }),
        el('div', { class: 'end-actions' }, ...this.actions(s)));
      this.banner.hidden = true;
      this.banner.replaceChildren();
    } else {
      this.banner.hidden = false;
      this.banner.replaceChildren(
        el('div', { class: 'end-line' }, el('strong', { class: 'end-title', text: w.title }), score ? ` ${score}` : '', el('span', { class: 'end-reason', text: ' · ' + w.detail })),
        el('div', { class: 'end-actions' }, ...this.actions(s)));
    }
    this.showPGN(s);
  }

  // showPGN shows the finished game's PGN in the page, with a download link
  async showPGN(s: EndState) {
    const key = `${s.id}:${s.result}:${s.reason}`;
    this.pgnBlock.hidden = false;
    if (this.pgnFor === key) return;
    this.pgnFor = key;
    try {
      const text = await api<string>('GET', `/api/games/${this.id}/pgn`);
      const dl = el('a', { id: 'pgn-download', href: `/api/games/${this.id}/pgn`, download: `houserules-${this.id}.pgn`, text: 'Download PGN' });
      this.pgnBlock.replaceChildren(el('h3', { text: 'PGN' }), el('pre', { class: 'pgn-text', id: 'pgn-text', text }), dl);
    } catch (e) {
      this.pgnFor = '';
      this.pgnBlock.replaceChildren(el('p', { class: 'note', text: 'The PGN could not be loaded: ' + String(e) }));
    }
  }
}
