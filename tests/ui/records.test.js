// Saves (save, overwrite, load, delete), import and export, the review list
// with its paging and filters, one game stepped through with its analysis,
// statistics and settings, all against the real game service: its saves,
// replays and statistics are made by real games (tests/ui/record-states.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useUi, newGame, place, stone, calls, answerUnsaved, keepSides, holdReplies } from './support.js';
import {
  REVIEW_GAME, twoPlayerGame, winAgainstComputer, loseAgainstComputer, drawAgainstComputer,
  resignAgainstComputer, oneOfEach, copyReplays, replayFiles, replayIndex,
} from './record-states.js';

const ui = useUi();
const { withUi } = ui;

/** Runs `action` and answers the page's request for `cmd` that it caused, once answered. */
async function answered(page, cmd, action) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `/ipc/${cmd}`),
    action(),
  ]);
  return response;
}

/** The `result` (or `error`) that ends an event-stream answer, once it has ended. */
async function streamResult(response) {
  const text = await response.text();
  for (const block of text.split('\n\n')) {
    const event = block.match(/^event: (\w+)$/m)?.[1];
    const data = block.match(/^data: (.*)$/m)?.[1];
    if (event === 'result' || event === 'error') return { event, data: JSON.parse(data) };
  }
  throw new Error(`no result in ${text.slice(0, 200)}`);
}

/**
 * The page's errors, less the console line Chromium writes for each answer
 * with an error status: `refused` lists the statuses this test makes the
 * service answer on purpose (the message shown for each is checked on the page).
 */
function unexpected(errors, ...refused) {
  return errors.filter((e) => !refused.includes(Number(String(e).match(/^Failed to load resource: the server responded with a status of (\d+)/)?.[1])));
}

/**
 * Makes the folder `dir` refuse new files, as a read-only medium does: by
 * its mode, or for root (whom modes do not stop) by the immutable flag.
 * Answers the function that undoes it.
 */
function refuseWrites(dir) {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return () => chmodSync(dir, 0o755);
  }
  execFileSync('chattr', ['+i', dir]);
  return () => execFileSync('chattr', ['-i', dir]);
}

/** A point's name as people see it: column letter from the left, row from the bottom. */
const pointName = ({ x, y }, size = 15) => `${String.fromCharCode(65 + x)}${size - y}`;

