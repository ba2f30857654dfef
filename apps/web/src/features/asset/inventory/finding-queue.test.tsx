import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { INVENTORY_API, type InventoryFindingInput } from '@district/shared';
import { mockHttp, ok, type MockReply } from '@/test/mock-http';
import { QUEUE_RETRY_MS, queueStorageKey, useFindingQueue } from './finding-queue';

let restore = () => undefined as void;
afterEach(() => {
  restore();
  window.localStorage.clear();
  vi.useRealTimers();
});

const finding = (clientId: string): InventoryFindingInput => ({
  clientId,
  campaignId: 'c1',
  itemId: 'i1',
  result: 'normal',
});

describe('the finding queue', () => {
  it('stores the queue under the user and retries it every 30 s while something is queued', async () => {
    vi.useFakeTimers();
    let online = false;
    const sent: string[] = [];
    const mock = mockHttp({
      [`POST ${INVENTORY_API.finding}`]: (c: InternalAxiosRequestConfig): MockReply => {
        const body = JSON.parse(String(c.data)) as InventoryFindingInput;
        sent.push(body.clientId);
        if (!online) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, c);
        return ok({ ...body, duplicate: false });
      },
    });
    restore = mock.restore;
    const { result } = renderHook(() => useFindingQueue('alice'));
    await act(async () => {
      result.current.enqueue(finding('a-1'), '会议桌：正常');
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual(['a-1']);
    expect(result.current.queue.map((q) => q.input.clientId)).toEqual(['a-1']);
    expect(JSON.parse(window.localStorage.getItem(queueStorageKey('alice'))!)).toHaveLength(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUEUE_RETRY_MS);
    });
    expect(sent).toEqual(['a-1', 'a-1']);
    expect(result.current.queue).toHaveLength(1);

    online = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUEUE_RETRY_MS);
    });
    expect(sent).toEqual(['a-1', 'a-1', 'a-1']);
    expect(result.current.queue).toEqual([]);
    expect(window.localStorage.getItem(queueStorageKey('alice'))).toBeNull();

    // Nothing queued: the timer sends nothing.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUEUE_RETRY_MS * 2);
    });
    expect(sent).toHaveLength(3);
  });
});
