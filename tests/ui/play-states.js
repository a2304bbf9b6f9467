// Helpers the game and board tests share: what the real service holds, and
// states prepared by real commands.

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
