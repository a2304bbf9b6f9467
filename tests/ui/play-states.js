// Helpers the game and board tests share: what the real service holds,
// states prepared by real commands, and the game screen's layout.

import assert from 'node:assert/strict';

/** The points of the stones the service has on its board, as "x,y", in move order. */
export async function servicePoints(backend) {
  return (await backend.call('game_view')).stones.map((s) => `${s.x},${s.y}`);
}

/** Changes some of the open profile's settings through the service, as the settings screen does. */
export async function setSettings(backend, patch) {
  const settings = await backend.call('get_settings');
  return backend.call('set_settings', { settings: { ...settings, ...patch } });
}

/**
 * The page's errors without Chromium's log line for a 4xx answer: under
 * `wuzi serve` a refused move (occupied, forbidden) is a 409 by protocol,
 * and the page shows it as a message; it is not a page error.
 */
export function pageErrors(errors) {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(String(e)));
}

/**
 * Nothing spills sideways; the board is the largest thing on the screen,
 * with the panel beside it, or below it on a phone, where the whole panel
 * still fits on a 390 x 844 screen.
 */
export async function checkLayout(page, viewport) {
  const boxes = await page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect().toJSON();
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('#screen-game select, #screen-game button')]
      .filter((el) => box(el).width && box(el).right > width + 1)
      .map((el) => el.id || el.className);
    const parts = [...document.querySelectorAll('#screen-game .panel > :not([hidden])')]
      .map((el) => ({ name: el.id || el.className, area: box(el).width * box(el).height }));
    return {
      board: box(document.querySelector('#board')),
      panel: box(document.querySelector('#screen-game .panel')),
      sides: box(document.querySelector('#game-sides')),
      heights: [...document.querySelectorAll('#game-sides select')].map((el) => box(el).height),
      wide, parts, scroll: document.documentElement.scrollWidth, width, height: window.innerHeight,
    };
  });
  const where = JSON.stringify(boxes);
  assert.deepEqual(boxes.wide, [], 'nothing ends past the window');
  assert.ok(boxes.scroll <= boxes.width + 1, 'the page is not wider than the window');
  for (const part of boxes.parts) {
    assert.ok(boxes.board.width * boxes.board.height > 2 * part.area, `the board is far larger than ${part.name}: ${where}`);
  }
  assert.ok(boxes.sides.right <= boxes.panel.right + 1 && boxes.sides.left >= boxes.panel.left - 1, 'the side controls fit in the panel');
  if (viewport === 'phone') {
    assert.ok(boxes.board.width >= boxes.width - 20, `the board takes the phone's width: ${where}`);
    assert.ok(boxes.panel.top >= boxes.board.bottom - 1, 'the controls are below the board on a phone');
    assert.ok(boxes.panel.bottom <= boxes.height, `the panel fits on the screen: ${where}`);
    assert.ok(boxes.panel.width * boxes.panel.height < boxes.board.width * boxes.board.height, `the whole panel is smaller than the board: ${where}`);
    for (const h of boxes.heights) assert.ok(h >= 44, `a side control is ${h}px high`);
  } else {
    assert.ok(boxes.panel.left >= boxes.board.right - 1, 'the controls are beside the board');
  }
}
