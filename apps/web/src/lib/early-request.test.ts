import { afterEach, describe, expect, it, vi } from 'vitest';

const getAction = vi.fn();
vi.mock('./request', () => ({ getAction: (url: string) => getAction(url) }));

const { askEarly, takeEarly } = await import('./early-request');

describe('early requests', () => {
  afterEach(() => {
    vi.useRealTimers();
    getAction.mockReset();
  });

  it('hands the answer asked for at sign-in to the first reader only', async () => {
    getAction.mockResolvedValue({ result: { assets: 10 } });
    askEarly('/dashboard/analysis');
    expect(getAction).toHaveBeenCalledWith('/dashboard/analysis');
    await expect(takeEarly('/dashboard/analysis')).resolves.toEqual({ assets: 10 });
    // A second read (a refresh) asks the server again.
    expect(takeEarly('/dashboard/analysis')).toBeNull();
    expect(takeEarly('/never/asked')).toBeNull();
  });

  it('drops an answer left untaken for more than ten seconds', () => {
    vi.useFakeTimers();
    getAction.mockResolvedValue({ result: 1 });
    askEarly('/dashboard/analysis');
    vi.advanceTimersByTime(10_001);
    expect(takeEarly('/dashboard/analysis')).toBeNull();
  });

  it('leaves a failure to the reader instead of an unhandled rejection', async () => {
    getAction.mockRejectedValue(new Error('403'));
    askEarly('/dashboard/analysis');
    await expect(takeEarly('/dashboard/analysis')).rejects.toThrow('403');
  });
});
