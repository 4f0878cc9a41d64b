// Takes docs/screenshot.png: a game in progress (chess with Hit Points and
// Regenerating King between two players, a piece selected with "why is this
// move legal?" showing), and at a given window width the whole game page
// (docs/game-900.png: node e2e/screenshot.mjs BASE_URL docs/game-900.png 900).
// Usage: node e2e/screenshot.mjs BASE_URL OUT.png [WIDTH]
import { chromium } from 'playwright-core';

const [base, out, width] = process.argv.slice(2);
const w = width ? +width : 1180;
const api = async (method, path, body, token) =>
  (await fetch(base + path, {
    method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: 'Bearer ' + token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })).json();

const g = await api('POST', '/api/games', { variant: 'chess', presets: 'piece-hp,king-heals', opponent: { type: 'human' }, clock: { initial: 300, increment: 3 } });
const invite = g.inviteUrl.split('#invite=')[1];
const b = await api('POST', `/api/games/${g.id}/join`, { invite });
const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'f3e5', 'c6e5', 'd2d4', 'f6e4'];
for (let i = 0; i < moves.length; i++) {
  const r = await api('POST', `/api/games/${g.id}/moves`, { move: moves[i] }, i % 2 ? b.token : g.token);
  if (r.error) throw new Error(moves[i] + ': ' + r.error.message);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: w, height: 780 }, deviceScaleFactor: 1 });
await page.goto(base + g.seatUrl);
await page.waitForFunction(() => window.__hr?.state?.ply === 10);
const box = await page.locator('#board cg-board').boundingBox();
const at = (sq) => [box.x + (sq.charCodeAt(0) - 97 + 0.5) * box.width / 8, box.y + (8 - +sq[1] + 0.5) * box.height / 8];
await page.mouse.click(...at('d4')); // select the d4 pawn: its moves and their productions
await page.mouse.move(...at('e5')); // hover the capture: the tooltip names the rule
await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: !!width });
await browser.close();
