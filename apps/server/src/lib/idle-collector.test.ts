import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdleCollector } from './idle-collector.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('startIdleCollector', () => {
  it('collects once after a burst, only when a whole interval passed without a response', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    app.get('/', async () => 'ok');
    const collect = vi.fn();
    const stop = startIdleCollector(app, collect, 1_000);
    await app.ready();
    const burst = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await app.inject('/')).statusCode).toBe(200);
    };

    // Quiet from the start: nothing to give back.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(collect).not.toHaveBeenCalled();

    // A burst that keeps going across ticks is never interrupted.
    for (let tick = 0; tick < 3; tick++) {
      await burst(5);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    // The first whole quiet interval after it collects, once.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(collect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).toHaveBeenCalledTimes(1);

    // The next burst earns the next collection.
    await burst(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(collect).toHaveBeenCalledTimes(2);

    stop();
    await burst(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('counts the work besides responses (the chat socket events) as traffic: no collection while it goes on', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const collect = vi.fn();
    let events = 0;
    const stop = startIdleCollector(app, collect, 1_000, () => events);
    await app.ready();

    // Messages keep flowing across ticks without a single HTTP response: never interrupted.
    for (let tick = 0; tick < 4; tick++) {
      events += 100;
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    // Once they stop, the first whole quiet interval collects, once.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(collect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
    await app.close();
  });
});
