// Saves (save, overwrite, load, delete), import and export, the review list
// with its paging and filters, one game stepped through with its analysis,
// statistics and settings.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, openUi, newGame, place, stone, calls } from './support.js';

const ui = useUi();
const { withUi } = ui;

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: save, save again under the same name (asks first), load, delete (asks first)`, () => withUi({ viewport }, async (page) => {
    await newGame(page);
    await place(page, 7, 7);
    await page.locator('#game-save').click();
    await page.locator('#prompt-input').fill('Lunch');
    await page.locator('#prompt-ok').click();
    await page.locator('#hint-text', { hasText: 'Saved as “Lunch”.' }).waitFor();
    await place(page, 8, 8);

    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    const item = page.locator('.save-item[data-name="Lunch"]');
    await item.waitFor();
    assert.match(await item.locator('.item-meta').textContent(), /Freestyle 15×15 · Two players · 1 moves/);
    assert.equal(await item.locator('.mini-board .mini-black').count(), 1, 'a small board preview');

    // Saving over a name asks first; cancelling keeps the old save.
    await page.locator('#save-as-name').fill('Lunch');
    await page.locator('#save-as').click();
    assert.match(await page.locator('#confirm-text').textContent(), /Lunch/);
    await page.locator('#confirm-cancel').click();
    assert.match(await item.locator('.item-meta').textContent(), /1 moves/);
    await page.locator('#save-as').click();
    await page.locator('#confirm-ok').click();
    await item.locator('.item-meta', { hasText: '2 moves' }).waitFor();
    assert.deepEqual((await calls(page, 'save_game')).map((c) => c.args.overwrite), [false, false, false, true]);

    // A bad name is refused with a message.
    await page.locator('#save-as-name').fill('a/b');
    await page.locator('#save-as').click();
    await page.locator('#message[data-kind="bad_name"]').waitFor();

    await item.locator('.save-load').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 8, 8).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 2);

    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await item.locator('.save-delete').click();
    await page.locator('#confirm-ok').click();
    await item.waitFor({ state: 'detached' });
    assert.equal(await page.locator('#saves-empty').isVisible(), true);
  }));

  test(`${viewport}: import a move string, refuse a bad record, export as text`, () => withUi({ viewport }, async (page) => {
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8i9j10');
    await page.locator('#import-button').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 9, 5).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 3);

    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8 zz');
    await page.locator('#import-button').click();
    await page.locator('#message[data-kind="bad_record"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), 'That game record could not be read.');

    await page.locator('#export-format').selectOption('moves');
    await page.locator('#export-button').click();
    await page.waitForFunction(() => document.querySelector('#export-text').value !== '');
    assert.equal(await page.locator('#export-text').inputValue(), 'h8i9j10');
    await page.locator('#export-format').selectOption('sgf');
    await page.locator('#export-button').click();
    await page.waitForFunction(() => document.querySelector('#export-text').value.startsWith('(;GM[4]'));
    assert.match(await page.locator('#export-text').inputValue(), /^\(;GM\[4\]/);
  }));

  test(`${viewport}: save to a file and open one through the system's dialogs; cancelling does nothing`, () => withUi({ viewport }, async (page) => {
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8i9');
    await page.locator('#import-button').click();
    await page.locator('#screen-game').waitFor();
    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();

    // Cancelling either dialog leaves no message and no change.
    await page.evaluate(() => { window.__fakeIpc.options.fileCancel = true; });
    await page.locator('#export-save').click();
    await page.waitForFunction(() => window.__fakeIpc.calls.some((c) => c.cmd === 'export_to_file'));
    await page.locator('#import-open').click();
    await page.waitForFunction(() => window.__fakeIpc.calls.some((c) => c.cmd === 'import_from_file'));
    await page.waitForTimeout(100);
    assert.equal(await page.locator('#export-saved').isHidden(), true);
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.equal(await page.locator('#screen-load').isVisible(), true, 'still on the load screen');

    await page.evaluate(() => { window.__fakeIpc.options.fileCancel = false; });
    await page.locator('#export-format').selectOption('psq');
    await page.locator('#export-save').click();
    await page.locator('#export-saved', { hasText: 'Saved to /home/player/wuzi-game.psq' }).waitFor();
    assert.deepEqual((await calls(page, 'export_to_file')).at(-1).args, { format: 'psq' });

    // An error from the Rust side shows on the error line, not as saved.
    await page.evaluate(() => { window.__fakeIpc.options.fail.export_to_file = { kind: 'io', message: 'disk full' }; });
    await page.locator('#export-save').click();
    await page.locator('#message[data-kind="io"]').waitFor();
    assert.equal(await page.locator('#export-saved').isHidden(), true);
    await page.evaluate(() => { delete window.__fakeIpc.options.fail.export_to_file; });

    await page.locator('#import-open').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 9, 9).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 3, 'the game from the file');
    assert.equal(await page.locator('#message').isHidden(), true);
  }));

  test(`${viewport}: the saved message speaks the profile's language`, () => withUi({ viewport, fake: { settings: { language: 'zh' } } }, async (page) => {
    await page.locator('#home-load').click();
    await page.locator('#export-save').click();
    await page.locator('#export-saved', { hasText: '已保存到 /home/player/wuzi-game.txt' }).waitFor();
  }));

  test(`${viewport}: review: thousands of games paged, filters, newest first`, () => withUi({ viewport }, async (page) => {
    await page.locator('#home-review').click();
    await page.locator('.replay-item').first().waitFor();
    assert.equal(await page.locator('#review-total').textContent(), '2400 games');
    assert.equal(await page.locator('.replay-item').count(), 20);
    assert.equal(await page.locator('#review-page').textContent(), 'Page 1 of 120');
    assert.equal(await page.locator('#review-prev').isDisabled(), true);
    const first = await page.locator('.replay-item').first().getAttribute('data-id');
    await page.locator('#review-next').click();
    await page.locator('#review-page', { hasText: 'Page 2 of 120' }).waitFor();
    assert.notEqual(await page.locator('.replay-item').first().getAttribute('data-id'), first);
    assert.deepEqual((await calls(page, 'list_replays')).at(-1).args, { filter: {}, page: 1, pageSize: 20 });

    await page.locator('#review-filter-mode').selectOption('ai_ai');
    await page.locator('#review-total', { hasText: '600 games' }).waitFor();
    assert.equal(await page.locator('#review-page').textContent(), 'Page 1 of 30');
    const metas = await page.locator('.replay-item .item-meta').allTextContents();
    assert.ok(metas.every((m) => m.includes('Computer against computer')));
    await page.locator('#review-filter-mode').selectOption('human_ai');
    await page.locator('#review-filter-result').selectOption('win');
    await page.waitForFunction(() => document.querySelector('#review-page').textContent.startsWith('Page 1 of'));
    const results = await page.locator('.replay-item .result').allTextContents();
    assert.ok(results.length > 0 && results.every((r) => r === 'Won'), results.join());
    assert.deepEqual((await calls(page, 'list_replays')).at(-1).args.filter, { mode: 'human_ai', result: 'win' });
  }));

  test(`${viewport}: review a game: step with buttons, keys and slider; analyse; next mistake; play on`, () => withUi({ viewport }, async (page) => {
    await page.locator('#home-review').click();
    await page.locator('.replay-item').first().locator('button').click();
    await page.locator('#screen-replay').waitFor();
    const position = page.locator('#replay-position');
    const total = Number((await position.textContent()).match(/of (\d+)/)[1]);
    assert.equal(await position.textContent(), `Move ${total} of ${total}`);
    assert.equal(await page.locator('#replay-board .stone').count(), total);
    assert.equal(await page.locator('#replay-board .win-line').count(), 1, 'the winning line at the end');

    await page.keyboard.press('Home');
    assert.equal(await position.textContent(), `Move 0 of ${total}`);
    assert.equal(await page.locator('#replay-board .stone').count(), 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await position.textContent(), `Move 2 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.locator('#replay-board .stone').count(), 1);
    await page.locator('#replay-next').click();
    await page.locator('#replay-next').click();
    assert.equal(await position.textContent(), `Move 3 of ${total}`);
    await page.locator('#replay-slider').fill('6');
    assert.equal(await position.textContent(), `Move 6 of ${total}`);
    assert.equal(await page.locator('#replay-board .stone').count(), 6);
    await page.keyboard.press('End');
    assert.equal(await position.textContent(), `Move ${total} of ${total}`);
    await page.locator('#replay-first').click();
    await page.locator('#replay-play').click();
    await position.filter({ hasText: 'Move 1 of' }).waitFor();
    await page.locator('#replay-play').click();
    assert.equal(await page.locator('#replay-play').getAttribute('aria-pressed'), 'false');

    // The analysis streams in: a progress bar, the graph filling move by move.
    await page.evaluate(() => { window.__fakeIpc.options.analysisDelay = 40; });
    await page.locator('#replay-analyse').click();
    await page.locator('#replay-progress').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('#replay-graph').dataset.points) >= 3);
    const partial = Number(await page.locator('#replay-graph').getAttribute('data-points'));
    assert.ok(partial < total, `the graph fills in: ${partial} of ${total}`);
    await page.evaluate(() => { window.__fakeIpc.options.analysisDelay = 2; });
    await page.locator('#replay-progress').waitFor({ state: 'hidden' });
    assert.equal(Number(await page.locator('#replay-graph').getAttribute('data-points')), total);
    assert.ok(await page.locator('#replay-graph .graph-mark.blunder').count() > 0);
    assert.equal(await page.locator('#replay-moves .move[data-number="7"]').getAttribute('data-class'), 'blunder');
    assert.match(await page.locator('#replay-moves .move[data-number="7"]').textContent(), /\?\?$/);

    await page.keyboard.press('Home');
    await page.keyboard.press('m');
    assert.equal(await position.textContent(), `Move 3 of ${total}`, 'move 3 is the first inaccuracy');
    await page.locator('#replay-next-mistake').click();
    assert.equal(await position.textContent(), `Move 5 of ${total}`);
    assert.match(await page.locator('#replay-best').textContent(), /^Played [A-O]\d+: Mistake\. Best: [A-O]\d+$/);
    assert.equal(await page.locator('#replay-board .hint-ring').count(), 1, 'the best move is shown on the board');

    await page.locator('#replay-play-on').click();
    await page.locator('#screen-game').waitFor();
    await page.locator('#board .stone').nth(4).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 5);
    assert.equal((await calls(page, 'play_from')).at(-1).args.moveCount, 5);
  }));
}

test('the analysis can be cancelled', () => withUi({ fake: { analysisDelay: 60 } }, async (page) => {
  await page.locator('#home-review').click();
  await page.locator('.replay-item').first().locator('button').click();
  await page.locator('#replay-analyse').click();
  await page.waitForFunction(() => Number(document.querySelector('#replay-graph').dataset.points) >= 1);
  await page.locator('#replay-cancel').click();
  await page.locator('#replay-progress').waitFor({ state: 'hidden' });
  const kept = Number(await page.locator('#replay-graph').getAttribute('data-points'));
  await page.waitForTimeout(200);
  assert.equal(Number(await page.locator('#replay-graph').getAttribute('data-points')), kept, 'nothing more arrives');
  assert.equal(await page.locator('#message').isHidden(), true, 'cancelling is not an error');
  assert.equal(await page.locator('#replay-analyse').isVisible(), true);
}));

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: statistics by mode and level, with streaks`, () => withUi({ viewport }, async (page) => {
    await page.locator('#home-stats').click();
    await page.locator('#stats-by-mode tbody tr').first().waitFor();
    assert.equal(await page.locator('#stats-total').textContent(), '74');
    assert.equal(await page.locator('#stats-current-streak').textContent(), '2');
    assert.equal(await page.locator('#stats-best-streak').textContent(), '7');
    const row = await page.locator('#stats-by-mode tbody tr').nth(1).locator('th, td').allTextContents();
    assert.deepEqual(row, ['Against the computer', '57', '30', '25', '2', '53%']);
    const master = await page.locator('#stats-by-level tbody tr').nth(4).locator('th, td').allTextContents();
    assert.deepEqual(master, ['Master', '13', '3', '10', '0', '23%']);
  }));

  test(`${viewport}: settings apply at once and are stored for the profile`, () => withUi({ viewport }, async (page) => {
    await newGame(page);
    await place(page, 7, 7);
    await page.locator('#nav-home').click();
    await page.locator('#home-settings').click();
    await page.locator('#settings-about', { hasText: 'Wuzi 0.3.0' }).waitFor();
    const stored = async () => (await calls(page, 'set_settings')).at(-1).args.settings;

    await page.locator('#settings-theme').selectOption('dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal((await stored()).theme, 'dark');

    await page.locator('#settings-language').selectOption('zh');
    await page.locator('#screen-settings h2', { hasText: '设置' }).waitFor();
    assert.equal(await page.locator('#nav-home').getAttribute('aria-label'), '主页');
    assert.equal((await stored()).language, 'zh');
    await page.locator('#settings-language').selectOption('en');
    await page.locator('#screen-settings h2', { hasText: 'Settings' }).waitFor();

    await page.locator('#settings-move-numbers').check();
    assert.equal((await stored()).move_numbers, true);
    await page.locator('#settings-coordinates').uncheck();
    assert.equal((await stored()).coordinates, false);
    await page.locator('#settings-sound').uncheck();
    assert.equal(await page.locator('#settings-volume').isDisabled(), true);
    await page.locator('#settings-stone-style').selectOption('flat');
    await page.locator('#settings-board-style').selectOption('paper');
    assert.equal((await stored()).board_style, 'paper');
    await page.locator('#settings-tap-mode').selectOption('direct');
    assert.equal((await stored()).tap_mode, 'direct');

    await page.locator('#nav-home').click();
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    assert.equal(await page.locator('#board .coords').count(), 0, 'no coordinates');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await stone(page, 7, 7).waitFor();
    assert.equal(await page.locator('#board .stone .num').textContent(), '1', 'move numbers on the stones');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.boardStyle), 'paper');
  }));
}

test('the language follows the system at first, and the profile\'s choice wins after', () => withUi({ locale: 'zh-CN', fake: { settings: { language: 'en' } } }, async (page) => {
  await page.locator('#screen-home').waitFor();
  assert.equal(await page.locator('#new-game').textContent(), 'New game');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
}));
