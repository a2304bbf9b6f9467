// The coach in review and after a game, against the real game service: a
// mistake explained by the win it missed and the win it allowed, the line
// played out on the board move by move, and "Show me how" after the
// computer wins, which replays its forced line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, screenshot, point, stone } from './support.js';

const { withUi } = useUi();

const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';
const xy = (name) => ({ x: COLUMNS.indexOf(name[0]), y: 15 - Number(name.slice(1)) });

/** Black to move wins by fours: k8 is a four on row 8 and a three on column k. */
const SETUP = {
  black: ['h8', 'i8', 'j8', 'k9', 'k10'].map(xy),
  white: ['g8', 'a1', 'a15', 'o1', 'o15'].map(xy),
};

/** A two-player game from `config`, `moves` played, resigned: in the replay log. */
async function loggedGame(backend, config, moves) {
  await backend.call('new_game', { config: { mode: 'human_human', size: 15, rule: 'freestyle', ...config } });
  for (const name of moves) await backend.call('play', xy(name));
  await backend.call('resign');
}

/** From Home, the newest game of the review list. */
async function openLatestReview(page) {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-review').click();
  await page.locator('#review-list li button').first().click();
  await page.locator('#screen-replay').waitFor();
}

test('review: Why? names the win a move missed and the win it allowed, and plays the line out', () => withUi({
  // Black had a win by fours and played b2; white's a3 let it stand.
  setup: (backend) => loggedGame(backend, { setup: SETUP, first: 'black' }, ['b2', 'a3']),
}, async (page, errors) => {
  await openLatestReview(page);
  await page.locator('#replay-moves .move[data-number="1"]').click();
  await page.locator('#replay-why').click();
  await page.waitForFunction(() => document.querySelector('#replay-why-text').textContent !== '');
  assert.equal(await page.locator('#replay-why-text').textContent(), 'Missed: Black wins by fours in 2: K8 L8 K11.');

  await page.locator('#replay-moves .move[data-number="2"]').click();
  assert.equal(await page.locator('#replay-why-text').textContent(), '', 'a new move, a new question');
  await page.locator('#replay-why').click();
  await page.waitForFunction(() => document.querySelector('#replay-why-text').textContent !== '');
  assert.equal(await page.locator('#replay-why-text').textContent(), 'After this move: Black wins by fours in 2: K8 L8 K11.');
  // Played out, move by move, after the game's two moves.
  for (const [i, name] of ['k8', 'l8', 'k11'].entries()) {
    await page.locator('#replay-line-next').click();
    const p = xy(name);
    const drawn = stone(page, p.x, p.y, '#replay-board');
    await drawn.waitFor();
    assert.equal(await drawn.getAttribute('data-number'), String(3 + i));
    assert.equal(await drawn.getAttribute('data-stone'), i % 2 ? 'white' : 'black');
  }
  assert.equal(await page.locator('#replay-line-next').isDisabled(), true, 'the line is played out');
  await screenshot(page, 'review-why-en');
  await page.locator('#replay-line-exit').click();
  const k8 = xy('k8');
  await stone(page, k8.x, k8.y, '#replay-board').waitFor({ state: 'detached' });

  assert.deepEqual(errors, []);
}));

test('review: once analysed, a mistake comes with its reason without asking', () => withUi({
  // White makes a three of its own at j9 instead of stopping black's open
  // three on row 8, which becomes an open four.
  setup: (backend) => loggedGame(backend, {}, ['h8', 'h9', 'i8', 'i9', 'j8', 'j9', 'k8']),
}, async (page, errors) => {
  await openLatestReview(page);
  await page.locator('#replay-analyse').click();
  await page.waitForFunction(() => document.querySelector('#replay-graph').dataset.points === '7');
  // White's j9 (move 6) let black make an open four: a mistake or worse.
  const j9 = page.locator('#replay-moves .move[data-number="6"]');
  assert.match(await j9.getAttribute('data-class'), /^(mistake|blunder)$/);
  await j9.click();
  await page.waitForFunction(() => document.querySelector('#replay-why-text').textContent !== '');
  assert.match(await page.locator('#replay-why-text').textContent(), /^After this move: Black wins by fours in 1: [GK]8\.$/);
  assert.equal(await page.locator('#replay-line-actions').isVisible(), true, 'its line can be played out');
  assert.deepEqual(errors, []);
}));

test('after the computer wins, Show me how replays its forced line to the five', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-editor').click();
  await page.locator('#screen-editor').waitFor();
  for (const [stoneName, names] of [['black', ['h8', 'i8', 'j8', 'k9', 'k10']], ['white', ['g8', 'a1', 'a15', 'o1', 'o15']]]) {
    await page.locator(`#editor-brush input[value="${stoneName}"]`).check();
    for (const name of names) {
      const p = xy(name);
      await point(page, p.x, p.y, '#editor-board').click();
      await stone(page, p.x, p.y, '#editor-board').waitFor();
    }
  }
  await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'true');
  await page.locator('#editor-play-mode').selectOption('ai_black');
  await page.locator('#editor-play').click();
  await page.locator('#screen-game').waitFor();
  const k8 = xy('k8');
  await stone(page, k8.x, k8.y).waitFor();
  // The person looks away; the computer makes five.
  const b2 = xy('b2');
  await point(page, b2.x, b2.y).click();
  await page.locator('#dialog-game-over').waitFor();
  assert.equal(await page.locator('#game-over-show').isVisible(), true);
  await page.locator('#game-over-show').click();
  await page.locator('#screen-replay').waitFor();
  // From the start of the forced line, played to its end by itself.
  await page.locator('#replay-status').waitFor();
  assert.equal(await page.locator('#replay-status').textContent(), 'Autoplay reached the end of the game.');
  const latest = await backend.call('list_replays', { filter: {}, page: 0, pageSize: 1 });
  const sequence = await backend.call('winning_sequence', { id: latest.items[0].id });
  assert.deepEqual([sequence.from, sequence.winner, sequence.win.kind], [0, 'black', 'fours']);
  await screenshot(page, 'show-me-how-en');
  assert.deepEqual(errors, []);
}));
