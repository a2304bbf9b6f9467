// The board in Chromium at a desktop size and a phone size with touch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, openUi, screenshot, newGame, point, stone, place, calls } from './support.js';

const ui = useUi();

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: an empty 15x15 board with grid, star points and coordinates`, async () => {
    const { context, page, errors } = await openUi(ui.browser, ui.url, { viewport });
    try {
      assert.equal(await page.title(), 'Wuzi');
      await newGame(page);
      assert.equal(await page.locator('.board .hit').count(), 225);
      assert.equal(await page.locator('.board .grid line').count(), 30);
      assert.equal(await page.locator('.board .stars circle').count(), 5);
      assert.equal(await page.locator('.board .stone').count(), 0);
      const columns = await page.locator('.board .coords text.col').allTextContents();
      const rows = await page.locator('.board .coords text.row').allTextContents();
      assert.deepEqual([...new Set(columns)], 'ABCDEFGHIJKLMNO'.split(''));
      assert.deepEqual([...new Set(rows)], Array.from({ length: 15 }, (_, i) => String(15 - i)));
      // The centre of 15x15 is H8 in Renju notation (rows count from the bottom).
      assert.equal(await point(page, 7, 7).getAttribute('data-point'), 'H8');
      assert.equal(await point(page, 0, 14).getAttribute('data-point'), 'A1');
      assert.equal(await point(page, 0, 14).getAttribute('role'), 'button');
      assert.equal(await point(page, 0, 14).getAttribute('aria-label'), 'Point A1');
      assert.equal(await page.locator('#turn-text').textContent(), 'Black to move');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: the board is square, fits the window and is the largest thing on it`, async () => {
    const { context, page } = await openUi(ui.browser, ui.url, { viewport });
    try {
      await newGame(page);
      const box = await page.locator('#board').boundingBox();
      const vp = page.viewportSize();
      assert.ok(Math.abs(box.width - box.height) < 1, `square: ${box.width} x ${box.height}`);
      assert.ok(box.x >= 0 && box.y >= 0, 'starts inside the window');
      assert.ok(box.x + box.width <= vp.width + 0.5, 'fits the width');
      assert.ok(box.y + box.height <= vp.height + 0.5, 'fits the height');
      assert.ok(box.width >= Math.min(vp.width, vp.height) * 0.85, `board width ${box.width}`);
      const panel = await page.locator('#screen-game .panel').boundingBox();
      assert.ok(panel.width * panel.height < box.width * box.height, 'the panel is smaller than the board');
      if (viewport === 'phone') {
        assert.ok(panel.y >= box.y + box.height - 1, 'controls sit below the board on a phone');
        assert.ok(panel.y + panel.height <= vp.height + 1, 'every control is on screen without scrolling');
      } else {
        assert.ok(panel.x >= box.x + box.width - 1, 'controls sit beside the board on a desktop');
      }
      for (const id of ['game-undo', 'game-redo', 'game-hint', 'game-restart', 'game-resign', 'game-save', 'game-new']) {
        const button = await page.locator(`#${id}`).boundingBox();
        assert.ok(button.height >= 44 && button.width >= 44, `#${id} is ${button.width}x${button.height}px`);
      }
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: placing stones alternates colours and an occupied point shows an error`, async () => {
    const { context, page, errors } = await openUi(ui.browser, ui.url, { viewport });
    try {
      await newGame(page);
      await place(page, 7, 7);
      assert.equal(await stone(page, 7, 7).getAttribute('data-stone'), 'black');
      assert.equal(await page.locator('#turn-text').textContent(), 'White to move');
      await place(page, 8, 7);
      assert.equal(await stone(page, 8, 7).getAttribute('data-stone'), 'white');
      assert.equal(await page.locator('#count-black').textContent(), '1');
      assert.equal(await page.locator('#count-white').textContent(), '1');
      assert.equal(await page.locator('#count-moves').textContent(), '2');
      assert.equal(await page.locator('.board .last-move').count(), 1);
      assert.equal(await point(page, 8, 7).getAttribute('aria-label'), 'Point I8, white stone');

      // Occupied: tapped once on a phone is enough, the stone is already there.
      if (viewport === 'phone') await point(page, 7, 7).tap();
      else await point(page, 7, 7).click();
      const message = page.locator('#message');
      await message.waitFor({ state: 'visible' });
      assert.equal(await message.textContent(), 'That point already holds a stone.');
      assert.equal(await message.getAttribute('data-kind'), 'occupied');
      assert.equal(await page.locator('.board .stone').count(), 2, 'nothing new was drawn');
      await screenshot(page, `${viewport}-error-light`);

      // The next good move clears the message.
      await place(page, 6, 6);
      assert.equal(await message.isHidden(), true);

      await page.locator('#game-restart').click();
      await page.locator('.board .stone').first().waitFor({ state: 'detached' });
      assert.equal(await page.locator('.board .stone').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: dark theme follows the system and the toggle switches and stores it`, async () => {
    const { context, page } = await openUi(ui.browser, ui.url, { viewport, colorScheme: 'dark' });
    try {
      await newGame(page);
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const wood = () => page.locator('.board .wood').evaluate((r) => getComputedStyle(r).fill);
      assert.equal(await theme(), 'dark');
      const darkWood = await wood();
      await page.locator('#theme-toggle').click();
      assert.equal(await theme(), 'light');
      assert.notEqual(await wood(), darkWood, 'the board changes colour with the theme');
      assert.equal(await page.locator('#theme-toggle').getAttribute('aria-pressed'), 'false');
      const stored = await calls(page, 'set_settings');
      assert.equal(stored.at(-1).args.settings.theme, 'light');
    } finally {
      await context.close();
    }
  });
}

