// The app's sounds, all made with the Web Audio API, so there is no sound
// file to download or license: the effects (a stone, a win, a loss, a draw,
// a refused move, an undo, a clock running low) at the effects volume, and
// background music the app composes as it plays, at its own volume.
//
// The music is a slow tune on the five notes of the Chinese gong scale
// (D E F♯ A B) over a soft drone: each note steps up or down the scale from
// the last, phrases of four to eight notes end on the home note, with a
// rest between them. It starts only when the player turns it on (off by
// default), follows its volume slider, and stops while the app is hidden.
//
// Each sound played is announced as a `wuzi-sound` event on document
// (detail: { name }), and each note of the music as `wuzi-music-note`, so a
// visual cue can follow the sound.

let context = null;

function audio() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  if (context.state === 'suspended') context.resume().catch(() => {});
  return context;
}

/** The effects' volume as a gain, or 0 when the effects are off. */
function effectsGain(settings) {
  if (!settings?.sound || !settings.volume) return 0;
  return Math.min(1, settings.volume / 100);
}

function announce(name) {
  document.dispatchEvent(new CustomEvent('wuzi-sound', { detail: { name } }));
}

/**
 * One tone: `type` wave at `freq` Hz from `start` seconds for `length`,
 * rising quickly to `peak` and fading out (no click at either end).
 */
