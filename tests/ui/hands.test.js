// Who moves first, and who plays each side: the new-game screen's "Who
// moves first" (freestyle and standard; renju always opens with black) and
// the game panel's side controls (#side-black, #side-white) that hand a side
// to a person or to the computer at any moment of a game, also while the
// computer thinks. Everything runs against the real game service (`wuzi
// serve`), by clicks as a player makes them, at desktop and phone sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, newGame, place, stone, calls, screenshot, holdReplies } from './support.js';
import { pageErrors, checkLayout } from './play-states.js';

const { withUi } = useUi();

/** The page's answer to its next `cmd` command. */
const answerTo = (page, cmd) => page.waitForResponse((r) => new URL(r.url()).pathname === `/ipc/${cmd}`);

/** What the side controls show: { black, white } values ("human" or a level). */
async function sidesShown(page) {
  return {
    black: await page.locator('#side-black').inputValue(),
    white: await page.locator('#side-white').inputValue(),
  };
}

/** The same, as the service has it. */
function sidesOf(view) {
  const of = (p) => (p.kind === 'ai' ? p.level : 'human');
  return { black: of(view.players.black), white: of(view.players.white) };
}

/** Hands `side` to `value` with the panel's control; resolves to the service's answer. */
async function handSide(page, side, value) {
  const answered = answerTo(page, 'set_player');
  await page.locator(`#side-${side}`).selectOption(value);
  const response = await answered;
  assert.equal(response.status(), 200, `set_player answered ${response.status()}`);
  return response.json();
}

