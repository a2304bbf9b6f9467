// Sound: a distinct effect for a stone, a win, a loss, a draw, a refused
// move and an undo, at the effects volume; background music the app
// composes, off for a new profile, with its own switch and volume,
// remembered per profile. Each sound is followed through the events the
// app announces (`wuzi-sound`, `wuzi-music-note`) and the Web Audio nodes
// it makes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, newGame, place, point, screenshot } from './support.js';
import { pageErrors } from './play-states.js';

const { withUi } = useUi();

/** From now on, window.__sounds lists the effects the page plays. */
async function listen(page) {
  await page.evaluate(() => {
    window.__sounds = [];
    document.addEventListener('wuzi-sound', (e) => window.__sounds.push(e.detail.name));
  });
}

const sounds = (page) => page.evaluate(() => window.__sounds);

/** Waits until `name` has been played `count` times in all. */
async function heard(page, name, count = 1) {
  await page.waitForFunction(([n, c]) => window.__sounds.filter((s) => s === n).length >= c, [name, count]);
}

/** Changes one setting through the settings screen; answers the settings the service keeps. */
async function setting(page, backend, act) {
  const answered = page.waitForResponse((r) => r.url().includes('/ipc/set_settings'));
  await act();
  await answered;
  return backend.call('get_settings');
}

test('each event of a game has its own sound', () => withUi({}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await newGame(page, { mode: 'human_human' });
  await listen(page);
  await place(page, 7, 7);
  await heard(page, 'stone');
  // An occupied point: refused, with its sound, and no stone sound.
  await point(page, 7, 7).click();
  await page.locator('#message[data-kind="occupied"]').waitFor();
  await heard(page, 'refused');
  await page.locator('#game-undo').click();
  await heard(page, 'undo');
  assert.equal(await page.locator('#board .stone').count(), 0);
  // A five for black: the win.
  for (const [x, y] of [[7, 7], [0, 0], [8, 7], [0, 2], [9, 7], [0, 4], [10, 7], [0, 6], [11, 7]]) await place(page, x, y);
  await page.locator('#dialog-game-over').waitFor();
  await heard(page, 'win');
  assert.deepEqual((await sounds(page)).filter((s) => s !== 'stone'), ['refused', 'undo', 'win']);
  assert.equal((await sounds(page)).filter((s) => s === 'stone').length, 10, 'one knock a stone');
  assert.deepEqual(pageErrors(errors), []);
}));

test('a loss and a draw sound as they are', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await listen(page);
  // Resigning against the computer is a loss for the person.
  await newGame(page, { mode: 'human_ai', colour: 'black', level: 'beginner' });
  await place(page, 7, 7);
  await page.locator('#board .stone').nth(1).waitFor();
  await page.locator('#game-resign').click();
  await page.locator('#confirm-ok').click();
  await page.locator('#dialog-game-over').waitFor();
  await heard(page, 'loss');

  // A 5x5 board filled with no five: the last stone draws. A checkerboard
  // with two points swapped so that no line is one colour.
  const colour = (x, y) => {
    if ((x === 0 && y === 0) || (x === 2 && y === 2)) return 'white';
    if ((x === 0 && y === 1) || (x === 2 && y === 1)) return 'black';
    return (x + y) % 2 === 0 ? 'black' : 'white';
  };
  const blacks = [];
  const whites = [];
  for (let y = 0; y < 5; y += 1) for (let x = 0; x < 5; x += 1) (colour(x, y) === 'black' ? blacks : whites).push([x, y]);
  assert.deepEqual([blacks.length, whites.length], [13, 12]);
  const name = ([x, y]) => `${'abcde'[x]}${5 - y}`;
  const moves = [];
  for (let i = 0; i < 12; i += 1) moves.push(name(blacks[i]), name(whites[i]));
  await backend.call('import_game', { text: moves.join(' '), size: 5 });
  await page.locator('#game-over-home').click();
  await page.locator('#home-continue').click();
  await page.locator('#screen-game').waitFor();
  await page.locator('#board .stone').nth(23).waitFor();
  await place(page, ...blacks[12]);
  await page.locator('#dialog-game-over').waitFor();
  await heard(page, 'draw');
  assert.equal((await backend.call('game_view')).outcome.winner ?? null, null);
  assert.deepEqual(pageErrors(errors), []);
}));

test('effects follow their switch; music is off at first, then plays at its own volume, remembered per profile', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  assert.equal((await backend.call('get_settings')).music, false, 'no music for a new profile');
  assert.equal(await page.evaluate(() => document.body.dataset.music), 'off');
  await page.locator('#home-settings').click();
  assert.equal(await page.locator('#settings-music').isChecked(), false);
  assert.equal(await page.locator('#settings-music-volume').isDisabled(), true);

  // Effects off: a stone makes no sound.
  assert.equal((await setting(page, backend, () => page.locator('#settings-sound').uncheck())).sound, false);
  await newGame(page, { mode: 'human_human' });
  await listen(page);
  await place(page, 7, 7);
  await page.locator('#nav-home').click();
  await page.locator('#home-settings').click();
  assert.deepEqual(await sounds(page), []);
  assert.equal((await setting(page, backend, () => page.locator('#settings-sound').check())).sound, true);

  // Music on: notes come, through their own volume.
  await page.evaluate(() => {
    window.__notes = 0;
    document.addEventListener('wuzi-music-note', () => { window.__notes += 1; });
  });
  const on = await setting(page, backend, () => page.locator('#settings-music').check());
  assert.equal(on.music, true);
  await page.waitForFunction(() => document.body.dataset.music === 'playing');
  await page.waitForFunction(() => window.__notes >= 2);
  assert.equal(await page.locator('#settings-music-volume').isDisabled(), false);
  // A slider has no typing: set it as a drag would leave it.
  const quieter = await setting(page, backend, () => page.locator('#settings-music-volume').evaluate((el) => {
    el.value = '20';
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }));
  assert.equal(quieter.music_volume, 20);
  await screenshot(page, 'settings-sound');
  // The same settings in Chinese, then back.
  await page.locator('#settings-language').selectOption('zh');
  await page.locator('[data-i18n="settings.music"]', { hasText: '背景音乐' }).waitFor();
  await screenshot(page, 'settings-sound-zh');
  await page.locator('#settings-language').selectOption('en');
  await page.locator('[data-i18n="settings.music"]', { hasText: 'Background music' }).waitFor();

  // Another profile has its own: no music there; back again, it plays.
  await backend.call('create_profile', { name: 'Quiet' });
  const { profiles, current } = await backend.call('list_profiles');
  const quiet = profiles.find((p) => p.name === 'Quiet');
  await page.locator('#nav-profile').click();
  await page.locator(`.profile-item[data-id="${quiet.id}"] .profile-open`).click();
  await page.locator('#screen-home').waitFor();
  await page.waitForFunction(() => document.body.dataset.music === 'off');
  await page.locator('#nav-profile').click();
  await page.locator(`.profile-item[data-id="${current}"] .profile-open`).click();
  await page.locator('#screen-home').waitFor();
  await page.waitForFunction(() => document.body.dataset.music === 'playing');

  // Music volume 0 is silence, as is the switch.
  await page.locator('#home-settings').click();
  assert.equal((await setting(page, backend, () => page.locator('#settings-music').uncheck())).music, false);
  await page.waitForFunction(() => document.body.dataset.music === 'off');
  assert.deepEqual(pageErrors(errors), []);
}));