/** The stones of a game view, as [x, y, stone]. */
const stonesOf = (view) => view.stones.map((s) => [s.x, s.y, s.stone]);

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: save, save again under the same name (asks first), load, delete (asks first)`, () => withUi({ viewport }, async (page, errors, backend) => {
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
    assert.match(await item.locator('.item-meta').textContent(), /Freestyle 15×15 · Two players · 1 move$/);
    assert.equal(await item.locator('.mini-board .mini-black').count(), 1, 'a small board preview');

    // Saving over a name asks first; cancelling keeps the old save.
    await page.locator('#save-as-name').fill('Lunch');
    await page.locator('#save-as').click();
    await page.locator('#dialog-confirm').waitFor();
    assert.match(await page.locator('#confirm-text').textContent(), /Lunch/);
    await page.locator('#confirm-cancel').click();
    assert.match(await item.locator('.item-meta').textContent(), / 1 move$/);
    assert.equal((await backend.call('list_saves')).find((s) => s.name === 'Lunch').move_count, 1, 'the service kept the old save');
    await page.locator('#save-as').click();
    await page.locator('#confirm-ok').click();
    await item.locator('.item-meta', { hasText: '2 moves' }).waitFor();
    assert.deepEqual((await calls(page, 'save_game')).map((c) => c.args.overwrite), [false, false, false, true]);
    assert.equal((await backend.call('list_saves')).find((s) => s.name === 'Lunch').move_count, 2);

    // A bad name is refused by the service with a message.
    await page.locator('#save-as-name').fill('a/b');
    await page.locator('#save-as').click();
    await page.locator('#message[data-kind="bad_name"]').waitFor();
    assert.deepEqual((await backend.call('list_saves')).map((s) => s.name), ['Lunch']);

    await page.locator('#nav-home').click();
    await newGame(page);
    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await item.locator('.save-load').click();
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await stone(page, 8, 8).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 2);
    const loaded = await backend.call('game_view');
    assert.deepEqual(stonesOf(loaded), [[7, 7, 'black'], [8, 8, 'white']]);
    assert.equal(loaded.save_name, 'Lunch');

    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await item.locator('.save-delete').click();
    await page.locator('#confirm-ok').click();
    await item.waitFor({ state: 'detached' });
    assert.equal(await page.locator('#saves-empty').isVisible(), true);
    assert.deepEqual(await backend.call('list_saves'), []);
    assert.deepEqual(unexpected(errors, 409, 400), []);
  }));

  test(`${viewport}: import a move string, refuse a bad record with the reader's reason, export in every format and read it back`, () => withUi({ viewport }, async (page, errors, backend) => {
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8i9j10');
    await page.locator('#import-button').click();
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await stone(page, 9, 5).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 3);
    const imported = await backend.call('game_view');
    assert.deepEqual(stonesOf(imported), [[7, 7, 'black'], [8, 6, 'white'], [9, 5, 'black']]);
    assert.equal(imported.mode, 'human_human');

    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8 zz');
    await page.locator('#import-button').click();
    // The imported game is on and saved nowhere: the question comes first.
    await answerUnsaved(page, 'discard');
    await page.locator('#message[data-kind="bad_record"]').waitFor();
    // The reader's own reason, with where it stopped, in the player's words.
    const reason = await backend.call('import_game', { text: 'h8 zz' }).then(() => null, (err) => err);
    assert.equal(reason.kind, 'bad_record');
    assert.match(reason.message, /offset 3/);
    assert.deepEqual(reason.record, {
      format: 'moves', line: 1, column: 4, token: 'zz', reason: { code: 'column_off_board', letter: 'Z', size: 15 },
    });
    assert.equal(await page.locator('#message').textContent(),
      'That game record could not be read: line 1, column 4 of the move string, at “zz”: column Z is off a 15×15 board.');
    assert.equal((await backend.call('game_view')).stones.length, 3, 'the game on the board is kept');


    await page.locator('#export-format').selectOption('moves');
    await page.locator('#export-button').click();
    await page.waitForFunction(() => document.querySelector('#export-text').value !== '');
    assert.equal(await page.locator('#export-text').inputValue(), 'h8i9j10');

    // Each format the page exports, the service reads back as the same game.
    const checks = { psq: /^Piskvorky 15x15/, sgf: /^\(;FF\[4\]GM\[4\].*;B\[hh\]/s, json: /"format": "wuzi-game"/, moves: /^h8i9j10$/ };
    for (const [format, looks] of Object.entries(checks)) {
      await page.locator('#export-format').selectOption(format);
      await page.locator('#export-button').click();
      await page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(document.querySelector('#export-text').value), [looks.source, looks.flags]);
      const text = await page.locator('#export-text').inputValue();
      await page.locator('#import-text').fill(text);
      await page.locator('#import-button').click();
      await answerUnsaved(page, 'discard');
      await keepSides(page);
      await page.locator('#screen-game').waitFor();
      await stone(page, 9, 5).waitFor();
      assert.deepEqual(stonesOf(await backend.call('game_view')), stonesOf(imported), `${format} read back`);
      await page.locator('#nav-home').click();
      await page.locator('#home-load').click();
    }
    assert.deepEqual(unexpected(errors, 400), []);
  }));

  test(`${viewport}: save to a file and open one through the system's dialogs; cancelling does nothing`, () => withUi({ viewport }, async (page, errors, backend) => {
    const dialogs = backend.dialogDir;
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('h8i9');
    await page.locator('#import-button').click();
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    // The imported game stays on the board throughout: saved, it is asked about no more.
    await backend.call('save_game', { name: 'Imported', overwrite: false });

    // Cancelling either dialog leaves no message, no file and no change.
    await writeFile(join(dialogs, '.cancel'), '');
    const cancelledSave = await answered(page, 'export_to_file', () => page.locator('#export-save').click());
    assert.equal(await cancelledSave.json(), null);
    const cancelledOpen = await answered(page, 'import_from_file', () => page.locator('#import-open').click());
    assert.equal(await cancelledOpen.json(), null);
    assert.equal(await page.locator('#export-saved').isHidden(), true);
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.equal(await page.locator('#screen-load').isVisible(), true, 'still on the load screen');
    assert.deepEqual(await readdir(dialogs), ['.cancel']);
    assert.equal((await backend.call('game_view')).stones.length, 2);
    await rm(join(dialogs, '.cancel'));

    await page.locator('#export-format').selectOption('psq');
    await page.locator('#export-save').click();
    await page.locator('#export-saved', { hasText: `Saved to ${dialogs}/` }).waitFor();
    assert.deepEqual((await calls(page, 'export_to_file')).at(-1).args, { format: 'psq' });
    const [written] = await readdir(dialogs);
    assert.match(written, /^wuzi-\d+\.psq$/);
    assert.equal(await page.locator('#export-saved').textContent(), `Saved to ${join(dialogs, written)}`);
    assert.match(await readFile(join(dialogs, written), 'utf8'), /^Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n/);

    // A failure on the Rust side (a folder it may not write to) shows on the error line, not as saved.
    await rm(join(dialogs, written));
    const allowWrites = refuseWrites(dialogs);
    try {
      await page.locator('#export-save').click();
      await page.locator('#message[data-kind="read_only"]').waitFor();
    } finally {
      allowWrites();
    }
    assert.equal(await page.locator('#message').textContent(), 'Wuzi may not write there (the disk or folder is read-only), so nothing was saved.');
    assert.equal(await page.locator('#export-saved').isHidden(), true);
    assert.deepEqual(await readdir(dialogs), []);

    // Opening a file that is not a game says why; a good one opens as the game.
    const at = Date.now() / 1000;
    await writeFile(join(dialogs, 'notes.txt'), 'this is not a game');
    await utimes(join(dialogs, 'notes.txt'), at, at);
    await page.locator('#import-open').click();
    await page.locator('#message[data-kind="bad_record"]').waitFor();
    assert.equal(await page.locator('#message').textContent(),
      'That game record could not be read: line 1, column 1 of the move string, at “this”: column T is off a 15×15 board.');
    assert.equal(await page.locator('#screen-load').isVisible(), true);

    await writeFile(join(dialogs, 'from-a-friend.sgf'), '(;GM[4]FF[4]SZ[15];B[hh];W[ii];B[jj])');
    await utimes(join(dialogs, 'from-a-friend.sgf'), at + 10, at + 10);
    await page.locator('#import-open').click();
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await stone(page, 9, 9).waitFor();
    assert.equal(await page.locator('#board .stone').count(), 3, 'the game from the file');
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.deepEqual(stonesOf(await backend.call('game_view')), [[7, 7, 'black'], [8, 8, 'white'], [9, 9, 'black']]);

    // A 19x19 move string is read as 19x19 when told so.
    await page.locator('#nav-home').click();
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill('j10 s1 a19 s19');
    await page.locator('#import-button').click();
    await answerUnsaved(page, 'discard');
    await page.locator('#message', { hasText: 'column S is off a 15×15 board' }).waitFor();
    await page.locator('#import-size').selectOption('19');
    await page.locator('#import-rule').selectOption('standard');
    await page.locator('#import-button').click();
    await answerUnsaved(page, 'discard');
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await stone(page, 18, 0).waitFor();
    const big = await backend.call('game_view');
    assert.equal(big.size, 19);
    assert.equal(big.rule, 'standard');
    assert.deepEqual(stonesOf(big), [[9, 9, 'black'], [18, 18, 'white'], [0, 0, 'black'], [18, 0, 'white']]);
    assert.deepEqual(unexpected(errors, 503, 400), []);
  }));

  test(`${viewport}: the saved message speaks the profile's language`, () => withUi({
    viewport,
    async setup(backend) {
      const settings = await backend.call('get_settings');
      await backend.call('set_settings', { settings: { ...settings, language: 'zh' } });
    },
  }, async (page, errors, backend) => {
    await page.locator('#home-load').click();
    await page.locator('#export-save').click();
    await page.locator('#export-saved', { hasText: `已保存到 ${backend.dialogDir}/` }).waitFor();
    assert.match(await page.locator('#export-saved').textContent(), /^已保存到 .*\/wuzi-\d+\.txt$/);
    const [written] = await readdir(backend.dialogDir);
    assert.equal(await page.locator('#export-saved').textContent(), `已保存到 ${join(backend.dialogDir, written)}`);

    // A record that cannot be read says where and why in Chinese too.
    await page.locator('#import-text').fill('h8 i9\nj10 z3');
    await page.locator('#import-button').click();
    await page.locator('#message[data-kind="bad_record"]').waitFor();
    assert.equal(await page.locator('#message').textContent(),
      '无法读取这份棋谱：着法字符串第 2 行第 5 列，“z3”处：第 Z 列超出了 15×15 的棋盘。');
    await page.locator('#import-text').fill('(;GM[4]SZ[15];B[hh];W[hh])');
    await page.locator('#import-button').click();
    await page.locator('#message', { hasText: '第 2 手 H8 处已有棋子' }).waitFor();
    assert.equal(await page.locator('#message').textContent(), '无法读取这份棋谱：SGF 棋谱中，第 2 手 H8 处已有棋子。');
  }));

  test(`${viewport}: review: thousands of games paged, filters, newest first`, () => withUi({
    viewport,
    async setup(backend) {
      await oneOfEach(backend);
      return copyReplays(backend, 2400);
    },
  }, async (page, errors, backend) => {
    assert.equal((await replayFiles(backend)).length, 2400);
    await page.locator('#home-review').click();
    await page.locator('.replay-item').first().waitFor();
    assert.equal(await page.locator('#review-total').textContent(), '2400 games');
    // The service rebuilt its index from the files: it lists every one.
    const index = await replayIndex(backend);
    assert.equal(index.entries.length, 2400);
    assert.equal(index.count, 2400);
    assert.equal(new Set(index.entries.map((e) => e.id)).size, 2400, 'distinct ids');

    assert.equal(await page.locator('.replay-item').count(), 20);
    assert.equal(await page.locator('#review-page').textContent(), 'Page 1 of 120');
    assert.equal(await page.locator('#review-prev').isDisabled(), true);
    const firstPage = await page.locator('.replay-item').evaluateAll((items) => items.map((li) => li.dataset.id));
    assert.deepEqual(firstPage, [...firstPage].sort().reverse(), 'newest first');
    assert.equal(firstPage[0], index.entries[0].id);
    await page.locator('#review-next').click();
    await page.locator('#review-page', { hasText: 'Page 2 of 120' }).waitFor();
    const secondFirst = await page.locator('.replay-item').first().getAttribute('data-id');
    assert.ok(secondFirst < firstPage.at(-1), 'page 2 is older than page 1');
    assert.equal(secondFirst, index.entries[20].id);
    assert.deepEqual((await calls(page, 'list_replays')).at(-1).args, { filter: {}, page: 1, pageSize: 20 });

    await page.locator('#review-filter-mode').selectOption('ai_ai');
    await page.locator('#review-total', { hasText: /^400 games$/ }).waitFor();
    assert.equal(await page.locator('#review-page').textContent(), 'Page 1 of 20');
    const metas = await page.locator('.replay-item .item-meta').allTextContents();
    assert.ok(metas.length === 20 && metas.every((m) => m.includes('Computer against computer')), metas.join('\n'));

    await page.locator('#review-filter-mode').selectOption('human_ai');
    await page.locator('#review-total', { hasText: /^1600 games$/ }).waitFor();
    await answered(page, 'list_replays', () => page.locator('#review-filter-result').selectOption('win'));
    await page.locator('#review-total', { hasText: /^400 games$/ }).waitFor();
    const won = await page.locator('.replay-item .result').allTextContents();
    assert.ok(won.length === 20 && won.every((r) => r === 'Won'), won.join());
    assert.deepEqual((await calls(page, 'list_replays')).at(-1).args.filter, { mode: 'human_ai', result: 'win' });
    assert.equal((await backend.call('list_replays', { filter: { mode: 'human_ai', result: 'win' } })).total, 400);

    // Lost games and resignations both count as losses.
    await answered(page, 'list_replays', () => page.locator('#review-filter-result').selectOption('loss'));
    await page.locator('#review-total', { hasText: /^800 games$/ }).waitFor();
    assert.equal(await page.locator('#review-page').textContent(), 'Page 1 of 40');
    const lost = await page.locator('.replay-item .result').allTextContents();
    assert.ok(lost.every((r) => r === 'Lost'), lost.join());
    await answered(page, 'list_replays', () => page.locator('#review-filter-result').selectOption('draw'));
    await page.locator('#review-total', { hasText: /^400 games$/ }).waitFor();
    const drawn = await page.locator('.replay-item .result').allTextContents();
    assert.ok(drawn.every((r) => r === 'Draw'), drawn.join());
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: review a game: step with buttons, keys and slider; analyse; next mistake; play on`, () => withUi({
    viewport,
    async setup(backend) {
      await twoPlayerGame(backend, REVIEW_GAME);
    },
  }, async (page, errors, backend) => {
    await page.locator('#home-review').click();
    await page.locator('.replay-item').first().locator('button').click();
    await page.locator('#screen-replay').waitFor();
    const id = (await calls(page, 'load_replay')).at(-1).args.id;
    const position = page.locator('#replay-position');
    const total = REVIEW_GAME.length;
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
    await page.evaluate(() => {
      const graph = document.querySelector('#replay-graph');
      // Every value the graph's point count takes (several may land in one task).
      window.graphPoints = [];
      new MutationObserver((records) => window.graphPoints.push(...records.map((r) => Number(r.oldValue))))
        .observe(graph, { attributes: true, attributeFilter: ['data-points'], attributeOldValue: true });
    });
    const analysed = page.waitForResponse((r) => new URL(r.url()).pathname === '/ipc/analyse_game');
    await page.locator('#replay-analyse').click();
    await page.locator('#replay-progress').waitFor();
    const { event, data: analysis } = await streamResult(await analysed);
    assert.equal(event, 'result');
    assert.equal(analysis.complete, true);
    assert.equal(analysis.moves.length, total);
    await page.locator('#replay-progress').waitFor({ state: 'hidden' });
    const seen = [...new Set(await page.evaluate(() => [...window.graphPoints, Number(document.querySelector('#replay-graph').dataset.points)]))];
    assert.deepEqual(seen.filter((n) => n > 0), [...Array(total).keys()].map((n) => n + 1), 'one point more with each judged move');
    assert.equal(Number(await page.locator('#replay-graph').getAttribute('data-points')), total);

    // Every verdict of the service is on the move list; the mistakes are marked on the graph too.
    const marks = { inaccuracy: ' ?!', mistake: ' ?', blunder: ' ??' };
    const bad = analysis.moves.filter((j) => j.class in marks);
    assert.ok(bad.length >= 2, `the game's mistakes are found: ${analysis.moves.map((j) => j.class).join()}`);
    assert.ok(bad.some((j) => j.number === 9), 'black ignoring a four is a mistake');
    for (const j of analysis.moves) {
      const move = page.locator(`#replay-moves .move[data-number="${j.number}"]`);
      assert.equal(await move.getAttribute('data-class'), j.class, `move ${j.number}`);
      assert.equal(await move.textContent(), `${j.number}. ${pointName(j.played)}${marks[j.class] ?? ''}`);
    }
    const graphMarks = await page.locator('#replay-graph .graph-mark').evaluateAll((ms) => ms.map((m) => [Number(m.dataset.number), m.classList[1]]));
    assert.deepEqual(graphMarks, bad.map((j) => [j.number, j.class]));

    await page.keyboard.press('Home');
    await page.keyboard.press('m');
    assert.equal(await position.textContent(), `Move ${bad[0].number} of ${total}`, 'the first mistake');
    await page.locator('#replay-next-mistake').click();
    const second = bad[1];
    assert.equal(await position.textContent(), `Move ${second.number} of ${total}`);
    const verdict = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' }[second.class];
    assert.equal(await page.locator('#replay-best').textContent(), `Played ${pointName(second.played)}: ${verdict}. Best: ${pointName(second.best)}`);
    assert.equal(await page.locator('#replay-board .hint-ring').count(), 1, 'the best move is shown on the board');

    await page.locator('#replay-play-on').click();
    await keepSides(page);
    await page.locator('#screen-game').waitFor();
    await page.locator('#board .stone').nth(second.number - 1).waitFor();
    assert.equal(await page.locator('#board .stone').count(), second.number);
    assert.deepEqual((await calls(page, 'play_from')).at(-1).args, { id, moveCount: second.number });
    const game = await backend.call('game_view');
    assert.equal(game.mode, 'human_human');
    assert.equal(game.outcome, null);
    assert.deepEqual(game.stones.map((s) => [s.x, s.y]), REVIEW_GAME.slice(0, second.number));
    assert.equal(game.to_move, second.number % 2 ? 'white' : 'black');
    assert.deepEqual(errors, []);
  }));
}

