// Bench-only preload, never part of the build: `node --import ./tools/bench/cost-probe.mjs <server>`, spawned with an
// IPC channel. On the parent's { type: 'bench:cost?' } it answers { type: 'bench:cost', cpuMicros, threadCpuMicros,
// allocatedBytes, youngGcMicros, oldGcMicros }, each counted since the probe loaded: CPU of the whole process (every
// thread: the shell's fake-API thread too), CPU of the main thread (the render; NaN where /proc is missing), bytes
// allocated on the main thread's V8 heap (heap in use now, minus at load, plus what every GC since freed) and the
// main thread's GC pauses, young generation (scavenges) and old (mark-compacts and their steps), from v8.GCProfiler.
import { readFileSync } from 'node:fs';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The main thread's user + system CPU in microseconds, from /proc/self/task/<pid>/stat (fields 14 and 15). */
function mainThreadCpuMicros() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return NaN;
  }
}

function answerCostQuestions() {
  if (!process.send) throw new Error('cost-probe.mjs needs an IPC channel');
  const usedAtLoad = getHeapStatistics().used_heap_size;
  let freed = 0;
  let youngGcMicros = 0;
  let oldGcMicros = 0;
  let profiler = new GCProfiler();
  profiler.start();
  process.on('message', (m) => {
    if (m?.type !== 'bench:cost?') return;
    for (const gc of profiler.stop()?.statistics ?? []) {
      freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
      if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep') youngGcMicros += gc.cost;
      else oldGcMicros += gc.cost;
    }
    profiler = new GCProfiler();
    profiler.start();
    const { user, system } = process.cpuUsage();
    const allocatedBytes = getHeapStatistics().used_heap_size - usedAtLoad + freed;
    process.send({ type: 'bench:cost', cpuMicros: user + system, threadCpuMicros: mainThreadCpuMicros(), allocatedBytes, youngGcMicros, oldGcMicros });
  });
}

if (isMainThread) answerCostQuestions();
