// Starting the app, profiles, home, new game, and playing: undo / redo,
// resign, five in a row, hint, the computer's turn, touch and keyboard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, openUi, newGame, point, stone, place, calls } from './support.js';

const ui = useUi();
const { withUi } = ui;

const stones = (page) => page.locator('#board .stone').count();

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: a first run with the default profile lands on Home without asking anything`, () => withUi({ viewport }, async (page, errors) => {
    await page.locator('#screen-home').waitFor();
    assert.equal(await page.locator('#screen-profiles').isHidden(), true);
    assert.equal(await page.locator('dialog[open]').count(), 0);
    assert.equal(await page.locator('#home-continue').isHidden(), true, 'no autosave, no Continue');
    assert.equal(await page.locator('#nav-profile').textContent(), 'Player');
    const opened = await calls(page, 'open_profile');
    assert.deepEqual(opened.map((c) => c.args), [{ id: 'default' }]);
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: profiles: create, pick with a password, rename, delete`, () => withUi({
    viewport,
    fake: { profiles: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bo', password: 'pw' }], current: null },
  }, async (page) => {
    await page.locator('#screen-profiles').waitFor();
    assert.deepEqual(await page.locator('.profile-name').allTextContents(), ['Ann', 'Bo']);

    await page.locator('#profile-create-name').fill('Cai');
    await page.locator('#profile-create-password').fill('secret');
    await page.locator('#profile-create').click();
    await page.locator('.profile-name', { hasText: 'Cai' }).waitFor();
    assert.deepEqual((await calls(page, 'create_profile')).at(-1).args, { name: 'Cai', password: 'secret' });

    // A taken name is refused with a clear message.
    await page.locator('#profile-create-name').fill('ann');
    await page.locator('#profile-create').click();
    await page.locator('#message[data-kind="exists"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), 'That name is already taken.');

    // Bo has a password: a wrong one is told in the dialog, the right one opens.
    await page.locator('.profile-item[data-id="b"] .profile-open').click();
    await page.locator('#prompt-password').fill('nope');
    await page.locator('#prompt-ok').click();
    await page.locator('#prompt-error', { hasText: 'Wrong password.' }).waitFor();
    assert.equal(await page.locator('#dialog-prompt').isVisible(), true);
    await page.locator('#prompt-password').fill('pw');
    await page.locator('#prompt-ok').click();
    await page.locator('#screen-home').waitFor();
    assert.equal(await page.locator('#nav-profile').textContent(), 'Bo');

    await page.locator('#home-profile').click();
    await page.locator('.profile-item[data-id="a"] .profile-rename').click();
    await page.locator('#prompt-input').fill('Anna');
    await page.locator('#prompt-ok').click();
    await page.locator('.profile-item[data-id="a"] .profile-name', { hasText: 'Anna' }).waitFor();

    await page.locator('.profile-item[data-id="a"] .profile-delete').click();
    assert.match(await page.locator('#confirm-text').textContent(), /Anna/);
    await page.locator('#confirm-cancel').click();
    assert.equal(await page.locator('.profile-item[data-id="a"]').count(), 1, 'cancel keeps it');
    await page.locator('.profile-item[data-id="a"] .profile-delete').click();
    await page.locator('#confirm-ok').click();
    await page.locator('.profile-item[data-id="a"]').waitFor({ state: 'detached' });
    assert.deepEqual(await page.locator('.profile-name').allTextContents(), ['Bo', 'Cai']);
  }));

  test(`${viewport}: Home offers Continue when there is an autosave`, () => withUi({ viewport, fake: { autosave: true, aiDelay: 800 } }, async (page) => {
    await page.locator('#home-continue').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 6, 8).waitFor();
    assert.equal(await stones(page), 3);
    assert.equal(await page.locator('#turn-text').textContent(), 'Computer to move (white)');
    await page.locator('#board .stone').nth(3).waitFor();
    assert.equal(await page.locator('#turn-text').textContent(), 'Your move (black)');
  }));

  test(`${viewport}: new game: Renju forces 15x15 and shows the forbidden-move setting; forbidden points are marked`, () => withUi({
    viewport, fake: { forbidden: [{ x: 3, y: 3, kind: 'double_three' }] },
  }, async (page) => {
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    assert.equal(await page.locator('#new-game-level').isHidden(), true, 'no level for two players');
    await page.locator('#new-game-size').selectOption('19');
    assert.equal(await page.locator('#new-game-forbidden').isHidden(), true);
    await page.locator('#new-game-rule').selectOption('renju');
    assert.equal(await page.locator('#new-game-size').inputValue(), '15');
    assert.equal(await page.locator('#new-game-size').isDisabled(), true);
    await page.locator('#new-game-forbidden').selectOption('block');
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.equal(config.rule, 'renju');
    assert.equal(config.size, 15);
    assert.equal(config.forbiddenMoves, 'block');
    assert.equal(await page.locator('#board .hit').count(), 225);
    const mark = page.locator('#board .forbidden[data-x="3"][data-y="3"]');
    await mark.waitFor();
    assert.equal(await mark.locator('line').count(), 2, 'a small ×');
    assert.equal(await point(page, 3, 3).getAttribute('aria-label'), 'Point D12, forbidden for black');
    if (viewport === 'phone') {
      await point(page, 3, 3).tap();
      await point(page, 3, 3).tap();
    } else {
      await point(page, 3, 3).click();
    }
    await page.locator('#message[data-kind="forbidden"]').waitFor();
    assert.equal(await stones(page), 0);

    // A 19x19 freestyle game after that.
    await newGame(page, { mode: 'human_human', rule: 'freestyle', size: 19 });
    assert.equal(await page.locator('#board .hit').count(), 361);
  }));

  test(`${viewport}: undo and redo, five in a row with its line, the game-over dialog, play again`, () => withUi({ viewport }, async (page) => {
    await newGame(page);
    await place(page, 7, 7);
    await place(page, 7, 8);
    await page.locator('#game-undo').click();
    await stone(page, 7, 8).waitFor({ state: 'detached' });
    assert.equal(await page.locator('#game-redo').isEnabled(), true);
    await page.locator('#game-redo').click();
    await stone(page, 7, 8).waitFor();
    for (const [x, y] of [[8, 7], [8, 8], [9, 7], [9, 8], [10, 7], [10, 8], [11, 7]]) await place(page, x, y);
    const dialog = page.locator('#dialog-game-over');
    await dialog.waitFor();
    assert.equal(await page.locator('#game-over-title').textContent(), 'Black wins');
    assert.equal(await page.locator('#game-over-how').textContent(), 'Five in a row.');
    assert.equal(await page.locator('#game-over-counts').textContent(), 'Black 5 stones, white 4 stones, 9 moves');
    assert.match(await page.locator('#game-over-time').textContent(), /^Time: black \d+:\d\d, white \d+:\d\d$/);
    assert.equal(await page.locator('#board .win-line').count(), 1);
    assert.equal(await page.locator('#board .win-ring').count(), 5);
    await page.locator('#game-over-again').click();
    await page.locator('#board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('#score-black').textContent(), '1');
  }));

  test(`${viewport}: resign asks first, then shows who won and opens the review of this game`, () => withUi({ viewport }, async (page) => {
    await newGame(page, { mode: 'human_ai' });
    await place(page, 7, 7);
    await stone(page, 8, 7).waitFor();
    await page.locator('#game-resign').click();
    await page.locator('#confirm-ok').click();
    await page.locator('#dialog-game-over').waitFor();
    assert.equal(await page.locator('#game-over-title').textContent(), 'The computer wins');
    assert.equal(await page.locator('#game-over-how').textContent(), 'Black resigned.');
    await page.locator('#game-over-review').click();
    await page.locator('#screen-replay').waitFor();
    assert.equal(await page.locator('#replay-position').textContent(), 'Move 2 of 2');
  }));

  test(`${viewport}: against the computer: thinking indicator, board locked, Play now; undo takes back two plies`, () => withUi({
    viewport, fake: { aiDelay: 5000 },
  }, async (page) => {
    await newGame(page, { mode: 'human_ai', colour: 'black', level: 'master' });
    assert.equal((await calls(page, 'new_game')).at(-1).args.config.whiteLevel, 'master');
    await place(page, 7, 7);
    const thinking = page.locator('#ai-thinking');
    await thinking.waitFor();
    await page.locator('#ai-depth', { hasText: 'depth' }).waitFor();
    assert.match(await page.locator('#ai-pv').textContent(), /I8/);
    assert.equal(await page.locator('#board').getAttribute('aria-disabled'), 'true');
    // The board takes no move while the computer thinks.
    await point(page, 2, 2).click({ force: true });
    await page.waitForTimeout(100);
    assert.equal((await calls(page, 'play')).length, 1);
    assert.equal(await page.locator('#game-undo').isDisabled(), true);
    await page.locator('#game-stop').click();
    await stone(page, 8, 7).waitFor({ timeout: 2000 });
    await thinking.waitFor({ state: 'hidden' });
    assert.equal((await calls(page, 'stop_ai')).length, 1);
    assert.equal(await page.locator('#board').getAttribute('aria-disabled'), 'false');
    await page.locator('#game-undo').click();
    await page.locator('#board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await stones(page), 0, 'the computer\'s reply and the player\'s move are both taken back');
  }));

  test(`${viewport}: the hint shows a pulsing ring on the AI's best move`, () => withUi({ viewport }, async (page) => {
    await newGame(page);
    await page.locator('#game-hint').click();
    const ring = page.locator('#board .hint-ring');
    await ring.waitFor();
    assert.deepEqual([await ring.getAttribute('data-x'), await ring.getAttribute('data-y')], ['7', '7']);
    assert.equal(await ring.evaluate((r) => getComputedStyle(r).animationName), 'pulse');
    assert.equal(await page.locator('#hint-text').textContent(), 'Hint: H8 (win chance 62%)');
    await place(page, 3, 3);
    assert.equal(await ring.count(), 0, 'the hint goes with the next move');
  }));

  test(`${viewport}: computer against computer: pause, step and speed`, () => withUi({ viewport, fake: { aiDelay: 20 } }, async (page) => {
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="ai_ai"]').check();
    await page.locator('#new-game-black-level').selectOption('beginner');
    await page.locator('#new-game-white-level').selectOption('hard');
    await page.locator('#new-game-start').click();
    await page.locator('#ai-controls').waitFor();
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.deepEqual([config.mode, config.blackLevel, config.whiteLevel], ['ai_ai', 'beginner', 'hard']);
    await page.locator('#game-speed').selectOption('fast');
    assert.equal((await calls(page, 'set_settings')).at(-1).args.settings.ai_speed, 'fast');
    await page.locator('#board .stone').nth(2).waitFor();
    await page.locator('#game-pause').click();
    assert.equal(await page.locator('#game-pause').getAttribute('aria-pressed'), 'true');
    await page.waitForTimeout(250);
    const paused = await stones(page);
    await page.waitForTimeout(300);
    assert.equal(await stones(page), paused, 'nothing moves while paused');
    await page.locator('#game-step').click();
    await page.locator('#board .stone').nth(paused).waitFor();
    await page.waitForTimeout(300);
    assert.equal(await stones(page), paused + 1, 'step plays exactly one move');
    assert.equal(await page.locator('#game-resign').isDisabled(), true);
  }));
}

