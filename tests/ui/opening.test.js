// Tournament openings on the new-game and game screens: Swap2 between two
// people, Soosõrv-8 between two people (its central squares, the count of
// fifth moves, the offers and the pick), and Swap against the computer,
// which decides by itself. Everything runs against the real game service
// (`wuzi serve`) by clicks and taps as players make them; the panel's words
// are checked at every step, in English and Chinese, in both themes, at
// desktop and phone sizes, with a screenshot of each kind of step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useUi, newGame, place, tapPoint, stone, calls, screenshot } from './support.js';
import { pageErrors, checkLayout } from './play-states.js';

const { withUi } = useUi();

/** The page's answer to its next `cmd` command. */
const answerTo = (page, cmd) => page.waitForResponse((r) => new URL(r.url()).pathname === `/ipc/${cmd}`);

/** The ways each walkthrough is seen: size, theme and language, and the suffix of its screenshots. */
const VARIANTS = {
  en: { viewport: 'desktop', colorScheme: 'light', locale: 'en-US', lang: 'en', name: 'en' },
  darkZh: { viewport: 'desktop', colorScheme: 'dark', locale: 'zh-CN', lang: 'zh', name: 'dark-zh' },
  phoneEn: { viewport: 'phone', colorScheme: 'light', locale: 'en-US', lang: 'en', name: 'phone-en' },
  phoneDarkZh: { viewport: 'phone', colorScheme: 'dark', locale: 'zh-CN', lang: 'zh', name: 'phone-dark-zh' },
};

/** What the panel and the page say, word for word, in each language. */
const WORDS = {
  en: {
    player: 'Player',
    stone: { black: 'black', white: 'white' },
    swap2Place: (n, s) => `Swap2 — Player (black): place the opening stones — stone ${n} of 3, ${s}`,
    swap2Choose: 'Swap2 — Ann (white): choose: stay white, take black, or place two more stones',
    swap2Buttons: ['Stay white', 'Take black', 'Place two more'],
    chooseFirst: 'Choose first, with the opening’s buttons: it asks for a decision now, not a stone.',
    swap2PlaceTwo: (n, s) => `Swap2 — Ann (white): place two more stones — stone ${n} of 2, ${s}`,
    swap2Choose2: 'Swap2 — Player (black): choose: stay black or take white',
    swap2Buttons2: ['Stay black', 'Take white'],
    swap2Summary: 'Swap2: white placed two more; black swapped',
    whiteToMove: 'White to move',
    turnPlaceBlack: 'Opening: a black stone next',
    turnWhiteDecides: 'Opening: White decides',
    soosCentre: 'Soosõrv-8 — Player (black): place stone 1 (black) on the centre point',
    soosArea: (n, s, a) => `Soosõrv-8 — Player (black): place stone ${n} (${s}) inside the central ${a} × ${a} square`,
    outside3: 'This stone must be inside the central 3 × 3 square.',
    soosChoose: 'Soosõrv-8 — Ann (white): choose: stay white or take black',
    soosFourth: 'Soosõrv-8 — Ann (white): place stone 4 (white) anywhere',
    soosDeclare: 'Soosõrv-8 — Ann (white): how many fifth moves must black offer? (1–8)',
    soosChoose2: 'Soosõrv-8 — Player (black): choose: stay black or take white',
    soosOffer: (n) => `Soosõrv-8 — Player (black): offer fifth moves on the board — ${n} of 2 offered`,
    symmetric: 'That fifth move mirrors one already offered.',
    soosPick: 'Soosõrv-8 — Ann (white): pick one of black’s offered fifth moves',
    notOffered: 'Pick one of black’s offered fifth moves.',
    soosSummary: 'Soosõrv-8: white stayed; white asked for 2 fifth moves; black stayed; white picked J6',
  },
  zh: {
    player: '玩家',
    stone: { black: '黑子', white: '白子' },
    swap2Place: (n, s) => `二次交换——玩家（执黑）：摆开局棋子——第 ${n} / 3 子，${s}`,
    swap2Choose: '二次交换——Ann（执白）：请选择——保持白方、换成黑方，或再摆两子',
    swap2Buttons: ['保持白方', '换成黑方', '再摆两子'],
    chooseFirst: '请先用开局面板的按钮作出选择：现在要的是选择，不是落子。',
    swap2PlaceTwo: (n, s) => `二次交换——Ann（执白）：再摆两子——第 ${n} / 2 子，${s}`,
    swap2Choose2: '二次交换——玩家（执黑）：请选择——保持黑方，或换成白方',
    swap2Buttons2: ['保持黑方', '换成白方'],
    swap2Summary: '二次交换：白方再摆两子；黑方交换',
    whiteToMove: '轮到白方',
    turnPlaceBlack: '开局：下一子为黑子',
    turnWhiteDecides: '开局：白方选择',
    soosCentre: '索索夫-8——玩家（执黑）：第 1 子（黑子）下在天元',
    soosArea: (n, s, a) => `索索夫-8——玩家（执黑）：第 ${n} 子（${s}）下在中央 ${a} × ${a} 范围内`,
    outside3: '这一子须下在中央 3 × 3 范围内。',
    soosChoose: '索索夫-8——Ann（执白）：请选择——保持白方，或换成黑方',
    soosFourth: '索索夫-8——Ann（执白）：第 4 子（白子）可下在任意位置',
    soosDeclare: '索索夫-8——Ann（执白）：黑方第五手须打几个点？（1–8）',
    soosChoose2: '索索夫-8——玩家（执黑）：请选择——保持黑方，或换成白方',
    soosOffer: (n) => `索索夫-8——玩家（执黑）：在棋盘上打出第五手点——已打 ${n} / 2`,
    symmetric: '这个第五手与已打的点对称，不能再打。',
    soosPick: '索索夫-8——Ann（执白）：从黑方的打点中选一个',
    notOffered: '请从黑方的打点中选一个。',
    soosSummary: '索索夫-8：白方不交换；白方要求五手 2 打；黑方不交换；白方选定 J6',
  },
};

