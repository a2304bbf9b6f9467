// Puzzles against the real game service and the set the app ships: the
// list with its filters and progress, a wrong move refuted on the board,
// the stored line played to the win after a retry, hints, and the
// profile's progress; in both languages and on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useUi, screenshot, point, REPO } from './support.js';

const { withUi } = useUi();

const BOARD = '#puzzle-board';
const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';
const at = (name) => ({ x: COLUMNS.indexOf(name[0]), y: 15 - Number(name.slice(1)) });

async function shippedSet() {
  return JSON.parse(await readFile(join(REPO, 'crates/wuzi-session/data/puzzles.json'), 'utf8')).puzzles;
}

/** An empty point at least three lines from every stone of the puzzle. */
function quietPoint(puzzle) {
  const stones = `${puzzle.black} ${puzzle.white}`.trim().split(/\s+/).map(at);
  for (let y = 0; y < 15; y += 1) {
    for (let x = 0; x < 15; x += 1) {
      if (stones.every((s) => Math.abs(s.x - x) > 2 || Math.abs(s.y - y) > 2)) return { x, y };
    }
  }
  throw new Error(`no quiet point in ${puzzle.id}`);
}

/** Clicks `p` on the puzzle board and waits for the service's answer to be drawn. */
async function play(page, p) {
  const before = await page.locator(`${BOARD} .stone:not(.setup)`).count();
  await point(page, p.x, p.y, BOARD).click();
  await page.waitForFunction(
    ([sel, n]) => document.querySelectorAll(`${sel} .stone:not(.setup)`).length > n,
    [BOARD, before],
  );
}

test('a puzzle: refuted after a wrong move, solved by its line after a retry, counted in the progress', () => withUi({}, async (page, errors, backend) => {
  const set = await shippedSet();
  const puzzle = set.find((p) => p.rule === 'freestyle' && p.kind === 'fours' && p.first_moves.length === 1);
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-puzzles').click();
  await page.locator('#screen-puzzles').waitFor();
  await page.locator('#puzzles-list li').first().waitFor();
  assert.equal(await page.locator('#puzzles-list li').count(), set.length);
  assert.equal(await page.locator('#puzzles-progress').textContent(), `Solved 0 of ${set.length} · rating 1000 · streak 0 (best 0)`);

  // Filters: what the list shows is what the service lets through.
  await page.locator('#puzzles-rule').selectOption('renju');
  await page.locator('#puzzles-kind').selectOption('threats');
  const renju = set.filter((p) => p.rule === 'renju' && p.kind === 'threats').length;
  await page.waitForFunction((n) => document.querySelectorAll('#puzzles-list li').length === n, renju);
  assert.match(await page.locator('#puzzles-list li').first().textContent(), /to play and win by fours and threes in/);
  await screenshot(page, 'puzzles-list-en');
  await page.locator('#puzzles-rule').selectOption('');
  await page.locator('#puzzles-kind').selectOption('');
  await page.waitForFunction((n) => document.querySelectorAll('#puzzles-list li').length === n, set.length);

  await page.locator(`#puzzles-list li[data-id="${puzzle.id}"] button`).click();
  await page.locator('#screen-puzzle').waitFor();
  const side = puzzle.to_move === 'black' ? 'Black' : 'White';
  const defender = puzzle.to_move === 'black' ? 'White' : 'Black';
  assert.equal(await page.locator('#puzzle-title').textContent(), `${puzzle.id} · ${side} to play and win by fours in ${puzzle.length} ${puzzle.length === 1 ? 'move' : 'moves'}`);
  assert.equal(await page.locator('#puzzle-status').textContent(), 'Your move.');

  // A quiet move: refuted, the escape on the board and ringed.
  await play(page, quietPoint(puzzle));
  assert.equal(await page.locator('#screen-puzzle').getAttribute('data-status'), 'failed');
  const status = await page.locator('#puzzle-status').textContent();
  assert.match(status, new RegExp(`^Not this time: ${defender} escapes at [A-O]\\d+, and the win is gone`));
  await page.locator(`${BOARD} .hint-ring`).waitFor();
  await screenshot(page, 'puzzle-failed-en');

  // Try again, with the stored line: each block is the service's answer.
  await page.locator('#puzzle-retry').click();
  await page.waitForFunction(() => document.querySelector('#puzzle-status').textContent === 'Your move.');
  const line = puzzle.solution.split(' ');
  for (let i = 0; i < line.length; i += 2) {
    await play(page, at(line[i]));
    if (await page.locator('#screen-puzzle').getAttribute('data-status') === 'solved') break;
    assert.equal(await page.locator('#screen-puzzle').getAttribute('data-status'), 'solving');
  }
  assert.equal(await page.locator('#puzzle-status').textContent(), 'Solved! The five can no longer be stopped.');
  assert.match(await page.locator('#puzzle-progress').textContent(), new RegExp(`^Solved 1 of ${set.length} · rating \\d+`));
  await screenshot(page, 'puzzle-solved-en');
  const listed = await backend.call('list_puzzles', {});
  assert.equal(listed.progress.solved, 1);
  assert.ok(listed.progress.rating < 1000, 'the first attempt failed');

  // The next one, with a hint: the ring and the words name the same point.
  await page.locator('#puzzle-next').click();
  await page.waitForFunction((id) => !document.querySelector('#puzzle-title').textContent.startsWith(id), puzzle.id);
  await page.locator('#puzzle-hint').click();
  await page.locator(`${BOARD} .hint-ring`).waitFor();
  const ring = page.locator(`${BOARD} .hint-ring`);
  const x = Number(await ring.getAttribute('data-x'));
  const y = Number(await ring.getAttribute('data-y'));
  const name = `${COLUMNS[x].toUpperCase()}${15 - y}`;
  assert.equal(await page.locator('#puzzle-status').textContent(), `Try ${name}.`);
  assert.deepEqual(errors, []);
}));

test('zh, dark, phone: the puzzle list and a puzzle speak the player\'s language and fit', () => withUi({
  locale: 'zh-CN', colorScheme: 'dark', viewport: 'phone',
}, async (page, errors) => {
  const set = await shippedSet();
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-puzzles').click();
  await page.locator('#puzzles-list li').first().waitFor();
  assert.equal(await page.locator('#puzzles-progress').textContent(), `已解 0 / ${set.length} · 等级分 1000 · 连对 0（最多 0）`);
  await screenshot(page, 'puzzles-list-dark-zh-phone');
  await page.locator('#puzzles-next').click();
  await page.locator('#screen-puzzle').waitFor();
  assert.equal(await page.locator('#puzzle-status').textContent(), '轮到你。');
  assert.match(await page.locator('#puzzle-title').textContent(), /先走，(连续冲四|冲四活三) \d+ 手胜$/);
  await screenshot(page, 'puzzle-dark-zh-phone');
  assert.deepEqual(errors, []);
}));
