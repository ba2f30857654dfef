import { describe, expect, it, vi } from 'vitest';
import { signedIn, whenSignedIn } from './sign-in';

describe('sign-in hooks', () => {
  it('sends the requests at once and loads code a moment later, each told where the user goes', () => {
    vi.useFakeTimers();
    const order: string[] = [];
    whenSignedIn((target) => order.push(`code ${target}`), 'code');
    whenSignedIn((target) => order.push(`request ${target}`));
    signedIn('/dashboard/analysis');
    expect(order).toEqual(['request /dashboard/analysis']);
    vi.advanceTimersByTime(20);
    expect(order).toEqual(['request /dashboard/analysis', 'code /dashboard/analysis']);
    vi.useRealTimers();
  });
});
