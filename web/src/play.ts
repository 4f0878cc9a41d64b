// The play experience around the game view (issue 44): the end-of-game
// dialog and rematch (gameend.ts), abort, move navigation and replay
// (navigation.ts), sounds (sound.ts), premoves (premove.ts), a board flip
// kept per game across reloads, and the tab title saying whose turn it is
// and the result. GameView (game.ts) calls these hooks.
import type { Api } from 'chessgroundx/api';
import { GameEnd, resultWords } from './gameend';
import { Navigation, Reviewable } from './navigation';
import { Premoves, PremoveState } from './premove';
import { isMuted, moveSound, playSound, setMuted } from './sound';
import { el, store } from './util';

type Color = 'white' | 'black';

// the parts of GameView the hooks use
export interface PlayHost extends Reviewable {
  id: string;
  state: any;
  cg: Api | null;
  send(msg: unknown): void;
  ask(msg: unknown): boolean; // send a question (false: not connected; no notice)
  render(): void; // render the state held again
  canMove(): boolean;
  play(moves: any[], letter: string): void;
}

export const flipKey = (id: string) => 'houserules:flip:' + id;

export class PlayExtras {
  nav: Navigation;
  end: GameEnd;
  pre: Premoves;
  title = document.title;
  lowWarned = false;
  lowTimer: number | undefined;
  clockAt = 0;

  constructor(public host: PlayHost) {
    this.nav = new Navigation(host);
    this.end = new GameEnd(host.id, (m) => host.send(m));
    this.pre = new Premoves((m) => host.ask(m));
    this.lowTimer = window.setInterval(() => this.checkLowTime(), 500);
  }

  stop() {
    clearInterval(this.lowTimer);
    this.nav.stopReplay();
    this.end.close();
    document.title = this.title;
  }

  // --- board orientation, kept per game ---

  // orientation is the side at the bottom: the player's colour (white for
  // a spectator), turned over when the board was flipped in this game
  orientation(s: { you: string }): Color {
    const base: Color = s.you === 'black' ? 'black' : 'white';
    return store(flipKey(this.host.id)) === '1' ? (base === 'white' ? 'black' : 'white') : base;
  }

  // flipped records the orientation after a flip
  flipped(s: { you: string }, now: Color) {
    const base: Color = s.you === 'black' ? 'black' : 'white';
    store(flipKey(this.host.id), now !== base ? '1' : null);
  }

  // --- the board's config: premoves ---

  cgConfig(s: PremoveState, config: any, reviewing: boolean) {
    const p = this.pre.config(s, reviewing);
    config.premovable = p.premovable;
    if (!config.movable.color && p.color) config.movable.color = p.color;
    if (!p.premovable.enabled && this.pre.current && s.status !== 'active') this.pre.cancel(this.host.cg);
  }

  // picked: the player picked up a piece of colour (on the board or in
  // a pocket): while it waits, its premove destinations are asked for
  // when the state has none, and the board renders again when they come
  picked(color: string | undefined) {
    const s = this.host.state;
    if (s) this.pre.pick(s, this.host.cg, color, () => this.host.render());
  }

  // --- after each state ---

  afterState(prev: any, s: any) {
    this.clockAt = performance.now();
    if (prev) {
      const k = moveSound(prev, s);
      if (k) playSound(k);
    }
    this.end.afterState(prev, s);
    this.nav.render();
    this.setTitle(s);
    // the player's turn came: play the premove if it is legal now
    if (this.host.canMove() && this.pre.current) {
      const t = this.pre.take(s, this.host.cg);
      if (t?.moves.length) this.host.play(t.moves, t.letter);
    }
  }

  setTitle(s: any) {
    if (s.status === 'over') document.title = `${resultWords(s).title}${s.reason ? ` (${s.reason})` : ''} — houserules`;
    else if (this.host.canMove()) document.title = '● Your turn — houserules';
    else document.title = `${s.variant} — houserules`;
  }

  onMessage(m: any) {
    this.end.onMessage(m);
  }

  onKey(e: KeyboardEvent): boolean {
    return this.nav.key(e);
  }

  // controls are the extra buttons of the side panel
  controls(s: any): HTMLElement[] {
    const out: HTMLElement[] = [];
    if (s.canAbort) {
      const b = el('button', { id: 'abort', text: 'Abort', title: 'End the game without a result (before both sides have moved)' });
      b.addEventListener('click', () => this.host.send({ type: 'abort' }));
      out.push(b);
    }
    const snd = el('button', { id: 'sound-toggle', text: isMuted() ? '♪ Sound off' : '♪ Sound on', 'aria-pressed': String(!isMuted()), title: 'Sounds of the moves, checks and the end of the game' });
    snd.addEventListener('click', () => {
      setMuted(!isMuted());
      snd.textContent = isMuted() ? '♪ Sound off' : '♪ Sound on';
      snd.setAttribute('aria-pressed', String(!isMuted()));
    });
    out.push(snd);
    return out;
  }

  // checkLowTime sounds once when the player's clock runs low (under a
  // fifth of the initial time, at most 20 s)
  checkLowTime() {
    const s = this.host.state;
    const c = s?.clock;
    const me = s?.you;
    if (!c || s.status !== 'active' || (me !== 'white' && me !== 'black')) return;
    const left = c[me] - (c.running === me ? performance.now() - this.clockAt : 0);
    const low = Math.min(20000, c.initial / 5);
    if (left < low && !this.lowWarned) {
      this.lowWarned = true;
      playSound('lowtime');
    } else if (left >= low) this.lowWarned = false;
  }
}
