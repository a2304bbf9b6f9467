// Starting the app, profiles, home, new game, and playing: undo / redo,
// resign, five in a row, hint, the computer's turn, errors. (Touch and
// keyboard on the board are in board.test.js.)
// Everything runs against the real game service (`wuzi serve`); a test that
// needs a state prepares it by real commands or real files before the page
// opens.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useUi, newGame, point, stone, place, calls, screenshot, keepSides, homeWhole, profilesWhole, holdAnswers } from './support.js';
import { servicePoints, pageErrors } from './play-states.js';

const ui = useUi();
const { withUi } = ui;

const stones = (page) => page.locator('#board .stone').count();

/** Profile ids by name, as the service lists them. */
async function profileIds(backend) {
  const list = await backend.call('list_profiles');
  return Object.fromEntries(list.profiles.map((p) => [p.name, p.id]));
}

/** The profile row whose name is exactly `name`. */
const profileItem = (page, name) => page.locator('.profile-item')
  .filter({ has: page.locator('.profile-name', { hasText: new RegExp(`^${name}$`) }) });

/** The data folder of the open profile. */
async function profileDir(backend) {
  const { current } = await backend.call('list_profiles');
  return join(backend.dataDir, 'profiles', current);
}

/** Starts recording every text `selector` shows, into window.__texts. */
async function recordTexts(page, selector) {
  await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    window.__texts = [el.textContent];
    new MutationObserver(() => window.__texts.push(el.textContent))
      .observe(el, { childList: true, characterData: true, subtree: true });
  }, selector);
}

/**
 * A Renju position where black, to move, may not play J8 (9,7): it would
 * make two open threes. White's stones are far away on the left edge.
 */