test('the UI speaks Chinese when the system does', async () => {
  const { context, page } = await openUi(ui.browser, ui.url, { locale: 'zh-CN' });
  try {
    assert.equal(await page.locator('.brand').textContent(), '五子');
    assert.equal(await page.locator('#new-game').textContent(), '新对局');
    await newGame(page);
    assert.equal(await page.locator('#turn-text').textContent(), '轮到黑方');
    await point(page, 7, 7).click();
    await point(page, 7, 7).click();
    assert.equal(await page.locator('#message').textContent(), '这里已经有棋子了。');
    assert.equal(await point(page, 7, 7).getAttribute('aria-label'), '交叉点 H8，黑子');
    await screenshot(page, 'desktop-zh-light');
  } finally {
    await context.close();
  }
});

test('a hover shows a ghost stone of the side to move; a stone settles in about 120 ms', async () => {
  const { context, page } = await openUi(ui.browser, ui.url);
  try {
    await newGame(page);
    await point(page, 3, 3).hover();
    const ghost = page.locator('.board .ghost');
    assert.equal(await ghost.getAttribute('visibility'), 'visible');
    assert.match(await ghost.getAttribute('class'), /black/);
    await point(page, 3, 3).click();
    const animation = await stone(page, 3, 3).evaluate((s) => [s.classList.contains('new'), getComputedStyle(s).animationDuration]);
    assert.deepEqual(animation, [true, '0.12s']);
  } finally {
    await context.close();
  }
});

test('nothing moves when the system asks for reduced motion', async () => {
  const { context, page } = await openUi(ui.browser, ui.url, { reducedMotion: 'reduce' });
  try {
    await newGame(page);
    await point(page, 3, 3).click();
    await stone(page, 3, 3).waitFor();
    assert.equal(await stone(page, 3, 3).evaluate((s) => getComputedStyle(s).animationName), 'none');
    await page.locator('#game-hint').click();
    await page.locator('#hint-text', { hasText: 'Hint:' }).waitFor();
    const ring = await page.evaluate(() => getComputedStyle(document.querySelector('#board .hint-ring')).animationName);
    assert.equal(ring, 'none');
  } finally {
    await context.close();
  }
});
