// A stand-in for the Rust side (docs/ipc.md), run in the page before the UI's
// own scripts. It answers the same commands with the same shapes so the UI
// can be tested alone; the real rules and AI are tested in Rust and in the
// real app. Simple but honest: colours alternate, occupied points are
// refused, five in a row wins with its line, undo / redo, saves in memory,
// thousands of replays paged, an AI and an analysis that report progress
// over a Channel.
//
// Tests shape a run with window.__fakeOptions (set by an earlier init
// script): profiles, autosave, replay count, AI delay, forbidden points,
// errors to inject, what the file dialogs answer. window.__fakeIpc exposes the calls and the state.

(() => {
  const options = {
    profiles: [{ id: 'default', name: 'Player' }],
    current: 'default',
    autosave: false,
    replays: 2400,
    aiDelay: 80,
    analysisDelay: 8,
    forbidden: [],
    fail: {},
    // The system's file dialogs: whether the player cancels them, and the
    // text of the file they pick to open.
    fileCancel: false,
    openText: '(;GM[4]FF[4]SZ[15];B[hh];W[ii];B[jj])',
    version: '0.3.0',
    notices: [],
    ...(window.__fakeOptions ?? {}),
  };

  const err = (kind, message) => ({ kind, message });
  const now = () => Date.now();

  // -------------------------------------------------------------- profiles

  let profiles = options.profiles.map((p, i) => ({
    id: p.id,
    name: p.name,
    password: p.password ?? null,
    created_at: Date.UTC(2026, 0, 1 + i),
  }));
  let current = options.current ?? null;
  let nextProfile = 1;
  const DEFAULT_SETTINGS = {
    theme: 'system', language: 'system', sound: false, volume: 70, board_size: 15,
    rule: 'freestyle', forbidden_moves: 'block', show_forbidden: true, ai_level: 'normal',
    first_move: 'human', tap_mode: 'auto', coordinates: true, move_numbers: false,
    last_move_marker: true, board_style: 'wood', stone_style: 'classic',
  };
  const settingsOf = new Map();
  const settingsFor = (id) => {
    if (!settingsOf.has(id)) settingsOf.set(id, { ...DEFAULT_SETTINGS, ...(options.settings ?? {}) });
    return settingsOf.get(id);
  };
  const profileList = () => ({
    profiles: profiles.map((p) => ({ id: p.id, name: p.name, has_password: !!p.password, created_at: p.created_at })),
    current,
  });
  const checkName = (name) => {
    if (typeof name !== 'string' || !name.trim() || name.length > 40 || /[\\/:*?"<>|]/.test(name)) {
      throw err('bad_name', `${JSON.stringify(name)} is not a usable name`);
    }
  };
  const needProfile = () => {
    if (!current) throw err('no_profile', 'no profile is open');
  };

  // -------------------------------------------------------------- the game

  const LEVELS = ['beginner', 'easy', 'normal', 'hard', 'master'];
  let config = null;
  let moves = [];
  let redoStack = [];
  let outcome = null;
  let winningLine = [];
  let generation = 0;
  let clock = { black: 0, white: 0, since: now() };
  let score = { black: 0, white: 0, draws: 0 };
  let lastPairing = null;
  let saveName = null;
  let replayId = null;
  let started = now();

  const player = (stone) => {
    const human = config.mode === 'human_human' || (config.mode === 'human_ai' && config.humanStone === stone);
    if (human) return { kind: 'human', name: profiles.find((p) => p.id === current)?.name ?? 'Player' };
    const level = stone === 'black' ? config.blackLevel : config.whiteLevel;
    return { kind: 'ai', level, name: level[0].toUpperCase() + level.slice(1) };
  };
  const toMove = () => (moves.length % 2 ? 'white' : 'black');
  const aiToMove = () => !outcome && player(toMove()).kind === 'ai';
  const at = (x, y) => moves.find((m) => m.x === x && m.y === y);

  function newGame(cfg = {}) {
    const s = current ? settingsFor(current) : DEFAULT_SETTINGS;
    const rule = cfg.rule ?? s.rule;
    config = {
      mode: cfg.mode ?? 'human_human',
      size: rule === 'renju' ? 15 : cfg.size ?? s.board_size,
      rule,
      forbiddenMoves: cfg.forbiddenMoves ?? s.forbidden_moves,
      humanStone: cfg.humanStone ?? 'black',
      blackLevel: LEVELS.includes(cfg.blackLevel) ? cfg.blackLevel : 'normal',
      whiteLevel: LEVELS.includes(cfg.whiteLevel) ? cfg.whiteLevel : 'normal',
    };
    if (config.size < 5 || config.size > 22) throw err('bad_config', `size ${config.size}`);
    const pairing = [config.mode, config.humanStone, config.blackLevel, config.whiteLevel].join();
    if (pairing !== lastPairing) score = { black: 0, white: 0, draws: 0 };
    lastPairing = pairing;
    reset();
  }

  function reset() {
    moves = [];
    redoStack = [];
    outcome = null;
    winningLine = [];
    clock = { black: 0, white: 0, since: now() };
    replayId = null;
    started = now();
    generation += 1;
  }

  function tick() {
    const t = now();
    if (!outcome) clock[toMove()] += t - clock.since;
    clock.since = t;
  }

  function forbiddenPoints() {
    if (config.rule !== 'renju' || toMove() !== 'black' || outcome) return [];
    return options.forbidden.filter((f) => !at(f.x, f.y));
  }

  function view() {
    tick();
    return {
      generation,
      size: config.size,
      rule: config.rule,
      forbidden_moves: config.forbiddenMoves === 'lose' ? 'lose' : 'refuse',
      mode: config.mode,
      players: { black: player('black'), white: player('white') },
      stones: moves.map((m, i) => ({ x: m.x, y: m.y, stone: m.stone, number: i + 1 })),
      to_move: toMove(),
      last: moves.length ? { x: moves.at(-1).x, y: moves.at(-1).y } : null,
      outcome,
      winning_line: winningLine,
      forbidden: forbiddenPoints(),
      black_count: moves.filter((m) => m.stone === 'black').length,
      white_count: moves.filter((m) => m.stone === 'white').length,
      can_undo: moves.length > 0 && !(config.mode === 'human_ai' && !moves.some((m) => player(m.stone).kind === 'human')),
      can_redo: redoStack.length > 0,
      ai_to_move: aiToMove(),
      clock: { black_ms: clock.black, white_ms: clock.white, running: outcome ? null : toMove() },
      score: { ...score },
      save_name: saveName,
      replay_id: replayId,
    };
  }

  /** The run through (x, y) along (dx, dy), as points. */
  function run(x, y, dx, dy, stone) {
    const line = [{ x, y }];
    for (const sign of [1, -1]) {
      let cx = x + dx * sign;
      let cy = y + dy * sign;
      while (at(cx, cy)?.stone === stone) {
        line.push({ x: cx, y: cy });
        cx += dx * sign;
        cy += dy * sign;
      }
    }
    return line;
  }

  function finish(result) {
    outcome = result;
    if (result.winner) score[result.winner] += 1;
    else score.draws += 1;
    recordReplay();
  }

  function place(x, y) {
    const stone = toMove();
    tick();
    moves.push({ x, y, stone });
    generation += 1;
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      const line = run(x, y, dx, dy, stone);
      const wins = config.rule === 'freestyle' || (config.rule === 'renju' && stone === 'white')
        ? line.length >= 5 : line.length === 5;
      if (wins) {
        winningLine = line;
        finish({ kind: 'five', winner: stone });
        return;
      }
    }
    if (moves.length === config.size * config.size) finish({ kind: 'draw', winner: null });
  }

  function play({ x, y }) {
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= config.size || y >= config.size) {
      throw err('off_board', `(${x}, ${y}) is off the ${config.size}x${config.size} board`);
    }
    if (outcome) throw err('game_over', 'the game is over');
    if (aiToMove()) throw err('not_your_turn', 'the computer is to move');
    const there = at(x, y);
    if (there) throw err('occupied', `${x},${y} already holds a ${there.stone} stone`);
    const forbidden = forbiddenPoints().find((f) => f.x === x && f.y === y);
    if (forbidden) {
      if (config.forbiddenMoves === 'block') throw err('forbidden', `${forbidden.kind} at ${x},${y}`);
      moves.push({ x, y, stone: 'black' });
      generation += 1;
      finish({ kind: 'forbidden', winner: 'white', point: { x, y }, forbidden_kind: forbidden.kind });
      redoStack = [];
      return view();
    }
    redoStack = [];
    place(x, y);
    return view();
  }

  function undoOne() {
    const m = moves.pop();
    redoStack.push(m);
    outcome = null;
    winningLine = [];
  }

  function undo() {
    if (!moves.length) return view();
    undoOne();
    if (config.mode === 'human_ai') {
      while (moves.length && player(toMove()).kind === 'ai') undoOne();
    }
    generation += 1;
    return view();
  }

  function redo() {
    if (!redoStack.length) return view();
    const replayOne = () => {
      const m = redoStack.pop();
      place(m.x, m.y);
    };
    replayOne();
    if (config.mode === 'human_ai') {
      while (redoStack.length && !outcome && player(toMove()).kind === 'ai') replayOne();
    }
    return view();
  }

  // The fake computer: a move next to the last stone, or the centre.
  function aiChoice() {
    const c = Math.floor(config.size / 2);
    if (!at(c, c)) return { x: c, y: c };
    const last = moves.at(-1);
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 0], [0, -1], [-1, -1], [1, -1], [-1, 1]]) {
      for (let r = 1; r < config.size; r++) {
        const x = last.x + dx * r;
        const y = last.y + dy * r;
        if (x < 0 || y < 0 || x >= config.size || y >= config.size) break;
        if (!at(x, y)) return { x, y };
      }
    }
    for (let y = 0; y < config.size; y++) for (let x = 0; x < config.size; x++) if (!at(x, y)) return { x, y };
    return null;
  }

  let stopAi = null;
  async function aiMove({ onProgress }) {
    if (!aiToMove()) throw err('not_ai_turn', 'it is not the computer\'s turn');
    const startedAt = generation;
    const choice = aiChoice();
    const steps = 4;
    let stopped = false;
    stopAi = () => { stopped = true; };
    for (let depth = 1; depth <= steps && !stopped; depth++) {
      await new Promise((ok) => setTimeout(ok, options.aiDelay / steps));
      onProgress?.__send({ depth, score: depth * 10, win_chance: 0.5, pv: [choice, { x: choice.x, y: Math.max(0, choice.y - 1) }], nodes: depth * 1000, nps: 50000 });
    }
    stopAi = null;
    if (generation !== startedAt) throw err('stale', 'the game changed while the computer was thinking');
    place(choice.x, choice.y);
    redoStack = [];
    return view();
  }

  async function hint() {
    if (outcome) throw err('game_over', 'the game is over');
    const best = aiChoice();
    await new Promise((ok) => setTimeout(ok, 30));
    return { best, win_chance: 0.62, pv: [best] };
  }

  // -------------------------------------------------------------- records

  const colName = (x) => String.fromCharCode(97 + x);
  function moveString() {
    return moves.map((m) => `${colName(m.x)}${config.size - m.y}`).join('');
  }

  function exportGame({ format }) {
    let text;
    if (format === 'moves') text = moveString();
    else if (format === 'psq') text = [`Piskvork ${config.size}x${config.size}, 11:11, 0`, ...moves.map((m) => `${m.x + 1},${m.y + 1},0`), '-1'].join('\n');
    else if (format === 'sgf') text = `(;GM[4]FF[4]SZ[${config.size}]${moves.map((m) => `;${m.stone === 'black' ? 'B' : 'W'}[${colName(m.x)}${colName(m.y)}]`).join('')})`;
    else if (format === 'json') text = JSON.stringify({ format: 'wuzi-game', version: 1, size: config.size, rule: config.rule, moves: moves.map(({ x, y }) => ({ x, y })) }, null, 2);
    else throw err('bad_format', `unknown format ${format}`);
    return { text, file_name: `wuzi-game.${format === 'moves' ? 'txt' : format}` };
  }

  function parseRecord(text) {
    const trimmed = text.trim();
    let size = 15;
    let points = [];
    if (trimmed.startsWith('(;')) {
      const sz = /SZ\[(\d+)\]/.exec(trimmed);
      if (sz) size = Number(sz[1]);
      points = [...trimmed.matchAll(/;[BW]\[([a-z])([a-z])\]/g)].map((m) => ({ x: m[1].charCodeAt(0) - 97, y: m[2].charCodeAt(0) - 97 }));
    } else if (/^Piskvork/i.test(trimmed)) {
      const head = /(\d+)x(\d+)/.exec(trimmed);
      if (head) size = Number(head[1]);
      for (const [i, line] of trimmed.split(/\r?\n/).slice(1).entries()) {
        if (line.trim() === '-1' || !line.trim()) break;
        const m = /^(\d+),(\d+)/.exec(line.trim());
        if (!m) throw err('bad_record', `line ${i + 2}: expected x,y,time`);
        points.push({ x: Number(m[1]) - 1, y: Number(m[2]) - 1 });
      }
    } else {
      const re = /([a-z])(\d{1,2})/gi;
      let pos = 0;
      let m;
      while ((m = re.exec(trimmed))) {
        if (m.index !== pos) throw err('bad_record', `column ${pos + 1}: expected a move such as h8`);
        points.push({ x: m[1].toLowerCase().charCodeAt(0) - 97, y: size - Number(m[2]) });
        pos = re.lastIndex;
      }
      if (pos !== trimmed.length || !points.length) throw err('bad_record', `column ${pos + 1}: expected a move such as h8`);
    }
    return { size, points };
  }

  function importGame({ text }) {
    const { size, points } = parseRecord(text);
    newGame({ mode: 'human_human', size, rule: 'freestyle' });
    for (const p of points) {
      if (p.x < 0 || p.y < 0 || p.x >= size || p.y >= size || at(p.x, p.y)) throw err('bad_record', `move ${moves.length + 1} is not legal`);
      place(p.x, p.y);
    }
    saveName = null;
    return view();
  }

  // -------------------------------------------------------------- saves

  const savesOf = new Map();
  const saves = () => {
    if (!savesOf.has(current)) savesOf.set(current, new Map());
    return savesOf.get(current);
  };
  const preview = () => {
    const cells = Array(config.size * config.size).fill('.');
    for (const m of moves) cells[m.y * config.size + m.x] = m.stone === 'black' ? 'x' : 'o';
    return cells.join('');
  };
  const snapshot = () => ({ config: { ...config }, moves: moves.map((m) => ({ ...m })), outcome, winningLine });
  const restore = (s) => {
    config = { ...s.config };
    reset();
    moves = s.moves.map((m) => ({ ...m }));
    outcome = s.outcome;
    winningLine = s.winningLine;
  };
  const listSaves = () => [...saves().entries()]
    .map(([name, s]) => ({ name, saved_at: s.saved_at, rule: s.game.config.rule, size: s.game.config.size, mode: s.game.config.mode, move_count: s.game.moves.length, preview: s.preview }))
    .sort((a, b) => b.saved_at - a.saved_at);

  function saveGame({ name, overwrite }) {
    needProfile();
    checkName(name);
    if (saves().has(name) && !overwrite) throw err('exists', `a save called ${name} exists`);
    saves().set(name, { saved_at: now(), game: snapshot(), preview: preview() });
    saveName = name;
    return listSaves();
  }

  function loadSave({ name }) {
    const s = saves().get(name);
    if (!s) throw err('not_found', `no save called ${name}`);
    restore(s.game);
    saveName = name;
    return view();
  }

  // -------------------------------------------------------------- replays

  // A small deterministic generator so every run sees the same replay log.
  function random(seed) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  const MODES = ['human_ai', 'human_ai', 'human_human', 'ai_ai'];
  const base = Date.UTC(2026, 10, 28, 18, 0);
  const replays = [];
  for (let i = 0; i < options.replays; i++) {
    const r = random(i + 7);
    const mode = MODES[i % MODES.length];
    const rule = ['freestyle', 'standard', 'renju'][i % 3];
    const winner = r() < 0.08 ? null : r() < 0.5 ? 'black' : 'white';
    const human = { kind: 'human', name: 'Player' };
    const ai = { kind: 'ai', level: LEVELS[i % LEVELS.length], name: LEVELS[i % LEVELS.length] };
    const black = mode === 'ai_ai' ? ai : mode === 'human_human' ? human : i % 2 ? ai : human;
    const white = mode === 'ai_ai' ? ai : mode === 'human_human' ? { kind: 'human', name: 'Guest' } : i % 2 ? human : ai;
    let outcomeForMe = null;
    if (mode === 'human_ai') {
      const mine = black.kind === 'human' ? 'black' : 'white';
      outcomeForMe = !winner ? 'draw' : winner === mine ? 'win' : 'loss';
    }
    replays.push({
      id: `r${String(i).padStart(5, '0')}`,
      ended_at: base - i * 3_600_000,
      mode,
      rule,
      size: 15,
      black,
      white,
      result: winner ? (r() < 0.2 ? 'resign' : `${winner}_win`) : 'draw',
      winner,
      outcome: outcomeForMe,
      move_count: 9 + Math.floor(r() * 40),
      duration_ms: 60_000 + Math.floor(r() * 900_000),
    });
  }

  function recordReplay() {
    const id = `g${now()}${replays.length}`;
    const mine = config.mode === 'human_ai' ? config.humanStone : null;
    replays.unshift({
      id,
      ended_at: now(),
      mode: config.mode,
      rule: config.rule,
      size: config.size,
      black: player('black'),
      white: player('white'),
      result: { five: `${outcome.winner}_win`, forbidden: 'forbidden_move' }[outcome.kind] ?? outcome.kind,
      winner: outcome.winner,
      outcome: mine ? (!outcome.winner ? 'draw' : outcome.winner === mine ? 'win' : 'loss') : null,
      move_count: moves.length,
      duration_ms: now() - started,
      game: { moves: moves.map((m) => ({ ...m })), outcome, winningLine, size: config.size },
    });
    replayId = id;
  }

  function listReplays({ filter = {}, page = 0, pageSize = 20 }) {
    needProfile();
    const matching = replays.filter((r) => (!filter.mode || r.mode === filter.mode) && (!filter.result || r.outcome === filter.result));
    const items = matching.slice(page * pageSize, page * pageSize + pageSize).map(({ game, ...item }) => item);
    return { items, total: matching.length, page, page_size: pageSize };
  }

  /** The moves of a generated replay: random points, then the winner's five. */
  function replayGame(entry) {
    if (entry.game) return entry.game;
    const r = random(entry.id.length * 31 + Number(entry.id.slice(1)));
    const size = entry.size;
    const taken = new Set();
    const list = [];
    const row = 2 + Math.floor(r() * 10);
    const fiveAt = (k) => ({ x: 3 + k, y: row });
    const reserved = new Set([0, 1, 2, 3, 4].map((k) => `${3 + k},${row}`));
    const winner = entry.winner ?? 'black';
    const total = Math.max(9, entry.move_count);
    let k = 0;
    for (let i = 0; i < total; i++) {
      const stone = i % 2 ? 'white' : 'black';
      const tail = total - i;
      let p;
      if (stone === winner && entry.winner && tail <= 10) {
        p = fiveAt(k++);
      } else {
        do {
          p = { x: Math.floor(r() * size), y: Math.floor(r() * size) };
        } while (taken.has(`${p.x},${p.y}`) || reserved.has(`${p.x},${p.y}`) || p.y === row);
      }
      taken.add(`${p.x},${p.y}`);
      list.push({ x: p.x, y: p.y, stone, number: i + 1 });
    }
    const line = entry.winner ? [0, 1, 2, 3, 4].map(fiveAt) : [];
    const result = !entry.winner ? { kind: 'draw', winner: null } : { kind: entry.result === 'resign' ? 'resign' : 'five', winner: entry.winner };
    return { moves: list, outcome: result, winningLine: result.kind === 'five' ? line : [], size };
  }

  function findReplay(id) {
    const entry = replays.find((r) => r.id === id);
    if (!entry) throw err('not_found', `no replay ${id}`);
    return entry;
  }

  function loadReplay({ id }) {
    const entry = findReplay(id);
    const game = replayGame(entry);
    const { game: _, ...summary } = entry;
    const finalView = { size: game.size, stones: game.moves, outcome: game.outcome, winning_line: game.winningLine };
    return { id, summary, size: game.size, rule: entry.rule, moves: game.moves, final_view: finalView };
  }

  let analysisStop = null;
  async function analyseGame({ id, onProgress }) {
    const game = replayGame(findReplay(id));
    const r = random(99);
    const judged = [];
    let chance = 0.5;
    let stopped = false;
    analysisStop = () => { stopped = true; };
    for (const [i, m] of game.moves.entries()) {
      if (stopped) break;
      await new Promise((ok) => setTimeout(ok, options.analysisDelay));
      // Every seventh move is a blunder, every fifth a mistake, every third an inaccuracy.
      const n = i + 1;
      const drop = n % 7 === 0 ? 0.35 : n % 5 === 0 ? 0.2 : n % 3 === 0 ? 0.09 : r() * 0.03;
      const cls = drop >= 0.3 ? 'blunder' : drop >= 0.15 ? 'mistake' : drop >= 0.07 ? 'inaccuracy' : drop < 0.01 ? 'best' : 'good';
      // `chance` is black's; judgements speak for the side that moved.
      const before = m.stone === 'black' ? chance : 1 - chance;
      chance = Math.min(0.98, Math.max(0.02, chance + (m.stone === 'black' ? -drop : drop) + (r() - 0.5) * 0.04));
      const after = m.stone === 'black' ? chance : 1 - chance;
      const best = cls === 'best' ? { x: m.x, y: m.y } : { x: (m.x + 1) % game.size, y: m.y };
      const judgement = { number: n, stone: m.stone, played: { x: m.x, y: m.y }, best, win_chance: before, win_chance_after: after, drop, class: cls, pv: [best] };
      judged.push(judgement);
      onProgress?.__send({ done: n, total: game.moves.length, judgement });
    }
    analysisStop = null;
    return { moves: judged, complete: !stopped };
  }

  function playFrom({ id, moveCount }) {
    const game = replayGame(findReplay(id));
    newGame({ mode: 'human_human', size: game.size, rule: findReplay(id).rule });
    for (const m of game.moves.slice(0, moveCount)) moves.push({ x: m.x, y: m.y, stone: m.stone });
    generation += 1;
    saveName = null;
    return view();
  }

  // -------------------------------------------------------------- stats

  const stats = {
    total: { wins: 40, losses: 31, draws: 3 },
    by_mode: { human_vs_ai: { wins: 30, losses: 25, draws: 2 }, human_vs_human: { wins: 10, losses: 6, draws: 1 } },
    by_level: { beginner: { wins: 12, losses: 1, draws: 0 }, normal: { wins: 15, losses: 14, draws: 2 }, master: { wins: 3, losses: 10, draws: 0 } },
    current_streak: 2,
    best_streak: 7,
  };

  // -------------------------------------------------------------- commands

  const commands = {
    app_info: () => ({ version: options.version, data_dir: '/tmp/wuzi', notices: options.notices }),
    list_profiles: () => profileList(),
    create_profile: ({ name, password }) => {
      checkName(name);
      if (profiles.some((p) => p.name.toLowerCase() === name.toLowerCase())) throw err('exists', `${name} exists`);
      profiles.push({ id: `p${nextProfile++}`, name, password: password || null, created_at: now() });
      return profileList();
    },
    rename_profile: ({ id, name }) => {
      checkName(name);
      const p = profiles.find((q) => q.id === id);
      if (!p) throw err('not_found', `no profile ${id}`);
      if (profiles.some((q) => q !== p && q.name.toLowerCase() === name.toLowerCase())) throw err('exists', `${name} exists`);
      p.name = name;
      return profileList();
    },
    delete_profile: ({ id }) => {
      if (!profiles.some((p) => p.id === id)) throw err('not_found', `no profile ${id}`);
      profiles = profiles.filter((p) => p.id !== id);
      if (current === id) current = null;
      return profileList();
    },
    open_profile: ({ id, password }) => {
      const p = profiles.find((q) => q.id === id);
      if (!p) throw err('not_found', `no profile ${id}`);
      if (p.password && !password) throw err('password_required', 'this profile has a password');
      if (p.password && p.password !== password) throw err('wrong_password', 'wrong password');
      current = id;
      return { profile: { id: p.id, name: p.name, has_password: !!p.password, created_at: p.created_at }, settings: { ...settingsFor(id) }, has_autosave: options.autosave };
    },
    set_password: ({ id, new: next }) => {
      profiles.find((p) => p.id === id).password = next ?? null;
      return profileList();
    },
    get_settings: () => ({ ...settingsFor(current) }),
    set_settings: ({ settings }) => {
      needProfile();
      if (settings.volume < 0 || settings.volume > 100) throw err('invalid', 'volume must be 0 to 100');
      settingsOf.set(current, { ...settings });
      return { ...settings };
    },
    get_stats: () => structuredClone(stats),

    game_view: () => view(),
    new_game: ({ config: cfg } = {}) => {
      newGame(cfg ?? {});
      saveName = null;
      return view();
    },
    play,
    undo,
    redo,
    restart: () => {
      reset();
      return view();
    },
    resign: () => {
      if (outcome) throw err('game_over', 'the game is over');
      const loser = config.mode === 'human_ai' ? config.humanStone : toMove();
      tick();
      finish({ kind: 'resign', winner: loser === 'black' ? 'white' : 'black' });
      generation += 1;
      return view();
    },
    ai_move: aiMove,
    stop_ai: () => {
      stopAi?.();
      return null;
    },
    hint,

    list_saves: () => {
      needProfile();
      return listSaves();
    },
    save_game: saveGame,
    load_save: loadSave,
    delete_save: ({ name }) => {
      if (!saves().delete(name)) throw err('not_found', `no save called ${name}`);
      return listSaves();
    },
    has_autosave: () => options.autosave,
    continue_game: () => {
      if (!options.autosave) throw err('not_found', 'no autosave');
      newGame({ mode: 'human_ai', humanStone: 'black' });
      for (const [x, y] of [[7, 7], [8, 8], [6, 8]]) place(x, y);
      return view();
    },
    import_game: importGame,
    export_game: exportGame,
    export_to_file: ({ format }) => {
      const { file_name: fileName } = exportGame({ format });
      return options.fileCancel ? null : { path: `/home/player/${fileName}` };
    },
    import_from_file: () => (options.fileCancel ? null : importGame({ text: options.openText })),

    list_replays: listReplays,
    load_replay: loadReplay,
    analyse_game: analyseGame,
    stop_analysis: () => {
      analysisStop?.();
      return null;
    },
    play_from: playFrom,
  };

  class Channel {
    constructor() {
      this.onmessage = () => {};
    }

    // Messages arrive asynchronously, as they do from the Rust side.
    __send(message) {
      const copy = structuredClone(message);
      setTimeout(() => this.onmessage(copy), 0);
    }

    toJSON() {
      return '__CHANNEL__:fake';
    }
  }

  newGame({ mode: 'human_human' });
  const calls = [];
  window.__fakeIpc = {
    calls,
    options,
    get settings() {
      return current ? settingsFor(current) : null;
    },
    get profiles() {
      return profiles;
    },
  };
  window.__TAURI__ = {
    core: {
      Channel,
      invoke: async (cmd, args = {}) => {
        calls.push({ cmd, args: JSON.parse(JSON.stringify(args)) });
        if (options.fail[cmd]) throw options.fail[cmd];
        const handler = commands[cmd];
        if (!handler) throw `command ${cmd} not found`;
        // Answers are copies, as they would be after crossing the IPC boundary.
        return structuredClone(await handler(args));
      },
    },
  };
})();