function tone(ctx, out, { type = 'sine', freq, start, length, peak, glideTo }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.value = freq;
  osc.frequency.setValueAtTime(freq, start);
  if (glideTo) osc.frequency.exponentialRampToValueAtTime(glideTo, start + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(Math.max(peak, 0.0002), start + Math.min(0.02, length / 4));
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(out);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** Plays the click of a stone at the effects volume, if the effects are on. */
export function playStoneSound(settings) {
  const volume = effectsGain(settings);
  const ctx = volume && audio();
  if (!ctx) return;
  const now = ctx.currentTime;

  const length = Math.floor(ctx.sampleRate * 0.05);
  const noise = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const knock = ctx.createBufferSource();
  knock.buffer = noise;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 2400;
  band.Q.value = 1.2;
  const knockGain = ctx.createGain();
  knockGain.gain.value = 0.9 * volume;
  knock.connect(band).connect(knockGain).connect(ctx.destination);
  knock.start(now);
  // The low thump of slate on wood under the knock.
  tone(ctx, ctx.destination, { freq: 190, glideTo: 90, start: now, length: 0.1, peak: 0.6 * volume });
  announce('stone');
}

/** The notes (Hz, start in seconds, length) of each effect but the stone. */
const EFFECTS = {
  // A rising major arpeggio: bright, short.
  win: { type: 'triangle', peak: 0.35, notes: [[523.25, 0, 0.18], [659.25, 0.12, 0.18], [783.99, 0.24, 0.2], [1046.5, 0.36, 0.5]] },
  // Three falling notes of a minor chord, slower and softer.
  loss: { type: 'sine', peak: 0.3, notes: [[440, 0, 0.3], [349.23, 0.25, 0.3], [293.66, 0.5, 0.7]] },
  // Two even notes: neither up nor down.
  draw: { type: 'sine', peak: 0.3, notes: [[587.33, 0, 0.3], [587.33, 0.3, 0.45]] },
  // A short low buzz: the move was not taken.
  refused: { type: 'square', peak: 0.08, notes: [[146.83, 0, 0.09], [138.59, 0.1, 0.12]] },
  // A quick falling blip: a move taken back.
  undo: { type: 'sine', peak: 0.25, glide: 0.5, notes: [[660, 0, 0.09]] },
  // Two soft beeps as a person's clock runs low.
  lowTime: { type: 'sine', peak: 0.3, notes: [[880, 0, 0.12], [880, 0.18, 0.12]] },
};

/** Plays the effect `name` (`win`, `loss`, `draw`, `refused`, `undo`, `lowTime`), if the effects are on. */
export function playEffect(name, settings) {
  const effect = EFFECTS[name];
  const volume = effectsGain(settings);
  const ctx = effect && volume && audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  for (const [freq, at, length] of effect.notes) {
    tone(ctx, ctx.destination, {
      type: effect.type,
      freq,
      glideTo: effect.glide ? freq * effect.glide : undefined,
      start: now + at,
      length,
      peak: effect.peak * volume,
    });
  }
  announce(name);
}

/** Two soft beeps as a person's clock runs low. */
export function playLowTimeSound(settings) {
  playEffect('lowTime', settings);
}

// ---------------------------------------------------------------- music

/** D E F♯ A B over two octaves, from D4: the gong scale. */
const SCALE = [293.66, 329.63, 369.99, 440, 493.88, 587.33, 659.25, 739.99, 880, 987.77];
/** How far ahead notes are scheduled, and how often the scheduler looks. */
const AHEAD = 1.5;
const LOOK_MS = 400;

const music = {
  playing: false,
  out: null,
  drone: [],
  timer: null,
  nextAt: 0,
  step: 0,
  phraseLeft: 0,
  volume: 0,
};

/** The next note of the tune: a step or two along the scale, home at a phrase's end. */
function nextNote() {
  if (music.phraseLeft === 0) {
    music.phraseLeft = 4 + Math.floor(Math.random() * 5);
    return null;
  }
  music.phraseLeft -= 1;
  if (music.phraseLeft === 0) {
    music.step = Math.random() < 0.5 ? 0 : 5;
  } else {
    const move = [-2, -1, -1, 1, 1, 2][Math.floor(Math.random() * 6)];
    music.step = Math.min(SCALE.length - 1, Math.max(0, music.step + move));
  }
  return SCALE[music.step];
}

function schedule() {
  const ctx = audio();
  if (!ctx || !music.playing) return;
  while (music.nextAt < ctx.currentTime + AHEAD) {
    const start = Math.max(music.nextAt, ctx.currentTime + 0.05);
    const freq = nextNote();
    if (freq === null) {
      // A rest between phrases.
      music.nextAt = start + 1.6;
      continue;
    }
    const length = music.phraseLeft === 0 ? 2.4 : 0.9 + Math.random() * 0.6;
    tone(ctx, music.out, { type: 'sine', freq, start, length: length + 0.6, peak: 0.22 });
    // A quiet octave above: the note rings like a plucked string.
    tone(ctx, music.out, { type: 'triangle', freq: freq * 2, start, length: length * 0.5, peak: 0.03 });
    music.nextAt = start + length;
    document.dispatchEvent(new CustomEvent('wuzi-music-note', { detail: { freq } }));
  }
}

function startMusic(volume) {
  const ctx = audio();
  if (!ctx) return;
  music.out = ctx.createGain();
  music.out.gain.value = volume;
  music.out.connect(ctx.destination);
  // The drone: D3 and A3, very soft, breathing slowly.
  for (const freq of [146.83, 220]) {
    const osc = ctx.createOscillator();
    osc.type = 'triangle';
    osc.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.value = 0.035;
    const breath = ctx.createOscillator();
    breath.frequency.value = 0.07;
    const depth = ctx.createGain();
    depth.gain.value = 0.02;
    breath.connect(depth).connect(gain.gain);
    osc.connect(gain).connect(music.out);
    osc.start();
    breath.start();
    music.drone.push(osc, breath);
  }
  music.playing = true;
  music.nextAt = ctx.currentTime + 0.3;
  music.phraseLeft = 0;
  schedule();
  music.timer = setInterval(schedule, LOOK_MS);
  document.body.dataset.music = 'playing';
}

function stopMusic() {
  if (!music.playing) return;
  music.playing = false;
  clearInterval(music.timer);
  const ctx = audio();
  const out = music.out;
  // A short fade rather than a cut.
  if (ctx && out) {
    out.gain.setTargetAtTime(0, ctx.currentTime, 0.15);
    setTimeout(() => out.disconnect(), 1000);
  }
  for (const node of music.drone) node.stop(ctx ? ctx.currentTime + 0.8 : 0);
  music.drone = [];
  music.out = null;
  document.body.dataset.music = 'off';
}

let lastSettings = null;

/**
 * Starts, stops or re-levels the music for `settings` (music, music_volume):
 * called whenever the settings change. It stays silent while the app is
 * hidden.
 */
export function applyMusic(settings) {
  lastSettings = settings;
  const volume = settings?.music ? Math.min(1, (settings.music_volume ?? 0) / 100) : 0;
  const wanted = volume > 0 && document.visibilityState !== 'hidden';
  if (!wanted) {
    stopMusic();
    return;
  }
  if (!music.playing) {
    startMusic(volume);
  } else if (music.out && context) {
    music.out.gain.setTargetAtTime(volume, context.currentTime, 0.1);
  }
  music.volume = volume;
}

document.addEventListener('visibilitychange', () => applyMusic(lastSettings));
// Browsers start sound only after the person has done something: the first
// touch, click or key lets music that was waiting begin.
for (const type of ['pointerdown', 'keydown']) {
  document.addEventListener(type, () => {
    if (context?.state === 'suspended') context.resume().catch(() => {});
  }, { capture: true });
}
document.body.dataset.music = 'off';
