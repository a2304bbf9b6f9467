// Whole flows in the real app with a fresh data folder: a game against the
// Beginner AI to the end and its review, saves and loads across a restart,
// Continue, settings that survive a restart, and renju's forbidden points.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import {
  screenshot, waitScreen, startGame, clickSettled, clickWhenVisible, chooseOption, goHome, point,
  stone, stoneCount, isOpen, withApp,
} from './support.js';

/** Runs `body` with the app started, then quits it (see `withApp`). */
const inApp = (body) => withApp(body, { dataDir });

let dataDir;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wuzi-e2e-flows-'));
});

after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Waits until it is the person's turn (or the game is over); true when over. */
async function waitForTurn(driver) {
  let over = false;
  await driver.wait(async () => {
    over = await isOpen(driver, 'dialog-game-over');
    if (over) return true;
    return driver.executeScript(
      "return !document.querySelector('#board').classList.contains('locked') && !document.querySelector('.panel').classList.contains('is-thinking')",
    );
  }, 15000, 'the computer did not answer');
  return over;
}

test('a whole game against Beginner ends, shows in Review, and steps through', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_ai', colour: 'black', level: 'beginner' });
    // The person follows the hint (a half-second search) every move.
    let moves = 0;
    while (!(await waitForTurn(driver))) {
      assert.ok(moves < 60, 'the game ends within 60 moves');
      await driver.findElement(By.id('game-hint')).click();
      const ring = await driver.wait(until.elementLocated(By.css('#board .hint-ring')), 10000);
      const [x, y] = [await ring.getAttribute('data-x'), await ring.getAttribute('data-y')];
      const before = await stoneCount(driver);
      await driver.findElement(point(x, y)).click();
      await driver.wait(async () => (await stoneCount(driver)) > before, 5000);
      moves += 1;
    }
    const title = await driver.findElement(By.id('game-over-title')).getText();
    assert.match(title, /Black|You/i, `the hint-following player won: ${title}`);
    await screenshot(driver, 'game-over-beginner');

    await clickSettled(driver, '#game-over-review');
    await waitScreen(driver, 'replay');
    const slider = await driver.findElement(By.id('replay-slider'));
    const last = Number(await slider.getAttribute('max'));
    assert.ok(last >= 9, `the replay has the game's ${last} moves`);
    const replayStones = async () => (await driver.findElements(By.css('#replay-board .stone'))).length;
    await clickSettled(driver, '#replay-first', { screen: 'replay' });
    await driver.wait(async () => (await replayStones()) === 0, 3000);
    await driver.findElement(By.id('replay-next')).click();
    await driver.findElement(By.id('replay-next')).click();
    await driver.wait(async () => (await replayStones()) === 2, 3000);
    await screenshot(driver, 'replay-step');

    await goHome(driver);
    await clickSettled(driver, '#home-review', { screen: 'home' });
    await waitScreen(driver, 'review');
    const items = await driver.wait(until.elementsLocated(By.css('.replay-item')), 5000);
    assert.equal(items.length, 1, 'the game is in the replay log');
  });
});

test('a named save survives a restart, loads, and undo works after it', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human' });
    for (const [x, y] of [[7, 7], [8, 8], [6, 6]]) {
      await driver.findElement(point(x, y)).click();
      await driver.wait(until.elementLocated(stone(x, y)), 5000);
    }
    await driver.findElement(By.id('game-save')).click();
    const input = await driver.wait(until.elementLocated(By.id('prompt-input')), 5000);
    await driver.wait(until.elementIsVisible(input), 5000);
    await input.clear();
    await input.sendKeys('Study A');
    await driver.findElement(By.id('prompt-ok')).click();
    await driver.wait(async () => !(await isOpen(driver, 'dialog-prompt')), 5000);
  });
  await inApp(async (driver) => {
    await clickSettled(driver, '#home-load', { screen: 'home' });
    await waitScreen(driver, 'load');
    await clickWhenVisible(driver, '.save-item[data-name="Study A"] .save-load');
    // Still on, the game asks who plays on; the two people keep it as it is.
    await driver.wait(() => isOpen(driver, 'dialog-play-on'), 10000, 'loading did not ask who plays on');
    await clickSettled(driver, '#play-on-cancel');
    await waitScreen(driver, 'game');
    await driver.wait(async () => (await stoneCount(driver)) === 3, 5000);
    await driver.findElement(By.id('game-undo')).click();
    await driver.wait(async () => (await stoneCount(driver)) === 2, 5000);
    assert.equal((await driver.findElements(stone(6, 6))).length, 0, 'the last move was taken back');
  });
});

test('Continue brings back the game on the board after a restart', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human' });
    for (const [x, y] of [[3, 3], [4, 4]]) {
      await driver.findElement(point(x, y)).click();
      await driver.wait(until.elementLocated(stone(x, y)), 5000);
    }
  });
  await inApp(async (driver) => {
    await clickWhenVisible(driver, '#home-continue');
    await waitScreen(driver, 'game');
    await driver.wait(async () => (await stoneCount(driver)) === 2, 5000);
    assert.equal(await driver.findElement(By.id('turn-text')).getText(), 'Black to move');
  });
});