test('an imported record whose tournament opening breaks its rule is refused with the reason, in both languages', () => withUi({}, async (page, errors, backend) => {
  // Three Swap stones, then white plays on where the rule asks for the
  // choice of colour.
  const text = '(;GM[4]SZ[15]RU[freestyle]ON[Swap]XO[swap];B[hh];W[ih];B[ji];W[kk])';
  const err = await backend.call('import_game', { text }).then(() => null, (e) => e);
  assert.equal(err.kind, 'bad_record');
  assert.deepEqual(err.record.reason, { code: 'opening', rule: 'Swap', what: 'move' });
  for (const [lang, words] of [['en', 'the Swap opening has a move where its rule asks for a decision or an offer'], ['zh', 'Swap 开局中在应作决定或打点时落了子']]) {
    const settings = await backend.call('get_settings');
    await backend.call('set_settings', { settings: { ...settings, language: lang } });
    await page.reload();
    await page.locator('#screen-home').waitFor();
    await page.locator('#home-load').click();
    await page.locator('#import-text').fill(text);
    await page.locator('#import-button').click();
    await page.waitForFunction((w) => document.querySelector('#message').textContent.includes(w), words);
    await page.locator('#nav-home').click();
  }
  assert.deepEqual(unexpected(errors, 400), []);
}));

