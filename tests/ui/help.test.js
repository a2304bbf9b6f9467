// Around the game, against the real game service: the help screen (the
// rules with their diagrams, the keys, the version and licences) in both
// languages and themes at both sizes; the game-over drawing of the winning
// five, and none where there is no five; the end of a review's autoplay;
// the live region that says the computer's moves, results and refusals; and
// counts that say "1 move", not "1 moves". Screenshots in tests/output/ui/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, screenshot, newGame, place, point, stone } from './support.js';
import { setSettings, pageErrors } from './play-states.js';
import { QUICK_FIVE, RENJU_POSITION, playMoves, twoPlayerGame } from './record-states.js';

const ui = useUi();

/** A list the help module exports (DIAGRAMS, SHORTCUTS), read from the page's own copy. */
const fromHelp = (page, name) => page.evaluate(async (what) => (await import('./js/help.js'))[what], name);

/** The diagrams each rule shows, by their keys, as the help module lists them. */
const SHAPES = { freestyle: ['five', 'sixWins'], standard: ['five', 'sixNoWin'], renju: ['double_three', 'double_four', 'overline'] };

/** Nothing wider than the window, and on a phone every visible button 44 px high. */
async function checkLayout(page, phone) {
  const problems = await page.evaluate((touch) => {
    const found = [];
    const width = document.documentElement.clientWidth;
    const scope = document.querySelector('dialog[open]') ?? document.querySelector('.screen:not([hidden])');
    for (const el of [...scope.querySelectorAll('button, select, input, figure, table'), ...document.querySelectorAll('.topbar button')]) {
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (box.right > width + 1) found.push(`${el.id || el.className || el.tagName} ends at ${box.right}`);
      if (touch && el.matches('button') && box.height < 44) found.push(`${el.id || el.className} is ${Math.round(box.height)}px high`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    return found;
  }, phone);
  assert.deepEqual(problems, []);
}

/** Scrolls `selector` to the top of the help screen and takes a screenshot. */
async function shotAt(page, selector, name) {
  await page.locator(selector).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await screenshot(page, name);
}

for (const viewport of ['desktop', 'phone']) {
  for (const theme of ['light', 'dark']) {
    for (const language of ['en', 'zh']) {
      const name = `${viewport}-${theme}-${language}`;
      test(`${name}: the help shows each rule with its diagrams, the keys, the version and licences`, () => ui.withUi({
        viewport,
        colorScheme: theme,
        reducedMotion: 'reduce',
        async setup(backend) {
          await setSettings(backend, { language });
        },
      }, async (page, errors, backend) => {
        await page.locator('#screen-home').waitFor();
        await page.locator('#home-help').click();
        await page.locator('#screen-help').waitFor();
        assert.equal(await page.evaluate(() => document.body.dataset.screen), 'help');

        for (const [rule, shapes] of Object.entries(SHAPES)) {
          const article = page.locator(`#help-rules [data-rule="${rule}"]`);
          assert.deepEqual(await article.locator('.help-diagram').evaluateAll((f) => f.map((x) => x.dataset.shape)), shapes, rule);
          // Each diagram is a small board of stones with its caption.
          for (const shape of shapes) {
            const figure = article.locator(`.help-diagram[data-shape="${shape}"]`);
            assert.ok((await figure.locator('.stone').count()) >= 4, `${rule} ${shape} has stones`);
            assert.notEqual((await figure.locator('figcaption').textContent()).trim(), '');
          }
        }
        // A five is drawn with the winning line; standard's six is not a win.
        assert.equal(await page.locator('[data-rule="freestyle"] [data-shape="five"] .win-line').count(), 1);
        assert.equal(await page.locator('[data-rule="freestyle"] [data-shape="sixWins"] .win-ring').count(), 6);
        assert.equal(await page.locator('[data-rule="standard"] [data-shape="sixNoWin"] .win-line').count(), 0);
        // Renju's three shapes, each with black's forbidden point marked as the game board marks it.
        for (const kind of ['double_three', 'double_four', 'overline']) {
          const marks = page.locator(`[data-rule="renju"] [data-shape="${kind}"] .forbidden`);
          assert.equal(await marks.count(), 1, kind);
          assert.equal(await marks.getAttribute('data-kind'), kind);
          assert.equal(await marks.locator('line').count(), 2, `${kind}: a red ×`);
          assert.equal(await page.locator(`[data-rule="renju"] [data-shape="${kind}"] .stone.white`).count(), 0);
        }
        const renjuText = await page.locator('[data-rule="renju"]').textContent();
        assert.match(renjuText, language === 'en' ? /exactly five[\s\S]*double three[\s\S]*double four[\s\S]*overline[\s\S]*White has no forbidden points/ : /恰好五子[\s\S]*三三[\s\S]*四四[\s\S]*长连[\s\S]*白方没有禁手/);
        assert.match(await page.locator('[data-rule="freestyle"]').textContent(), language === 'en' ? /Five or more/ : /五子或更多/);
        assert.match(await page.locator('[data-rule="standard"]').textContent(), language === 'en' ? /Exactly five/ : /恰好连成五子/);
        // The tournament openings, one card each, with the steps a player
        // meets in the game panel.
        assert.deepEqual(await page.locator('#help-openings [data-opening]').evaluateAll((a) => a.map((x) => x.dataset.opening)),
          ['swap', 'swap2', 'soosorv8']);
        assert.match(await page.locator('#help-openings [data-opening="swap2"]').textContent(),
          language === 'en' ? /Swap2[\s\S]*keeps white, takes black, or places two more stones/ : /二次交换[\s\S]*继续执白、改执黑，或再摆两子/);
        assert.match(await page.locator('#help-openings [data-opening="soosorv8"]').textContent(),
          language === 'en' ? /central 3×3[\s\S]*1 to 8[\s\S]*no two of them mirror images/ : /中央 3×3[\s\S]*1 到 8[\s\S]*不得对称/);

        // The keys, one row per shortcut the handlers answer.
        const rows = await page.locator('#help-keys tr[data-action]').evaluateAll((r) => r.map((x) => [x.dataset.action, x.dataset.keys]));
        assert.deepEqual(rows, (await fromHelp(page, 'SHORTCUTS')).map((s) => [s.action, s.keys.map((c) => c.join('+')).join(' ')]));
        assert.deepEqual(rows.map(([action]) => action), ['help', 'back', 'undo', 'redo', 'newGame', 'toBoard', 'move', 'place', 'step', 'jump', 'mistake', 'cancel']);
        const undo = await page.locator('#help-keys tr[data-action="undo"]').textContent();
        assert.match(undo, language === 'en' ? /Ctrl\+Z\s*Undo/ : /Ctrl\+Z\s*悔棋/);
        assert.match(await page.locator('#help-keys tr[data-action="help"]').textContent(), /F1.*\?/);

        // The version and licence come from the service.
        const info = await backend.call('app_info');
        assert.equal(info.licence, 'MIT OR Apache-2.0');
        assert.equal(await page.locator('#help-version').textContent(), language === 'en' ? `Wuzi ${info.version}` : `五子 ${info.version}`);
        assert.match(await page.locator('#help-licence').textContent(), /\(MIT OR Apache-2\.0\)|（MIT OR Apache-2\.0）/);
        assert.match(await page.locator('#help-third-party').textContent(), language === 'en' ? /own licence/ : /各有自己的许可证/);

        await checkLayout(page, viewport === 'phone');
        await page.evaluate(() => document.querySelector('#screen-help').scrollTo(0, 0));
        await screenshot(page, `${name}-help`);
        await shotAt(page, '#help-rules [data-rule="renju"]', `${name}-help-renju`);
        await shotAt(page, '#help-keys', `${name}-help-keys`);
        await shotAt(page, '#help-third-party', `${name}-help-about`);

        // Esc goes back to where the help was opened from.
        await page.keyboard.press('Escape');
        await page.locator('#screen-home').waitFor();
        assert.deepEqual(pageErrors(errors), []);
      }));
    }
  }
}

test('the help opens with F1, ? and the ? button from a game, and Back returns to the game as it was', () => ui.withUi({}, async (page, errors) => {
  await page.locator('#screen-home').waitFor();
  await page.keyboard.press('F1');
  await page.locator('#screen-help').waitFor();
  assert.equal(await page.locator('#nav-help').isVisible(), false, 'no help button on the help itself');
  await page.locator('#help-back').click();
  await page.locator('#screen-home').waitFor();

  await newGame(page);
  await place(page, 7, 7);
  await page.keyboard.press('?');
  await page.locator('#screen-help').waitFor();
  await page.locator('#help-back').click();
  await page.locator('#screen-game').waitFor();
  await stone(page, 7, 7).waitFor();
  await page.locator('#nav-help').click();
  await page.locator('#screen-help').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('#screen-game').waitFor();
  assert.equal(await page.locator('#board .stone').count(), 1);
  // Typing a ? into a name is typing, not a shortcut.
  await page.locator('#game-save').click();
  await page.locator('#prompt-input').fill('');
  await page.locator('#prompt-input').press('?');
  assert.equal(await page.locator('#prompt-input').inputValue(), '?');
  await page.locator('#prompt-cancel').click();
  assert.equal(await page.evaluate(() => document.body.dataset.screen), 'game');
  // The diagrams exist only while the help shows: the game's board is the one board.
  assert.equal(await page.locator('.help-diagram').count(), 0);
  assert.deepEqual(pageErrors(errors), []);
}));

test('each renju diagram is what the service itself marks forbidden there', () => ui.withUi({}, async (page, errors, backend) => {
  await page.locator('#screen-home').waitFor();
  const diagrams = await fromHelp(page, 'DIAGRAMS');
  {
    // Each diagram in the middle of the 15x15 board, white's stones far off in the top row.
    const offset = 4;
    for (const d of diagrams.renju) {
      const black = d.black.map(([x, y]) => [x + offset, y + offset]);
      const moves = black.flatMap((b, i) => [b, [i * 2, 0]]);
      const view = await playMoves(backend, { mode: 'human_human', rule: 'renju' }, moves);
      assert.equal(view.to_move, 'black');
      const near = view.forbidden
        .filter((f) => f.y >= offset && f.y < offset + 7 && f.x >= offset && f.x < offset + 7)
        .map((f) => ({ x: f.x - offset, y: f.y - offset, kind: f.kind }));
      assert.deepEqual(near, [d.forbidden], `${d.key}: the service marks the diagram's point, and only it`);
    }
  }
}));

test('the win dialog draws the winning five large, with the result said aloud', () => ui.withUi({
  reducedMotion: 'reduce',
  async setup(backend) {
    await playMoves(backend, { mode: 'human_human', size: 15, rule: 'freestyle' }, QUICK_FIVE.slice(0, -1));
  },
}, async (page, errors, backend) => {
  await page.locator('#home-continue').click();
  await page.locator('#screen-game').waitFor();
  await place(page, ...QUICK_FIVE.at(-1));
  await page.locator('#dialog-game-over').waitFor();
  const view = await backend.call('game_view');
  assert.deepEqual(view.outcome, { kind: 'five', winner: 'black' });
  const drawing = page.locator('#game-over-five');
  assert.ok(await drawing.isVisible());
  const stones = await drawing.locator('.five-stone').evaluateAll((s) => s.map((g) => `${g.dataset.x},${g.dataset.y}:${g.classList.contains('black') ? 'black' : 'white'}`));
  assert.deepEqual(stones, view.winning_line.map((p) => `${p.x},${p.y}:black`));
  assert.deepEqual(await drawing.locator('.name').allTextContents(), ['H8', 'I8', 'J8', 'K8', 'L8']);
  assert.equal(await drawing.locator('.win-line').count(), 1);
  assert.equal(await drawing.getAttribute('aria-label'), 'The winning stones: H8 I8 J8 K8 L8');
  // Drawn large: each stone wider than a stone on the board.
  const big = await drawing.locator('.five-stone circle').first().boundingBox();
  const small = await page.locator('#board .stone circle').first().boundingBox();
  assert.ok(big.width > small.width, `${big.width} > ${small.width}`);
  assert.equal(await page.locator('#game-over-counts').textContent(), 'Black 5 stones, white 4 stones, 9 moves');
  // Black is the open profile, named in the announcement.
  await page.locator('#live').filter({ hasText: 'Player wins. Five in a row.' }).waitFor({ state: 'attached' });
  await screenshot(page, 'desktop-light-en-game-over-five');
  await page.locator('#game-over-home').click();

  // In the night theme and in Chinese.
  await setSettings(backend, { language: 'zh', theme: 'dark' });
  await page.reload();
  await page.locator('#screen-home').waitFor();
  await newGame(page, { mode: 'human_human' });
  for (const [x, y] of QUICK_FIVE.slice(0, -1)) await place(page, x, y);
  await place(page, ...QUICK_FIVE.at(-1));
  await page.locator('#dialog-game-over').waitFor();
  assert.equal(await page.locator('#game-over-five .five-stone').count(), 5);
  assert.equal(await page.locator('#game-over-counts').textContent(), '黑子 5 枚，白子 4 枚，共 9 手');
  await page.locator('#live').filter({ hasText: '玩家 获胜。五子连珠。' }).waitFor({ state: 'attached' });
  await screenshot(page, 'desktop-dark-zh-game-over-five');
  assert.deepEqual(pageErrors(errors), []);
}));

test('a forbidden-move loss shows black\'s stone with the ×, and a resignation no stones at all', () => ui.withUi({
  viewport: 'phone',
  colorScheme: 'dark',
  reducedMotion: 'reduce',
  async setup(backend) {
    await playMoves(backend, { mode: 'human_human', rule: 'renju', forbiddenMoves: 'lose' }, RENJU_POSITION);
  },
}, async (page, errors, backend) => {
  await page.locator('#home-continue').click();
  await page.locator('#screen-game').waitFor();
  // The double three at (9,7): under "lose the game" the move is played and black loses.
  await point(page, 9, 7).tap();
  await page.locator('#board .preview[data-x="9"][data-y="7"]').waitFor();
  await point(page, 9, 7).tap();
  await page.locator('#dialog-game-over').waitFor();
  const { outcome } = await backend.call('game_view');
  assert.equal(outcome.kind, 'forbidden');
  const drawing = page.locator('#game-over-five');
  assert.ok(await drawing.isVisible());
  assert.equal(await drawing.getAttribute('data-kind'), 'forbidden');
  assert.deepEqual(await drawing.locator('.five-stone').evaluateAll((s) => s.map((g) => `${g.dataset.x},${g.dataset.y}`)), ['9,7']);
  assert.equal(await drawing.locator('.forbidden line').count(), 2);
  assert.equal(await drawing.locator('.win-line').count(), 0, 'no fake five');
  assert.match(await page.locator('#game-over-how').textContent(), /double three/);
  await screenshot(page, 'phone-dark-en-game-over-forbidden');
  await page.locator('#game-over-home').click();

  await newGame(page, { mode: 'human_human' });
  await place(page, 7, 7);
  await page.locator('#game-resign').click();
  await page.locator('#confirm-ok').click();
  await page.locator('#dialog-game-over').waitFor();
  assert.equal((await backend.call('game_view')).outcome.kind, 'resign');
  assert.equal(await page.locator('#game-over-five').isVisible(), false, 'a resignation has no five to draw');
  assert.equal(await page.locator('#game-over-five .five-stone').count(), 0);
  assert.deepEqual(pageErrors(errors), []);
}));

test('autoplay in a review says when it reaches the end, on screen and aloud', () => ui.withUi({
  reducedMotion: 'reduce',
  async setup(backend) {
    await twoPlayerGame(backend);
  },
}, async (page, errors) => {
  await page.locator('#home-review').click();
  await page.locator('.replay-item button').click();
  await page.locator('#screen-replay').waitFor();
  assert.equal(await page.locator('#replay-status').isVisible(), false);
  await page.locator('#replay-play').click();
  await page.locator('#replay-status').filter({ hasText: 'Autoplay reached the end of the game.' }).waitFor();
  assert.equal(await page.locator('#replay-position').textContent(), `Move ${QUICK_FIVE.length} of ${QUICK_FIVE.length}`);
  assert.equal(await page.locator('#replay-play').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('#live').textContent(), 'Autoplay reached the end of the game.');
  await screenshot(page, 'desktop-light-en-replay-autoplay-end');
  // Stepping back puts the message away.
  await page.keyboard.press('ArrowLeft');
  await page.locator('#replay-status').waitFor({ state: 'hidden' });
  assert.deepEqual(pageErrors(errors), []);
}));

for (const language of ['en', 'zh']) {
  test(`${language}: the live region says the computer's move and a refused move`, () => ui.withUi({
    async setup(backend) {
      await setSettings(backend, { language });
    },
  }, async (page, errors, backend) => {
    const live = page.locator('#live');
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    await newGame(page, { mode: 'human_ai', colour: 'black', level: 'beginner' });
    await place(page, 7, 7);
    await page.locator('#board .stone').nth(1).waitFor();
    const reply = (await backend.call('game_view')).stones[1];
    const name = `${String.fromCharCode(65 + reply.x)}${15 - reply.y}`;
    await live.filter({ hasText: language === 'en' ? `White plays ${name}` : `白方下在 ${name}` }).waitFor({ state: 'attached' });
    // A stone on a stone is refused, and the refusal is said too.
    await page.waitForFunction(() => !document.querySelector('#board').classList.contains('locked'));
    await point(page, 7, 7).click();
    await page.locator('#message[data-kind="occupied"]').waitFor();
    await live.filter({
      hasText: language === 'en' ? 'Not played at H8. That point already holds a stone.' : 'H8 不能落子。这里已经有棋子了。',
    }).waitFor({ state: 'attached' });
    assert.deepEqual(pageErrors(errors), []);
  }));

  test(`${language}: one stone, one move and one game are counted in the singular`, () => ui.withUi({
    async setup(backend) {
      await setSettings(backend, { language });
      await playMoves(backend, { mode: 'human_human', size: 15, rule: 'freestyle' }, [[7, 7]]);
      await backend.call('save_game', { name: 'One', overwrite: false });
    },
  }, async (page, errors) => {
    const en = language === 'en';
    await page.locator('#home-continue').click();
    await page.locator('#screen-game').waitFor();
    await stone(page, 7, 7).waitFor();
    await page.locator('#game-resign').click();
    await page.locator('#confirm-ok').click();
    await page.locator('#dialog-game-over').waitFor();
    assert.equal(await page.locator('#game-over-counts').textContent(), en ? 'Black 1 stone, white 0 stones, 1 move' : '黑子 1 枚，白子 0 枚，共 1 手');
    await screenshot(page, `desktop-light-${language}-game-over-resign`);
    await page.locator('#game-over-home').click();

    await page.locator('#home-load').click();
    const save = page.locator('.save-item[data-name="One"] .item-meta');
    await save.waitFor();
    assert.match(await save.textContent(), en ? / · 1 move$/ : / · 1 手$/);
    await page.locator('#nav-home').click();
    await page.locator('#home-review').click();
    await page.locator('.replay-item').waitFor();
    assert.equal(await page.locator('#review-total').textContent(), en ? '1 game' : '共 1 局');
    assert.match(await page.locator('.replay-item .item-meta').textContent(), en ? / · 1 move · / : / · 1 手 · /);
    assert.deepEqual(pageErrors(errors), []);
  }));
}

test('Quit is offered only in the desktop app: not in a browser page', () => ui.withUi({}, async (page) => {
  await page.locator('#screen-home').waitFor();
  await page.locator('#home-help').waitFor();
  assert.equal(await page.locator('#home-quit').isHidden(), true);
}));
