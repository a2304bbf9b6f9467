// A screenshot of every screen in both themes at both sizes, for people to
// look at (tests/output/ui/), with the checks that hold on every screen:
// no page errors, nothing wider than the window, touch targets of 44 px.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, openUi, screenshot, newGame, point, stone, place } from './support.js';

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

for (const viewport of ['desktop', 'phone']) {
  for (const theme of ['light', 'dark']) {
    test(`${viewport} ${theme}: every screen`, async () => {
      const { context, page, errors } = await openUi(ui.browser, ui.url, {
        viewport,
        colorScheme: theme,
        fake: { profiles: [{ id: 'default', name: 'Player' }, { id: 'p-mei', name: 'Mei', password: 'plum' }], current: 'default', autosave: true, forbidden: [{ x: 6, y: 6, kind: 'double_three' }, { x: 8, y: 6, kind: 'double_four' }] },
      });
      const shot = async (name) => {
        await checkLayout(page, name, viewport);
        await page.evaluate(() => document.querySelector('.screen:not([hidden])').scrollTo(0, 0));
        await screenshot(page, `${viewport}-${theme}-${name}`);
      };
      try {
        await page.locator('#screen-home').waitFor();
        await shot('home');

        await page.locator('#home-profile').click();
        await page.locator('.profile-item').first().waitFor();
        await shot('profiles');
        await page.locator('.profile-item[data-id="p-mei"] .profile-open').click();
        await page.locator('#dialog-prompt').waitFor();
        await page.locator('#prompt-password').fill('wrong');
        await page.locator('#prompt-ok').click();
        await page.locator('#prompt-error').waitFor();
        await shot('password');
        await page.locator('#prompt-cancel').click();
        await page.locator('.profile-item[data-id="default"] .profile-open').click();

        await page.locator('#new-game').click();
        await page.locator('#new-game-rule').selectOption('renju');
        await shot('new-game');

        await newGame(page, { mode: 'human_human', rule: 'renju' });
        for (const [x, y] of [[7, 7], [7, 8], [8, 8], [6, 9], [9, 9], [10, 7]]) await place(page, x, y);
        await page.locator('#game-hint').click();
        await page.locator('.board .hint-ring').waitFor();
        await shot('game');
        for (const [x, y] of [[10, 10], [5, 11], [11, 11], [4, 12], [12, 12]]) {
          if (await page.locator('#dialog-game-over').isVisible()) break;
          await place(page, x, y);
        }
        await page.locator('#dialog-game-over').waitFor();
        await shot('game-over');
        await page.locator('#game-over-home').click();

        await newGame(page, { mode: 'human_ai', level: 'hard' });
        await page.evaluate(() => { window.__fakeIpc.options.aiDelay = 4000; });
        await place(page, 7, 7);
        await page.locator('#ai-thinking').waitFor();
        await page.locator('#ai-depth').filter({ hasText: 'depth' }).waitFor();
        await shot('ai-thinking');
        await page.locator('#game-stop').click();
        await stone(page, 8, 7).waitFor();
        await page.evaluate(() => { window.__fakeIpc.options.aiDelay = 80; });

        await page.locator('#game-save').click();
        await page.locator('#prompt-input').fill('Evening game');
        await page.locator('#prompt-ok').click();
        await page.locator('#hint-text').filter({ hasText: 'Saved' }).waitFor();
        await page.locator('#nav-home').click();
        await page.locator('#home-load').click();
        await page.locator('.save-item').first().waitFor();
        await page.locator('#export-button').click();
        await page.waitForFunction(() => document.querySelector('#export-text').value !== '');
        await shot('load');

        await page.locator('#nav-home').click();
        await page.locator('#home-review').click();
        await page.locator('.replay-item').first().waitFor();
        await shot('review');
        await page.locator('.replay-item').nth(1).locator('button').click();
        await page.locator('#screen-replay').waitFor();
        await page.locator('#replay-analyse').click();
        await page.waitForFunction(() => document.querySelector('#replay-progress').hidden
          && Number(document.querySelector('#replay-graph').dataset.points) > 0);
        await page.keyboard.press('Home');
        await page.locator('#replay-next-mistake').click();
        await shot('replay');

        await page.locator('#nav-home').click();
        await page.locator('#home-stats').click();
        await page.locator('#stats-by-mode tbody tr').first().waitFor();
        await shot('stats');

        await page.locator('#nav-home').click();
        await page.locator('#home-settings').click();
        await page.locator('#settings-about').filter({ hasText: '0.3.0' }).waitFor();
        await shot('settings');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test('phone landscape and a small 360 px phone: the game fits', async () => {
  for (const size of [{ width: 844, height: 390 }, { width: 360, height: 640 }]) {
    const { context, page } = await openUi(ui.browser, ui.url, { viewport: 'phone' });
    try {
      await page.setViewportSize(size);
      await newGame(page);
      const box = await page.locator('#board').boundingBox();
      assert.ok(box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5, 'the board fits');
      assert.ok(box.width >= Math.min(size.width, size.height) * 0.7, `board ${box.width}px`);
      await screenshot(page, `phone-${size.width}x${size.height}-game`);
    } finally {
      await context.close();
    }
  }
});