/**
 * The review game after 24 quiet moves in rows 13 and 5 (neither side ever
 * has two in a row there): 39 moves of about 200 ms each to judge, so that
 * a cancel pressed after the first comes long before the last.
 */
const LONG_REVIEW_GAME = [
  [1, 13], [2, 13], [3, 13], [4, 13], [5, 13], [6, 13], [7, 13], [8, 13], [9, 13], [10, 13], [11, 13], [12, 13],
  [13, 13], [2, 5], [1, 5], [4, 5], [3, 5], [6, 5], [5, 5], [8, 5], [7, 5], [10, 5], [9, 5], [12, 5],
  ...REVIEW_GAME,
];

test('the analysis can be cancelled', () => withUi({
  async setup(backend) {
    await twoPlayerGame(backend, LONG_REVIEW_GAME);
  },
}, async (page, errors) => {
  await page.locator('#home-review').click();
  await page.locator('.replay-item').first().locator('button').click();
  await page.locator('#screen-replay').waitFor();
  const analysed = page.waitForResponse((r) => new URL(r.url()).pathname === '/ipc/analyse_game');
  await page.locator('#replay-analyse').click();
  await page.waitForFunction(() => Number(document.querySelector('#replay-graph').dataset.points) >= 1);
  await page.locator('#replay-cancel').click();
  await page.locator('#replay-progress').waitFor({ state: 'hidden' });
  // The service stopped: its answer has ended, with only the moves judged so far.
  const { event, data } = await streamResult(await analysed);
  assert.equal(event, 'result');
  assert.equal(data.complete, false);
  assert.ok(data.moves.length < LONG_REVIEW_GAME.length, `${data.moves.length} judged`);
  assert.equal(Number(await page.locator('#replay-graph').getAttribute('data-points')), data.moves.length, 'the graph shows what was judged');
  assert.equal(await page.locator('#message').isHidden(), true, 'cancelling is not an error');
  assert.equal(await page.locator('#replay-analyse').isVisible(), true);
  assert.deepEqual(errors, []);
}));

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: statistics by mode and level, with streaks`, () => withUi({
    viewport,
    async setup(backend) {
      // Won, won, lost, drawn, resigned against the master, won.
      await winAgainstComputer(backend);
      await winAgainstComputer(backend);
      await loseAgainstComputer(backend);
      await drawAgainstComputer(backend);
      await resignAgainstComputer(backend, 'master');
      await winAgainstComputer(backend);
    },
  }, async (page, errors, backend) => {
    await page.locator('#home-stats').click();
    await page.locator('#stats-by-mode tbody tr').first().waitFor();
    assert.equal(await page.locator('#stats-total').textContent(), '6');
    assert.equal(await page.locator('#stats-current-streak').textContent(), '1');
    assert.equal(await page.locator('#stats-best-streak').textContent(), '2');
    const row = async (table, n) => page.locator(`${table} tbody tr`).nth(n).locator('th, td').allTextContents();
    assert.deepEqual(await row('#stats-by-mode', 1), ['Against the computer', '6', '3', '2', '1', '50%']);
    assert.deepEqual(await row('#stats-by-level', 0), ['Beginner', '5', '3', '1', '1', '60%']);
    assert.deepEqual(await row('#stats-by-level', 4), ['Master', '1', '0', '1', '0', '0%']);
    assert.deepEqual(await row('#stats-by-level', 2), ['Normal', '0', '0', '0', '0', '–']);
    const stats = await backend.call('get_stats');
    assert.deepEqual(stats.total, { wins: 3, losses: 2, draws: 1 });
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: settings apply at once and are stored for the profile`, () => withUi({ viewport }, async (page, errors, backend) => {
    const { version } = await backend.call('app_info');
    await newGame(page);
    await place(page, 7, 7);
    await page.locator('#nav-home').click();
    await page.locator('#home-settings').click();
    await page.locator('#settings-about', { hasText: `Wuzi ${version}` }).waitFor();
    /** Changes a setting as a person does; answers the settings the service then keeps. */
    const change = async (action) => {
      await answered(page, 'set_settings', action);
      return backend.call('get_settings');
    };

    assert.equal((await change(() => page.locator('#settings-theme').selectOption('dark'))).theme, 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

    assert.equal((await change(() => page.locator('#settings-language').selectOption('zh'))).language, 'zh');
    await page.locator('#screen-settings h2', { hasText: '设置' }).waitFor();
    assert.equal(await page.locator('#nav-home').getAttribute('aria-label'), '主页');
    await change(() => page.locator('#settings-language').selectOption('en'));
    await page.locator('#screen-settings h2', { hasText: 'Settings' }).waitFor();

    assert.equal((await change(() => page.locator('#settings-move-numbers').check())).move_numbers, true);
    assert.equal((await change(() => page.locator('#settings-coordinates').uncheck())).coordinates, false);
    assert.equal((await change(() => page.locator('#settings-sound').uncheck())).sound, false);
    assert.equal(await page.locator('#settings-volume').isDisabled(), true);
    assert.equal((await change(() => page.locator('#settings-stone-style').selectOption('flat'))).stone_style, 'flat');
    assert.equal((await change(() => page.locator('#settings-board-style').selectOption('paper'))).board_style, 'paper');
    assert.equal((await change(() => page.locator('#settings-tap-mode').selectOption('direct'))).tap_mode, 'direct');
    assert.equal((await calls(page, 'set_settings')).at(-1).args.settings.tap_mode, 'direct');

    await page.locator('#nav-home').click();
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    await page.locator('#new-game-start').click();
    // The game of one move from before is on and saved nowhere.
    await answerUnsaved(page, 'discard');
    await page.locator('#screen-game').waitFor();
    assert.equal(await page.locator('#board .coords').count(), 0, 'no coordinates');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await stone(page, 7, 7).waitFor();
    assert.equal(await page.locator('#board .stone .num').textContent(), '1', 'move numbers on the stones');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.boardStyle), 'paper');

    // After a restart of the app the profile's settings are still there.
    await page.reload();
    await page.locator('#screen-home').waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.stoneStyle), 'flat');
    assert.deepEqual(errors, []);
  }));
}