test('phone: tap to preview, tap again to place; a tap elsewhere moves the preview', () => withUi({ viewport: 'phone' }, async (page) => {
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
}));

test('phone: with one-tap placing set, a single tap places', () => withUi({ viewport: 'phone', fake: { settings: { tap_mode: 'direct' } } }, async (page) => {
  await newGame(page);
  await point(page, 4, 4).tap();
  await stone(page, 4, 4).waitFor();
}));

test('a touch that slides to another point places nothing', () => withUi({ viewport: 'phone', fake: { settings: { tap_mode: 'direct' } } }, async (page) => {
  await newGame(page);
  const a = await point(page, 4, 4).boundingBox();
  const b = await point(page, 9, 9).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (box) => [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(b) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(150);
  assert.equal((await calls(page, 'play')).length, 0);
}));

test('keyboard: arrows move the cursor, Enter places, Ctrl+Z / Ctrl+Y undo and redo, N opens a new game', () => withUi({}, async (page) => {
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
  await page.keyboard.press('Control+z');
  await stone(page, 7, 6).waitFor({ state: 'detached' });
  await page.keyboard.press('Control+y');
  await stone(page, 7, 6).waitFor();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).stroke);
  assert.notEqual(outline, 'none', 'the focused point is visible');
  await page.keyboard.press('n');
  await page.locator('#screen-new-game').waitFor();
}));

test('an error from the Rust side shows as a short message, not only in the console', () => withUi({
  fake: { fail: { list_saves: { kind: 'io', message: 'disk full' }, get_stats: { kind: 'weird', message: 'boom' } } },
}, async (page) => {
  await page.locator('#home-load').click();
  await page.locator('#message[data-kind="io"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), 'The game data could not be read or written.');
  await page.locator('#nav-home').click();
  assert.equal(await page.locator('#message').isHidden(), true);
  await page.locator('#home-stats').click();
  await page.locator('#message[data-kind="weird"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), 'Something went wrong: boom');
}));

test('without the Rust side the app says so', async () => {
  const context = await ui.browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(ui.url);
    await page.locator('#message[data-kind="no_backend"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), 'The game engine is not available.');
  } finally {
    await context.close();
  }
});
