// The board in Chromium at a desktop size and a phone size with touch:
// drawing, placing, themes, language, motion, touch and keyboard; against
// the real game service (`wuzi serve`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, screenshot, newGame, point, stone, place, calls, answerUnsaved } from './support.js';
import { servicePoints, setSettings, pageErrors } from './play-states.js';

const { withUi } = useUi();

const stones = (page) => page.locator('#board .stone').count();

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: an empty 15x15 board with grid, star points and coordinates`, () => withUi({ viewport }, async (page, errors, backend) => {
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
    const view = await backend.call('game_view');
    assert.deepEqual([view.size, view.stones.length, view.to_move, view.mode], [15, 0, 'black', 'human_human']);
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: the board is square, fits the window and is the largest thing on it`, () => withUi({ viewport }, async (page) => {
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
  }));

  test(`${viewport}: placing stones alternates colours and an occupied point shows an error`, () => withUi({ viewport }, async (page, errors, backend) => {
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
    const placed = await backend.call('game_view');
    assert.deepEqual(placed.stones.map((s) => [s.x, s.y, s.stone]), [[7, 7, 'black'], [8, 7, 'white']]);

    // Occupied: tapped once on a phone is enough, the stone is already there.
    const refused = page.waitForResponse((r) => r.url().includes('/ipc/play'));
    if (viewport === 'phone') await point(page, 7, 7).tap();
    else await point(page, 7, 7).click();
    assert.equal((await refused).status(), 409, 'the service refused the move');
    const message = page.locator('#message');
    await message.waitFor({ state: 'visible' });
    assert.equal(await message.textContent(), 'That point already holds a stone.');
    assert.equal(await message.getAttribute('data-kind'), 'occupied');
    assert.equal(await page.locator('.board .stone').count(), 2, 'nothing new was drawn');
    assert.deepEqual(await servicePoints(backend), ['7,7', '8,7']);
    await screenshot(page, `${viewport}-error-light`);

    // The next good move clears the message.
    await place(page, 6, 6);
    assert.equal(await message.isHidden(), true);

    // The game is on and saved nowhere: the question comes first (clock.test.js).
    await page.locator('#game-restart').click();
    await answerUnsaved(page, 'discard');
    await page.locator('.board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('.board .stone').count(), 0);
    assert.deepEqual(await servicePoints(backend), []);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: dark theme follows the system and the toggle switches and stores it`, () => withUi({ viewport, colorScheme: 'dark' }, async (page, errors, backend) => {
    await newGame(page);
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const wood = () => page.locator('.board .wood').evaluate((r) => getComputedStyle(r).fill);
    assert.equal(await theme(), 'dark');
    assert.equal((await backend.call('get_settings')).theme, 'system', 'dark because the system is');
    const darkWood = await wood();
    const stored = page.waitForResponse((r) => r.url().includes('/ipc/set_settings'));
    await page.locator('#theme-toggle').click();
    assert.equal(await theme(), 'light');
    assert.notEqual(await wood(), darkWood, 'the board changes colour with the theme');
    assert.equal(await page.locator('#theme-toggle').getAttribute('aria-pressed'), 'false');
    assert.equal((await stored).ok(), true);
    assert.equal((await calls(page, 'set_settings')).at(-1).args.settings.theme, 'light');
    assert.equal((await backend.call('get_settings')).theme, 'light', 'the profile keeps it');
  }));
}

test('the UI speaks Chinese when the system does', () => withUi({ locale: 'zh-CN' }, async (page) => {
  assert.equal(await page.locator('.brand').textContent(), '五子');
  assert.equal(await page.locator('#new-game').textContent(), '新对局');
  await newGame(page);
  assert.equal(await page.locator('#turn-text').textContent(), '轮到黑方');
  await point(page, 7, 7).click();
  await stone(page, 7, 7).waitFor();
  await point(page, 7, 7).click();
  await page.locator('#message[data-kind="occupied"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), '这里已经有棋子了。');
  assert.equal(await point(page, 7, 7).getAttribute('aria-label'), '交叉点 H8，黑子');
  await screenshot(page, 'desktop-zh-light');
}));

test('a hover shows a ghost stone of the side to move; a stone settles in about 120 ms', () => withUi({}, async (page) => {
  await newGame(page);
  await point(page, 3, 3).hover();
  const ghost = page.locator('.board .ghost');
  assert.equal(await ghost.getAttribute('visibility'), 'visible');
  assert.match(await ghost.getAttribute('class'), /black/);
  await point(page, 3, 3).click();
  await stone(page, 3, 3).waitFor();
  const animation = await stone(page, 3, 3).evaluate((s) => [s.classList.contains('new'), getComputedStyle(s).animationDuration]);
  assert.deepEqual(animation, [true, '0.12s']);
}));

test('nothing moves when the system asks for reduced motion', () => withUi({ reducedMotion: 'reduce' }, async (page) => {
  await newGame(page);
  await point(page, 3, 3).click();
  await stone(page, 3, 3).waitFor();
  assert.equal(await stone(page, 3, 3).evaluate((s) => getComputedStyle(s).animationName), 'none');
  await page.locator('#game-hint').click();
  await page.locator('#hint-text', { hasText: 'Hint:' }).waitFor();
  const ring = await page.evaluate(() => getComputedStyle(document.querySelector('#board .hint-ring')).animationName);
  assert.equal(ring, 'none');
}));

test('phone: tap to preview, tap again to place; a tap elsewhere moves the preview', () => withUi({ viewport: 'phone' }, async (page, errors, backend) => {
  await newGame(page);
  await point(page, 4, 4).tap();
  const preview = page.locator('#board .preview');
  await preview.waitFor();
  assert.deepEqual([await preview.getAttribute('data-x'), await preview.getAttribute('data-y')], ['4', '4']);
  assert.equal(await stones(page), 0);
  await point(page, 5, 6).tap();
  await page.locator('#board .preview[data-x="5"][data-y="6"]').waitFor();
  assert.equal(await preview.count(), 1);
  assert.equal(await stones(page), 0);
  await point(page, 5, 6).tap();
  await stone(page, 5, 6).waitFor();
  assert.equal(await preview.count(), 0);
  assert.deepEqual((await calls(page, 'play')).map((c) => c.args), [{ x: 5, y: 6 }]);
  assert.deepEqual(await servicePoints(backend), ['5,6']);
}));

test('phone: with one-tap placing set, a single tap places', () => withUi({
  viewport: 'phone',
  setup: (backend) => setSettings(backend, { tap_mode: 'direct' }).then(() => backend),
}, async (page, errors, backend) => {
  await newGame(page);
  await point(page, 4, 4).tap();
  await stone(page, 4, 4).waitFor();
  assert.deepEqual(await servicePoints(backend), ['4,4']);
}));

test('a touch that slides to another point places nothing', () => withUi({
  viewport: 'phone',
  setup: (backend) => setSettings(backend, { tap_mode: 'direct' }).then(() => backend),
}, async (page, errors, backend) => {
  await newGame(page);
  const a = await point(page, 4, 4).boundingBox();
  const b = await point(page, 9, 9).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (box) => [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(b) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // A real tap after the slide: the only move the page sends is that one.
  await point(page, 6, 6).tap();
  await stone(page, 6, 6).waitFor();
  assert.deepEqual((await calls(page, 'play')).map((c) => c.args), [{ x: 6, y: 6 }]);
  assert.deepEqual(await servicePoints(backend), ['6,6']);
  assert.equal(await stones(page), 1);
}));

test('keyboard: arrows move the cursor, Enter places, Ctrl+Z / Ctrl+Y undo and redo, N opens a new game', () => withUi({}, async (page, errors, backend) => {
  await newGame(page);
  await page.keyboard.press('ArrowRight');
  const focused = () => page.evaluate(() => document.activeElement.dataset.point);
  assert.equal(await focused(), 'H8', 'the cursor starts at the centre');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'I9');
  await page.keyboard.press('Enter');
  await stone(page, 8, 6).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await stone(page, 7, 6).waitFor();
  assert.deepEqual(await servicePoints(backend), ['8,6', '7,6']);
  await page.keyboard.press('Control+z');
  await stone(page, 7, 6).waitFor({ state: 'detached' });
  assert.deepEqual(await servicePoints(backend), ['8,6']);
  await page.keyboard.press('Control+y');
  await stone(page, 7, 6).waitFor();
  assert.deepEqual(await servicePoints(backend), ['8,6', '7,6']);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).stroke);
  assert.notEqual(outline, 'none', 'the focused point is visible');
  await page.keyboard.press('n');
  await page.locator('#screen-new-game').waitFor();
}));
