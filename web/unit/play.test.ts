// gameend.ts and sound.ts: the result in words, the new-game link and the
// sound of a state change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGameURL, resultWords } from '../src/gameend';
import { moveSound } from '../src/sound';

test('resultWords: the winner, a draw, an abort, for a player and a spectator', () => {
  assert.deepEqual(resultWords({ result: '1-0', reason: 'checkmate', you: 'white' }), { title: 'White wins — you won!', detail: 'Checkmate' });
  assert.deepEqual(resultWords({ result: '1-0', reason: 'black resigned', you: 'black' }), { title: 'White wins — you lost', detail: 'Black resigned' });
  assert.deepEqual(resultWords({ result: '0-1', reason: 'white ran out of time', you: 'spectator' }), { title: 'Black wins', detail: 'White ran out of time' });
  assert.equal(resultWords({ result: '1/2-1/2', reason: 'stalemate', you: 'white' }).title, 'Draw');
  assert.equal(resultWords({ result: '*', reason: 'aborted', you: 'white' }).title, 'Game aborted');
});

test('newGameURL: variant, house rules, opponent, level and clock', () => {
  const seats = { white: { kind: 'human', taken: true }, black: { kind: 'ai', level: 0, taken: true } };
  const base = { id: 'x', status: 'over', result: '1-0', reason: '', you: 'white', seats };
  assert.equal(newGameURL({ ...base, variant: 'shogi', presets: '' }), '/?variant=shogi&opponent=ai&level=0');
  assert.equal(newGameURL({ ...base, variant: 'chess', presets: 'piece-hp,king-heals', clock: { initial: 180000, increment: 2000 } }),
    '/?variant=chess&presets=piece-hp%2Cking-heals&opponent=ai&level=0&clock=180%2B2');
  const humans = { white: { kind: 'human', taken: true }, black: { kind: 'human', taken: true } };
  assert.equal(newGameURL({ ...base, you: 'black', seats: humans, variant: 'chess', presets: '' }), '/?variant=chess&opponent=human');
});

test('moveSound: end, check, capture (the played move flagged, or a piece fewer), move, nothing', () => {
  // the previous state has no legal list (protocol 2: not the page's turn)
  const prev = { ply: 3, board: 'rnbqkbnr/8/8/8/8/8/8/RNBQKBNR', status: 'active' };
  const next = (o: object) => ({ ply: 4, board: prev.board, status: 'active', check: [] as string[], lastMove: { uci: 'a2a3' }, ...o });
  assert.equal(moveSound(prev, next({})), 'move');
  assert.equal(moveSound(prev, next({ lastMove: { uci: 'e4d5', capture: true } })), 'capture', 'an atomic capture or a capture that adds to the pocket: the count may not drop');
  assert.equal(moveSound(prev, next({ lastMove: { uci: 'e4d5' } })), 'move');
  assert.equal(moveSound(prev, next({ board: 'rnbqkbn1/8/8/8/8/8/8/RNBQKBNR' })), 'capture');
  assert.equal(moveSound(prev, next({ check: ['e8'] })), 'check');
  assert.equal(moveSound(prev, next({ status: 'over' })), 'end');
  assert.equal(moveSound(prev, next({ ply: 3 })), null);
  assert.equal(moveSound(prev, next({ ply: 2 })), null, 'a takeback is silent');
});
