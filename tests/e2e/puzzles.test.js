// A puzzle in the real app: a wrong move first, refuted on the board; then
// the puzzle solved by its stored line after Try again, and the result in
// the profile's progress.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { By } from 'selenium-webdriver';
import { startApp, screenshot, waitScreen, clickSettled, REPO } from './support.js';

const COLUMNS = 'abcdefghijklmnopqrstuvwxyz';
const at = (name) => ({ x: COLUMNS.indexOf(name[0]), y: 15 - Number(name.slice(1)) });
const hit = (p) => By.css(`#puzzle-board .hit[data-x="${p.x}"][data-y="${p.y}"]`);

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

/** The moves drawn on the puzzle board (not its own stones). */
async function moves(driver) {
  return (await driver.findElements(By.css('#puzzle-board .stone:not(.setup)'))).length;
}

/** Clicks `p` and waits until the service's answer is drawn. */
async function play(driver, p) {
  const before = await moves(driver);
  await clickSettled(driver, hit(p), { screen: 'puzzle' });
  await driver.wait(async () => (await moves(driver)) > before, 20000, 'the answer to the move');
}

const puzzleStatus = (driver) => driver.findElement(By.id('screen-puzzle')).getAttribute('data-status');

test('a puzzle: a wrong move is refuted, then the puzzle is solved and counted', async () => {
  const set = JSON.parse(await readFile(join(REPO, 'crates/wuzi-session/data/puzzles.json'), 'utf8')).puzzles;
  const puzzle = set.find((p) => p.rule === 'freestyle' && p.kind === 'fours' && p.first_moves.length === 1);
  const app = await startApp();
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-puzzles', { screen: 'home' });
    await waitScreen(driver, 'puzzles');
    await clickSettled(driver, `#puzzles-list li[data-id="${puzzle.id}"] button`, { screen: 'puzzles' });
    await waitScreen(driver, 'puzzle');

    await play(driver, quietPoint(puzzle));
    assert.equal(await puzzleStatus(driver), 'failed');
    assert.match(await driver.findElement(By.id('puzzle-status')).getText(), /^Not this time: (Black|White) escapes at [A-O]\d+/);
    await driver.findElement(By.css('#puzzle-board .hint-ring'));
    await screenshot(driver, 'puzzle-refuted');

    await clickSettled(driver, '#puzzle-retry', { screen: 'puzzle' });
    await driver.wait(async () => (await moves(driver)) === 0, 10000, 'the puzzle from its start');
    const line = puzzle.solution.split(' ');
    for (let i = 0; i < line.length && (await puzzleStatus(driver)) === 'solving'; i += 2) {
      await play(driver, at(line[i]));
    }
    assert.equal(await puzzleStatus(driver), 'solved');
    assert.match(await driver.findElement(By.id('puzzle-progress')).getText(), new RegExp(`^Solved 1 of ${set.length} · rating \\d+`));
    await screenshot(driver, 'puzzle-solved');

    await clickSettled(driver, '#puzzle-back', { screen: 'puzzle' });
    await waitScreen(driver, 'puzzles');
    await driver.wait(async () => (await driver.findElements(By.css(`#puzzles-list li.solved[data-id="${puzzle.id}"]`))).length === 1, 10000, 'marked solved in the list');
  } finally {
    await app.stop();
  }
});
