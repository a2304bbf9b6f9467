// Time controls and the game's clocks (counting down, the warning look and
// sound, a flag that falls), the question before a game on the board is
// replaced (no game lost by a click), and "Who plays on?" after a load, an
// import or play on. Everything runs against the real game service (`wuzi
// serve`); states are made by real commands, through the page's own door
// where a clock must start only once the page is there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  useUi, newGame, place, stone, calls, screenshot, answerUnsaved, keepSides,
} from './support.js';
import { pageErrors, setSettings } from './play-states.js';
import { QUICK_FIVE, playMoves, twoPlayerGame } from './record-states.js';

const { withUi } = useUi();

const stones = (page) => page.locator('#board .stone').count();

/**
 * Rewrites the save `name` under `dataDir` as if the side to move had used
 * `ms` on its move when it was saved.
 */
async function setSavedTurn(dataDir, name, ms) {
  const files = (await readdir(dataDir, { recursive: true })).map((f) => join(dataDir, f));
  for (const file of files.filter((f) => basename(dirname(f)) === 'saves' && f.endsWith('.json'))) {
    const text = await readFile(file, 'utf8');
    if (!text.includes(name)) continue;
    const saved = JSON.parse(text);
    const setTurn = (v) => {
      if (!v || typeof v !== 'object') return false;
      if ('turn_ms' in v) {
        v.turn_ms = ms;
        return true;
      }
      return Object.values(v).some(setTurn);
    };
    assert.ok(setTurn(saved), 'the save keeps the time of the move in progress');
    await writeFile(file, JSON.stringify(saved));
    return;
  }
  assert.fail(`no save named ${name}`);
}

/** The page's answer to its next `cmd` command. */
const answerTo = (page, cmd) => page.waitForResponse((r) => new URL(r.url()).pathname === `/ipc/${cmd}`);

/**
 * Starts a game with `config` through the page's own door and shows it, as
 * the new-game screen does: a short clock starts only once the page is ready.
 */
async function startInPage(page, config) {
  await page.evaluate(async (c) => {
    const { call } = await import('/js/ipc.js');
    const { openGame } = await import('/js/game.js');
    await openGame(await call('new_game', { config: c }));
  }, config);
  await page.locator('#screen-game').waitFor();
}

/** Counts the low-time beeps from now on (the only 880 Hz tone the app makes) in window.__beeps. */
async function countBeeps(page) {
  await page.evaluate(() => {
    window.__beeps = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator() {
      const node = make.call(this);
      queueMicrotask(() => {
        if (node.frequency.value === 880) window.__beeps += 1;
      });
      return node;
    };
  });
}

/** m:ss as the page shows a clock with a minute or more left. */
const minutes = (ms) => `${Math.floor(ms / 60000)}:${String(Math.floor((ms % 60000) / 1000)).padStart(2, '0')}`;

