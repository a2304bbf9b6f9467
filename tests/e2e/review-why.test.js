// A mistake's refutation in the real app's review: a two-player game in which
// black fails to stop white's win by fours, and white makes five. Its review,
// opened from the game-over dialog, steps to black's mistake; Why? names
// white's win and its line, and the line is played out on the review board
// move by move. The game's analysis then marks the move as a mistake.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { By } from 'selenium-webdriver';
import {
  screenshot, waitScreen, startGame, clickSettled, isOpen, placeStone, withApp,
} from './support.js';

const COLUMNS = 'ABCDEFGHIJKLMNO';
/** The board's data-x / data-y of a point named as on screen (`H8` the centre of 15x15). */
const xy = (name) => ({ x: COLUMNS.indexOf(name[0].toUpperCase()), y: 15 - Number(name.slice(1)) });

// White builds H8 I8 J8 (black holds G8) and K9 K10: after J8 (move 10),
// K8 would make a four on row 8 and an open three on column K. Black's
// move 11 makes an open three of its own (G8 H9 I10) instead of stopping
// that; white's K8 is a four, black must block at L8, white's K11 is an
// open four and K7 the five.
const GAME = ['G8', 'H8', 'H9', 'I8', 'J9', 'K10', 'G10', 'K9', 'I7', 'J8', 'I10', 'K8', 'L8', 'K11', 'K12', 'K7'];
const MISTAKE = 11;

/** Clicks the point `name` on the game board and checks a `colour` stone landed there. */
async function place(driver, name, colour) {
  const { x, y } = xy(name);
  assert.equal(await placeStone(driver, x, y), colour, `the stone on ${name}`);
}

const replayStones = async (driver) => (await driver.findElements(By.css('#replay-board .stone'))).length;

/** The review board's stone at `name` as { stone, number, variation }, or null. */
async function replayStone(driver, name) {
  const { x, y } = xy(name);
  return driver.executeScript(`
    const s = document.querySelector('#replay-board .stone[data-x="${x}"][data-y="${y}"]');
    return s && { stone: s.dataset.stone, number: s.dataset.number, variation: s.classList.contains('variation') };
  `);
}

const text = async (driver, id) => (await driver.findElement(By.id(id)).getText()).trim();

test('a mistake\'s refutation is shown in review: Why? names the win and plays its line out', () => withApp(async (driver) => {
  await startGame(driver, { mode: 'human_human', rule: 'freestyle' });
  for (const [i, name] of GAME.entries()) await place(driver, name, i % 2 ? 'white' : 'black');
  await driver.wait(() => isOpen(driver, 'dialog-game-over'), 10000, 'the five did not end the game');
  assert.match(await text(driver, 'game-over-title'), /white/i);

  await clickSettled(driver, '#game-over-review');
  await waitScreen(driver, 'replay');
  await driver.wait(async () => (await replayStones(driver)) === GAME.length, 5000, 'the review opens at the end');

  // Step to black's mistake in the move list.
  await clickSettled(driver, `#replay-moves .move[data-number="${MISTAKE}"]`, { screen: 'replay' });
  await driver.wait(async () => (await text(driver, 'replay-position')) === `Move ${MISTAKE} of ${GAME.length}`,
    5000, `the review did not go to move ${MISTAKE}`);
  await driver.wait(async () => (await replayStones(driver)) === MISTAKE, 5000);
  assert.equal(await text(driver, 'replay-why-text'), '', 'no reason before it is asked for');

  await clickSettled(driver, '#replay-why', { screen: 'replay' });
  await driver.wait(async () => (await text(driver, 'replay-why-text')) !== '', 10000, 'Why? gave no reason');
  const reason = await text(driver, 'replay-why-text');
  const said = reason.match(/^After this move: White wins by fours in (\d+): ([A-O]\d{1,2}(?: [A-O]\d{1,2})*)\.$/);
  assert.ok(said, `the reason names white's win and its line: ${reason}`);
  const line = said[2].split(' ');
  // White moves, black answers, ..., white's last move: count white moves.
  assert.equal(line.length, 2 * Number(said[1]) - 1, `a line of ${said[1]} white moves: ${reason}`);
  assert.equal(line[0], 'K8', 'the win begins with the four black left open');
  assert.equal(await replayStone(driver, line[0]), null, 'the line is not on the board yet');

  // Played out on the review board, one move at a time, after the game's
  // first eleven moves: white, black, white...
  for (const [i, name] of line.entries()) {
    await clickSettled(driver, '#replay-line-next', { screen: 'replay' });
    await driver.wait(async () => (await replayStones(driver)) === MISTAKE + i + 1, 5000,
      `move ${i + 1} of the line (${name}) was not added to the board`);
    assert.deepEqual(await replayStone(driver, name), {
      stone: i % 2 ? 'black' : 'white', number: String(MISTAKE + i + 1), variation: true,
    }, `${name} on the review board`);
  }
  assert.equal(await driver.findElement(By.id('replay-line-next')).isEnabled(), false, 'the line is played out');
  assert.equal(await text(driver, 'replay-position'), `Move ${MISTAKE} of ${GAME.length}`, 'the game stays at the mistake');
  await screenshot(driver, 'review-why');

  // Back to the game: the line goes from the board.
  await clickSettled(driver, '#replay-line-exit', { screen: 'replay' });
  await driver.wait(async () => (await replayStones(driver)) === MISTAKE, 5000, 'the line stayed on the board');
  assert.equal(await replayStone(driver, line[0]), null);

  // The computer's review of the game marks the move, and gives the same
  // reason without being asked.
  await clickSettled(driver, '#replay-analyse', { screen: 'replay' });
  await driver.wait(async () => (await driver.findElement(By.id('replay-graph')).getAttribute('data-points')) === String(GAME.length),
    30000, 'the analysis did not judge every move');
  const judged = await driver.executeScript(
    `return document.querySelector('#replay-moves .move[data-number="${MISTAKE}"]').dataset.class ?? null`,
  );
  assert.match(String(judged), /^(mistake|blunder)$/, `move ${MISTAKE} is marked as a mistake`);
  await driver.wait(async () => (await text(driver, 'replay-why-text')) === reason, 10000,
    'the marked mistake did not come with the same reason');
}, { failure: 'review-why-failure' }));
