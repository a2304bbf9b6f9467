// The real app stays responsive while the computer thinks at Master level,
// played as a player does: a game against Master started from the New game
// screen, a stone placed with a click, and while the computer thinks the
// page's event loop keeps ticking, WebDriver's round trips come back, another
// command through the app's one `ipc` door is answered before the search
// ends, and a button (the theme toggle) reacts at once. Prints the figures.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { By, until } from 'selenium-webdriver';
import {
  startApp, screenshot, waitScreen, startGame, clickSettled, point, stone, stoneCount,
} from './support.js';

let app;

before(async () => {
  app = await startApp();
  await waitScreen(app.driver, 'home');
});

after(async () => {
  await app?.stop();
});

/**
 * Is the thinking indicator showing (the search has not come back to the
 * page)? Its line keeps its place while a computer plays, so the panel's
 * state says it, not the line's `hidden`.
 */
const thinkingShown = (driver) => driver.executeScript("return document.querySelector('.panel').classList.contains('is-thinking')");

test('the page and the IPC keep answering while Master thinks', async () => {
  const { driver } = app;
  await driver.manage().setTimeouts({ script: 30000 });
  await startGame(driver, { mode: 'human_ai', colour: 'black', level: 'master' });
  assert.equal(await stoneCount(driver), 0);

  // Watches, inside the page, from before the click: how late 10 ms timers
  // fire while the computer thinks, the progress it shows, and when the
  // thinking indicator comes and goes.
  await driver.executeScript(`
    const thinking = document.getElementById('ai-thinking');
    const depth = document.getElementById('ai-depth');
    const probe = window.__probe = {
      worstGap: 0, ticks: 0, depths: [], thinkingFrom: null, thinkingUntil: null,
    };
    let last = performance.now();
    probe.timer = setInterval(() => {
      const now = performance.now();
      if (probe.thinkingFrom !== null && probe.thinkingUntil === null) {
        probe.worstGap = Math.max(probe.worstGap, now - last);
        probe.ticks += 1;
      }
      last = now;
    }, 10);
    document.getElementById('theme-toggle').addEventListener('click', () => {
      probe.toggleClickedAt = performance.now();
    }, { capture: true, once: true });
    new MutationObserver(() => {
      if (probe.toggleClickedAt !== undefined && probe.themeChangedAt === undefined) probe.themeChangedAt = performance.now();
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    new MutationObserver(() => {
      if (depth.textContent) probe.depths.push(depth.textContent);
    }).observe(depth, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => {
      const shown = !thinking.hidden && !thinking.classList.contains('idle');
      if (shown && probe.thinkingFrom === null) probe.thinkingFrom = performance.now();
      if (!shown && probe.thinkingFrom !== null && probe.thinkingUntil === null) {
        probe.thinkingUntil = performance.now();
      }
    }).observe(thinking, { attributes: true, attributeFilter: ['hidden', 'class'] });
  `);

  // The player's move; then the computer (white) thinks.
  await driver.findElement(point(7, 7)).click();
  const placed = await driver.wait(until.elementLocated(stone(7, 7)), 5000);
  assert.equal(await placed.getAttribute('data-stone'), 'black');
  await driver.wait(() => driver.executeScript('return window.__probe.thinkingFrom !== null'), 5000,
    'the computer started thinking');

  // A WebDriver round trip into the page.
  const tripStarted = Date.now();
  await driver.executeScript('return document.title');
  const roundTrip = Date.now() - tripStarted;

  // Another command through the app's one IPC command, while it thinks.
  const asked = await driver.executeAsyncScript(`
    const done = arguments[arguments.length - 1];
    const { invoke, Channel } = window.__TAURI__.core;
    const started = performance.now();
    invoke('ipc', { command: 'game_view', args: {}, onProgress: new Channel() }).then(
      (view) => done({
        ok: true,
        answeredIn: performance.now() - started,
        stones: view.stones.length,
        duringSearch: document.querySelector('.panel').classList.contains('is-thinking'),
      }),
      (err) => done({ ok: false, err: JSON.stringify(err) }),
    );
  `);
  assert.equal(asked.ok, true, `game_view through ipc failed: ${asked.err}`);

  // A button reacts: the theme toggle, clicked for real, turns the page dark.
  const themeBefore = await driver.executeScript('return document.documentElement.dataset.theme');
  await clickSettled(driver, '#theme-toggle', { screen: 'game' });
  await driver.wait(async () => (await driver.executeScript('return document.documentElement.dataset.theme')) !== themeBefore,
    5000, 'the theme toggle reacted');
  const toggledWhileThinking = await thinkingShown(driver);
  const toggledIn = await driver.executeScript('return window.__probe.themeChangedAt - window.__probe.toggleClickedAt');
  if (toggledWhileThinking) await screenshot(driver, 'master-thinking');

  // The computer answers with one stone, and the board is the player's again.
  await driver.wait(async () => (await stoneCount(driver)) === 2 && !(await thinkingShown(driver)), 30000,
    'the computer played');
  const white = await driver.findElement(By.css('#board .stone[data-stone="white"]'));
  assert.ok(white, 'the computer played white');
  const probe = await driver.executeScript('clearInterval(window.__probe.timer); return window.__probe');
  const searchMs = probe.thinkingUntil - probe.thinkingFrom;
  const deepest = probe.depths.at(-1) ?? 'none';

  console.log(
    `while Master thought for ${searchMs.toFixed(0)} ms: a WebDriver round trip took ${roundTrip} ms, ` +
      `game_view through ipc answered in ${asked.answeredIn.toFixed(1)} ms, the theme toggle turned the page ` +
      `${toggledIn.toFixed(1)} ms after its click, the longest gap between 10 ms timer ticks was ` +
      `${probe.worstGap.toFixed(1)} ms over ${probe.ticks} ticks, ${probe.depths.length} progress updates shown (last: ${deepest})`,
  );
  assert.equal(asked.duringSearch, true, 'game_view was answered before the search came back');
  assert.equal(asked.stones, 1, 'nothing was played for the computer before its search ended');
  assert.equal(toggledWhileThinking, true, 'the theme toggle reacted while the computer was still thinking');
  assert.ok(probe.depths.length > 0, 'the search\'s progress reached the page');
  // Generous bounds: they catch a page or an IPC that waits for the search,
  // not a slow machine.
  assert.ok(roundTrip < 2000, `a WebDriver round trip took ${roundTrip} ms`);
  assert.ok(asked.answeredIn < 1000, `game_view took ${asked.answeredIn.toFixed(1)} ms`);
  assert.ok(toggledIn < 1000, `the theme toggle took ${toggledIn.toFixed(1)} ms`);
  assert.ok(probe.worstGap < 1000, `the page's timers stalled for ${probe.worstGap.toFixed(1)} ms`);
});
