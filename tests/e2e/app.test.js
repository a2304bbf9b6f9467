// The real app, built from this repo, driven over WebDriver: what a player
// sees and does, with the Rust side answering for real.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { By, until } from 'selenium-webdriver';
import { startApp, screenshot, waitScreen, startGame, point, stone, stoneCount } from './support.js';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

test('a first start opens on Home without asking anything', async () => {
  const { driver } = app;
  assert.equal(await driver.getTitle(), 'Wuzi');
  await waitScreen(driver, 'home');
  await screenshot(driver, 'home');
});

test('a click places a black stone; clicking it again shows the error', async () => {
  const { driver } = app;
  await startGame(driver, { mode: 'human_human' });
  assert.equal((await driver.findElements(By.css('#board .hit'))).length, 225);
  await screenshot(driver, 'board-empty');

  await driver.findElement(point(7, 7)).click();
  const placed = await driver.wait(until.elementLocated(stone(7, 7)), 5000);
  assert.equal(await placed.getAttribute('data-stone'), 'black');
  assert.equal(await driver.findElement(By.id('turn-text')).getText(), 'White to move');

  await driver.findElement(point(8, 8)).click();
  const white = await driver.wait(until.elementLocated(stone(8, 8)), 5000);
  assert.equal(await white.getAttribute('data-stone'), 'white');

  await driver.findElement(point(7, 7)).click();
  const message = driver.findElement(By.id('message'));
  await driver.wait(until.elementIsVisible(message), 5000);
  assert.match(await message.getText(), /already/);
  assert.equal(await message.getAttribute('data-kind'), 'occupied');
  assert.equal(await stoneCount(driver), 2);
  await screenshot(driver, 'board-occupied-error');
});

test('a stone is drawn within 50 ms of the click', async () => {
  const { driver } = app;
  await startGame(driver, { mode: 'human_human' });
  const times = [];
  for (const [x, y] of [[3, 3], [4, 4], [5, 3], [6, 4], [3, 6], [10, 10], [11, 3], [2, 12]]) {
    // Timed inside the page, from the pointer going down on the board to
    // the stone being in the DOM; WebDriver's own round trip is left out.
    await driver.executeScript(`
      const [x, y] = arguments;
      const board = document.querySelector('#board');
      window.__clickTiming = { started: null, drawn: null };
      board.addEventListener('pointerdown', () => { window.__clickTiming.started = performance.now(); }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (document.querySelector('#board .stone[data-x="' + x + '"][data-y="' + y + '"]')) {
          window.__clickTiming.drawn = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(board, { childList: true, subtree: true });
    `, x, y);
    await driver.findElement(point(x, y)).click();
    await driver.wait(until.elementLocated(stone(x, y)), 5000);
    const timing = await driver.executeScript('return window.__clickTiming');
    times.push(timing.drawn - timing.started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`click to stone: median ${median.toFixed(1)} ms, worst ${times.at(-1).toFixed(1)} ms over ${times.length} clicks`);
  assert.equal(await stoneCount(driver), 8);
  assert.ok(median < 50, `median click-to-stone ${median.toFixed(1)} ms`);
});
