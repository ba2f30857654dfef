import { describe, expect, it } from 'vitest';
import { BoundedBuffer } from './bounded-buffer.js';

describe('BoundedBuffer', () => {
  it('keeps the newest items when full and counts what it dropped', () => {
    const buffer = new BoundedBuffer<number>(3);
    for (const n of [1, 2, 3, 4, 5]) buffer.push(n);
    expect(buffer.size).toBe(3);
    expect(buffer.takeDropped()).toBe(2);
    expect(buffer.takeDropped()).toBe(0);
    expect(buffer.take(10)).toEqual([3, 4, 5]);
  });

  it('puts a failed batch back in front, in order, still bounded', () => {
    const buffer = new BoundedBuffer<number>(4);
    for (const n of [1, 2, 3]) buffer.push(n);
    const batch = buffer.take(2);
    buffer.push(4);
    buffer.push(5);
    buffer.putBack(batch);
    // 1 2 3 4 5 is one too many: the oldest (1) goes.
    expect(buffer.takeDropped()).toBe(1);
    expect(buffer.take(10)).toEqual([2, 3, 4, 5]);
  });
});
