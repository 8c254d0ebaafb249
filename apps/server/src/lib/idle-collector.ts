// Gives memory back once a burst of traffic is over (decision 049). V8 grows its heap for a burst and
// keeps the pages afterwards: its own memory reducer rarely runs in a server that Node never tells
// it is idle, so an API that served a burst stayed 40-50 MiB above its resting size for as long as
// it stayed quiet. Here a full collection runs once a quiet spell follows some requests; the heap
// then shrinks to what is live and the allocator trims the pages it freed. Nothing runs while
// requests keep coming, and a request that arrives during the collection waits for it (tens of ms).
// Traffic that is not HTTP (the chat's messages over its sockets) counts too: a chat instance
// answers few requests while it delivers a thousand messages a second, and a full collection in
// the middle of that held every delivery for its length (decision 063).
//
// A full collection also costs the next burst: it discards much of the optimized code the JIT made
// for the last one, so the first thousands of requests after it run slower while V8 compiles the
// same functions again (decision 049's amendment of 2026-12-07: a flash sale's 2,000 attempts after
// an 11 s pause recompiled about 150 functions and took 1.3 to 1.7 times the CPU per attempt). So
// quiet means a minute without a response, not a pause between two waves of traffic.
import type { FastifyInstance } from 'fastify';

/** How long without a response counts as quiet: a lull, not a pause between two waves. */
export const IDLE_COLLECT_AFTER_MS = 60_000;

/**
 * Runs `collect` (global.gc, with node --expose-gc) once after each burst: when a whole interval of
 * `idleMs` passed without a response and some responses were sent since the last collection.
 * `otherWork` counts work done outside HTTP responses (ever growing); it counts as responses.
 * Returns the stop.
 */
export function startIdleCollector(app: FastifyInstance, collect: () => void, idleMs = IDLE_COLLECT_AFTER_MS, otherWork: () => number = () => 0): () => void {
  let served = 0;
  let servedAtLastTick = 0;
  let servedAtLastCollect = 0;
  // A callback, not an async function: no promise per response.
  app.addHook('onResponse', (_request, _reply, done) => {
    served++;
    done();
  });
  const timer = setInterval(() => {
    const done = served + otherWork();
    if (done === servedAtLastTick && done !== servedAtLastCollect) {
      servedAtLastCollect = done;
      collect();
    }
    servedAtLastTick = done;
  }, idleMs);
  timer.unref();
  return () => clearInterval(timer);
}
