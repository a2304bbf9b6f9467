// A two-player game between two named profiles in the real app: the second
// profile's password is asked for on the New game screen, the game is played
// by clicks, and it counts in both profiles' statistics and on the
// leaderboard.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import {
  startApp, screenshot, waitScreen, clickSettled, clickRadio, chooseOption, answerUnsaved,
  point, stone, isOpen,
} from './support.js';

let dataDir;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wuzi-e2e-two-players-'));
});

after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Types into a field once it is shown. */
async function type(driver, id, text) {
  const field = await driver.wait(until.elementLocated(By.id(id)), 5000);
  await driver.wait(until.elementIsVisible(field), 5000);
  await field.clear();
  if (text) await field.sendKeys(text);
}

/** The row of the profile named `name` on the profile list. */
const profileRow = (driver, name) => driver.wait(until.elementLocated(By.xpath(
  `//li[contains(@class,'profile-item')][.//span[@class='profile-name' and text()='${name}']]`,
)), 5000);

/** Places a stone with a click and waits for it to be drawn. */
async function place(driver, x, y) {
  await clickSettled(driver, point(x, y), { screen: 'game' });
  await driver.wait(until.elementLocated(stone(x, y)), 5000, `the stone at ${x},${y}`);
}

/** The leaderboard's rows as their cells' text, once it has `count` rows. */
async function leaderboard(driver, count) {
  const rows = By.css('#stats-leaderboard tbody tr');
  await driver.wait(async () => (await driver.findElements(rows)).length === count, 10000, 'the leaderboard');
  const texts = [];
  for (const row of await driver.findElements(rows)) {
    const cells = await row.findElements(By.css('th, td'));
    texts.push(await Promise.all(cells.map((c) => c.getText())));
  }
  return texts;
}

/** The "Two players" row of the by-mode table. */
async function twoPlayerRow(driver) {
  const row = await driver.wait(until.elementLocated(By.id('stats-mode-human_human')), 10000);
  const cells = await row.findElements(By.css('th, td'));
  return Promise.all(cells.map((c) => c.getText()));
}

test('a two-player game between two named profiles counts in both profiles\' statistics', async () => {
  const app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');

    // A second profile, with a password; the first stays open.
    await clickSettled(driver, '#home-profile', { screen: 'home' });
    await waitScreen(driver, 'profiles');
    await type(driver, 'profile-create-name', 'Ann');
    await type(driver, 'profile-create-password', 'pear');
    await clickSettled(driver, '#profile-create', { screen: 'profiles' });
    await driver.wait(async () => isOpen(driver, 'dialog-confirm'), 5000, 'open it now?');
    await clickSettled(driver, '#confirm-cancel');
    // Back home through the open profile's own row.
    await clickSettled(driver, (await profileRow(driver, 'Player')).findElement(By.css('.profile-open')), { screen: 'profiles' });
    await waitScreen(driver, 'home');

    // New game: two players, Player (black) against Ann, with her password.
    await clickSettled(driver, '#new-game', { screen: 'home' });
    await waitScreen(driver, 'new-game');
    await clickRadio(driver, '#new-game-mode input[value="human_human"]', { screen: 'new-game' });
    const ann = await driver.wait(until.elementLocated(By.xpath("//select[@id='new-game-opponent']/option[text()='Ann']")), 10000);
    await chooseOption(driver, 'new-game-opponent', await ann.getAttribute('value'), { screen: 'new-game' });
    await clickRadio(driver, '#new-game-you input[value="black"]', { screen: 'new-game' });
    await type(driver, 'new-game-opponent-password', 'pear');
    await screenshot(driver, 'two-players-new-game');
    await clickSettled(driver, '#new-game-start', { screen: 'new-game' });
    await answerUnsaved(driver, 'discard');
    await waitScreen(driver, 'game');
    const named = async (side) => (await driver.findElement(By.css(`#side-${side} option:checked`))).getText();
    assert.equal(await named('black'), 'Player');
    assert.equal(await named('white'), 'Ann');

    // Player makes five along the top row.
    for (let x = 0; x < 5; x += 1) {
      await place(driver, x, 0);
      if (x < 4) await place(driver, x, 1);
    }
    await driver.wait(async () => isOpen(driver, 'dialog-game-over'), 10000, 'the game ends');
    assert.equal(await driver.findElement(By.id('game-over-title')).getText(), 'Player wins');
    await clickSettled(driver, '#game-over-home');
    await waitScreen(driver, 'home');

    // Player's statistics: the win, 6 points, and Ann below on the board.
    await clickSettled(driver, '#home-stats', { screen: 'home' });
    await waitScreen(driver, 'stats');
    assert.deepEqual(await leaderboard(driver, 2), [
      ['1', 'Player Current', '6', '1', '1', '0', '0', '1'],
      ['2', 'Ann', '0', '1', '0', '1', '0', '0'],
    ]);
    assert.deepEqual(await twoPlayerRow(driver), ['Two players', '1', '1', '0', '0', '100%']);
    await screenshot(driver, 'two-players-stats-player');

    // Ann opens her profile with her password: the same game, as her loss.
    await clickSettled(driver, '#nav-profile', { screen: 'stats' });
    await waitScreen(driver, 'profiles');
    await clickSettled(driver, (await profileRow(driver, 'Ann')).findElement(By.css('.profile-open')), { screen: 'profiles' });
    await type(driver, 'prompt-password', 'pear');
    await clickSettled(driver, '#prompt-ok');
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-stats', { screen: 'home' });
    await waitScreen(driver, 'stats');
    const board = await leaderboard(driver, 2);
    assert.deepEqual(board[1], ['2', 'Ann Current', '0', '1', '0', '1', '0', '0']);
    assert.deepEqual(await twoPlayerRow(driver), ['Two players', '1', '0', '1', '0', '0%']);
    assert.equal(await driver.findElement(By.id('stats-points')).getText(), '0');
    await screenshot(driver, 'two-players-stats-ann');
  } finally {
    await app.stop();
  }
});