test('the language follows the system at first, and the profile\'s choice wins after', () => withUi({ locale: 'zh-CN' }, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  assert.equal(await page.locator('#new-game').textContent(), '新对局');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');

  const settings = await backend.call('get_settings');
  await backend.call('set_settings', { settings: { ...settings, language: 'en' } });
  await page.reload();
  await page.locator('#screen-home').waitFor();
  assert.equal(await page.locator('#new-game').textContent(), 'New game');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(errors, []);
}));

test('desktop: an import answered after a new game has started asks nothing of it; a game that moves on while "Who plays on?" is open is the one shown', () => withUi({ viewport: 'desktop' }, async (page, errors, backend) => {
  // The service takes the import at once; its answer reaches the page only
  // after a new game has been started, as a slow disk would hold it.
  const importing = await holdReplies(page, 'import_game');
  await page.locator('#home-load').click();
  await page.locator('#import-text').fill('h8i9j10');
  await page.locator('#import-button').click();
  await importing.done;
  await newGame(page, { mode: 'human_human', discard: true });
  const started = await backend.call('game_view');
  assert.deepEqual(started.stones, [], 'the new game replaced the imported one');

  const looked = page.waitForResponse((r) => new URL(r.url()).pathname === '/ipc/game_view');
  importing.release();
  await looked;
  // What the page does with the look it took comes within a frame or two.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await page.locator('#dialog-play-on').isVisible(), false, 'no one is asked who plays on in the game that is gone');
  assert.equal(await page.locator('#board .stone').count(), 0, 'the new game stays on the board');
  await page.unroute('**/ipc/import_game');

  // The dialog is open on an imported game; meanwhile the game moves on.
  await page.locator('#nav-home').click();
  await page.locator('#home-load').click();
  await page.locator('#import-text').fill('h8i9j10');
  await page.locator('#import-button').click();
  await page.locator('#dialog-play-on').waitFor();
  await backend.call('new_game', { config: { mode: 'human_human', size: 15, rule: 'freestyle' } });
  await backend.call('play', { x: 3, y: 3 });
  await page.locator('#play-on-cancel').click();
  await stone(page, 3, 3).waitFor();
  assert.equal(await page.locator('#board .stone').count(), 1, 'the game the service has, not the imported one');
  assert.equal(await page.locator('#count-moves').textContent(), '1');
  assert.deepEqual(stonesOf(await backend.call('game_view')), [[3, 3, 'black']]);
  assert.deepEqual(unexpected(errors), []);
}));