/** Waits until the opening panel shows and says exactly `text`; fails with what it says instead. */
async function expectAsk(page, text) {
  try {
    await page.waitForFunction((want) => !document.querySelector('#opening-panel').hidden
      && document.querySelector('#opening-text').textContent === want, text);
  } catch {
    assert.equal(await page.locator('#opening-text').textContent(), text, 'the opening panel says');
    assert.fail('the opening panel is hidden');
  }
}

/** The choice buttons shown, by their words, in order. */
async function buttonsShown(page) {
  return page.locator('#opening-choices button:visible').allTextContents();
}

/** Taps `x, y`, which the service refuses: resolves once the error line says `text`. */
async function refused(page, x, y, text) {
  const answered = answerTo(page, 'play');
  await tapPoint(page, x, y);
  const response = await answered;
  assert.equal(response.ok(), false, `the service refused ${x},${y}`);
  assert.equal((await response.json()).kind, 'opening');
  await page.waitForFunction((want) => {
    const box = document.querySelector('#message');
    return !box.hidden && box.textContent === want && box.dataset.kind === 'opening';
  }, text);
  assert.equal(await stone(page, x, y).count(), 0, 'no stone was placed');
}

/** Clicks an opening button and waits for the service's answer to be drawn. */
async function decide(page, id) {
  const answered = answerTo(page, 'opening_choice');
  await page.locator(`#${id}`).click();
  assert.equal((await answered).status(), 200);
}

/** Who the side controls name for each colour. */
async function namesShown(page) {
  return {
    black: await page.locator('#side-black option:checked').textContent(),
    white: await page.locator('#side-white option:checked').textContent(),
  };
}

/**
 * One screenshot of a step, and the layout checked there: the board stays
 * the largest thing, its full width on a phone. A refusal's message line
 * (above every screen) takes room of its own, so with one showing only the
 * picture is taken.
 */
async function shot(page, variant, name) {
  if (await page.locator('#message').isHidden()) await checkLayout(page, variant.viewport);
  await screenshot(page, `opening-${name}-${variant.name}`);
}

