// Move navigation under the move list (first / previous / next / last,
// and the keys ← → Home End ↑ ↓) and the replay of a game, on the game
// view's review mode (GameView.review: the board shows the position after
// the reviewed ply). A move arriving while the player reviews does not
// take the view away (as on lichess): the page stays on the reviewed ply
// until the player steps to the end.
import { el } from './util';

export interface Reviewable {
  state: { ply: number; status: string } | null;
  viewPly: number | null;
  review(n: number): void;
}

export class Navigation {
  bar = el('div', { class: 'move-nav', id: 'move-nav', role: 'group', 'aria-label': 'Move navigation' });
  replayTimer: number | undefined;
  replayBtn = el('button', { id: 'replay', text: '▶ Replay', title: 'Step through the game from the start' });

  constructor(public view: Reviewable, public stepMs = 700) {
    const b = (id: string, text: string, title: string, go: () => number) => {
      const x = el('button', { id, text, title, 'aria-label': title });
      x.addEventListener('click', () => {
        this.stopReplay();
        this.go(go());
      });
      return x;
    };
    this.bar.append(
      b('nav-first', '«', 'First position (Home, ↑)', () => 0),
      b('nav-prev', '◀', 'Previous move (←)', () => this.cur() - 1),
      b('nav-next', '▶', 'Next move (→)', () => this.cur() + 1),
      b('nav-last', '»', 'Last position (End, ↓)', () => this.view.state?.ply ?? 0),
      this.replayBtn);
    this.replayBtn.addEventListener('click', () => (this.replayTimer === undefined ? this.startReplay() : this.stopReplay()));
  }

  cur(): number {
    return this.view.viewPly ?? this.view.state?.ply ?? 0;
  }

  // go reviews ply n, clamped to the game (its end: back to the live board)
  go(n: number) {
    const s = this.view.state;
    if (!s) return;
    n = Math.max(0, Math.min(s.ply, n));
    if (n === this.cur()) return;
    this.view.review(n);
  }

  // key handles a navigation key; true when it was one
  key(e: KeyboardEvent): boolean {
    const s = this.view.state;
    if (!s) return false;
    const to: Record<string, number> = {
      ArrowLeft: this.cur() - 1, ArrowRight: this.cur() + 1,
      Home: 0, ArrowUp: 0, End: s.ply, ArrowDown: s.ply,
    };
    if (!(e.key in to)) return false;
    this.stopReplay();
    this.go(to[e.key]);
    return true;
  }

  // startReplay steps through the moves from the start (or from the
  // reviewed ply when one is reviewed), one every stepMs, to the end
  startReplay() {
    const s = this.view.state;
    if (!s || !s.ply) return;
    if (this.view.viewPly === null || this.view.viewPly >= s.ply) this.view.review(0);
    this.replayBtn.textContent = '■ Stop';
    this.replayBtn.classList.add('on');
    this.replayTimer = window.setInterval(() => {
      const st = this.view.state;
      const next = this.cur() + 1;
      if (!st || next > st.ply) return this.stopReplay();
      this.view.review(next);
      if (next >= st.ply) this.stopReplay();
    }, this.stepMs);
  }

  stopReplay() {
    if (this.replayTimer === undefined) return;
    clearInterval(this.replayTimer);
    this.replayTimer = undefined;
    this.replayBtn.textContent = '▶ Replay';
    this.replayBtn.classList.remove('on');
  }

  // render updates the buttons to the position shown
  render() {
    const s = this.view.state;
    if (!s) return;
    const cur = this.cur();
    for (const [id, off] of [['nav-first', cur <= 0], ['nav-prev', cur <= 0], ['nav-next', cur >= s.ply], ['nav-last', cur >= s.ply]] as const) {
      (this.bar.querySelector('#' + id) as HTMLButtonElement).disabled = off;
    }
    this.replayBtn.disabled = s.ply === 0;
  }
}
