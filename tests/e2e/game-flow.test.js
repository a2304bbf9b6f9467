// How a game flows in the real app, by clicks as a player makes them: a
// clock that runs out, a game that is never lost by a click, sides that
// change hands, playing on against the computer from a review, and white
// moving first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { By, until } from 'selenium-webdriver';
import {
  screenshot, waitScreen, startGame, clickSettled, chooseOption, goHome, answerUnsaved, isOpen,
  stone, stoneCount, withApp, placeStone,
} from './support.js';

/** Runs `body` with the app started, then quits it (see `withApp`). */
const inApp = (body) => withApp(body, { failure: 'game-flow-failure' });

/** Waits until the board holds `count` stones. */
async function waitStones(driver, count, timeout = 15000) {
  await driver.wait(async () => (await stoneCount(driver)) === count, timeout,
    `the board did not reach ${count} stones`);
}

const text = async (driver, id) => (await driver.findElement(By.id(id)).getText()).trim();

test('a per-move limit runs out: the game is lost on time, and the replay says so', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human', time: 'per_move:15000' });
    await screenshot(driver, 'clock-per-move-start');
    assert.equal(await placeStone(driver, 7, 7), 'black');
    // White waits: its clock runs down, warns, and the flag falls.
    const white = await driver.findElement(By.id('clock-white'));
    await driver.wait(async () => (await white.getAttribute('class')).split(/\s+/).includes('low'), 20000,
      "white's clock never warned");
    await screenshot(driver, 'clock-running-low-light');
    await driver.wait(() => isOpen(driver, 'dialog-game-over'), 30000, 'the flag never fell');
    // Black is the open profile, named in the title.
    assert.equal(await text(driver, 'game-over-title'), 'Player wins');
    assert.match(await text(driver, 'game-over-how'), /white ran out of time/i);
    await screenshot(driver, 'clock-timeout');
    await clickSettled(driver, '#game-over-review');
    await waitScreen(driver, 'replay');
    await driver.wait(async () => /ran out of time/i.test(await text(driver, 'replay-title')), 10000,
      'the replay does not say the game was lost on time');
    await goHome(driver);
    await clickSettled(driver, '#home-review', { screen: 'home' });
    await waitScreen(driver, 'review');
    await chooseOption(driver, 'review-filter-result', 'timeout', { screen: 'review' });
    await driver.wait(async () => (await driver.findElements(By.css('.replay-item'))).length === 1, 10000,
      'the list filtered by games ended on time does not show the game');
  });
});

test('Restart and New game ask first; after Cancel the game is there and Continue still offers it', async () => {
  await inApp(async (driver) => {
    // The dark theme, for the question's screenshot.
    await clickSettled(driver, '#theme-toggle');
    await driver.wait(async () => (await driver.executeScript('return document.documentElement.dataset.theme')) === 'dark', 5000);
    await startGame(driver, { mode: 'human_human' });
    await placeStone(driver, 7, 7);
    await placeStone(driver, 8, 8);
    await placeStone(driver, 9, 9);

    await clickSettled(driver, '#game-restart', { screen: 'game' });
    await driver.wait(() => isOpen(driver, 'dialog-unsaved'), 5000, 'Restart did not ask');
    await screenshot(driver, 'unsaved-question-dark');
    await answerUnsaved(driver, 'cancel');
    assert.equal(await stoneCount(driver), 3, 'Cancel kept the game');

    await clickSettled(driver, '#game-new', { screen: 'game' });
    await waitScreen(driver, 'new-game');
    await screenshot(driver, 'new-game-time-control-dark');
    await clickSettled(driver, '#new-game-start', { screen: 'new-game' });
    await driver.wait(() => isOpen(driver, 'dialog-unsaved'), 5000, 'New game did not ask');
    await answerUnsaved(driver, 'cancel');
    assert.equal(await driver.findElement(By.css('body')).getAttribute('data-screen'), 'new-game');

    await goHome(driver);
    const cont = await driver.wait(until.elementLocated(By.id('home-continue')), 5000);
    await driver.wait(until.elementIsVisible(cont), 5000, 'Continue is not offered');
    await clickSettled(driver, '#home-continue', { screen: 'home' });
    await waitScreen(driver, 'game');
    await waitStones(driver, 3);

    // Discard: the board empties, yet until the new game has a move the
    // old one is still there to continue.
    await clickSettled(driver, '#game-restart', { screen: 'game' });
    await answerUnsaved(driver, 'discard');
    await waitStones(driver, 0);
    await goHome(driver);
    await driver.wait(until.elementIsVisible(driver.findElement(By.id('home-continue'))), 5000,
      'Continue went with the discarded game');
    await clickSettled(driver, '#home-continue', { screen: 'home' });
    await waitScreen(driver, 'game');
    await waitStones(driver, 3);
  });
});

test('a side is handed to the computer mid-game and taken back', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human' });
    assert.equal(await placeStone(driver, 7, 7), 'black');
    await chooseOption(driver, 'side-white', 'beginner', { screen: 'game' });
    await waitStones(driver, 2);
    assert.equal(await placeStone(driver, 6, 6), 'black');
    await waitStones(driver, 4);
    await chooseOption(driver, 'side-white', 'human', { screen: 'game' });
    assert.equal(await placeStone(driver, 5, 5), 'black');
    assert.equal(await placeStone(driver, 14, 14), 'white', 'white is a person again');
    assert.equal(await stoneCount(driver), 6, 'the computer did not move for white');
  });
});

test('play on against the computer from a review', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human' });
    for (let i = 0; i < 5; i += 1) {
      await placeStone(driver, i, 0);
      if (i < 4) await placeStone(driver, i, 1);
    }
    await driver.wait(() => isOpen(driver, 'dialog-game-over'), 10000, 'five did not end the game');
    await clickSettled(driver, '#game-over-review');
    await waitScreen(driver, 'replay');
    await clickSettled(driver, '#replay-first', { screen: 'replay' });
    for (let i = 0; i < 4; i += 1) await clickSettled(driver, '#replay-next', { screen: 'replay' });
    await driver.wait(async () => (await driver.findElements(By.css('#replay-board .stone'))).length === 4, 5000);
    await clickSettled(driver, '#replay-play-on', { screen: 'replay' });
    await driver.wait(() => isOpen(driver, 'dialog-play-on'), 10000, 'Play on did not ask who plays');
    await screenshot(driver, 'play-on-question');
    await chooseOption(driver, 'play-on-white', 'beginner');
    await clickSettled(driver, '#play-on-start');
    await waitScreen(driver, 'game');
    await waitStones(driver, 4);
    assert.equal(await placeStone(driver, 7, 7), 'black');
    await waitStones(driver, 6);
    const answer = await driver.findElements(By.css('#board .stone[data-stone="white"]'));
    assert.equal(answer.length, 3, 'the computer answered with white');
  });
});

test('a two-player freestyle game where white moves first', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human', rule: 'freestyle', first: 'white' });
    assert.equal(await placeStone(driver, 7, 7), 'white');
    assert.equal(await placeStone(driver, 8, 8), 'black');
    assert.equal(await placeStone(driver, 9, 9), 'white');
  });
});
