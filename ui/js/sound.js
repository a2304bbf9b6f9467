// The app's sounds, made with the Web Audio API, so there is no sound file
// to download: the stone click (a short knock of filtered noise over a low
// thump, like slate on wood) and the soft double beep of a clock running low.

let context = null;

function audio() {
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  context ??= new Context();
  if (context.state === 'suspended') context.resume();
  return context;
}

/** Plays the click at the profile's volume, if sound is on. */
export function playStoneSound(settings) {
  if (!settings?.sound || !settings.volume) return;
  const ctx = audio();
  if (!ctx) return;
  const volume = Math.min(1, settings.volume / 100);
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

  const thump = ctx.createOscillator();
  thump.type = 'sine';
  thump.frequency.setValueAtTime(190, now);
  thump.frequency.exponentialRampToValueAtTime(90, now + 0.08);
  const thumpGain = ctx.createGain();
  thumpGain.gain.setValueAtTime(0.6 * volume, now);
  thumpGain.gain.exponentialRampToValueAtTime(0.001, now + 0.1);
  thump.connect(thumpGain).connect(ctx.destination);

  knock.start(now);
  thump.start(now);
  thump.stop(now + 0.12);
}

/** Two soft beeps as a person's clock runs low, at the profile's volume, if sound is on. */
export function playLowTimeSound(settings) {
  if (!settings?.sound || !settings.volume) return;
  const ctx = audio();
  if (!ctx) return;
  const volume = Math.min(1, settings.volume / 100);
  const now = ctx.currentTime;
  for (const start of [0, 0.18]) {
    const beep = ctx.createOscillator();
    beep.type = 'sine';
    beep.frequency.value = 880;
    const gain = ctx.createGain();
    // A quick rise and fall: a beep without a click at either end.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.3 * volume, now + start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + 0.12);
    beep.connect(gain).connect(ctx.destination);
    beep.start(now + start);
    beep.stop(now + start + 0.13);
  }
}
