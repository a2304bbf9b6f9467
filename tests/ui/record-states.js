// Real records for the UI tests of saves, replays, review and statistics:
// games played through the real game service's commands (the same ones the
// page sends), and thousands of replays made by copying the real replay
// files those games left in the data folder (see
// crates/wuzi-store/src/replays.rs: `profiles/<id>/replays/<id>.json`, ids
// `<ended ms, 13 digits>-<8 hex digits>`, and `replays-index.json`, a cache
// the service rebuilds when the folder's file count or time differs).

import { writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A quick five between two people: black wins along row 8 (H8 to L8) in 9 moves. */
export const QUICK_FIVE = [[7, 7], [7, 8], [8, 7], [8, 8], [9, 7], [9, 8], [10, 7], [10, 8], [11, 7]];

/**
 * A 15-move game between two people with mistakes an analysis cannot miss:
 * white builds a four down the left edge, black ignores it (move 9), white
 * then misses its five (move 10), and later ignores black's broken four
 * (move 14); black wins on the diagonal H8-L12 with move 15.
 */
export const REVIEW_GAME = [
  [7, 7], [0, 0], [9, 7], [0, 1], [7, 9], [0, 2], [9, 9], [0, 3],
  [11, 11], [14, 0], [0, 4], [14, 1], [8, 8], [14, 2], [10, 10],
];

/** The renju position of the screens test: black to move, (9,7) is a double three. */
export const RENJU_POSITION = [[7, 7], [0, 0], [8, 7], [0, 2], [9, 8], [0, 4], [9, 9], [0, 6]];

const FREESTYLE = { size: 15, rule: 'freestyle' };
const key = (x, y) => `${x},${y}`;
const taken = (view) => new Set(view.stones.map((s) => key(s.x, s.y)));

/** Starts a game with `config` and plays `moves` (all by people); answers the last view. */
export async function playMoves(backend, config, moves) {
  let view = await backend.call('new_game', { config });
  for (const [x, y] of moves) view = await backend.call('play', { x, y });
  return view;
}

/** A finished game between two people (QUICK_FIVE unless `moves` is given). */
export async function twoPlayerGame(backend, moves = QUICK_FIVE) {
  const view = await playMoves(backend, { mode: 'human_human', ...FREESTYLE }, moves);
  if (!view.outcome) throw new Error('the two-player game did not end');
  return view;
}

/**
 * Plays the person's moves from `choose(view)` and the computer's replies
 * (`ai_move`, as the page asks for them) until the game ends.
 */
async function againstComputer(backend, config, choose) {
  let view = await backend.call('new_game', { config: { mode: 'human_ai', ...config } });
  for (let plies = 0; !view.outcome; plies += 1) {
    if (plies > 400) throw new Error('the game against the computer does not end');
    if (view.ai_to_move) {
      view = await backend.call('ai_move');
    } else {
      const [x, y] = await choose(view);
      view = await backend.call('play', { x, y });
    }
  }
  return view;
}

/**
 * A line that beats the beginner (a weight-table player that never looks
 * ahead, and always answers the same way). Found by playing the hints.
 */
const BEATS_BEGINNER = [[7, 7], [5, 9], [6, 9], [5, 7], [6, 7], [4, 8], [3, 9], [4, 9], [4, 10], [4, 11], [4, 12]];

/** A game the person (black) wins against the beginner. */
export async function winAgainstComputer(backend) {
  const plan = [...BEATS_BEGINNER];
  const view = await againstComputer(backend, { ...FREESTYLE, humanStone: 'black', whiteLevel: 'beginner' }, async (v) => {
    const next = plan.shift();
    if (next && !taken(v).has(key(...next))) return next;
    // The computer answered differently from before: follow the hints instead.
    plan.length = 0;
    const hint = await backend.call('hint');
    return [hint.best.x, hint.best.y];
  });
  if (view.outcome.winner !== 'black') throw new Error(`the person did not win: ${JSON.stringify(view.outcome)}`);
  return view;
}

/** A game the person (black) loses against the beginner: they only play far corners and edges. */
export async function loseAgainstComputer(backend) {
  const far = [];
  for (const x of [0, 14, 7, 3, 11]) for (const y of [0, 14, 7, 3, 11]) if (x % 7 === 0 || y % 7 === 0) far.push([x, y]);
  const view = await againstComputer(backend, { ...FREESTYLE, humanStone: 'black', whiteLevel: 'beginner' }, (v) => {
    const free = far.find(([x, y]) => !taken(v).has(key(x, y)));
    if (!free) throw new Error('no far point left');
    return free;
  });
  if (view.outcome.winner !== 'white') throw new Error(`the person did not lose: ${JSON.stringify(view.outcome)}`);
  return view;
}

/**
 * A drawn game against the beginner on the smallest board (5x5): the person
 * always blocks the line the computer has most stones in, and never makes
 * five, until the board is full.
 */
export async function drawAgainstComputer(backend) {
  const n = 5;
  const lines = [];
  for (let i = 0; i < n; i += 1) {
    lines.push([...Array(n).keys()].map((j) => [j, i]), [...Array(n).keys()].map((j) => [i, j]));
  }
  lines.push([...Array(n).keys()].map((j) => [j, j]), [...Array(n).keys()].map((j) => [j, n - 1 - j]));
  const view = await againstComputer(backend, { size: n, rule: 'freestyle', humanStone: 'black', whiteLevel: 'beginner' }, (v) => {
    const at = new Map(v.stones.map((s) => [key(s.x, s.y), s.stone]));
    let best = null;
    let bestScore = -Infinity;
    for (let x = 0; x < n; x += 1) {
      for (let y = 0; y < n; y += 1) {
        if (at.has(key(x, y))) continue;
        let score = 0;
        for (const line of lines) {
          if (!line.some(([a, b]) => a === x && b === y)) continue;
          const stones = line.map(([a, b]) => at.get(key(a, b)));
          const mine = stones.filter((s) => s === 'black').length;
          const theirs = stones.filter((s) => s === 'white').length;
          if (mine === 0) score += 10 ** theirs;
          if (theirs === 0 && mine === 4) score -= 1e6;
        }
        if (score > bestScore) [best, bestScore] = [[x, y], score];
      }
    }
    return best;
  });
  if (view.outcome.kind !== 'draw') throw new Error(`not a draw: ${JSON.stringify(view.outcome)}`);
  return view;
}

/** A game the person resigns against `level` after their first move. */
export async function resignAgainstComputer(backend, level = 'master') {
  await backend.call('new_game', { config: { mode: 'human_ai', ...FREESTYLE, humanStone: 'black', whiteLevel: level } });
  await backend.call('play', { x: 7, y: 7 });
  const view = await backend.call('resign');
  if (view.outcome?.kind !== 'resign') throw new Error('the resignation did not end the game');
  return view;
}

/** A whole game of the beginner against itself. */
export async function computerGame(backend) {
  let view = await backend.call('new_game', { config: { mode: 'ai_ai', ...FREESTYLE, blackLevel: 'beginner', whiteLevel: 'beginner' } });
  while (!view.outcome) view = await backend.call('ai_move');
  return view;
}

/**
 * One finished game of every kind the review filters tell apart: two
 * people, a win, a loss, a draw and a resignation against the computer, and
 * the computer against itself. Answers how many of each mode and result.
 */
export async function oneOfEach(backend) {
  await twoPlayerGame(backend);
  await winAgainstComputer(backend);
  await loseAgainstComputer(backend);
  await drawAgainstComputer(backend);
  await resignAgainstComputer(backend);
  await computerGame(backend);
  return { games: 6, human_human: 1, human_ai: 4, ai_ai: 1, win: 1, loss: 2, draw: 1 };
}

/** The open profile's folder in the backend's data folder. */
export async function profileDir(backend) {
  const { current } = await backend.call('list_profiles');
  return join(backend.dataDir, 'profiles', current);
}

/** The replay files of the open profile (what the service counts). */
export async function replayFiles(backend) {
  const names = await readdir(join(await profileDir(backend), 'replays'));
  return names.filter((n) => /^\d{13}-[0-9a-f]{8}\.json$/.test(n));
}

/**
 * Copies the open profile's real replay files until there are `total`,
 * each copy with its own id and an earlier end time (one a minute going
 * back from the oldest real game, so the real games stay the newest), then
 * restarts the service so it reads them. Answers the restarted backend.
 */
export async function copyReplays(backend, total) {
  const dir = join(await profileDir(backend), 'replays');
  const originals = await Promise.all((await replayFiles(backend)).map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8'))));
  if (!originals.length) throw new Error('no replay to copy');
  originals.sort((a, b) => b.summary.ended_ms - a.summary.ended_ms);
  const oldest = Math.min(...originals.map((r) => r.summary.started_ms));
  for (let n = originals.length; n < total; n += 1) {
    const copy = structuredClone(originals[n % originals.length]);
    const length = copy.summary.ended_ms - copy.summary.started_ms;
    const ended = oldest - (n + 1) * 60_000;
    copy.id = `${String(ended).padStart(13, '0')}-${(0x10000000 + n).toString(16)}`;
    copy.summary.ended_ms = ended;
    copy.summary.started_ms = ended - length;
    if (typeof copy.game?.started_ms === 'number') copy.game.started_ms = ended - length;
    // One at a time: on a small machine that is quicker than thousands at once.
    writeFileSync(join(dir, `${copy.id}.json`), JSON.stringify(copy));
  }
  return backend.restart();
}

/** Reads the replay index the service keeps next to the replays folder. */
export async function replayIndex(backend) {
  return JSON.parse(await readFile(join(await profileDir(backend), 'replays-index.json'), 'utf8'));
}
