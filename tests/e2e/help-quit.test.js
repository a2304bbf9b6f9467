// The help and Quit in the real app: the help opens from Home with the
// version the app reports, and Quit keeps the game on the board and ends
// the app's process; started again, Continue brings the game back.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { By, until } from 'selenium-webdriver';
import {
  APP, startApp, screenshot, waitScreen, startGame, clickSettled, goHome, point, stone, stoneCount,
} from './support.js';

let dataDir;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'wuzi-e2e-quit-'));
});

after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The pid of the app process started on `folder`: the one running the app's
 * binary with WUZI_DATA_DIR set to that folder (tauri-driver passes its
 * environment down), so another test's app is never taken for it.
 */
async function appPid(folder) {
  const binary = await realpath(APP);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const exe = await readlink(`/proc/${entry}/exe`);
      if (exe !== binary && exe !== `${binary} (deleted)`) continue;
      const environ = (await readFile(`/proc/${entry}/environ`, 'utf8')).split('\0');
      if (environ.includes(`WUZI_DATA_DIR=${folder}`)) return Number(entry);
    } catch {
      // A process that ended while we looked, or one we may not read: not ours.
    }
  }
  return null;
}

/**
 * Resolves once no process holds the data folder's lock: the app takes it
 * as it starts and the system lets go of it only as the app's process
 * ends. `flock` sleeps on the lock itself, so this waits on that event.
 */
function folderReleased(dir) {
  return new Promise((ok, fail) => {
    execFile('flock', ['--shared', '--wait', '60', join(dir, 'wuzi.lock'), 'true'], (err) => (
      err ? fail(new Error(`the app did not let go of its data folder after Quit: ${err.message}`)) : ok()));
  });
}

test('the help opens from Home with the version; Quit keeps the game and ends the app, and Continue brings it back', async () => {
  const first = await startApp({ dataDir });
  try {
    const { driver } = first;
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-help', { screen: 'home' });
    await waitScreen(driver, 'help');
    const version = await driver.wait(async () => {
      const text = await driver.findElement(By.id('help-version')).getText();
      return /^Wuzi \d+\.\d+\.\d+/.test(text) && text;
    }, 10000, 'the help shows the version');
    const info = await driver.executeAsyncScript(`
      const done = arguments[arguments.length - 1];
      window.__TAURI__.core.invoke('ipc', { command: 'app_info', args: {}, onProgress: new window.__TAURI__.core.Channel() })
        .then(done, (err) => done({ error: err }));
    `);
    assert.equal(version, `Wuzi ${info.version}`);
    assert.equal((await driver.findElements(By.css('#help-rules .help-diagram'))).length, 7);
    assert.equal((await driver.findElements(By.css('[data-rule="renju"] .forbidden'))).length, 3);
    await screenshot(driver, 'help');
    await clickSettled(driver, '#help-back', { screen: 'help' });
    await waitScreen(driver, 'home');

    await startGame(driver, { mode: 'human_human' });
    await clickSettled(driver, point(7, 7), { screen: 'game' });
    await driver.wait(until.elementLocated(stone(7, 7)), 5000);
    await goHome(driver);
    const quit = await driver.findElement(By.id('home-quit'));
    assert.ok(await quit.isDisplayed(), 'the desktop app offers Quit');
    await screenshot(driver, 'home-with-quit');

    const pid = await appPid(dataDir);
    assert.ok(pid, 'the app process is found');
    await clickSettled(driver, quit, { screen: 'home' });
    await folderReleased(dataDir);
  } finally {
    await first.stop();
  }

  const second = await startApp({ dataDir });
  try {
    const { driver } = second;
    await waitScreen(driver, 'home');
    await clickSettled(driver, '#home-continue', { screen: 'home' });
    await waitScreen(driver, 'game');
    const black = await driver.wait(until.elementLocated(stone(7, 7)), 10000);
    assert.equal(await black.getAttribute('data-stone'), 'black');
    assert.equal(await stoneCount(driver), 1);
    assert.equal(await driver.findElement(By.id('turn-text')).getText(), 'White to move');
    await screenshot(driver, 'continue-after-quit');
  } finally {
    await second.stop();
  }
});
