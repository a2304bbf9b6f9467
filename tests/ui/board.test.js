// The board screen in Chromium at a desktop size and a phone size with touch.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveUi, launchChromium, openUi, screenshot } from './support.js';

let server;
let browser;

before(async () => {
  server = await serveUi();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const point = (page, x, y) => page.locator(`.board .hit[data-x="${x}"][data-y="${y}"]`);
const stone = (page, x, y) => page.locator(`.board .stone[data-x="${x}"][data-y="${y}"]`);

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: an empty 15x15 board with grid, star points and coordinates`, async () => {
    const { context, page, errors } = await openUi(browser, server.url, { viewport });
    try {
      assert.equal(await page.title(), 'Wuzi');
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
      assert.equal(await page.locator('#turn-text').textContent(), 'Black to move');
      await screenshot(page, `${viewport}-empty-light`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: the board is square and fits the window`, async () => {
    const { context, page } = await openUi(browser, server.url, { viewport });
    try {
      const box = await page.locator('#board').boundingBox();
      const vp = page.viewportSize();
      assert.ok(Math.abs(box.width - box.height) < 1, `square: ${box.width} x ${box.height}`);
      assert.ok(box.x >= 0 && box.y >= 0, 'starts inside the window');
      assert.ok(box.x + box.width <= vp.width + 0.5, 'fits the width');
      assert.ok(box.y + box.height <= vp.height + 0.5, 'fits the height');
      // The board is the largest thing on the screen.
      assert.ok(box.width >= Math.min(vp.width, vp.height) * 0.55, `board width ${box.width}`);
      const panel = await page.locator('.panel').boundingBox();
      if (viewport === 'phone') {
        assert.ok(panel.y >= box.y + box.height - 1, 'controls sit below the board on a phone');
      } else {
        assert.ok(panel.x >= box.x + box.width - 1, 'controls sit beside the board on a desktop');
      }
      const button = await page.locator('#new-game').boundingBox();
      assert.ok(button.height >= 44, `touch target ${button.height}px high`);
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: placing stones alternates colours and an occupied point shows an error`, async () => {
    const { context, page, errors } = await openUi(browser, server.url, { viewport });
    try {
      const place = (x, y) => (viewport === 'phone' ? point(page, x, y).tap() : point(page, x, y).click());
      await place(7, 7);
      await stone(page, 7, 7).waitFor();
      assert.equal(await stone(page, 7, 7).getAttribute('data-stone'), 'black');
      assert.equal(await page.locator('#turn-text').textContent(), 'White to move');
      await place(8, 7);
      await stone(page, 8, 7).waitFor();
      assert.equal(await stone(page, 8, 7).getAttribute('data-stone'), 'white');
      assert.equal(await page.locator('#count-black').textContent(), '1');
      assert.equal(await page.locator('#count-white').textContent(), '1');
      assert.equal(await page.locator('.board .last-move').count(), 1);
      assert.equal(await point(page, 8, 7).getAttribute('aria-label'), 'Point I8, white stone');

      await place(7, 7);
      const message = page.locator('#message');
      await message.waitFor({ state: 'visible' });
      assert.equal(await message.textContent(), 'That point already holds a stone.');
      assert.equal(await page.locator('.board .stone').count(), 2, 'nothing new was drawn');
      await screenshot(page, `${viewport}-error-light`);

      // The next good move clears the message.
      await place(6, 6);
      await stone(page, 6, 6).waitFor();
      assert.equal(await message.isHidden(), true);

      await page.locator('#new-game').click();
      await page.locator('.board .stone').first().waitFor({ state: 'detached' });
      assert.equal(await page.locator('.board .stone').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`${viewport}: dark theme follows the system and the toggle switches it`, async () => {
    const { context, page } = await openUi(browser, server.url, { viewport, colorScheme: 'dark' });
    try {
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const wood = () => page.locator('.board .wood').evaluate((r) => getComputedStyle(r).fill);
      assert.equal(await theme(), 'dark');
      const darkWood = await wood();
      await point(page, 7, 7).click();
      await point(page, 8, 8).click();
      await screenshot(page, `${viewport}-game-dark`);
      await page.locator('#theme-toggle').click();
      assert.equal(await theme(), 'light');
      assert.notEqual(await wood(), darkWood, 'the board changes colour with the theme');
      assert.equal(await page.locator('#theme-toggle').getAttribute('aria-pressed'), 'false');
    } finally {
      await context.close();
    }
  });
}

test('the UI speaks Chinese when the system does', async () => {
  const { context, page } = await openUi(browser, server.url, { locale: 'zh-CN' });
  try {
    assert.equal(await page.locator('.brand').textContent(), '五子');
    assert.equal(await page.locator('#turn-text').textContent(), '轮到黑方');
    assert.equal(await page.locator('#new-game').textContent(), '新对局');
    await point(page, 7, 7).click();
    await point(page, 7, 7).click();
    assert.equal(await page.locator('#message').textContent(), '这里已经有棋子了。');
    await screenshot(page, 'desktop-zh-light');
  } finally {
    await context.close();
  }
});

test('a hover shows a ghost stone of the side to move', async () => {
  const { context, page } = await openUi(browser, server.url);
  try {
    await point(page, 3, 3).hover();
    const ghost = page.locator('.board .ghost');
    assert.equal(await ghost.getAttribute('visibility'), 'visible');
    assert.match(await ghost.getAttribute('class'), /black/);
  } finally {
    await context.close();
  }
});
