import type { SoundName } from './soundFor';

/**
 * Every sound is synthesized here with the Web Audio API, so no sound file needs a licence.
 * Pieces landing are short filtered noise bursts ("wood"); events are small tunes.
 */

let context: AudioContext | undefined;

/** Creates or resumes the audio context; browsers only allow this inside a user gesture. */
export function unlockAudio(): void {
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  if (!context) {
    const created = new Ctor();
    // Shown on <body data-audio="running">, so a test (or a puzzled player's devtools) can see it.
    const show = () => (document.body.dataset.audio = created.state);
    created.addEventListener('statechange', show);
    show();
    context = created;
  }
  if (context.state === 'suspended') void context.resume();
}

function wood(ctx: AudioContext, out: AudioNode, at: number, pitch: number, level: number): void {
  const length = Math.floor(ctx.sampleRate * 0.08);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 4);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = pitch;
  filter.Q.value = 2.5;
  const gain = ctx.createGain();
  gain.gain.value = level * 3;
  source.connect(filter).connect(gain).connect(out);
  source.start(at);
  tone(ctx, out, at, pitch / 8, 0.06, 'sine', level * 0.8);
}

function tone(
  ctx: AudioContext,
  out: AudioNode,
  at: number,
  frequency: number,
  duration: number,
  type: OscillatorType,
  level: number,
): void {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.value = frequency;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + duration + 0.02);
}

function notes(ctx: AudioContext, out: AudioNode, at: number, frequencies: number[], step: number, type: OscillatorType): void {
  frequencies.forEach((f, i) => tone(ctx, out, at + i * step, f, step * 2.2, type, 0.25));
}

const RECIPES: Record<SoundName, (ctx: AudioContext, out: AudioNode, at: number) => void> = {
  move: (ctx, out, at) => wood(ctx, out, at, 1800, 0.6),
  capture: (ctx, out, at) => {
    wood(ctx, out, at, 1100, 0.8);
    wood(ctx, out, at + 0.045, 2400, 0.5);
  },
  castle: (ctx, out, at) => {
    wood(ctx, out, at, 1800, 0.6);
    wood(ctx, out, at + 0.11, 1500, 0.6);
  },
  promote: (ctx, out, at) => {
    wood(ctx, out, at, 1800, 0.5);
    notes(ctx, out, at + 0.05, [784, 988, 1319], 0.07, 'triangle');
  },
  check: (ctx, out, at) => {
    wood(ctx, out, at, 1800, 0.5);
    notes(ctx, out, at + 0.03, [1175, 880], 0.09, 'square');
  },
  win: (ctx, out, at) => notes(ctx, out, at, [523, 659, 784, 1047], 0.12, 'triangle'),
  loss: (ctx, out, at) => notes(ctx, out, at, [392, 311, 262], 0.18, 'sine'),
  draw: (ctx, out, at) => notes(ctx, out, at, [523, 523, 392], 0.14, 'sine'),
  illegal: (ctx, out, at) => tone(ctx, out, at, 110, 0.16, 'sawtooth', 0.12),
  lowTime: (ctx, out, at) => notes(ctx, out, at, [1568, 1568, 1568], 0.09, 'sine'),
};

/** Plays one sound at the given volume (0 to 1), if the context has been unlocked. */
export function synthesize(name: SoundName, volume: number): void {
  if (!context || context.state !== 'running' || volume <= 0) return;
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);
  RECIPES[name](context, master, context.currentTime + 0.005);
}
