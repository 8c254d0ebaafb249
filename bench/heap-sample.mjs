// Preloaded into an API instance by bench/flash-sale-allocations.mjs (`node --import`): the first
// SIGUSR2 starts V8's sampling heap profiler keeping what the collector freed (young and old
// generation), so the profile counts every allocation, not only what survived; the second writes it
// to HEAP_PROFILE_OUT.
import inspector from 'node:inspector';
import { writeFileSync } from 'node:fs';

const session = new inspector.Session();
session.connect();
let sampling = false;
process.on('SIGUSR2', () => {
  sampling = !sampling;
  if (sampling) {
    session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
    return;
  }
  session.post('HeapProfiler.stopSampling', (err, result) => {
    if (err) console.error(err);
    else writeFileSync(process.env.HEAP_PROFILE_OUT, JSON.stringify(result.profile));
  });
});