/** Whether `locator` has the keyboard focus. */
const focused = (locator) => locator.evaluate((el) => el === document.activeElement);

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: the time control is offered, sent with the new game, shown under the clocks and remembered`, () => withUi({
    viewport,
    // A remembered clock the list does not offer: it must not be lost.
    async setup(backend) {
      await setSettings(backend, { time_control: { kind: 'sudden_death', main_ms: 900000 } });
    },
  }, async (page, errors, backend) => {
    await page.locator('#new-game').click();
    const select = page.locator('#new-game-time');
    assert.equal(await select.inputValue(), 'sudden_death:900000');
    assert.equal(await select.locator('optgroup[data-kind="sudden_death"] option[value="sudden_death:900000"]').textContent(), 'Sudden death 15 min');
    assert.deepEqual(await select.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.label)),
      ['Sudden death', 'Fischer: time added after each move', 'Per move']);
    assert.deepEqual(await select.locator('option').allTextContents(), [
      'No clock', 'Sudden death 5 min', 'Sudden death 10 min', 'Sudden death 20 min', 'Sudden death 15 min',
      '3 min + 2 s per move', '5 min + 3 s per move', '10 min + 5 s per move',
      '15 s per move', '30 s per move', '1 min per move',
    ]);
    assert.equal(await page.locator('#new-game-time-note').textContent(), 'Each side has 15 min for the whole game. Whoever runs out of time loses.');

    await page.locator('#new-game-mode input[value="human_human"]').check();
    await select.selectOption('fischer:300000:3000');
    assert.equal(await page.locator('#new-game-time-note').textContent(),
      'Each side starts with 5 min and gains 3 s after each of its moves. Whoever runs out of time loses.');
    const stored = page.waitForResponse((r) => r.url().includes('/ipc/set_settings')
      && r.request().postDataJSON().settings.time_control?.kind === 'fischer');
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    const fischer = { kind: 'fischer', main_ms: 300000, increment_ms: 3000 };
    assert.deepEqual((await calls(page, 'new_game')).at(-1).args.config.timeControl, fischer);
    assert.deepEqual((await backend.call('game_view')).clock.control, fischer);
    await page.locator('#clock-control', { hasText: '5 min + 3 s per move' }).waitFor();
    assert.equal(await page.locator('#clock-white').textContent(), '5:00');
    assert.match(await page.locator('#clock-black').textContent(), /^[45]:\d\d$/);
    await stored;
    assert.deepEqual((await backend.call('get_settings')).time_control, fischer, 'the profile keeps the choice');

    // Next visit: the same choice, and the remembered one is still offered.
    await page.locator('#game-new').click();
    await page.locator('#screen-new-game').waitFor();
    assert.equal(await select.inputValue(), 'fischer:300000:3000');
    assert.equal(await select.locator('option[value="sudden_death:900000"]').count(), 1);

    // No clock: the clocks count the time used, with nothing said under them.
    await select.selectOption('none');
    const started = answerTo(page, 'new_game');
    await page.locator('#new-game-start').click();
    await started;
    await page.locator('#screen-game').waitFor();
    await page.locator('#clock-control').waitFor({ state: 'hidden' });
    assert.deepEqual((await calls(page, 'new_game')).at(-1).args.config.timeControl, { kind: 'none' });
    assert.equal(await page.locator('#clock-white').textContent(), '0:00');
    assert.equal((await backend.call('game_view')).clock.black_left_ms, null);
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test('the clocks count down: the running side ticks, the other stands still, and a move hands the clock over', () => withUi({}, async (page, errors, backend) => {
  await startInPage(page, { mode: 'human_human', timeControl: { kind: 'fischer', main_ms: 300000, increment_ms: 3000 } });
  const black = page.locator('#clock-black');
  const white = page.locator('#clock-white');
  await page.waitForFunction(() => document.querySelector('#clock-black').textContent === '4:59');
  assert.equal(await white.textContent(), '5:00', 'white waits');
  assert.equal(await black.getAttribute('class'), 'num clock running');

  await place(page, 7, 7);
  await page.waitForFunction(() => document.querySelector('#clock-white').textContent === '4:59');
  // Black's clock stands at what the service says black has: its time left plus the 3 s it gained.
  const { clock } = await backend.call('game_view');
  assert.equal(clock.running, 'white');
  assert.ok(clock.black_left_ms > 300000, `black gained its increment: ${clock.black_left_ms}`);
  assert.equal(await black.textContent(), minutes(clock.black_left_ms));
  assert.equal(await white.getAttribute('class'), 'num clock running');
  assert.equal(await black.getAttribute('class'), 'num clock');
  assert.deepEqual(pageErrors(errors), []);
}));

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: a per-move clock runs low, warns once and runs out: the game ends on time, and the review says so`, () => withUi({ viewport }, async (page, errors, backend) => {
    await countBeeps(page);
    await startInPage(page, { mode: 'human_human', timeControl: { kind: 'per_move', move_ms: 3000 } });
    await place(page, 7, 7);
    const white = page.locator('#clock-white');
    // Under ten seconds the clock shows tenths; black's stands at a full move's time.
    await page.waitForFunction(() => /^0:0[0-2]\.\d$/.test(document.querySelector('#clock-white').textContent));
    assert.equal(await page.locator('#clock-black').textContent(), '0:03.0');
    await page.locator('#clock-white.low').waitFor();
    assert.equal((await backend.call('game_view')).clock.warn_ms, 1000);
    assert.ok(await page.evaluate(() => document.querySelector('#clock-white').textContent <= '0:01.0'), 'low at a second or less');
    assert.equal(await page.locator('#clock-black.low').count(), 0);
    assert.notEqual(await white.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)', 'a tint, not colour alone');

    const dialog = page.locator('#dialog-game-over');
    await dialog.waitFor();
    // The open profile plays black in a two-player game: it wins by name.
    assert.equal(await page.locator('#game-over-title').textContent(), 'Player wins');
    assert.equal(await page.locator('#game-over-how').textContent(), 'White ran out of time.');
    assert.equal(await white.textContent(), '0:00.0');
    const over = await backend.call('game_view');
    assert.deepEqual(over.outcome, { kind: 'timeout', winner: 'black' });
    assert.equal(over.stones.length, 1, 'nothing was played for white');
    const checks = (await calls(page, 'check_clock')).length;
    assert.ok(checks >= 1 && checks <= 2, `the page asked the service ${checks} times`);
    assert.equal(await page.evaluate(() => window.__beeps), 2, 'one warning: two short beeps');

    await page.locator('#game-over-home').click();
    await page.locator('#home-review').click();
    const item = page.locator(`.replay-item[data-id="${over.replay_id}"]`);
    // The open profile played black: the list says it from its side.
    assert.equal(await item.locator('.result').textContent(), 'Won on time');
    const filter = page.locator('#review-filter-result');
    const listed = answerTo(page, 'list_replays');
    await filter.selectOption('timeout');
    await listed;
    assert.deepEqual((await calls(page, 'list_replays')).at(-1).args.filter, { kind: 'timeout' });
    await page.locator('#review-total', { hasText: /^1 game$/ }).waitFor();
    await item.waitFor();
    const unfinished = answerTo(page, 'list_replays');
    await filter.selectOption('unfinished');
    await unfinished;
    await page.locator('#review-empty').waitFor();
    assert.equal(await page.locator('.replay-item').count(), 0);
    await item.waitFor({ state: 'detached' });
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test("the service's clock decides: a page clock run ahead asks, hears the time is not up, and counts on from the service's time", () => withUi({}, async (page, errors, backend) => {
  await page.clock.install();
  await startInPage(page, { mode: 'human_human', timeControl: { kind: 'per_move', move_ms: 15000 } });
  await place(page, 7, 7);
  const white = page.locator('#clock-white');
  await page.clock.fastForward(11_000);
  await page.locator('#clock-white.low').waitFor();
  assert.equal(await page.locator('#clock-black.low').count(), 0);

  const asked = answerTo(page, 'check_clock');
  await page.clock.fastForward(5_000);
  const answer = await (await asked).json();
  assert.equal(answer.outcome, null, 'the service has not seen 15 s go by');
  assert.ok(answer.clock.white_left_ms > 10_000);
  await page.waitForFunction(() => /^0:1[0-5]$/.test(document.querySelector('#clock-white').textContent));
  assert.equal(await page.locator('#clock-white.low').count(), 0, 'back to the time the service counts');
  assert.equal(await page.locator('#dialog-game-over').isHidden(), true);
  assert.equal((await calls(page, 'check_clock')).length, 1, 'asked once');
  assert.equal((await backend.call('game_view')).outcome, null);
  assert.match(await white.textContent(), /^0:\d\d/);
  assert.deepEqual(pageErrors(errors), []);
}));

test('against the computer: a game lost on time is counted on the statistics screen', () => withUi({
  // The person (black) lets a one-second move go by.
  async setup(backend) {
    await backend.call('new_game', { config: { mode: 'human_ai', humanStone: 'black', whiteLevel: 'beginner', timeControl: { kind: 'per_move', move_ms: 60000 } } });
    // Kept in a save as if black had sat on its first move for the minute.
    await backend.call('save_game', { name: 'Asleep', overwrite: false });
    await setSavedTurn(backend.dataDir, 'Asleep', 60000);
    await backend.call('load_save', { name: 'Asleep' });
    const view = await backend.call('check_clock');
    assert.deepEqual(view.outcome, { kind: 'timeout', winner: 'white' });
  },
}, async (page, errors, backend) => {
  await page.locator('#home-stats').click();
  const row = page.locator('#stats-on-time');
  await row.waitFor();
  assert.deepEqual((await backend.call('get_stats')).on_time, { wins: 0, losses: 1, draws: 0 });
  assert.deepEqual(await row.locator('th, td').allTextContents(), ['Ended on time', '1', '0', '1', '0', '0%']);
  assert.equal(await row.evaluate((tr) => tr.parentElement.localName), 'tfoot');
  assert.deepEqual(pageErrors(errors), []);
}));

test('Restart on an unsaved game asks first: Cancel and Escape keep it, Discard logs it unfinished, and Continue still offers it', () => withUi({}, async (page, errors, backend) => {
  await newGame(page);
  for (const [x, y] of [[7, 7], [8, 8], [9, 9]]) await place(page, x, y);
  const restart = page.locator('#game-restart');
  const dialog = page.locator('#dialog-unsaved');

  await restart.click();
  await dialog.waitFor();
  assert.equal(await page.locator('#unsaved-text').textContent(), 'This game is not finished. Save it before restarting?');
  assert.ok(await focused(page.locator('#unsaved-cancel')), 'the safe answer has the focus');
  await page.locator('#unsaved-cancel').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.ok(await focused(restart), 'the focus is back where it was');
  assert.equal(await stones(page), 3);

  await restart.click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await stones(page), 3);
  assert.equal((await backend.call('game_view')).stones.length, 3, 'the service still has the game');
  assert.equal((await calls(page, 'restart')).length, 0);

  await restart.click();
  await answerUnsaved(page, 'discard');
  await page.locator('#board .stone').first().waitFor({ state: 'detached' });
  assert.equal((await backend.call('game_view')).stones.length, 0);
  const logged = await backend.call('list_replays', { filter: { kind: 'unfinished' } });
  assert.deepEqual(logged.items.map((i) => [i.result, i.move_count, i.winner]), [['unfinished', 3, null]]);

  // The new game has no move yet: Continue still brings the old one back.
  await page.locator('#nav-home').click();
  await page.locator('#home-continue').waitFor();
  await page.locator('#home-review').click();
  await page.locator('#review-filter-result').selectOption('unfinished');
  const item = page.locator(`.replay-item[data-id="${logged.items[0].id}"]`);
  await item.waitFor();
  assert.deepEqual((await calls(page, 'list_replays')).at(-1).args.filter, { kind: 'unfinished' });
  assert.equal(await item.locator('.result').textContent(), 'Unfinished');
  assert.match(await item.locator('.item-meta').textContent(), /3 moves/);
  await page.locator('#nav-home').click();
  await page.locator('#home-continue').click();
  await page.locator('#screen-game').waitFor();
  await stone(page, 9, 9).waitFor();
  assert.equal(await stones(page), 3);
  assert.deepEqual(pageErrors(errors), []);
}));

test('Start on the new-game screen asks first: Save… names it and saves it, then the new game starts; a cancelled name changes nothing', () => withUi({}, async (page, errors, backend) => {
  await newGame(page);
  await place(page, 7, 7);
  await place(page, 8, 8);
  // N opens the screen without a word; the question comes at Start.
  await page.keyboard.press('n');
  await page.locator('#screen-new-game').waitFor();
  assert.equal(await page.locator('#dialog-unsaved').isHidden(), true);

  await page.locator('#new-game-start').click();
  await page.locator('#unsaved-text', { hasText: 'This game is not finished. Save it before starting a new game?' }).waitFor();
  await page.locator('#unsaved-save').click();
  await page.locator('#dialog-prompt').waitFor();
  await page.locator('#prompt-cancel').click();
  await page.locator('#dialog-prompt').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#screen-new-game').isVisible(), true, 'still on the new-game screen');
  assert.equal((await calls(page, 'new_game')).length, 1);
  assert.equal((await backend.call('game_view')).stones.length, 2);

  await page.locator('#new-game-start').click();
  await answerUnsaved(page, 'save');
  await page.locator('#prompt-input').fill('Before lunch');
  await page.locator('#prompt-ok').click();
  await page.locator('#screen-game').waitFor();
  assert.equal(await stones(page), 0);
  assert.equal((await calls(page, 'new_game')).length, 2);
  const saved = (await backend.call('list_saves')).find((s) => s.name === 'Before lunch');
  assert.equal(saved?.move_count, 2, 'saved as it was');
  assert.equal((await backend.call('list_replays', { filter: { kind: 'unfinished' } })).total, 0, 'a saved game is not lost');
  assert.deepEqual(pageErrors(errors), []);
}));

test('Load, Import and Play on ask first; Discard lets the game go; no question for a game over or without moves', () => withUi({
  // A finished game to play on from, and a save of a game in progress.
  async setup(backend) {
    await twoPlayerGame(backend, QUICK_FIVE);
    await playMoves(backend, { mode: 'human_human' }, [[7, 7], [8, 8], [6, 6]]);
    await backend.call('save_game', { name: 'Study', overwrite: false });
  },
}, async (page, errors, backend) => {
  const boardStones = async () => (await backend.call('game_view')).stones.length;
  const question = page.locator('#unsaved-text');
  // An unsaved game of two moves on the board.
  await newGame(page);
  await place(page, 3, 3);
  await place(page, 4, 4);
  await page.locator('#nav-home').click();
  await page.locator('#home-load').click();
  const study = page.locator('.save-item[data-name="Study"]');
  await study.locator('.save-load').click();
  await question.filter({ hasText: 'Save it before loading “Study”?' }).waitFor();
  await answerUnsaved(page, 'cancel');
  assert.equal(await page.locator('#screen-load').isVisible(), true);

  await page.locator('#import-text').fill('h8i9j10');
  await page.locator('#import-button').click();
  await question.filter({ hasText: 'Save it before importing another game?' }).waitFor();
  await answerUnsaved(page, 'cancel');
  assert.equal(await page.locator('#import-text').inputValue(), 'h8i9j10', 'the text is kept');
  await page.locator('#import-open').click();
  await answerUnsaved(page, 'cancel');
  assert.equal((await calls(page, 'import_from_file')).length, 0, 'no file dialog');

  await page.locator('#nav-home').click();
  await page.locator('#home-review').click();
  await page.locator('.replay-item button').first().click();
  await page.locator('#replay-play-on').click();
  await question.filter({ hasText: 'Save it before playing on from this review?' }).waitFor();
  await answerUnsaved(page, 'cancel');
  assert.equal(await page.locator('#screen-replay').isVisible(), true);
  assert.equal(await boardStones(), 2, 'the game is still on the board');
  for (const cmd of ['load_save', 'import_game', 'play_from']) assert.equal((await calls(page, cmd)).length, 0, cmd);

  // Discard: Study comes, and asks who plays on; kept as it is.
  await page.locator('#nav-home').click();
  await page.locator('#home-load').click();
  await study.locator('.save-load').click();
  await answerUnsaved(page, 'discard');
  await page.locator('#dialog-play-on').waitFor();
  assert.equal(await page.locator('#play-on-title').textContent(), 'Who plays on?');
  assert.equal(await page.locator('#play-on-black').inputValue(), 'human');
  assert.equal(await page.locator('#play-on-white').inputValue(), 'human');
  await page.locator('#play-on-cancel').click();
  await page.locator('#screen-game').waitFor();
  await stone(page, 6, 6).waitFor();
  assert.equal((await calls(page, 'set_player')).length, 0, 'kept as it is');
  assert.equal((await backend.call('game_view')).save_name, 'Study');
  const unfinished = await backend.call('list_replays', { filter: { kind: 'unfinished' } });
  assert.deepEqual(unfinished.items.map((i) => i.move_count), [2], 'the game let go is in the log');

  // Loaded and not changed since: no question. Then no moves: none either.
  for (let i = 1; i <= 2; i += 1) {
    const restarted = answerTo(page, 'restart');
    await page.locator('#game-restart').click();
    await restarted;
    await page.locator('#board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('#dialog-unsaved').isHidden(), true);
  }

  // Over: no question either.
  for (const [x, y] of QUICK_FIVE) await place(page, x, y);
  await page.locator('#dialog-game-over').waitFor();
  await page.locator('#game-over-home').click();
  await page.locator('#home-load').click();
  await study.locator('.save-load').click();
  await keepSides(page);
  await page.locator('#screen-game').waitFor();
  assert.equal(await page.locator('#dialog-unsaved').isHidden(), true);
  assert.equal((await calls(page, 'load_save')).length, 2);
  assert.deepEqual(pageErrors(errors), []);
}));

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: play on from a review: white is handed to the computer, which moves at once`, () => withUi({
    viewport,
    async setup(backend) {
      await twoPlayerGame(backend, QUICK_FIVE);
    },
  }, async (page, errors, backend) => {
    await page.locator('#home-review').click();
    await page.locator('.replay-item button').first().click();
    await page.locator('#screen-replay').waitFor();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.locator('#replay-position', { hasText: 'Move 3 of 9' }).waitFor();
    await page.locator('#replay-play-on').click();
    // The game on the board is over: no question, only who plays on.
    await page.locator('#dialog-play-on').waitFor();
    assert.equal(await page.locator('#dialog-unsaved').isHidden(), true);
    await page.locator('#play-on-white').selectOption('beginner');
    const moved = answerTo(page, 'ai_move');
    await page.locator('#play-on-start').click();
    await page.locator('#screen-game').waitFor();
    assert.deepEqual((await calls(page, 'set_player')).map((c) => c.args), [{ stone: 'white', player: { kind: 'ai', level: 'beginner' } }]);
    await moved;
    await page.locator('#board .stone').nth(3).waitFor();
    const view = await backend.call('game_view');
    assert.equal(view.stones[3].stone, 'white', 'the computer played white');
    assert.deepEqual([view.players.white.kind, view.players.white.level], ['ai', 'beginner']);
    assert.equal(await page.locator('#side-white').inputValue(), 'beginner');
    await page.locator('#turn-text', { hasText: 'Your move (black)' }).waitFor();
    assert.deepEqual(pageErrors(errors), []);
  }));
}

// The look: the time control, clocks running low, and the two new dialogs,
// in both themes at both sizes.
for (const viewport of ['desktop', 'phone']) {
  for (const theme of ['light', 'dark']) {
    test(`${viewport} ${theme}: the time control, a clock running low and the new dialogs look finished`, () => withUi({
      viewport,
      colorScheme: theme,
      reducedMotion: 'reduce',
    }, async (page, errors) => {
      const fits = async (name) => {
        const problems = await page.evaluate((phone) => {
          const found = [];
          const width = document.documentElement.clientWidth;
          const scope = document.querySelector('dialog[open]') ?? document.querySelector('.screen:not([hidden])');
          for (const el of scope.querySelectorAll('button, select, input')) {
            const box = el.getBoundingClientRect();
            if (!box.width) continue;
            if (box.right > width + 1) found.push(`${el.id || el.className} ends at ${box.right}`);
            if (phone && !el.matches('[type=radio]') && box.height < 44) found.push(`${el.id || el.className} is ${box.height}px high`);
          }
          const panel = document.querySelector('#screen-game:not([hidden]) .panel');
          if (phone && panel && panel.getBoundingClientRect().bottom > window.innerHeight) found.push('the game panel runs off the screen');
          return found;
        }, viewport === 'phone');
        assert.deepEqual(problems, [], `${name}: ${problems.join('; ')}`);
        await screenshot(page, `clock-${viewport}-${theme}-${name}`);
      };

      await page.locator('#new-game').click();
      await page.locator('#new-game-mode input[value="human_human"]').check();
      await page.locator('#new-game-time').selectOption('fischer:300000:3000');
      await page.locator('#new-game-time').scrollIntoViewIfNeeded();
      await fits('new-game');

      await page.clock.install();
      await startInPage(page, { mode: 'human_human', timeControl: { kind: 'per_move', move_ms: 15000 } });
      for (const [x, y] of [[7, 7], [8, 7], [7, 8]]) await place(page, x, y);
      await page.clock.fastForward(11_500);
      await page.locator('#clock-white.low').waitFor();
      await fits('low');

      await page.locator('#game-restart').click();
      await page.locator('#dialog-unsaved').waitFor();
      await fits('unsaved');
      await page.locator('#unsaved-discard').click();

      await page.locator('#nav-home').click();
      await page.locator('#home-load').click();
      await page.locator('#import-text').fill('h8i9j10');
      await page.locator('#import-button').click();
      await page.locator('#dialog-play-on').waitFor();
      await fits('play-on');
      await page.locator('#play-on-cancel').click();
      await page.locator('#screen-game').waitFor();
      assert.deepEqual(pageErrors(errors), []);
    }));
  }
}
