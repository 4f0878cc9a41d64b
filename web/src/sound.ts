// Game sounds, synthesised with WebAudio (no audio files): a move, a
// capture, a check, the end of the game and low time. A mute toggle is
// kept in localStorage. Every sound played is also listed in
// window.__hr.sounds (for the browser tests; a muted sound is not played
// and not listed).
import { store } from './util';

export type SoundKind = 'move' | 'capture' | 'check' | 'end' | 'lowtime' | 'notify';

const muteKey = 'houserules:muted';
let ctx: AudioContext | null = null;

export const isMuted = () => store(muteKey) === '1';
export function setMuted(m: boolean) {
  store(muteKey, m ? '1' : null);
}

// a tone: frequency (Hz), start (s from now), length (s), kind of wave, volume
type Tone = [number, number, number, OscillatorType, number];
const tones: Record<SoundKind, Tone[]> = {
  move: [[520, 0, 0.07, 'triangle', 0.25]],
  capture: [[300, 0, 0.05, 'square', 0.18], [190, 0.04, 0.09, 'triangle', 0.3]],
  check: [[880, 0, 0.08, 'sine', 0.25], [660, 0.09, 0.1, 'sine', 0.22]],
  end: [[523, 0, 0.15, 'sine', 0.2], [659, 0.15, 0.15, 'sine', 0.2], [784, 0.3, 0.3, 'sine', 0.2]],
  lowtime: [[1000, 0, 0.06, 'square', 0.12], [1000, 0.12, 0.06, 'square', 0.12]],
  notify: [[740, 0, 0.12, 'sine', 0.18]],
};

export function playSound(kind: SoundKind) {
  if (isMuted()) return;
  const hr = window.__hr as any;
  if (hr) (hr.sounds ??= []).push(kind);
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const t0 = ctx.currentTime;
    for (const [freq, at, len, wave, vol] of tones[kind]) {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.type = wave;
      o.frequency.value = freq;
      g.gain.setValueAtTime(vol, t0 + at);
      g.gain.exponentialRampToValueAtTime(0.001, t0 + at + len);
      o.connect(g).connect(ctx.destination);
      o.start(t0 + at);
      o.stop(t0 + at + len + 0.02);
    }
  } catch {
    /* no audio: the game goes on silently */
  }
}

// pieceCount counts the pieces of a FEN board field (the pocket in
// brackets left out)
function pieceCount(board: string): number {
  return (board.split('[')[0].match(/[A-Za-z]/g) ?? []).length;
}

// moveSound is the sound of the state change prev → s: the end of the
// game, a check, a capture (the played move says so, or a piece fewer: an
// opponent's move hidden by fog is not named) or a move (null: no new
// move). The previous state's legal list is not used: with protocol 2 a
// state has none when it is not the page's turn.
export function moveSound(prev: { ply: number; board: string; status: string },
  s: { ply: number; board: string; status: string; check: string[]; lastMove: { uci: string; capture?: boolean } | null }): SoundKind | null {
  if (s.status === 'over' && prev.status !== 'over') return 'end';
  if (s.ply !== prev.ply + 1 || !s.lastMove) return null;
  if (s.check.length) return 'check';
  if (s.lastMove.capture || pieceCount(s.board) < pieceCount(prev.board)) return 'capture';
  return 'move';
}
