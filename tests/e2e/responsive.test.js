// The real app stays responsive while the computer thinks at Master level:
// the page's event loop keeps ticking and other commands are answered
// before the search ends. Prints the measured figures.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, waitScreen } from './support.js';

let app;

before(async () => {
  app = await startApp();
  await waitScreen(app.driver, 'home');
});

after(async () => {
  await app?.stop();
});

test('the page and the IPC keep answering while Master thinks', async () => {
  const { driver } = app;
  await driver.manage().setTimeouts({ script: 30000 });
  const result = await driver.executeAsyncScript(async (done) => {
    const { invoke, Channel } = window.__TAURI__.core;
    try {
      await invoke('new_game', {
        config: { mode: 'human_ai', humanStone: 'white', blackLevel: 'master' },
      });
      const progress = [];
      const channel = new Channel();
      channel.onmessage = (p) => progress.push(p);
      const started = performance.now();
      let searchDone = null;
      const search = invoke('ai_move', { onProgress: channel }).then((view) => {
        searchDone = performance.now();
        return view;
      });
      // While it thinks: how late do timers fire, and how fast is a command answered?
      let worstGap = 0;
      let last = performance.now();
      const ticks = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
      }, 10);
      await new Promise((ok) => setTimeout(ok, 500));
      const asked = performance.now();
      const view = await invoke('game_view');
      const answeredIn = performance.now() - asked;
      const answeredDuringSearch = searchDone === null;
      const played = await search;
      clearInterval(ticks);
      done({
        ok: true,
        answeredIn,
        answeredDuringSearch,
        stonesDuringSearch: view.stones.length,
        worstGap,
        searchMs: searchDone - started,
        progressMessages: progress.length,
        deepest: Math.max(0, ...progress.map((p) => p.depth)),
        stonesAfter: played.stones.length,
      });
    } catch (err) {
      done({ ok: false, err: JSON.stringify(err) });
    }
  });
  assert.equal(result.ok, true, result.err);
  console.log(
    `while Master thought for ${result.searchMs.toFixed(0)} ms: game_view answered in ` +
      `${result.answeredIn.toFixed(1)} ms, the longest gap between 10 ms timer ticks was ` +
      `${result.worstGap.toFixed(1)} ms, ${result.progressMessages} progress messages (depth ${result.deepest})`,
  );
  assert.equal(result.answeredDuringSearch, true, 'game_view was answered before the search ended');
  assert.equal(result.stonesDuringSearch, 0, 'nothing was played before the search ended');
  assert.equal(result.stonesAfter, 1, 'the computer played one stone');
  assert.ok(result.progressMessages > 0, 'progress reached the page');
});
