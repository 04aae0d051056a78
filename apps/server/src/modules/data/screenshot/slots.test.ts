import { describe, expect, it } from 'vitest';
import { createSlots } from './slots';

/** A piece of work that runs until the test lets it finish. */
function gated() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('createSlots', () => {
  it('runs at most `running` at once, queues `waiting` more in order, refuses the rest', async () => {
    const slots = createSlots({ running: 2, waiting: 2, whenFull: () => new Error('busy') });
    const started: number[] = [];
    const gates = Array.from({ length: 4 }, gated);
    const runs = gates.map((gate, index) =>
      slots.run(async () => {
        started.push(index);
        await gate.done;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(slots.run(async () => 'late')).rejects.toThrow('busy');

    gates[1]!.finish();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.finish();
    gates[2]!.finish();
    gates[3]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    // With everything finished, the slots are all free again.
    expect(await Promise.all([slots.run(async () => 'a'), slots.run(async () => 'b')])).toEqual([
      'a',
      'b',
    ]);
  });

  it('frees the slot of work that failed', async () => {
    const slots = createSlots({ running: 1, waiting: 0, whenFull: () => new Error('busy') });
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
