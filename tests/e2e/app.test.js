// The real app, built from this repo, driven over WebDriver: what a player
// sees and does, with the Rust side answering for real.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { By, until } from 'selenium-webdriver';
import { startApp, screenshot } from './support.js';

let app;

before(async () => {
  app = await startApp();
});

after(async () => {
  await app?.stop();
});

const point = (x, y) => By.css(`.board .hit[data-x="${x}"][data-y="${y}"]`);
const stone = (x, y) => By.css(`.board .stone[data-x="${x}"][data-y="${y}"]`);

test('the window is titled Wuzi and shows an empty 15x15 board', async () => {
  const { driver } = app;
  assert.equal(await driver.getTitle(), 'Wuzi');
  await driver.wait(until.elementLocated(point(7, 7)), 10000);
  assert.equal((await driver.findElements(By.css('.board .hit'))).length, 225);
  assert.equal((await driver.findElements(By.css('.board .stone'))).length, 0);
  await screenshot(driver, 'board-empty');
});

test('a click places a black stone; clicking it again shows the error', async () => {
  const { driver } = app;
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
  assert.equal(await message.getText(), 'That point already holds a stone.');
  assert.equal(await message.getAttribute('data-kind'), 'occupied');
  assert.equal((await driver.findElements(By.css('.board .stone'))).length, 2);
  await screenshot(driver, 'board-occupied-error');
});
