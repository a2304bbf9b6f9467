// A screenshot of every screen in both themes at both sizes, for people to
// look at (tests/output/ui/), with the checks that hold on every screen:
// no page errors, nothing wider than the window, touch targets of 44 px.
// The data on them is real: profiles, an autosave, saves, replays and
// statistics made by the real game service (tests/ui/record-states.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, screenshot, newGame, place, stone } from './support.js';
import {
  REVIEW_GAME, RENJU_POSITION, playMoves, twoPlayerGame, winAgainstComputer, loseAgainstComputer,
  drawAgainstComputer, computerGame,
} from './record-states.js';

const ui = useUi();

/** Checks that nothing spills sideways and every visible button is big enough to tap. */
async function checkLayout(page, name, viewport) {
  const problems = await page.evaluate((phone) => {
    const found = [];
    const width = document.documentElement.clientWidth;
    const open = document.querySelector('dialog[open]');
    const scope = open ?? document.querySelector('.screen:not([hidden])');
    for (const el of scope.querySelectorAll('button, select, input, a.button, textarea')) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (box.right > width + 1) found.push(`${el.id || el.className || el.tagName} ends at ${box.right}`);
      const small = el.matches('input[type=checkbox], input[type=radio]') ? false : box.height < (el.matches('.move') ? 36 : 44);
      if (phone && small) found.push(`${el.id || el.className || el.tagName} is ${Math.round(box.height)}px high`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    return found;
  }, viewport === 'phone');
  assert.deepEqual(problems, [], `${name}: ${problems.join('; ')}`);
}

/**
 * What a player has after a while, made by real commands: a second profile
 * with a password, finished games of every kind (the newest the one with
 * mistakes to review), a saved game, and an unfinished renju game (the
 * autosave) with black to move and a forbidden double three at (9,7).
 * Answers the replay id of the game to review.
 */
async function aPlayersData(backend) {
  await backend.call('create_profile', { name: 'Mei', password: 'plum' });
  await winAgainstComputer(backend);
  await loseAgainstComputer(backend);
  await drawAgainstComputer(backend);
  await computerGame(backend);
  const reviewed = await twoPlayerGame(backend, REVIEW_GAME);
  const renju = await playMoves(backend, { mode: 'human_human', size: 15, rule: 'renju' }, RENJU_POSITION);
  assert.deepEqual(renju.forbidden, [{ x: 9, y: 7, kind: 'double_three' }]);
  await backend.call('save_game', { name: 'Renju study', overwrite: false });
  return reviewed.replay_id;
}

for (const viewport of ['desktop', 'phone']) {
  for (const theme of ['light', 'dark']) {
    let reviewId;
    test(`${viewport} ${theme}: every screen`, () => ui.withUi({
      viewport,
      colorScheme: theme,
      // Still pictures: the hint's pulse and the thinking spinner never end,
      // and screenshot() waits for every animation to finish.
      reducedMotion: 'reduce',
      async setup(backend) {
        reviewId = await aPlayersData(backend);
      },
    }, async (page, errors, backend) => {
      const shot = async (name) => {
        await checkLayout(page, name, viewport);
        await page.evaluate(() => document.querySelector('.screen:not([hidden])').scrollTo(0, 0));
        await screenshot(page, `${viewport}-${theme}-${name}`);
      };
      const { profiles, current } = await backend.call('list_profiles');
      const mei = profiles.find((p) => p.name === 'Mei');

      await page.locator('#screen-home').waitFor();
      await page.locator('#home-continue').waitFor();
      await shot('home');

      await page.locator('#home-profile').click();
      await page.locator('.profile-item').nth(1).waitFor();
      await shot('profiles');
      await page.locator(`.profile-item[data-id="${mei.id}"] .profile-open`).click();
      await page.locator('#dialog-prompt').waitFor();
      await page.locator('#prompt-password').fill('wrong');
      await page.locator('#prompt-ok').click();
      await page.locator('#prompt-error').waitFor();
      await shot('password');
      await page.locator('#prompt-cancel').click();
      await page.locator(`.profile-item[data-id="${current}"] .profile-open`).click();
      await page.locator('#screen-home').waitFor();

      await page.locator('#new-game').click();
      await page.locator('#new-game-rule').selectOption('renju');
      await shot('new-game');

      // The unfinished renju game: black to move, a double three barred.
      await page.locator('#nav-home').click();
      await page.locator('#home-continue').click();
      await page.locator('#screen-game').waitFor();
      await page.locator('#board .forbidden[data-x="9"][data-y="7"][data-kind="double_three"]').waitFor();
      assert.equal(await page.locator('#board .stone').count(), RENJU_POSITION.length);
      await page.locator('#game-hint').click();
      await page.locator('.board .hint-ring').waitFor();
      await shot('game');

      // White completes five down the left edge.
      for (const [x, y] of [[12, 12], [0, 1], [12, 2], [0, 3]]) await place(page, x, y);
      await page.locator('#dialog-game-over').waitFor();
      assert.deepEqual((await backend.call('game_view')).outcome, { kind: 'five', winner: 'white' });
      await shot('game-over');
      await page.locator('#game-over-home').click();

      // The master thinks for seconds: the indicator shows how deep it is; Stop makes it play.
      await newGame(page, { mode: 'human_ai', level: 'master' });
      await place(page, 7, 7);
      await page.locator('#ai-thinking').waitFor();
      await page.locator('#ai-depth').filter({ hasText: 'depth' }).waitFor();
      await shot('ai-thinking');
      await page.locator('#game-stop').click();
      await page.locator('#board .stone').nth(1).waitFor();
      await page.locator('#ai-thinking').waitFor({ state: 'hidden' });
      assert.equal((await backend.call('game_view')).stones.length, 2);

      await page.locator('#game-save').click();
      await page.locator('#prompt-input').fill('Evening game');
      await page.locator('#prompt-ok').click();
      await page.locator('#hint-text').filter({ hasText: 'Saved' }).waitFor();
      await page.locator('#nav-home').click();
      await page.locator('#home-load').click();
      await page.locator('.save-item').nth(1).waitFor();
      await page.locator('#export-button').click();
      await page.waitForFunction(() => document.querySelector('#export-text').value !== '');
      await shot('load');

      await page.locator('#nav-home').click();
      await page.locator('#home-review').click();
      await page.locator(`.replay-item[data-id="${reviewId}"]`).waitFor();
      await shot('review');
      await page.locator(`.replay-item[data-id="${reviewId}"] button`).click();
      await page.locator('#screen-replay').waitFor();
      await page.locator('#replay-analyse').click();
      await page.waitForFunction((total) => document.querySelector('#replay-progress').hidden
        && Number(document.querySelector('#replay-graph').dataset.points) === total, REVIEW_GAME.length);
      await page.keyboard.press('Home');
      await page.locator('#replay-next-mistake').click();
      await page.locator('#replay-board .hint-ring').waitFor();
      await shot('replay');

      await page.locator('#nav-home').click();
      await page.locator('#home-stats').click();
      await page.locator('#stats-by-mode tbody tr').first().waitFor();
      // Three games against the computer and two between two people; the
      // computer-against-computer game was watched, not played.
      assert.equal(await page.locator('#stats-total').textContent(), '5');
      await shot('stats');

      await page.locator('#nav-home').click();
      await page.locator('#home-settings').click();
      const { version } = await backend.call('app_info');
      await page.locator('#settings-about').filter({ hasText: version }).waitFor();
      await shot('settings');
      // The wrong password is the one refusal asked for (Chromium logs its 403).
      const refused = 'Failed to load resource: the server responded with a status of 403 (Forbidden)';
      assert.deepEqual(errors.filter((e) => e !== refused), []);
    }));
  }
}

test('phone landscape and a small 360 px phone: the game fits', () => ui.withUi({ viewport: 'phone' }, async (page) => {
  for (const size of [{ width: 844, height: 390 }, { width: 360, height: 640 }]) {
    await page.setViewportSize(size);
    // From the second size on, the game of the size before is let go.
    await newGame(page, { discard: size.width !== 844 });
    await place(page, 7, 7);
    const box = await page.locator('#board').boundingBox();
    assert.ok(box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5, `the board fits at ${size.width}x${size.height}`);
    assert.ok(box.width >= Math.min(size.width, size.height) * 0.7, `board ${box.width}px at ${size.width}x${size.height}`);
    await screenshot(page, `phone-${size.width}x${size.height}-game`);
    await page.locator('#nav-home').click();
  }
}));

test('start-up fetches every module at once: none is found late, one import after another', () => ui.withUi({}, async (page) => {
  // Each level of imports would otherwise wait for the one above it to arrive
  // and be parsed; index.html names every module so they load side by side.
  const modules = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/js/'))
    .map((entry) => ({ path: new URL(entry.name).pathname, by: entry.initiatorType })));
  const paths = modules.map((m) => m.path).sort();
  assert.ok(paths.includes('/js/main.js') && paths.includes('/js/game.js') && paths.includes('/js/i18n.js'), paths.join(' '));
  const named = await page.evaluate(() => [...document.querySelectorAll('link[rel=modulepreload]')]
    .map((link) => new URL(link.href).pathname).sort());
  assert.deepEqual(named, paths.filter((p) => p !== '/js/main.js'), 'the modules index.html names');
  // A module no link names is fetched by the import that reaches it (Chromium calls that "script").
  const late = modules.filter((m) => m.path !== '/js/main.js' && m.by === 'script');
  assert.deepEqual(late, [], 'modules fetched only when an import reached them');
  assert.equal(new Set(paths).size, paths.length, 'a module fetched twice');
}));

test('the Chinese texts are fetched only when the UI speaks Chinese, once, and hold every text English has', () => ui.withUi({}, async (page) => {
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.startsWith('/js/lang/'))
    .map((entry) => new URL(entry.name).pathname));
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(await fetched(), [], 'a start in English fetched another language');
  await page.locator('#home-settings').click();
  for (const [lang, home] of [['zh', '主页'], ['en', 'Home'], ['zh', '主页']]) {
    await page.locator('#settings-language').selectOption(lang);
    await page.waitForFunction((want) => document.documentElement.lang === want, lang === 'zh' ? 'zh-CN' : 'en');
    assert.equal(await page.locator('#nav-home').getAttribute('aria-label'), home);
  }
  assert.deepEqual(await fetched(), ['/js/lang/zh.js'], 'the Chinese texts, fetched once');
  const [en, zh] = await page.evaluate(async () => {
    const i18n = await import('/js/i18n.js');
    return [i18n.keys('en').sort(), i18n.keys('zh').sort()];
  });
  assert.ok(en.length > 500, `${en.length} English texts`);
  assert.deepEqual(zh, en, 'the Chinese texts are those English has');
}));
