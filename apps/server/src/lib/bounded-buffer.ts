/**
 * A first-in-first-out buffer that holds at most `capacity` items: when full, the oldest are dropped and
 * counted, so a long outage costs bounded memory and the loss is known. Items taken out for a write that
 * failed go back in front with putBack(), keeping their order.
 */
export class BoundedBuffer<T> {
  private items: T[] = [];
  /** Items dropped since the last takeDropped(). */
  private droppedSince = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    this.items.push(item);
    this.trim();
  }

  /** Takes up to `count` of the oldest items. */
  take(count: number): T[] {
    return this.items.splice(0, count);
  }

  /** Returns items taken with take() to the front (they are older than anything pushed since). */
  putBack(items: T[]): void {
    this.items = items.concat(this.items);
    this.trim();
  }

  /** How many items were dropped since the last call, and resets the count. */
  takeDropped(): number {
    const dropped = this.droppedSince;
    this.droppedSince = 0;
    return dropped;
  }

  private trim(): void {
    const over = this.items.length - this.capacity;
    if (over <= 0) return;
    this.items.splice(0, over);
    this.droppedSince += over;
  }
}