for (const variant of [VARIANTS.en, VARIANTS.phoneDarkZh]) {
  const w = WORDS[variant.lang];
  test(`${variant.name}: Swap2 between two people — three stones, two more, then black's holder swaps`, () => withUi(variant, async (page, errors, backend) => {
    await page.locator('#screen-home').waitFor();
    // The new-game screen offers the openings of the rule; with one, who moves first is not asked.
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_human"]').check();
    await page.locator('#new-game-rule').selectOption('freestyle');
    const offered = () => page.locator('#new-game-opening option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(await offered(), ['', 'swap', 'swap2']);
    assert.equal(await page.locator('#new-game-first').isVisible(), true, 'no opening: who moves first is asked');
    await page.locator('#new-game-opening').selectOption('swap2');
    await page.locator('#new-game-first').waitFor({ state: 'hidden' });
    await page.locator('#new-game-rule').selectOption('renju');
    assert.deepEqual(await offered(), ['', 'soosorv8'], 'renju has its own opening');
    await page.locator('#new-game-rule').selectOption('freestyle');
    assert.equal(await page.locator('#new-game-opening').inputValue(), 'swap2', 'the pick returns with its rule');
    assert.match(await page.locator('#new-game-opening-note').textContent(),
      variant.lang === 'en' ? /^Black places three stones .* The player given black opens;/ : /^黑方先摆三子.*执黑的一方开局；/);
    await page.locator('#new-game-opening-note').scrollIntoViewIfNeeded();
    await screenshot(page, `opening-new-game-${variant.name}`);
    await newGame(page, { mode: 'human_human', opening: 'swap2', guest: 'Ann' });
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.equal(config.opening, 'swap2');
    assert.equal(config.first, 'black');

    // Player, given black, opens: three stones, black, white, black.
    await expectAsk(page, w.swap2Place(1, w.stone.black));
    assert.equal(await page.locator('#opening-panel').getAttribute('data-step'), 'place');
    assert.equal(await page.locator('#turn-text').textContent(), w.turnPlaceBlack);
    assert.deepEqual(await buttonsShown(page), []);
    await shot(page, variant, 'swap2-place');
    await place(page, 7, 7);
    await expectAsk(page, w.swap2Place(2, w.stone.white));
    await place(page, 8, 7);
    await expectAsk(page, w.swap2Place(3, w.stone.black));
    await place(page, 9, 9);
    assert.equal(await stone(page, 8, 7).getAttribute('data-stone'), 'white', 'the opener placed a white stone');

    // Ann, holding white, chooses; a stone now is refused with the reason.
    await expectAsk(page, w.swap2Choose);
    assert.equal(await page.locator('#turn-text').textContent(), w.turnWhiteDecides);
    assert.deepEqual(await buttonsShown(page), w.swap2Buttons);
    assert.equal(await page.locator('#game-hint').isDisabled(), true, 'no hint while a decision is asked');
    await shot(page, variant, 'swap2-choose');
    await refused(page, 3, 3, w.chooseFirst);
    await shot(page, variant, 'swap2-choose-refused');
    await decide(page, 'opening-place-two');

    // Ann places a white and a black stone.
    await expectAsk(page, w.swap2PlaceTwo(1, w.stone.white));
    assert.deepEqual(await buttonsShown(page), []);
    await place(page, 6, 6);
    await expectAsk(page, w.swap2PlaceTwo(2, w.stone.black));
    await shot(page, variant, 'swap2-place-two');
    await place(page, 6, 8);

    // Player, holding black, chooses between the two colours: swaps to white.
    await expectAsk(page, w.swap2Choose2);
    assert.deepEqual(await buttonsShown(page), w.swap2Buttons2);
    assert.deepEqual(await namesShown(page), { black: w.player, white: 'Ann' });
    await shot(page, variant, 'swap2-choose-black');
    await decide(page, 'opening-swap');

    // The opening is over: the panel goes, the names changed sides, the summary says how.
    await page.locator('#opening-panel').waitFor({ state: 'hidden' });
    assert.deepEqual(await namesShown(page), { black: 'Ann', white: w.player });
    assert.equal(await page.locator('#opening-summary').textContent(), w.swap2Summary);
    assert.equal(await page.locator('#turn-text').textContent(), w.whiteToMove);
    const view = await backend.call('game_view');
    assert.equal(view.players.white.name, 'Player');
    assert.equal(view.players.black.name, 'Ann');
    assert.deepEqual(view.opening.choices, ['place_two', 'swap']);
    await shot(page, variant, 'swap2-done');
    // White (now Player) plays on, and the summary stays.
    await place(page, 5, 5);
    assert.equal(await stone(page, 5, 5).getAttribute('data-stone'), 'white');
    assert.equal(await page.locator('#opening-summary').textContent(), w.swap2Summary);

    // Black resigns; the review of the game says how its opening went.
    await page.locator('#game-resign').click();
    await page.locator('#confirm-ok').click();
    await page.locator('#dialog-game-over').waitFor();
    await page.locator('#game-over-review').click();
    await page.locator('#screen-replay').waitFor();
    await page.locator('#replay-opening').waitFor();
    assert.equal(await page.locator('#replay-opening').textContent(), w.swap2Summary);
    await screenshot(page, `opening-replay-${variant.name}`);
    assert.deepEqual(pageErrors(errors), []);
  }));
}

for (const variant of [VARIANTS.darkZh, VARIANTS.phoneEn]) {
  const w = WORDS[variant.lang];
  test(`${variant.name}: Soosõrv-8 between two people — the central squares, two fifth moves offered, one picked`, () => withUi(variant, async (page, errors, backend) => {
    await page.locator('#screen-home').waitFor();
    await newGame(page, { mode: 'human_human', rule: 'renju', opening: 'soosorv8', guest: 'Ann' });
    assert.equal((await calls(page, 'new_game')).at(-1).args.config.opening, 'soosorv8');

    // Stone 1 on the centre point, stone 2 in the central 3x3 (a stone outside is refused), stone 3 in the 5x5.
    await expectAsk(page, w.soosCentre);
    assert.equal(await page.locator('#board .opening-area').getAttribute('data-area'), '1');
    await shot(page, variant, 'soosorv-centre');
    await place(page, 7, 7);
    await expectAsk(page, w.soosArea(2, w.stone.white, 3));
    assert.equal(await page.locator('#board .opening-area').getAttribute('data-area'), '3');
    await shot(page, variant, 'soosorv-area');
    await refused(page, 7, 4, w.outside3);
    await shot(page, variant, 'soosorv-area-refused');
    await place(page, 7, 6);
    await expectAsk(page, w.soosArea(3, w.stone.black, 5));
    await place(page, 7, 9);

    // Ann (white) stays white, places stone 4 anywhere, and asks for two fifth moves.
    await expectAsk(page, w.soosChoose);
    assert.equal(await page.locator('#board .opening-area').count(), 0, 'no square once the stones are down');
    await decide(page, 'opening-stay');
    await expectAsk(page, w.soosFourth);
    await place(page, 7, 4);
    await expectAsk(page, w.soosDeclare);
    assert.deepEqual(await page.locator('#opening-count option').allTextContents(), ['1', '2', '3', '4', '5', '6', '7', '8']);
    await page.locator('#opening-count').selectOption('2');
    await shot(page, variant, 'soosorv-declare');
    await decide(page, 'opening-declare');
    assert.deepEqual((await calls(page, 'opening_choice')).at(-1).args, { choice: { declare: 2 } });

    // Player (black) stays black and offers: every stone so far is on one
    // column, so a point and its mirror image across it are one offer.
    await expectAsk(page, w.soosChoose2);
    await decide(page, 'opening-stay');
    await expectAsk(page, w.soosOffer(0));
    await tapPoint(page, 6, 10);
    await expectAsk(page, w.soosOffer(1));
    const offer = page.locator('#board .offer[data-x="6"][data-y="10"]');
    assert.equal(await offer.getAttribute('data-label'), '5a');
    assert.equal(await stone(page, 6, 10).count(), 0, 'an offer is no stone');
    await shot(page, variant, 'soosorv-offer');
    await refused(page, 8, 10, w.symmetric);
    await shot(page, variant, 'soosorv-offer-refused');
    await tapPoint(page, 9, 9);

    // Ann (white) picks one of the two: a point not offered is refused; the pick becomes move 5.
    await expectAsk(page, w.soosPick);
    assert.deepEqual(await page.locator('#board .offer').evaluateAll((os) => os.map((o) => `${o.dataset.x},${o.dataset.y},${o.dataset.label}`)),
      ['6,10,5a', '9,9,5b']);
    assert.equal(await page.locator('#game-hint').isDisabled(), true, 'no hint while white picks');
    assert.equal(await page.locator('#game-sides .side.to-move #side-white').count(), 1, 'white, who picks, is the side marked to act');
    await shot(page, variant, 'soosorv-pick');
    await refused(page, 5, 5, w.notOffered);
    await shot(page, variant, 'soosorv-pick-refused');
    await place(page, 9, 9);
    assert.equal(await stone(page, 9, 9).getAttribute('data-stone'), 'black');
    assert.equal(await stone(page, 9, 9).getAttribute('data-number'), '5');
    await page.locator('#opening-panel').waitFor({ state: 'hidden' });
    assert.equal(await page.locator('#board .offer').count(), 0, 'the offers go once one is picked');
    assert.equal(await page.locator('#opening-summary').textContent(), w.soosSummary);
    assert.equal(await page.locator('#turn-text').textContent(), w.whiteToMove);
    assert.deepEqual(await namesShown(page), { black: w.player, white: 'Ann' });
    const view = await backend.call('game_view');
    assert.deepEqual(view.stones.map((s) => `${s.x},${s.y},${s.stone}`), ['7,7,black', '7,6,white', '7,9,black', '7,4,white', '9,9,black']);
    await shot(page, variant, 'soosorv-done');
    assert.deepEqual(pageErrors(errors), []);
  }));
}

for (const variant of [VARIANTS.en, VARIANTS.phoneDarkZh]) {
  test(`${variant.name}: Swap against the computer — the person opens, the computer takes a colour by itself, play goes on`, () => withUi(variant, async (page, errors, backend) => {
    await page.locator('#screen-home').waitFor();
    const en = variant.lang === 'en';
    // Against the computer, "You play" is the colour one starts as: black opens.
    await page.locator('#new-game').click();
    await page.locator('#new-game-mode input[value="human_ai"]').check();
    await page.locator('#new-game-rule').selectOption('standard');
    await page.locator('#new-game-opening').selectOption('swap');
    assert.equal(await page.locator('#new-game-colour-black-text').textContent(), en ? 'Black, you open' : '黑棋，你来开局');
    assert.equal(await page.locator('#new-game-colour-white-text').textContent(), en ? 'White, the computer opens' : '白棋，电脑开局');
    assert.match(await page.locator('#new-game-opening-note').textContent(), en ? /“You play” is the colour you start with: black opens\./ : /“你执”是你开始时的颜色：黑方开局。/);
    await page.locator('#new-game-opening-note').scrollIntoViewIfNeeded();
    await screenshot(page, `opening-new-game-computer-${variant.name}`);
    await newGame(page, { mode: 'human_ai', level: 'easy', colour: 'black', opening: 'swap' });
    const config = (await calls(page, 'new_game')).at(-1).args.config;
    assert.deepEqual([config.rule, config.opening, config.humanStone, config.whiteLevel], ['standard', 'swap', 'black', 'easy']);
    await expectAsk(page, en ? 'Swap — Player (black): place the opening stones — stone 1 of 3, black'
      : '交换——玩家（执黑）：摆开局棋子——第 1 / 3 子，黑子');
    await shot(page, variant, 'swap-computer-place');
    await place(page, 7, 7);
    await place(page, 8, 7);
    // Every text the panel shows from here on, however briefly: the computer's turn is quick.
    await page.evaluate(() => {
      const text = document.querySelector('#opening-text');
      window.openingTexts = [];
      new MutationObserver(() => window.openingTexts.push(text.textContent))
        .observe(text, { childList: true, characterData: true, subtree: true });
    });
    const decided = answerTo(page, 'ai_move');
    await place(page, 9, 9);
    assert.equal((await decided).status(), 200);
    await page.locator('#opening-panel').waitFor({ state: 'hidden' });
    const seen = await page.evaluate(() => window.openingTexts);
    assert.ok(seen.includes(en ? 'Swap — Computer, Easy (white): choose: stay white or take black (thinking…)'
      : '交换——电脑·简单（执白）：请选择——保持白方，或换成黑方（思考中…）'), `the panel said the computer was choosing: ${JSON.stringify(seen)}`);

    // The computer's choice is its own: each is checked for what it means.
    const view = await backend.call('game_view');
    const [choice] = view.opening.choices;
    assert.ok(['stay', 'swap'].includes(choice), `the computer chose a colour: ${choice}`);
    const swapped = choice === 'swap';
    assert.equal(view.opening.swapped, swapped);
    const person = swapped ? 'white' : 'black';
    const computer = swapped ? 'black' : 'white';
    assert.equal(await page.locator(`#side-${person}`).inputValue(), 'human');
    assert.equal(await page.locator(`#side-${computer}`).inputValue(), 'easy');
    const summaries = en
      ? { stay: 'Swap: white stayed', swap: 'Swap: white swapped' }
      : { stay: '交换：白方不交换', swap: '交换：白方交换' };
    assert.equal(await page.locator('#opening-summary').textContent(), summaries[choice]);
    // White plays on: the computer when it stayed white, the person when it took black.
    const before = swapped ? 3 : 4;
    await page.locator('#board .stone').nth(before - 1).waitFor();
    await page.waitForFunction(() => !document.querySelector('#board').classList.contains('locked'));
    const now = await backend.call('game_view');
    assert.equal(now.stones.length, before);
    assert.equal(now.to_move, person);
    const free = [[3, 3], [11, 11], [3, 11]].find(([x, y]) => !now.stones.some((s) => s.x === x && s.y === y));
    const answered = answerTo(page, 'ai_move');
    await place(page, ...free);
    assert.equal(await stone(page, ...free).getAttribute('data-stone'), person);
    assert.equal((await answered).status(), 200);
    await page.locator('#board .stone').nth(before + 1).waitFor();
    assert.equal(await page.locator('#opening-panel').isHidden(), true);
    await shot(page, variant, 'swap-computer-done');
    assert.deepEqual(pageErrors(errors), []);
  }));
}
