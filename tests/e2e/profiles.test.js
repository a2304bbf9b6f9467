// Profiles as accounts in the real app: a password set, the profile locked
// with its game kept, the password changed and then removed (each time the
// current one asked for first), across a restart of the app.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import {
  startApp, screenshot, waitScreen, startGame, clickSettled, goHome, point, stone, stoneCount, isOpen,
} from './support.js';

let dataDir;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wuzi-e2e-profiles-'));
});

after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The row of the profile named `name` on the profile list. */
const row = (driver, name) => driver.wait(until.elementLocated(By.xpath(
  `//li[contains(@class,'profile-item')][.//span[@class='profile-name' and text()='${name}']]`,
)), 5000);

/** Types into a field once it is shown. */
async function type(driver, id, text) {
  const field = await driver.wait(until.elementLocated(By.id(id)), 5000);
  await driver.wait(until.elementIsVisible(field), 5000);
  await field.clear();
  if (text) await field.sendKeys(text);
}

/** Opens the password dialog of `name` from the profile list. */
async function openPasswordDialog(driver, name) {
  await waitScreen(driver, 'profiles');
  await clickSettled(driver, (await row(driver, name)).findElement(By.css('.profile-password')), { screen: 'profiles' });
  await driver.wait(async () => isOpen(driver, 'dialog-password'), 5000, 'the password dialog opens');
}

/** The text the password dialog shows under its fields, once it shows one. */
async function dialogError(driver) {
  const error = await driver.findElement(By.id('password-error'));
  await driver.wait(until.elementIsVisible(error), 5000, 'the dialog says what is wrong');
  return error.getText();
}

/** Opens `name` from the list with `password`; answers the prompt's error text, or '' when it opened. */
async function openWith(driver, name, password) {
  await clickSettled(driver, (await row(driver, name)).findElement(By.css('.profile-open')), { screen: 'profiles' });
  await type(driver, 'prompt-password', password);
  await clickSettled(driver, '#prompt-ok');
  let text = '';
  await driver.wait(async () => {
    if ((await driver.findElement(By.css('body')).getAttribute('data-screen')) === 'home') return true;
    const error = await driver.findElement(By.id('prompt-error'));
    if (await error.isDisplayed()) text = await error.getText();
    return text !== '';
  }, 10000, 'neither home nor a refusal');
  if (text) await clickSettled(driver, '#prompt-cancel');
  return text;
}

test('a password is set, the profile locked with its game kept, the password changed and removed', async () => {
  let app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');
    // A password for the default profile.
    await clickSettled(driver, '#home-profile', { screen: 'home' });
    await openPasswordDialog(driver, 'Player');
    await type(driver, 'password-new', 'plum');
    await type(driver, 'password-repeat', 'plum');
    await clickSettled(driver, '#password-save');
    await driver.wait(async () => !(await isOpen(driver, 'dialog-password')), 10000, 'the password is set');
    await clickSettled(driver, (await row(driver, 'Player')).findElement(By.css('.profile-open')), { screen: 'profiles' });
    await waitScreen(driver, 'home');

    // A game on the board, then Lock.
    await startGame(driver, { mode: 'human_human' });
    for (const [x, y] of [[7, 7], [8, 8], [7, 8]]) {
      const before = await stoneCount(driver);
      await clickSettled(driver, point(x, y), { screen: 'game' });
      await driver.wait(async () => (await stoneCount(driver)) > before, 5000);
    }
    await goHome(driver);
    await clickSettled(driver, '#home-lock', { screen: 'home' });
    await waitScreen(driver, 'profiles');
    assert.match(await driver.findElement(By.id('profiles-status')).getText(), /Player is locked/);
    await screenshot(driver, 'profile-locked');
    assert.equal(await openWith(driver, 'Player', 'peach'), 'Wrong password.');
  } finally {
    await app.stop({ keepData: true });
  }

  // After a restart the locked profile still needs its password; the game is there.
  app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'profiles');
    assert.equal(await openWith(driver, 'Player', 'plum'), '');
    await clickSettled(driver, '#home-continue', { screen: 'home' });
    await waitScreen(driver, 'game');
    await driver.wait(async () => (await stoneCount(driver)) === 3, 5000, 'the locked game comes back');
    await driver.findElement(stone(7, 8));

    // Changed: a wrong current password is refused, the right one changes it.
    await goHome(driver);
    await clickSettled(driver, '#home-profile', { screen: 'home' });
    await openPasswordDialog(driver, 'Player');
    await type(driver, 'password-old', 'pear');
    await type(driver, 'password-new', 'quince');
    await type(driver, 'password-repeat', 'quince');
    await clickSettled(driver, '#password-save');
    assert.equal(await dialogError(driver), 'Wrong password.');
    await type(driver, 'password-old', 'plum');
    await clickSettled(driver, '#password-save');
    await driver.wait(async () => !(await isOpen(driver, 'dialog-password')), 10000, 'the password is changed');
    await clickSettled(driver, (await row(driver, 'Player')).findElement(By.css('.profile-open')), { screen: 'profiles' });
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-lock', { screen: 'home' });
    await waitScreen(driver, 'profiles');
    assert.equal(await openWith(driver, 'Player', 'plum'), 'Wrong password.', 'the old password no longer opens it');
    assert.equal(await openWith(driver, 'Player', 'quince'), '');

    // Removed, with the current password.
    await clickSettled(driver, '#home-profile', { screen: 'home' });
    await openPasswordDialog(driver, 'Player');
    await screenshot(driver, 'profile-password-dialog');
    await type(driver, 'password-old', 'quince');
    await clickSettled(driver, '#password-remove');
    await driver.wait(async () => !(await isOpen(driver, 'dialog-password')), 10000, 'the password is removed');
    assert.equal((await (await row(driver, 'Player')).findElements(By.css('.badge'))).length, 1, 'only "Current" is left');
  } finally {
    await app.stop({ keepData: true });
  }

  // Without a password the app opens straight to the profile, with nothing to lock.
  app = await startApp({ dataDir });
  try {
    const { driver } = app;
    await waitScreen(driver, 'home');
    // Home's buttons show together, once it knows whether Continue belongs.
    await driver.wait(until.elementLocated(By.css('#home-menu:not(.waiting)')), 10000, 'Home did not show whole');
    assert.equal(await driver.findElement(By.id('home-lock')).isDisplayed(), false);
  } finally {
    await app.stop();
  }
});
