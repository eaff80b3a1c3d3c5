// Bench-only preload, never part of the build: `node --import ./tools/bench/flags-profile-probe.mjs <server>`, spawned
// with an IPC channel. { type: 'bench:profile-start' } starts V8's CPU profiler on the main thread;
// { type: 'bench:profile-stop' } stops it and answers { type: 'bench:profile', profile } (a .cpuprofile object).
import { Session } from 'node:inspector/promises';
import { isMainThread } from 'node:worker_threads';

/** Sampling interval, µs (V8's default is 1,000; finer shows short functions). */
const SAMPLING_MICROS = 200;

function answerProfileRequests() {
  if (!process.send) throw new Error('flags-profile-probe.mjs needs an IPC channel');
  const session = new Session();
  session.connect();
  process.on('message', async (m) => {
    if (m?.type === 'bench:profile-start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_MICROS });
      await session.post('Profiler.start');
      process.send({ type: 'bench:profile-started' });
    } else if (m?.type === 'bench:profile-stop') {
      const { profile } = await session.post('Profiler.stop');
      process.send({ type: 'bench:profile', profile });
    }
  });
}

if (isMainThread) answerProfileRequests();
