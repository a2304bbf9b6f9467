// A Swap2 opening against the computer in the real app, by clicks as a
// player makes them: the person, given black, places the three opening
// stones; the computer decides by itself (it may place two more stones and
// hand the choice back, or take a colour at once); then each side plays an
// ordinary move. The computer's decision comes from its own evaluation, so
// each way it may go is followed and checked for what it means.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { By } from 'selenium-webdriver';
import {
  screenshot, startGame, clickSettled, point, stone, stoneCount, withApp, placeStone,
} from './support.js';

/** Runs `body` with the app started, then quits it (see `withApp`). */
const inApp = (body) => withApp(body, { failure: 'opening-failure' });

/** What the game screen shows of the opening and the game, read in one look. */
function screenState(driver) {
  return driver.executeScript(() => {
    const panel = document.getElementById('opening-panel');
    const summary = document.getElementById('opening-summary');
    return {
      panel: !panel.hidden,
      step: panel.dataset.step,
      actor: panel.dataset.actor,
      ask: document.getElementById('opening-text').textContent,
      buttons: [...document.querySelectorAll('#opening-choices button')].filter((b) => !b.hidden).map((b) => b.textContent),
      summary: summary.hidden ? null : summary.textContent,
      turn: document.getElementById('turn-text').textContent,
      locked: document.getElementById('board').classList.contains('locked'),
      sides: { black: document.getElementById('side-black').value, white: document.getElementById('side-white').value },
      stones: [...document.querySelectorAll('#board .stone')].map((s) => `${s.dataset.x},${s.dataset.y},${s.dataset.stone}`),
    };
  });
}

/** Waits until the panel says exactly `text`. */
async function waitAsk(driver, text) {
  let seen = null;
  await driver.wait(async () => {
    seen = await screenState(driver);
    return seen.panel && seen.ask === text;
  }, 10000).catch(() => {
    throw new Error(`the opening panel never said “${text}”: it said “${seen?.ask}” (shown: ${seen?.panel})`);
  });
}

/**
 * Waits until it is the person's turn: the board takes a click again (and
 * `also(state)` holds, when given); resolves to what the screen shows then.
 */
async function waitPersonsTurn(driver, also = () => true, timeout = 30000) {
  let seen = null;
  await driver.wait(async () => {
    seen = await screenState(driver);
    return !seen.locked && also(seen);
  }, timeout).catch(() => {
    throw new Error(`the turn never came back to the person: ${JSON.stringify(seen)}`);
  });
  return seen;
}

/** Places the person's stone on the first free point of a few, and waits for the computer's answer. */
async function moveAndAnswer(driver, colour) {
  const { stones } = await screenState(driver);
  const taken = new Set(stones.map((s) => s.split(',').slice(0, 2).join(',')));
  const [x, y] = [[3, 3], [11, 11], [3, 11], [11, 3]].find(([a, b]) => !taken.has(`${a},${b}`));
  assert.equal(await placeStone(driver, x, y), colour, 'the person plays their own colour');
  await driver.wait(async () => (await stoneCount(driver)) === stones.length + 2, 30000, 'the computer did not answer');
  await waitPersonsTurn(driver);
}

const COMPUTER_CHOOSES = 'Swap2 — Computer, Easy (white): choose: stay white, take black, or place two more stones (thinking…)';

test('Swap2 against the computer: the person opens, the computer decides, then both sides play on', async () => {
  await inApp(async (driver) => {
    await startGame(driver, { mode: 'human_ai', colour: 'black', level: 'easy', rule: 'freestyle', opening: 'swap2' });
    await waitAsk(driver, 'Swap2 — Player (black): place the opening stones — stone 1 of 3, black');
    await screenshot(driver, 'opening-swap2-place');
    assert.equal(await placeStone(driver, 7, 7), 'black');
    await waitAsk(driver, 'Swap2 — Player (black): place the opening stones — stone 2 of 3, white');
    assert.equal(await placeStone(driver, 8, 7), 'white', 'the opener places a white stone too');
    await waitAsk(driver, 'Swap2 — Player (black): place the opening stones — stone 3 of 3, black');
    // Every text the panel shows from here on, however briefly: the computer acts quickly.
    await driver.executeScript(() => {
      const text = document.getElementById('opening-text');
      window.openingTexts = [];
      new MutationObserver(() => window.openingTexts.push(text.textContent))
        .observe(text, { childList: true, characterData: true, subtree: true });
    });
    assert.equal(await placeStone(driver, 9, 9), 'black');

    let seen = await waitPersonsTurn(driver);
    const said = () => driver.executeScript(() => window.openingTexts);
    assert.ok((await said()).includes(COMPUTER_CHOOSES), `the panel said the computer was choosing: ${JSON.stringify(await said())}`);

    if (seen.panel) {
      // The computer placed two more (a white and a black stone) and hands the colour choice back.
      assert.equal(seen.step, 'choose');
      assert.equal(seen.actor, 'black');
      assert.equal(seen.ask, 'Swap2 — Player (black): choose: stay black or take white');
      assert.deepEqual(seen.buttons, ['Stay black', 'Take white']);
      assert.equal(seen.stones.length, 5);
      assert.deepEqual(seen.stones.slice(3).map((s) => s.split(',')[2]), ['white', 'black']);
      const texts = await said();
      for (const n of [1, 2]) {
        const stoneColour = n === 1 ? 'white' : 'black';
        assert.ok(texts.includes(`Swap2 — Computer, Easy (white): place two more stones — stone ${n} of 2, ${stoneColour} (thinking…)`),
          `the panel said the computer was placing stone ${n} of 2: ${JSON.stringify(texts)}`);
      }
      await screenshot(driver, 'opening-swap2-person-chooses');
      // The person takes white: the seats change hands, and white (the person) plays on.
      await clickSettled(driver, '#opening-swap', { screen: 'game' });
      // The decision's answer is drawn once the panel goes.
      seen = await waitPersonsTurn(driver, (now) => !now.panel);
      assert.equal(seen.summary, 'Swap2: white placed two more; black swapped');
      assert.deepEqual(seen.sides, { black: 'easy', white: 'human' });
      assert.equal(seen.turn, 'Your move (white)');
      assert.equal(seen.stones.length, 5);
      await screenshot(driver, 'opening-swap2-after');
      await moveAndAnswer(driver, 'white');
    } else if (seen.summary === 'Swap2: white swapped') {
      // The computer took black at once: the person holds white, and white plays on.
      assert.deepEqual(seen.sides, { black: 'easy', white: 'human' });
      assert.equal(seen.turn, 'Your move (white)');
      assert.equal(seen.stones.length, 3);
      await screenshot(driver, 'opening-swap2-after');
      await moveAndAnswer(driver, 'white');
    } else {
      // The computer stayed white and has played the fourth stone; the person holds black.
      assert.equal(seen.summary, 'Swap2: white stayed');
      assert.deepEqual(seen.sides, { black: 'human', white: 'easy' });
      assert.equal(seen.turn, 'Your move (black)');
      assert.equal(seen.stones.length, 4);
      assert.equal(seen.stones[3].split(',')[2], 'white');
      await screenshot(driver, 'opening-swap2-after');
      await moveAndAnswer(driver, 'black');
    }
    // After a move each, the opening stays as it ended and the game goes on.
    seen = await screenState(driver);
    assert.equal(seen.panel, false);
    assert.match(seen.summary, /^Swap2: /);
    assert.equal(await driver.findElement(By.id('message')).isDisplayed(), false, 'no error on the way');
    await screenshot(driver, 'opening-swap2-played-on');
  });
});
