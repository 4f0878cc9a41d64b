// Browser test of the Lab page (/lab, lab.ts) on `houserules serve --lab 1`:
// start a study of two rulesets × 6 games at 40 nodes a move from the form,
// see the progress bar move from the first poll to 12 of 12 games, then the
// results table (one row per ruleset, 6 games each) and the three SVG plots
// loaded and naming both rulesets; a game of the study opens in the game
// page (/g/lab-…), over, with all its plies. Screenshot: web/e2e/output/lab.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ctx, newPage, shot, start, stop, waitState } from './lib.mjs';

before(() => start(['--lab', '1']));
after(stop);

test('a study started from the Lab page runs to its plots', async () => {
  const page = await newPage(1200, 1000);
  // the home page links to the Lab when the server runs it
  await page.goto(ctx.base + '/');
  await page.locator('#lab-link a').click();
  await page.waitForURL(/\/lab$/);
  await page.locator('#lab-rulesets').fill('piece-hp;-');
  await page.locator('#lab-games').fill('6');
  await page.locator('#lab-nodes').fill('40');
  await page.locator('#lab-start').click();
  await page.locator('#lab-progress').waitFor({ timeout: 15000 });
  // the bar's values as the page polls, until 12 of 12
  const seen = [];
  const deadline = Date.now() + 120000;
  for (;;) {
    const v = await page.evaluate(() => {
      const p = document.querySelector('#lab-progress');
      return p ? [Number(p.getAttribute('value')), Number(p.getAttribute('max'))] : null;
    });
    if (v && seen.at(-1) !== v[0]) seen.push(v[0]);
    if (v && v[0] === v[1]) {
      assert.equal(v[1], 12);
      break;
    }
    assert.ok(Date.now() < deadline, 'the study did not end: ' + JSON.stringify(seen));
    await page.waitForTimeout(100);
  }
  assert.ok(seen.length >= 2 && seen[0] < 12, 'the bar did not move: ' + JSON.stringify(seen));
  assert.match(await page.locator('#lab-done').textContent(), /12 \/ 12 games — done/);
  assert.equal(await page.locator('#lab-status').textContent().then((t) => t.includes('null')), false);
  assert.equal(await page.locator('#lab-cancel').count(), 0);
  assert.match(page.url(), /\/lab\?study=1$/);
  const rows = page.locator('#lab-table tr');
  await rows.nth(2).waitFor({ timeout: 15000 });
  assert.equal(await rows.count(), 3);
  assert.equal(await rows.nth(1).locator('td').nth(0).textContent(), 'piece-hp');
  assert.equal(await rows.nth(2).locator('td').nth(0).textContent(), 'no house rules');
  assert.equal(await rows.nth(1).locator('td').nth(1).textContent(), '6');
  for (const name of ['score', 'results', 'lengths']) {
    const img = page.locator('#lab-plot-' + name);
    await page.waitForFunction((id) => { const i = document.getElementById(id); return i && i.complete && i.naturalWidth > 0; }, 'lab-plot-' + name, { timeout: 15000 });
    const svg = await page.evaluate(async (src) => (await fetch(src)).text(), await img.getAttribute('src'));
    assert.match(svg, />piece-hp/, name + ' names piece-hp');
    assert.match(svg, />no house rules/, name + ' names the plain ruleset');
  }
  assert.match(await page.locator('#lab-studies').textContent(), /Study 1 chess: piece-hp ; - — 12\/12 games/);
  await shot(page, 'lab');
  // a game of the study opens in the game page, over, with its moves
  await page.locator('details.lab-games').first().locator('summary').click();
  const first = page.locator('details.lab-games').first().locator('li').first();
  const plies = Number((await first.textContent()).match(/, (\d+) plies/)[1]);
  await first.locator('button.lab-open').click();
  await page.waitForURL(/\/g\/lab-\d+-0$/, { timeout: 15000 });
  const st = await waitState(page, 's.status === "over"');
  assert.equal(st.ply, plies);
  assert.equal(st.moves.length, plies);
  await page.close();
});

test('the form says what is wrong with a study', async () => {
  const page = await newPage(1200, 800);
  await page.goto(ctx.base + '/lab');
  await page.locator('#lab-rulesets').fill('piece-hp;piece-hp');
  await page.locator('#lab-start').click();
  await page.waitForFunction(() => document.getElementById('lab-error')?.textContent !== '');
  assert.equal(await page.locator('#lab-error').textContent(), 'ruleset 2 ("piece-hp") is ruleset 1 again (bad_presets)');
  await page.close();
});
