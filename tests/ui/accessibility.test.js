// Every screen and dialog checked by axe-core against WCAG 2 A and AA
// (colour contrast, names, roles, labels), in the light and the dark theme,
// at desktop and phone size: no serious or critical violation. The states
// are real: games played, saved, finished and reviewed through the service.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useUi, place, tapPoint, profilesWhole } from './support.js';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const { withUi } = useUi();

/** The serious and critical violations axe finds on the page as it is. */
async function violations(page) {
  // Evaluated, not added as a <script>: the page's own policy allows no
  // script but its own files, and that stays as it is.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  // Transitions and animations finished: contrast is judged on the final colours.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    resultTypes: ['violations'],
  }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`).join('; ')}`);
}

/** A finished two-player game, a save and an unfinished game: something on every screen. */
async function aFewGames(backend) {
  await backend.call('new_game', { config: { mode: 'human_human' } });
  for (const [x, y] of [[7, 7], [0, 0], [8, 7], [0, 2], [9, 7], [0, 4], [10, 7], [0, 6], [11, 7]]) {
    await backend.call('play', { x, y });
  }
  await backend.call('new_game', { config: { mode: 'human_human' } });
  for (const [x, y] of [[7, 7], [8, 8], [6, 8]]) await backend.call('play', { x, y });
  await backend.call('save_game', { name: 'Evening', overwrite: false });
}

for (const viewport of ['desktop']) {
  for (const colorScheme of ['light', 'dark']) {
    test(`${viewport}, ${colorScheme}: every screen passes axe with no serious violation`, () => withUi({
      viewport, colorScheme, setup: aFewGames,
    }, async (page) => {
      const found = {};
      const check = async (name) => {
        const list = await violations(page);
        if (list.length) found[name] = list;
      };
      await page.locator('#screen-home').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), colorScheme);
      await check('home');
      await page.locator('#new-game').click();
      await page.locator('#screen-new-game').waitFor();
      await check('new game');
      await page.locator('#nav-home').click();
      await page.locator('#home-continue').click();
      await page.locator('#screen-game').waitFor();
      await page.locator('#board .stone').nth(2).waitFor();
      await check('game');
      // A move after the save: the game is now unsaved, and asked about later.
      await place(page, 9, 9);
      await page.locator('#nav-home').click();
      await page.locator('#home-load').click();
      await page.locator('#saves-list li').first().waitFor();
      await check('load');
      await page.locator('#nav-home').click();
      await page.locator('#home-review').click();
      await page.locator('#review-list li').first().waitFor();
      await check('review');
      await page.locator('#review-list li button').first().click();
      await page.locator('#screen-replay').waitFor();
      await check('replay');
      await page.locator('#nav-home').click();
      await page.locator('#home-stats').click();
      await page.locator('#screen-stats').waitFor();
      await check('statistics');
      await page.locator('#nav-home').click();
      await page.locator('#home-settings').click();
      await page.locator('#screen-settings').waitFor();
      await check('settings');
      await page.locator('#nav-home').click();
      await page.locator('#home-help').click();
      await page.locator('#screen-help').waitFor();
      await check('help');
      // The editor with a position that cannot start (its reason on
      // screen) and one that can, analysed.
      await page.locator('#nav-home').click();
      await page.locator('#home-editor').click();
      await page.locator('#screen-editor').waitFor();
      await page.locator('#editor-brush input[value="black"]').check();
      await page.locator('#editor-board .hit[data-x="7"][data-y="7"]').click();
      await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'false');
      await check('editor, refused');
      await page.locator('#editor-to-move').selectOption('white');
      await page.waitForFunction(() => document.querySelector('#editor-status').dataset.ok === 'true');
      await page.locator('#editor-analyse').click();
      await page.locator('#editor-analysis p').first().waitFor();
      await check('editor, analysed');
      // Puzzles: the list, and one refuted after a wrong move.
      await page.locator('#nav-home').click();
      await page.locator('#home-puzzles').click();
      await page.locator('#puzzles-list li').first().waitFor();
      await check('puzzles');
      await page.locator('#puzzles-next').click();
      await page.locator('#screen-puzzle').waitFor();
      await check('puzzle');
      await page.locator('#nav-home').click();
      await page.locator('#home-profile').click();
      await profilesWhole(page);
      await check('profiles');
      // Dialogs: the password dialog, the question before replacing a game, the game over.
      await page.locator('.profile-password').first().click();
      await page.locator('#dialog-password').waitFor();
      await check('password dialog');
      await page.locator('#password-cancel').click();
      await page.locator('.profile-open').first().click();
      await page.locator('#screen-home').waitFor();
      await page.locator('#new-game').click();
      await page.locator('#new-game-mode input[value="human_human"]').check();
      await page.locator('#new-game-start').click();
      await page.locator('#dialog-unsaved').waitFor();
      await check('unsaved question');
      await page.locator('#unsaved-discard').click();
      await page.locator('#screen-game').waitFor();
      for (const [x, y] of [[7, 7], [0, 0], [8, 7], [0, 2], [9, 7], [0, 4], [10, 7], [0, 6], [11, 7]]) await place(page, x, y);
      await page.locator('#dialog-game-over').waitFor();
      await check('game over');
      assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
    }));
  }
}

/** A Soosõrv-8 game between two people, its first three stones down: white is to choose. */
async function anOpening(backend) {
  await backend.call('new_game', { config: { mode: 'human_human', rule: 'renju', opening: 'soosorv8', opponent: { kind: 'guest', name: 'Ann' } } });
  for (const [x, y] of [[7, 7], [7, 6], [7, 9]]) await backend.call('play', { x, y });
}

for (const colorScheme of ['light', 'dark']) {
  test(`desktop, ${colorScheme}: a tournament opening's panel, marks and summaries pass axe with no serious violation`, () => withUi({
    viewport: 'desktop', colorScheme, setup: anOpening,
  }, async (page) => {
    const found = {};
    const check = async (name) => {
      const list = await violations(page);
      if (list.length) found[name] = list;
    };
    const step = (kind) => page.locator(`#opening-panel[data-step="${kind}"]`).waitFor();
    await page.locator('#home-continue').click();
    await step('choose');
    await check('opening, choose');
    await page.locator('#opening-stay').click();
    await step('place');
    await place(page, 7, 4);
    await step('declare');
    await check('opening, declare');
    await page.locator('#opening-count').selectOption('2');
    await page.locator('#opening-declare').click();
    await step('choose');
    await page.locator('#opening-stay').click();
    await step('offer');
    await tapPoint(page, 6, 10);
    await page.locator('#board .offer').waitFor();
    await check('opening, offer');
    await tapPoint(page, 9, 9);
    await step('pick');
    await check('opening, pick');
    await place(page, 9, 9);
    await page.locator('#opening-summary').waitFor();
    await check('opening, summary');
    // Ended by resigning, then reviewed: the replay says how the opening went.
    await page.locator('#game-resign').click();
    await page.locator('#confirm-ok').click();
    await page.locator('#dialog-game-over').waitFor();
    await page.locator('#game-over-review').click();
    await page.locator('#replay-opening').waitFor();
    await check('replay, opening');
    await page.locator('#nav-home').click();
    await page.locator('#new-game').click();
    await page.locator('#new-game-rule').selectOption('freestyle');
    await page.locator('#new-game-opening').selectOption('swap2');
    await check('new game, opening');
    assert.deepEqual(found, {}, JSON.stringify(found, null, 2));
  }));
}