const RENJU_MOVES = [[7, 7], [0, 0], [8, 7], [0, 2], [9, 8], [0, 4], [9, 9], [0, 6]];
const RENJU_FORBIDDEN = { x: 9, y: 7, kind: 'double_three', name: 'J8' };

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: a first run with the default profile lands on Home without asking anything`, () => withUi({ viewport }, async (page, errors, backend) => {
    await homeWhole(page);
    assert.equal(await page.locator('#screen-profiles').isHidden(), true);
    assert.equal(await page.locator('dialog[open]').count(), 0);
    assert.equal(await page.locator('#home-continue').isHidden(), true, 'no autosave, no Continue');
    assert.equal(await page.locator('#nav-profile').textContent(), 'Player');
    const list = await backend.call('list_profiles');
    assert.deepEqual(list.profiles.map((p) => p.name), ['Player'], 'the service made the one default profile');
    const opened = await calls(page, 'open_profile');
    assert.deepEqual(opened.map((c) => c.args), [{ id: list.current }]);
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: Home shows whole: Continue is in its place before any button on it can be pressed`, () => withUi({ viewport }, async (page, errors) => {
    await newGame(page);
    await place(page, 7, 7);
    const { asked, release } = await holdAnswers(page, 'has_autosave');
    await page.locator('#nav-home').click();
    await asked;
    // Home's buttons without Continue now would get Continue later,
    // pushing Load down under a press meant for it.
    assert.equal(await page.locator('#screen-home').isVisible(), true);
    assert.equal(await page.locator('#home-load').isVisible(), false, 'no button on Home until it is whole');
    assert.equal(await page.locator('#new-game').isVisible(), false);
    release();
    await page.locator('#home-load').waitFor();
    assert.equal(await page.locator('#home-continue').isVisible(), true);
    assert.deepEqual(errors, []);
  }));

  test(`${viewport}: profiles: create, pick with a password, rename, delete`, () => withUi({
    viewport,
    // Ann, and Bo with a password, opened last: the app starts on the list,
    // as the service does not open a profile with a password by itself.
    async setup(backend) {
      const { current: first } = await backend.call('list_profiles');
      await backend.call('create_profile', { name: 'Ann' });
      await backend.call('create_profile', { name: 'Bo', password: 'pw' });
      await backend.call('open_profile', { id: (await profileIds(backend)).Bo, password: 'pw' });
      await backend.call('delete_profile', { id: first });
      return backend.restart();
    },
  }, async (page, errors, backend) => {
    await profilesWhole(page);
    assert.deepEqual(await page.locator('.profile-name').allTextContents(), ['Ann', 'Bo']);
    assert.equal((await backend.call('list_profiles')).current, null, 'nothing is open yet');

    await page.locator('#profile-create-name').fill('Cai');
    await page.locator('#profile-create-password').fill('secret');
    await page.locator('#profile-create').click();
    await profileItem(page, 'Cai').waitFor();
    // Offered at once; "not now" stays on the list with nothing opened.
    await page.locator('#confirm-text', { hasText: 'The profile Cai is ready. Open it now?' }).waitFor();
    await page.locator('#confirm-cancel').click();
    await page.locator('#dialog-confirm').waitFor({ state: 'hidden' });
    assert.equal((await backend.call('list_profiles')).current, null, 'not opened when not asked to');
    assert.deepEqual((await calls(page, 'create_profile')).at(-1).args, { name: 'Cai', password: 'secret' });
    const cai = (await backend.call('list_profiles')).profiles.find((p) => p.name === 'Cai');
    assert.equal(cai?.has_password, true, 'the service keeps Cai with a password');

    // A taken name is refused with a clear message.
    await page.locator('#profile-create-name').fill('ann');
    await page.locator('#profile-create').click();
    await page.locator('#message[data-kind="exists"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), 'That name is already taken.');
    assert.equal((await backend.call('list_profiles')).profiles.length, 3);

    // Bo has a password: a wrong one is told in the dialog, the right one opens.
    await profileItem(page, 'Bo').locator('.profile-open').click();
    await page.locator('#prompt-password').fill('nope');
    await page.locator('#prompt-ok').click();
    await page.locator('#prompt-error', { hasText: 'Wrong password.' }).waitFor();
    assert.equal(await page.locator('#dialog-prompt').isVisible(), true);
    await page.locator('#prompt-password').fill('pw');
    await page.locator('#prompt-ok').click();
    await page.locator('#screen-home').waitFor();
    assert.equal(await page.locator('#nav-profile').textContent(), 'Bo');
    const ids = await profileIds(backend);
    assert.equal((await backend.call('list_profiles')).current, ids.Bo);

    await page.locator('#home-profile').click();
    await profileItem(page, 'Ann').locator('.profile-rename').click();
    await page.locator('#prompt-input').fill('Anna');
    await page.locator('#prompt-ok').click();
    await profileItem(page, 'Anna').waitFor();
    assert.equal((await profileIds(backend)).Anna, ids.Ann, 'renamed, same profile');

    await profileItem(page, 'Anna').locator('.profile-delete').click();
    assert.match(await page.locator('#confirm-text').textContent(), /Anna/);
    await page.locator('#confirm-cancel').click();
    assert.equal(await profileItem(page, 'Anna').count(), 1, 'cancel keeps it');
    assert.ok((await profileIds(backend)).Anna, 'and the service still has it');
    await profileItem(page, 'Anna').locator('.profile-delete').click();
    await page.locator('#confirm-ok').click();
    await profileItem(page, 'Anna').waitFor({ state: 'detached' });
    assert.deepEqual(await page.locator('.profile-name').allTextContents(), ['Bo', 'Cai']);
    assert.deepEqual(Object.keys(await profileIds(backend)).sort(), ['Bo', 'Cai']);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: Home offers Continue when there is an autosave`, () => {
    let reply;
    return withUi({
      viewport,
      // Three moves against the beginner, the computer to move, then the app
      // is closed: the autosave is all that is left of the game.
      async setup(backend) {
        await backend.call('new_game', { config: { mode: 'human_ai', humanStone: 'black', whiteLevel: 'beginner' } });
        await backend.call('play', { x: 7, y: 7 });
        reply = (await backend.call('ai_move')).last;
        await backend.call('play', { x: 6, y: 8 });
        return backend.restart();
      },
    }, async (page, errors, backend) => {
      assert.equal(await backend.call('has_autosave'), true);
      await recordTexts(page, '#turn-text');
      await page.locator('#home-continue').click();
      await page.locator('#screen-game').waitFor();
      await stone(page, 6, 8).waitFor();
      assert.equal(await stone(page, reply.x, reply.y).getAttribute('data-stone'), 'white');
      // The computer answers by itself, then it is the player's move again.
      await page.locator('#board .stone').nth(3).waitFor();
      await page.locator('#turn-text', { hasText: 'Your move (black)' }).waitFor();
      const texts = await page.evaluate(() => window.__texts);
      const computer = texts.indexOf('Computer to move (white)');
      assert.ok(computer >= 0, `the computer's turn was shown: ${JSON.stringify(texts)}`);
      assert.ok(texts.indexOf('Your move (black)', computer) > computer, JSON.stringify(texts));
      assert.equal(await stones(page), 4);
      const view = await backend.call('game_view');
      assert.equal(view.stones.length, 4);
      assert.equal(view.to_move, 'black');
      assert.deepEqual(pageErrors(errors), []);
    });
  });

  test(`${viewport}: new game: Renju forces 15x15 and shows the forbidden-move setting; forbidden points are marked`, () => withUi({ viewport }, async (page, errors, backend) => {
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    assert.equal(await page.locator('#new-game-level').isHidden(), true, 'no level for two players');
    await page.locator('#new-game-size').selectOption('19');
    assert.equal(await page.locator('#new-game-forbidden').isHidden(), true);
    await page.locator('#new-game-rule').selectOption('renju');
    assert.equal(await page.locator('#new-game-size').inputValue(), '15');
    assert.equal(await page.locator('#new-game-size').isDisabled(), true);
    await page.locator('#new-game-forbidden').selectOption('refuse');
    await page.locator('#new-game-start').click();
    await page.locator('#screen-game').waitFor();
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.equal(config.rule, 'renju');
    assert.equal(config.size, 15);
    assert.equal(config.forbiddenMoves, 'refuse');
    const started = await backend.call('game_view');
    assert.deepEqual([started.rule, started.size, started.forbidden_moves], ['renju', 15, 'refuse']);
    assert.equal(await page.locator('#board .hit').count(), 225);

    for (const [x, y] of RENJU_MOVES) await place(page, x, y);
    // The marks are the points the service reports, no more.
    const view = await backend.call('game_view');
    assert.deepEqual(view.forbidden, [{ x: RENJU_FORBIDDEN.x, y: RENJU_FORBIDDEN.y, kind: RENJU_FORBIDDEN.kind }]);
    const mark = page.locator(`#board .forbidden[data-x="${RENJU_FORBIDDEN.x}"][data-y="${RENJU_FORBIDDEN.y}"]`);
    await mark.waitFor();
    assert.equal(await page.locator('#board .forbidden').count(), 1);
    assert.equal(await mark.getAttribute('data-kind'), 'double_three');
    assert.equal(await mark.locator('line').count(), 2, 'a small ×');
    const forbidden = point(page, RENJU_FORBIDDEN.x, RENJU_FORBIDDEN.y);
    assert.equal(await forbidden.getAttribute('aria-label'), `Point ${RENJU_FORBIDDEN.name}, forbidden for black`);
    await screenshot(page, `${viewport}-renju-forbidden`);
    if (viewport === 'phone') {
      await forbidden.tap();
      await forbidden.tap();
    } else {
      await forbidden.click();
    }
    await page.locator('#message[data-kind="forbidden"]').waitFor();
    assert.equal(await page.locator('#message').textContent(), 'Black may not play there: it is a forbidden point under Renju.');
    assert.equal(await stones(page), RENJU_MOVES.length);
    assert.equal((await servicePoints(backend)).length, RENJU_MOVES.length, 'the service refused it too');

    // A 19x19 freestyle game after that, the renju game let go.
    await newGame(page, { mode: 'human_human', rule: 'freestyle', size: 19, discard: true });
    assert.equal(await page.locator('#board .hit').count(), 361);
    assert.equal(await page.locator('#board .forbidden').count(), 0);
    const next = await backend.call('game_view');
    assert.deepEqual([next.rule, next.size], ['freestyle', 19]);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: undo and redo, five in a row with its line, the game-over dialog, play again`, () => withUi({ viewport }, async (page, errors, backend) => {
    await newGame(page);
    await place(page, 7, 7);
    await place(page, 7, 8);
    await page.locator('#game-undo').click();
    await stone(page, 7, 8).waitFor({ state: 'detached' });
    assert.deepEqual(await servicePoints(backend), ['7,7']);
    assert.equal(await page.locator('#game-redo').isEnabled(), true);
    await page.locator('#game-redo').click();
    await stone(page, 7, 8).waitFor();
    assert.deepEqual(await servicePoints(backend), ['7,7', '7,8']);
    for (const [x, y] of [[8, 7], [8, 8], [9, 7], [9, 8], [10, 7], [10, 8], [11, 7]]) await place(page, x, y);
    const dialog = page.locator('#dialog-game-over');
    await dialog.waitFor();
    // The open profile plays black in a two-player game, and wins by name.
    assert.equal(await page.locator('#game-over-title').textContent(), 'Player wins');
    assert.equal(await page.locator('#game-over-how').textContent(), 'Five in a row.');
    assert.equal(await page.locator('#game-over-counts').textContent(), 'Black 5 stones, white 4 stones, 9 moves');
    assert.match(await page.locator('#game-over-time').textContent(), /^Time: black \d+:\d\d, white \d+:\d\d$/);
    assert.equal(await page.locator('#board .win-line').count(), 1);
    assert.equal(await page.locator('#board .win-ring').count(), 5);
    const over = await backend.call('game_view');
    assert.deepEqual(over.outcome, { kind: 'five', winner: 'black' });
    const line = over.winning_line.map((p) => `${p.x},${p.y}`).sort();
    assert.deepEqual(line, ['10,7', '11,7', '7,7', '8,7', '9,7']);
    for (const p of over.winning_line) {
      assert.equal(await page.locator(`#board .win-ring[cx="${46 + p.x * 40}"][cy="${46 + p.y * 40}"]`).count(), 1, `a ring on ${p.x},${p.y}`);
    }
    await page.locator('#game-over-again').click();
    await page.locator('#board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await page.locator('#score-black').textContent(), '1');
    const again = await backend.call('game_view');
    assert.deepEqual([again.stones.length, again.outcome, again.score.black], [0, null, 1]);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: resign asks first, then shows who won and opens the review of this game`, () => withUi({ viewport }, async (page, errors, backend) => {
    await newGame(page, { mode: 'human_ai', level: 'beginner' });
    await place(page, 7, 7);
    await page.locator('#board .stone').nth(1).waitFor();
    await page.locator('#game-resign').click();
    await page.locator('#confirm-ok').click();
    await page.locator('#dialog-game-over').waitFor();
    assert.equal(await page.locator('#game-over-title').textContent(), 'The computer wins');
    assert.equal(await page.locator('#game-over-how').textContent(), 'Black resigned.');
    assert.deepEqual((await backend.call('game_view')).outcome, { kind: 'resign', winner: 'white' });
    await page.locator('#game-over-review').click();
    await page.locator('#screen-replay').waitFor();
    await page.locator('#replay-position', { hasText: 'Move 2 of 2' }).waitFor();
    const replays = await backend.call('list_replays', { filter: {} });
    assert.equal(replays.total, 1, 'the game was kept as a replay');
    assert.deepEqual([replays.items[0].result, replays.items[0].outcome, replays.items[0].move_count], ['resign', 'loss', 2]);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: against the computer: thinking indicator, board locked, Play now; undo takes back two plies`, () => withUi({ viewport }, async (page, errors, backend) => {
    // The master thinks for seconds: long enough to see it think and stop it.
    await newGame(page, { mode: 'human_ai', colour: 'black', level: 'master' });
    assert.equal((await calls(page, 'new_game')).at(-1).args.config.whiteLevel, 'master');
    const { white } = (await backend.call('game_view')).players;
    assert.deepEqual([white.kind, white.level], ['ai', 'master']);
    await place(page, 7, 7);
    const thinking = page.locator('#ai-thinking');
    await thinking.waitFor();
    await page.locator('#ai-depth', { hasText: 'depth' }).waitFor();
    await page.locator('#ai-pv', { hasText: /^[A-O]\d{1,2}( [A-O]\d{1,2})*$/ }).waitFor();
    assert.equal(await page.locator('#board').getAttribute('aria-disabled'), 'true');
    // The board takes no move while the computer thinks.
    await point(page, 2, 2).click({ force: true });
    assert.equal(await page.locator('#game-undo').isDisabled(), true);
    const before = Date.now();
    await page.locator('#game-stop').click();
    await page.locator('#board .stone').nth(1).waitFor({ timeout: 3000 });
    await thinking.waitFor({ state: 'hidden' });
    assert.ok(Date.now() - before < 3000, `stopped at once, not after its 5 s: ${Date.now() - before} ms`);
    assert.equal((await calls(page, 'stop_ai')).length, 1);
    // The click on C13 sent nothing: the only move played was H8.
    assert.deepEqual((await calls(page, 'play')).map((c) => c.args), [{ x: 7, y: 7 }]);
    assert.equal(await stone(page, 2, 2).count(), 0);
    const answered = await backend.call('game_view');
    assert.equal(answered.stones.length, 2);
    assert.equal(answered.stones[1].stone, 'white');
    assert.equal(await page.locator('#board').getAttribute('aria-disabled'), 'false');
    await page.locator('#game-undo').click();
    await page.locator('#board .stone').first().waitFor({ state: 'detached' });
    assert.equal(await stones(page), 0, 'the computer\'s reply and the player\'s move are both taken back');
    assert.deepEqual(await servicePoints(backend), []);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: the hint shows a pulsing ring on the AI's best move`, () => withUi({ viewport }, async (page, errors, backend) => {
    await newGame(page);
    await page.locator('#game-hint').click();
    const ring = page.locator('#board .hint-ring');
    await ring.waitFor();
    const text = await page.locator('#hint-text').textContent();
    const [, name, chance] = /^Hint: ([A-O]\d{1,2}) \(win chance (\d+)%\)$/.exec(text) ?? [];
    assert.ok(name, `hint text: ${text}`);
    assert.ok(Number(chance) > 0 && Number(chance) < 100);
    const [x, y] = [Number(await ring.getAttribute('data-x')), Number(await ring.getAttribute('data-y'))];
    assert.equal(await point(page, x, y).getAttribute('data-point'), name, 'the ring is on the point named');
    assert.equal(await ring.evaluate((r) => getComputedStyle(r).animationName), 'pulse');
    const hinted = (await calls(page, 'hint')).length;
    assert.equal(hinted, 1);
    // Play somewhere else than the hint: it goes with the next move.
    const [px, py] = x === 3 && y === 3 ? [4, 4] : [3, 3];
    await place(page, px, py);
    assert.equal(await ring.count(), 0, 'the hint goes with the next move');
    assert.deepEqual(await servicePoints(backend), [`${px},${py}`]);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: computer against computer: pause, step and speed`, () => withUi({ viewport }, async (page, errors, backend) => {
    // The page's clock: it runs as usual, and can be run ahead at once to
    // show that nothing is waiting to move.
    await page.clock.install();
    const aiMoves = async () => (await calls(page, 'ai_move')).length;
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="ai_ai"]').check();
    await page.locator('#new-game-black-level').selectOption('beginner');
    await page.locator('#new-game-white-level').selectOption('beginner');
    await page.locator('#new-game-start').click();
    await page.locator('#ai-controls').waitFor();
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.deepEqual([config.mode, config.blackLevel, config.whiteLevel], ['ai_ai', 'beginner', 'beginner']);
    const stored = page.waitForResponse((r) => r.url().includes('/ipc/set_settings')
      && r.request().postDataJSON().settings.ai_speed === 'fast');
    await page.locator('#game-speed').selectOption('fast');
    await stored;
    assert.equal((await calls(page, 'set_settings')).at(-1).args.settings.ai_speed, 'fast');
    assert.equal((await backend.call('get_settings')).ai_speed, 'fast', 'the speed is kept with the profile');
    await page.locator('#board .stone').nth(2).waitFor();
    await page.locator('#game-pause').click();
    assert.equal(await page.locator('#game-pause').getAttribute('aria-pressed'), 'true');
    // A move already being searched lands; then step is offered.
    await page.locator('#game-step:enabled').waitFor();
    await page.locator('#ai-thinking').waitFor({ state: 'hidden' });
    const paused = await stones(page);
    const asked = await aiMoves();
    await page.clock.runFor(10_000);
    assert.equal(await page.locator('#ai-thinking').isHidden(), true, 'nothing moves while paused');
    assert.equal(await aiMoves(), asked);
    assert.equal(await stones(page), paused);
    assert.equal((await backend.call('game_view')).stones.length, paused);

    const moved = page.waitForResponse((r) => r.url().includes('/ipc/ai_move'));
    await page.locator('#game-step').click();
    await moved;
    await page.locator('#board .stone').nth(paused).waitFor();
    await page.clock.runFor(10_000);
    assert.equal(await page.locator('#ai-thinking').isHidden(), true);
    assert.equal(await aiMoves(), asked + 1, 'step asks for exactly one move');
    assert.equal(await stones(page), paused + 1, 'step plays exactly one move');
    assert.equal((await backend.call('game_view')).stones.length, paused + 1);
    assert.equal(await page.locator('#game-resign').isDisabled(), true);
    assert.deepEqual(pageErrors(errors), []);
  }));
}

/**
 * A renju board with two empty points, white to move: O1 (the corner) and
 * G8, where black's stones on both sides make any black stone an overline.
 * X is black, O white, row by row from the top.
 */
const LAST_TWO_POINTS = [
  'OOOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOOXXX.XXOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXXO',
  'OOXXOOXXOOXXOOX',
  'XXOOXXOOXXOOXX.',
];

/** LAST_TWO_POINTS as an SGF set-up, white to move. */
function lastTwoPointsSgf() {
  const sgf = (x, y) => `[${String.fromCharCode(97 + x)}${String.fromCharCode(97 + y)}]`;
  const of = (c) => LAST_TWO_POINTS.flatMap((row, y) => [...row].map((cell, x) => (cell === c ? sgf(x, y) : ''))).join('');
  return `(;FF[4]GM[4]SZ[15]RU[renju]AB${of('X')}AW${of('O')}PL[W])`;
}

test('renju: when black has only forbidden points left, the game ends as a draw and says why', () => withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-load').click();
  await page.locator('#import-text').fill(lastTwoPointsSgf());
  await page.locator('#import-button').click();
  await keepSides(page);
  await page.locator('#screen-game').waitFor();
  assert.equal(await page.locator('#board .stone').count(), 223);
  const before = await backend.call('game_view');
  assert.deepEqual([before.rule, before.forbidden_moves, before.to_move, before.outcome], ['renju', 'refuse', 'white', null]);
  // White fills the corner, the last point black could have had.
  await place(page, 14, 14);
  await page.locator('#dialog-game-over').waitFor();
  assert.equal(await page.locator('#game-over-title').textContent(), 'Draw');
  assert.equal(await page.locator('#game-over-how').textContent(), 'Black has only forbidden points left.');
  const over = await backend.call('game_view');
  assert.equal(over.outcome.kind, 'no_move_left');
  assert.equal(over.outcome.winner ?? null, null);
  await screenshot(page, 'renju-no-move-left');
  // Undo takes white's stone back and the game goes on.
  await page.keyboard.press('Escape');
  await page.locator('#dialog-game-over').waitFor({ state: 'hidden' });
  await page.locator('#game-undo').click();
  await stone(page, 14, 14).waitFor({ state: 'detached' });
  assert.equal((await backend.call('game_view')).outcome, null);
  assert.deepEqual(pageErrors(errors), []);
}));

test('a finished game that cannot be kept is told in the game-over dialog and on Home', () => withUi({}, async (page, errors, backend) => {
  await homeWhole(page);
  assert.equal(await page.locator('#notices').isHidden(), true, 'nothing to tell at the start');
  // The replays folder is replaced by a plain file while the app runs.
  const replays = join(await profileDir(backend), 'replays');
  await rm(replays, { recursive: true, force: true });
  await writeFile(replays, 'not a folder');
  await newGame(page);
  for (const [x, y] of [[7, 7], [7, 8], [8, 7], [8, 8], [9, 7], [9, 8], [10, 7], [10, 8], [11, 7]]) await place(page, x, y);
  await page.locator('#dialog-game-over').waitFor();
  const notice = page.locator('#game-over-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /^Note: The game could not be kept: .*replays/);
  assert.equal(await page.locator('#game-over-title').textContent(), 'Player wins', 'the game itself ended as usual');
  await screenshot(page, 'game-over-not-kept');
  await page.locator('#game-over-home').click();
  await homeWhole(page);
  assert.deepEqual(await page.locator('#notices li').allTextContents(), [await notice.textContent()]);
  assert.deepEqual(pageErrors(errors), []);
}));

test('an error from the Rust side shows as a short message, not only in the console', () => withUi({
  // The statistics file cannot be read: a folder stands where it should be.
  async setup(backend) {
    const dir = await profileDir(backend);
    await rm(join(dir, 'stats.json'), { recursive: true, force: true });
    await mkdir(join(dir, 'stats.json'));
    return backend.restart();
  },
}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  assert.equal(await page.locator('#message').isHidden(), true, 'Home itself is fine');
  await page.locator('#home-stats').click();
  await page.locator('#message[data-kind="io"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), 'The game data could not be read or written.');
  await page.locator('#nav-home').click();
  await page.locator('#screen-home').waitFor();
  assert.equal(await page.locator('#message').isHidden(), true);

  // The saves folder is replaced by a plain file while the app runs.
  const saves = join(await profileDir(backend), 'saves');
  await rm(saves, { recursive: true, force: true });
  await writeFile(saves, 'not a folder');
  await page.locator('#home-load').click();
  await page.locator('#message[data-kind="io"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), 'The game data could not be read or written.');
  await assert.rejects(backend.call('list_saves'), (err) => err.kind === 'io');

  // A kind the UI has no words for is shown with the service's own message:
  // here the page was opened with a token that is not the server's.
  await page.goto(backend.url.replace(/token=[0-9a-f]+/, `token=${'0'.repeat(32)}`));
  // The start shows it more than once (each screen clears the line as it
  // opens, and its own call fails again): wait for the words themselves.
  await page.locator('#message[data-kind="bad_token"]', {
    hasText: /^Something went wrong: the X-Wuzi-Token header is not this server's token/,
  }).waitFor();
}));

test('without the Rust side the app says so', () => withUi({}, async (page, errors, backend) => {
  // The same page without the token of `wuzi serve`, and no Tauri: no door to the game.
  await page.goto(backend.url.replace(/\?token=.*$/, ''));
  await page.locator('#message[data-kind="no_backend"]').waitFor();
  assert.equal(await page.locator('#message').textContent(), 'The game engine is not available.');
}));