test('theme and language survive a restart', async () => {
  const choose = (driver, id, value) => chooseOption(driver, id, value, { screen: 'settings' });
  await inApp(async (driver) => {
    await clickSettled(driver, '#home-settings', { screen: 'home' });
    await waitScreen(driver, 'settings');
    await choose(driver, 'settings-theme', 'dark');
    await choose(driver, 'settings-language', 'zh');
    await driver.wait(async () => (await driver.executeScript('return document.documentElement.lang')) === 'zh-CN', 5000);
    await screenshot(driver, 'settings-dark-zh');
  });
  await inApp(async (driver) => {
    assert.equal(await driver.executeScript('return document.documentElement.dataset.theme'), 'dark');
    assert.equal(await driver.executeScript('return document.documentElement.lang'), 'zh-CN');
    assert.equal(await driver.findElement(By.id('new-game')).getText(), '新对局');
    await screenshot(driver, 'home-dark-zh');
    // Back to English and light for whoever reads the next screenshots.
    await clickSettled(driver, '#home-settings', { screen: 'home' });
    await waitScreen(driver, 'settings');
    await choose(driver, 'settings-theme', 'light');
    await choose(driver, 'settings-language', 'en');
  });
});

test('in renju, black\'s forbidden point is marked and refused', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_human', rule: 'renju' });
    // Black H8 I8 G7 G6, white far away: G8 would be a double three.
    for (const [[bx, by], [wx, wy]] of [[[7, 7], [0, 0]], [[8, 7], [0, 2]], [[6, 8], [0, 4]], [[6, 9], [0, 6]]]) {
      await driver.findElement(point(bx, by)).click();
      await driver.wait(until.elementLocated(stone(bx, by)), 5000);
      await driver.findElement(point(wx, wy)).click();
      await driver.wait(until.elementLocated(stone(wx, wy)), 5000);
    }
    const mark = await driver.wait(until.elementLocated(By.css('#board .forbidden[data-x="6"][data-y="7"]')), 5000);
    assert.ok(mark, 'G8 is marked');
    await screenshot(driver, 'renju-forbidden');
    await driver.findElement(point(6, 7)).click();
    const message = driver.findElement(By.id('message'));
    await driver.wait(until.elementIsVisible(message), 5000);
    assert.equal(await message.getAttribute('data-kind'), 'forbidden');
    assert.equal(await stoneCount(driver), 8, 'the forbidden move was not played');
  });
});

test('statistics count the game against Beginner; a new profile with a password opens only with it', async () => {
  await inApp(async (driver) => {
    await clickSettled(driver, '#home-stats', { screen: 'home' });
    await waitScreen(driver, 'stats');
    await driver.wait(async () => (await driver.findElement(By.id('stats-total')).getText()) === '1', 5000,
      'the won game against Beginner is counted');
    assert.match(await driver.findElement(By.id('stats-by-level')).getText(), /Beginner/);
    await screenshot(driver, 'stats');

    await goHome(driver);
    await clickSettled(driver, '#home-profile', { screen: 'home' });
    await waitScreen(driver, 'profiles');
    await driver.findElement(By.id('profile-create-name')).sendKeys('Mei');
    await driver.findElement(By.id('profile-create-password')).sendKeys('plum blossom');
    await driver.findElement(By.id('profile-create')).click();
    const mei = await driver.wait(until.elementLocated(By.xpath("//li[contains(@class,'profile-item')][.//span[@class='profile-name' and text()='Mei']]")), 5000);
    // "Open it now?" — not now: it is opened from the list below.
    await driver.wait(async () => isOpen(driver, 'dialog-confirm'), 5000, 'the new profile is offered');
    await clickSettled(driver, '#confirm-cancel');
    await driver.wait(async () => !(await isOpen(driver, 'dialog-confirm')), 5000);
    await screenshot(driver, 'profiles');

    await mei.findElement(By.css('.profile-open')).click();
    const password = await driver.wait(until.elementLocated(By.id('prompt-password')), 5000);
    await driver.wait(until.elementIsVisible(password), 5000);
    await password.sendKeys('peach');
    await driver.findElement(By.id('prompt-ok')).click();
    await driver.wait(until.elementIsVisible(driver.findElement(By.id('prompt-error'))), 5000,
      'a wrong password is refused in the dialog');
    await password.clear();
    await password.sendKeys('plum blossom');
    await driver.findElement(By.id('prompt-ok')).click();
    await waitScreen(driver, 'home');
    assert.match(await driver.findElement(By.id('home-greeting')).getText(), /Mei/);
    await clickSettled(driver, '#home-stats', { screen: 'home' });
    await waitScreen(driver, 'stats');
    await driver.wait(async () => (await driver.findElement(By.id('stats-total')).getText()) === '0', 5000,
      'the new profile has its own, empty statistics');
  });
});
