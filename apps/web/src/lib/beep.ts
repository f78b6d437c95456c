/**
 * A short beep through Web Audio, for notices a user asked to hear. One audio context for the page,
 * made on the first beep; browsers let it sound once the user has interacted with the page.
 */
const FREQUENCY_HZ = 880;
const LENGTH_S = 0.15;
const VOLUME = 0.2;

let context: AudioContext | null = null;

export function beep(): void {
  // Browsers without Web Audio stay silent.
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const audio = context;
  void audio.resume().catch(() => undefined);
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.frequency.value = FREQUENCY_HZ;
  gain.gain.setValueAtTime(VOLUME, audio.currentTime);
  // Fading out rather than stopping dead, which clicks.
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + LENGTH_S);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + LENGTH_S);
}
