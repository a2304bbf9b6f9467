// The position editor in the real app: a position set up by clicks, played
// against the computer, saved under a name, and loaded again after the app
// restarts, set-up stones and moves both back on the board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import {
  startApp, screenshot, waitScreen, clickSettled, clickRadio, chooseOption, answerUnsaved,
  isOpen, point, stone,
} from './support.js';

let dataDir;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wuzi-e2e-editor-'));
});

after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const editorPoint = (x, y) => By.css(`#editor-board .hit[data-x="${x}"][data-y="${y}"]`);
const editorStone = (x, y) => By.css(`#editor-board .stone[data-x="${x}"][data-y="${y}"]`);

/** The number of stones drawn on the game board: set up and played. */
async function stones(driver, css = '#board .stone') {
  return (await driver.findElements(By.css(css))).length;
}

test('a position set up by clicks is played against the computer, saved, and loaded again after a restart', async () => {
  let app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-editor', { screen: 'home' });
    await waitScreen(driver, 'editor');

    // Black at H8 and I7, white at H7 and I8; black to move.
    await clickRadio(driver, '#editor-brush input[value="black"]', { screen: 'editor' });
    for (const [x, y] of [[7, 7], [8, 8]]) {
      await clickSettled(driver, editorPoint(x, y), { screen: 'editor' });
      await driver.wait(until.elementLocated(editorStone(x, y)), 5000);
    }
    await clickRadio(driver, '#editor-brush input[value="white"]', { screen: 'editor' });
    for (const [x, y] of [[7, 8], [8, 7]]) {
      await clickSettled(driver, editorPoint(x, y), { screen: 'editor' });
      await driver.wait(until.elementLocated(editorStone(x, y)), 5000);
    }
    const status = await driver.findElement(By.id('editor-status'));
    await driver.wait(async () => (await status.getAttribute('data-ok')) === 'true', 5000, 'the position is judged playable');
    assert.equal(await status.getText(), 'A game can start here, Black to move.');
    await screenshot(driver, 'editor-set-up');

    // Against the computer, the player with black.
    await chooseOption(driver, 'editor-play-mode', 'ai_white', { screen: 'editor' });
    await clickSettled(driver, '#editor-play', { screen: 'editor' });
    await answerUnsaved(driver, 'discard');
    await waitScreen(driver, 'game');
    assert.equal(await stones(driver, '#board .stone.setup'), 4);
    await clickSettled(driver, point(9, 9), { screen: 'game' });
    await driver.wait(until.elementLocated(stone(9, 9)), 5000);
    // The computer answers with a numbered move of its own.
    await driver.wait(async () => (await stones(driver, '#board .stone[data-number="2"]')) === 1, 30000, 'the computer answers');
    await screenshot(driver, 'editor-played');

    await clickSettled(driver, '#game-save', { screen: 'game' });
    const input = await driver.wait(until.elementLocated(By.id('prompt-input')), 5000);
    await driver.wait(until.elementIsVisible(input), 5000);
    await input.clear();
    await input.sendKeys('From the book');
    await clickSettled(driver, '#prompt-ok');
    await driver.wait(async () => !(await isOpen(driver, 'dialog-prompt')), 5000);
  } finally {
    await app.stop();
  }

  app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-load', { screen: 'home' });
    await waitScreen(driver, 'load');
    await clickSettled(driver, '.save-item[data-name="From the book"] .save-load', { screen: 'load' });
    await driver.wait(() => isOpen(driver, 'dialog-play-on'), 10000, 'loading asks who plays on');
    await clickSettled(driver, '#play-on-cancel');
    await waitScreen(driver, 'game');
    await driver.wait(async () => (await stones(driver)) === 6, 5000, 'four set-up stones and two moves');
    assert.equal(await stones(driver, '#board .stone.setup'), 4);
    assert.equal(await stones(driver, '#board .stone[data-number="1"]'), 1);
    // Undo takes the moves back, never the set-up.
    await clickSettled(driver, '#game-undo', { screen: 'game' });
    await driver.wait(async () => (await stones(driver)) === 4, 5000, 'back to the set-up');
    assert.equal(await driver.findElement(By.id('game-undo')).isEnabled(), false);
    await screenshot(driver, 'editor-loaded');
  } finally {
    await app.stop();
  }
});