for (const viewport of ['desktop', 'phone']) {
  test(`${viewport}: two players, white moves first; renju hides the choice and opens with black`, () => withUi({ viewport }, async (page, errors, backend) => {
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    await page.locator('#new-game-rule').selectOption('freestyle');
    const first = page.locator('#new-game-first');
    assert.equal(await first.isVisible(), true, 'freestyle offers the choice');
    assert.equal(await first.locator('input[value="black"]').isChecked(), true, 'black moves first unless asked');
    await page.locator('#new-game-rule').selectOption('standard');
    assert.equal(await first.isVisible(), true, 'standard offers it too');
    await first.locator('input[value="white"]').check();

    // Renju: the choice goes and black opens; back in freestyle the choice returns.
    await page.locator('#new-game-rule').selectOption('renju');
    await first.waitFor({ state: 'hidden' });
    assert.equal(await first.locator('input[value="black"]').isChecked(), true);
    await page.locator('#new-game-rule').selectOption('freestyle');
    await first.waitFor();
    assert.equal(await first.locator('input[value="white"]').isChecked(), true, 'the player’s choice is kept');

    const started = answerTo(page, 'new_game');
    await page.locator('#new-game-start').click();
    assert.equal((await started).status(), 200);
    await page.locator('#screen-game').waitFor();
    assert.equal((await calls(page, 'new_game')).at(-1).args.config.first, 'white');
    await page.locator('#turn-text', { hasText: 'White to move' }).waitFor();
    assert.deepEqual(await sidesShown(page), { black: 'human', white: 'human' });

    await place(page, 7, 7);
    assert.equal(await stone(page, 7, 7).getAttribute('data-stone'), 'white', 'the first stone is white');
    await page.locator('#turn-text', { hasText: 'Black to move' }).waitFor();
    await place(page, 8, 8);
    assert.equal(await stone(page, 8, 8).getAttribute('data-stone'), 'black');
    const view = await backend.call('game_view');
    assert.deepEqual(view.stones.map((s) => [s.x, s.y, s.stone]), [[7, 7, 'white'], [8, 8, 'black']]);
    assert.equal(view.mode, 'human_human');
    assert.equal(view.to_move, 'white');
    assert.deepEqual(sidesOf(view), await sidesShown(page));

    // The choice is remembered for the next new game, and renju still opens with black.
    assert.equal((await backend.call('get_settings')).last_first, 'white');
    await page.locator('#game-new').click();
    await page.locator('#screen-new-game').waitFor();
    assert.equal(await first.locator('input[value="white"]').isChecked(), true, 'remembered');
    await newGame(page, { mode: 'human_human', rule: 'renju', discard: true });
    assert.equal((await calls(page, 'new_game')).at(-1).args.config.first, 'black');
    await page.locator('#turn-text', { hasText: 'Black to move' }).waitFor();
    assert.equal((await backend.call('game_view')).to_move, 'black');
    assert.equal((await backend.call('get_settings')).last_first, 'white', 'renju does not forget the choice');
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: white is handed to the computer mid-game, it answers; taken back, a person plays white again`, () => withUi({ viewport }, async (page, errors, backend) => {
    await newGame(page, { mode: 'human_human', rule: 'freestyle' });
    assert.deepEqual(await sidesShown(page), { black: 'human', white: 'human' });
    await place(page, 7, 7);
    await place(page, 8, 7);
    await place(page, 7, 8);
    await page.locator('#turn-text', { hasText: 'White to move' }).waitFor();

    // White's turn: handed to the beginner, the computer plays at once.
    const moved = answerTo(page, 'ai_move');
    const handed = await handSide(page, 'white', 'beginner');
    assert.deepEqual(sidesOf(handed), { black: 'human', white: 'beginner' });
    assert.equal(handed.mode, 'human_ai');
    assert.equal((await calls(page, 'set_player')).at(-1).args.player.level, 'beginner');
    await moved;
    await page.locator('#board .stone').nth(3).waitFor();
    await page.locator('#turn-text', { hasText: 'Your move (black)' }).waitFor();
    let view = await backend.call('game_view');
    assert.equal(view.stones.length, 4);
    assert.equal(view.stones[3].stone, 'white', 'the computer played white');
    assert.equal(view.mode, 'human_ai');
    assert.deepEqual(sidesOf(view), await sidesShown(page));
    await stone(page, view.stones[3].x, view.stones[3].y).waitFor();

    // Black plays; the computer answers again.
    const free = await freePoint(backend);
    await place(page, free.x, free.y);
    await page.locator('#board .stone').nth(5).waitFor();
    assert.equal((await backend.call('game_view')).stones.length, 6);

    // Taken back: a person plays white again.
    const back = await handSide(page, 'white', 'human');
    assert.deepEqual(sidesOf(back), { black: 'human', white: 'human' });
    assert.equal(back.mode, 'human_human');
    await page.locator('#turn-text', { hasText: 'Black to move' }).waitFor();
    const aiMoves = (await calls(page, 'ai_move')).length;
    const b = await freePoint(backend);
    await place(page, b.x, b.y);
    await page.locator('#turn-text', { hasText: 'White to move' }).waitFor();
    const w = await freePoint(backend);
    await place(page, w.x, w.y);
    assert.equal(await stone(page, w.x, w.y).getAttribute('data-stone'), 'white', 'the person placed white');
    view = await backend.call('game_view');
    assert.equal(view.stones.length, 8);
    assert.deepEqual(view.stones.at(-1), { x: w.x, y: w.y, stone: 'white', number: 8 });
    assert.equal(view.mode, 'human_human');
    assert.equal(view.ai_to_move, false);
    assert.equal((await calls(page, 'ai_move')).length, aiMoves, 'the computer was not asked again');
    assert.deepEqual(sidesOf(view), await sidesShown(page));
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: the thinking master is handed back to a person: no stone from it, no error, the person plays`, () => withUi({ viewport }, async (page, errors, backend) => {
    await newGame(page, { mode: 'human_ai', colour: 'black', level: 'master' });
    assert.deepEqual(await sidesShown(page), { black: 'human', white: 'master' });
    const searched = answerTo(page, 'ai_move');
    await place(page, 7, 7);
    await page.locator('#ai-thinking').waitFor();
    await page.locator('#ai-depth', { hasText: 'depth' }).waitFor();
    assert.equal(await page.locator('#side-white').isEnabled(), true, 'the side can be changed while it thinks');

    const before = Date.now();
    const handed = await handSide(page, 'white', 'human');
    assert.deepEqual(sidesOf(handed), { black: 'human', white: 'human' });
    // The search stops (the master would think 5 s): its answer is `stale`, and nothing is drawn of it.
    const answer = await (await searched).text();
    assert.match(answer, /event: error/);
    assert.match(answer, /"kind":"stale"/);
    await page.locator('#ai-thinking').waitFor({ state: 'hidden' });
    assert.ok(Date.now() - before < 3000, `the search stopped at once: ${Date.now() - before} ms`);
    await page.locator('#turn-text', { hasText: 'White to move' }).waitFor();
    assert.equal(await page.locator('#message').isHidden(), true, 'no error is shown');
    assert.equal(await page.locator('#board .stone').count(), 1, 'no computer stone landed');
    assert.equal(await page.locator('#board').getAttribute('aria-disabled'), 'false', 'the board is open');
    let view = await backend.call('game_view');
    assert.equal(view.stones.length, 1);
    assert.equal(view.mode, 'human_human');
    assert.equal(view.ai_to_move, false);
    assert.deepEqual(sidesOf(view), await sidesShown(page));
    assert.equal((await calls(page, 'ai_move')).length, 1, 'the computer was not asked again');

    await place(page, 8, 8);
    assert.equal(await stone(page, 8, 8).getAttribute('data-stone'), 'white');
    view = await backend.call('game_view');
    assert.deepEqual(view.stones.map((s) => [s.x, s.y, s.stone]), [[7, 7, 'black'], [8, 8, 'white']]);
    assert.equal(view.to_move, 'black');
    assert.equal(await page.locator('#message').isHidden(), true);
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${viewport}: the side controls are off once the game is over`, () => withUi({
    viewport,
    async setup(backend) {
      // Black has four in a row on the top line; white is elsewhere.
      await backend.call('new_game', { config: { mode: 'human_human', rule: 'freestyle', size: 15 } });
      for (const [x, y] of [[0, 0], [0, 5], [1, 0], [1, 5], [2, 0], [2, 5], [3, 0], [3, 5]]) {
        await backend.call('play', { x, y });
      }
    },
  }, async (page, errors, backend) => {
    await page.locator('#home-continue').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 3, 5).waitFor();
    assert.equal(await page.locator('#side-white').isEnabled(), true);
    await place(page, 4, 0);
    await page.locator('#dialog-game-over').waitFor();
    assert.equal((await backend.call('game_view')).outcome?.winner, 'black');
    // The dialog closed, the finished game shows: the controls say who played, and cannot change it.
    await page.keyboard.press('Escape');
    await page.locator('#dialog-game-over').waitFor({ state: 'hidden' });
    assert.equal(await page.locator('#side-black').isDisabled(), true);
    assert.equal(await page.locator('#side-white').isDisabled(), true);
    assert.deepEqual(await sidesShown(page), { black: 'human', white: 'human' });
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test('desktop: arrow keys on a side control hand it over step by step, the focus stays', () => withUi({ viewport: 'desktop' }, async (page, errors, backend) => {
  await newGame(page, { mode: 'human_human', rule: 'freestyle' });
  await page.locator('#side-white').focus();
  const answers = [answerTo(page, 'set_player')];
  await page.keyboard.press('ArrowDown');
  await answers[0];
  answers.push(answerTo(page, 'set_player'));
  await page.keyboard.press('ArrowDown');
  await answers[1];
  assert.deepEqual((await calls(page, 'set_player')).map((c) => c.args),
    [{ stone: 'white', player: { kind: 'ai', level: 'beginner' } }, { stone: 'white', player: { kind: 'ai', level: 'easy' } }]);
  await page.locator('#hint-text', { hasText: 'White is now played by: Computer (Easy).' }).waitFor();
  const view = await backend.call('game_view');
  assert.deepEqual(sidesOf(view), { black: 'human', white: 'easy' });
  assert.deepEqual(await sidesShown(page), sidesOf(view));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'side-white', 'the focus stays on the control');
  assert.equal(view.ai_to_move, false, 'black, a person, is to move');
  assert.equal((await calls(page, 'ai_move')).length, 0);
  assert.deepEqual(pageErrors(errors), []);
}));

test('desktop: a side handed over, then an undo: the handing\'s late answer does not put the taken-back stones back', () => withUi({ viewport: 'desktop' }, async (page, errors, backend) => {
  await newGame(page, { mode: 'human_human', rule: 'freestyle' });
  await place(page, 7, 7);
  await place(page, 8, 7);
  await page.locator('#turn-text', { hasText: 'Black to move' }).waitFor();

  // The service hands white over at once; its answer reaches the page
  // only after the undo's, as answers on two connections may.
  const handing = await holdReplies(page, 'set_player');
  await page.locator('#side-white').selectOption('beginner');
  await handing.done;
  const handedView = await backend.call('game_view');
  assert.equal(handedView.stones.length, 2, 'handing a side over takes nothing back');

  // Against the computer an undo goes back to the person's turn: both stones.
  const undone = answerTo(page, 'undo');
  await page.locator('#game-undo').click();
  assert.equal((await undone).status(), 200);
  await page.locator('#board .stone').first().waitFor({ state: 'detached' });

  const late = answerTo(page, 'set_player');
  handing.release();
  assert.equal((await late).status(), 200);
  await page.locator('#hint-text', { hasText: 'White is now played by: Computer (Beginner).' }).waitFor();
  const view = await backend.call('game_view');
  assert.deepEqual(view.stones, [], 'the service took both stones back');
  assert.equal(await page.locator('#board .stone').count(), 0, 'the page shows the board the service has');
  assert.equal(await page.locator('#count-moves').textContent(), '0', 'the move count says so too');
  assert.deepEqual(sidesOf(view), { black: 'human', white: 'beginner' });
  assert.deepEqual(await sidesShown(page), sidesOf(view));
  await page.locator('#turn-text', { hasText: 'Your move (black)' }).waitFor();
  assert.equal((await calls(page, 'ai_move')).length, 0, 'black, a person, is to move');
  assert.deepEqual(pageErrors(errors), []);
}));

/** The first empty point from the centre outwards, as the service's board has it. */
async function freePoint(backend) {
  const view = await backend.call('game_view');
  const taken = new Set(view.stones.map((s) => `${s.x},${s.y}`));
  const c = Math.floor(view.size / 2);
  for (let r = 0; r < view.size; r += 1) {
    for (let dy = -r; dy <= r; dy += 1) {
      for (let dx = -r; dx <= r; dx += 1) {
        const x = c + dx;
        const y = c + dy;
        if (x < 0 || y < 0 || x >= view.size || y >= view.size) continue;
        if (!taken.has(`${x},${y}`)) return { x, y };
      }
    }
  }
  throw new Error('the board is full');
}

// The look: the first-move choice and the side controls, in both themes at both sizes.
for (const viewport of ['desktop', 'phone']) {
  for (const theme of ['light', 'dark']) {
    test(`${viewport} ${theme}: the first-move choice and the side controls look finished`, () => withUi({
      viewport,
      colorScheme: theme,
      reducedMotion: 'reduce',
      async setup(backend) {
        // A two-player game where white went first, white since handed to the computer.
        await backend.call('new_game', { config: { mode: 'human_human', rule: 'standard', size: 15, first: 'white' } });
        for (const [x, y] of [[7, 7], [8, 8], [8, 6], [6, 8], [9, 5]]) await backend.call('play', { x, y });
        await backend.call('set_player', { stone: 'white', player: { kind: 'ai', level: 'hard' } });
      },
    }, async (page, errors, backend) => {
      await page.locator('#new-game').click();
      await page.locator('#new-game-mode input[value="human_ai"]').check();
      await page.locator('#new-game-rule').selectOption('freestyle');
      await page.locator('#new-game-first input[value="white"]').check();
      await page.locator('#new-game-colour input[value="white"]').check();
      // "You play" follows who moves first.
      await page.locator('#new-game-colour', { hasText: 'White, you move first' }).waitFor();
      await page.locator('#new-game-colour', { hasText: 'Black, the computer moves first' }).waitFor();
      await page.evaluate(() => document.querySelector('.screen:not([hidden])').scrollTo(0, 0));
      await screenshot(page, `hands-${viewport}-${theme}-new-game`);

      await page.locator('#nav-home').click();
      await page.locator('#home-continue').click();
      await page.locator('#screen-game').waitFor();
      await page.locator('#board .stone').nth(4).waitFor();
      const view = await backend.call('game_view');
      assert.deepEqual(sidesOf(view), { black: 'human', white: 'hard' });
      assert.deepEqual(await sidesShown(page), sidesOf(view));
      // On a phone the two controls share a row, and say it shorter.
      assert.equal(await page.locator('#side-white option:checked').textContent(), viewport === 'phone' ? 'AI Hard' : 'Computer (Hard)');
      // The person's side is named: the open profile plays it.
      assert.equal(await page.locator('#side-black option:checked').textContent(), 'Player');
      await page.locator('#turn-text', { hasText: 'Your move (black)' }).waitFor();
      await checkLayout(page, viewport);
      await screenshot(page, `hands-${viewport}-${theme}-game`);
      assert.deepEqual(pageErrors(errors), []);
    }));
  }
}
