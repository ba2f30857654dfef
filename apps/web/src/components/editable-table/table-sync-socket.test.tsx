import { SOCKET_PROTOCOL, TABLE_SYNC } from '@district/shared';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderWithApp } from '@/test/render';
import { EditableTable } from './editable-table';
import type { EditableTableApi } from './editable-table-types';
import { TableSyncSocket, tableSyncUrl } from './table-sync-socket';
import { useTableSync } from './use-table-sync';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  static last() {
    return FakeSocket.all[FakeSocket.all.length - 1]!;
  }
}
const createSocket = (url: string, protocols?: string[]) => new FakeSocket(url, protocols);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('TableSyncSocket', () => {
  it('builds the socket URL under the API base and sends the token as sub-protocol', () => {
    expect(tableSyncUrl('u1', 'p1', '/api')).toBe(`ws://${window.location.host}/api/vxeSocket/u1/p1`);
    expect(tableSyncUrl('u1', 'p1', 'https://x.cn/api')).toBe('wss://x.cn/api/vxeSocket/u1/p1');
    const socket = new TableSyncSocket({ userId: 'u1', pageId: 'p1', token: 'tok', createSocket });
    socket.start();
    // Our sub-protocol first, then the token: never in the URL.
    expect(FakeSocket.last().protocols).toEqual([SOCKET_PROTOCOL, 'tok']);
    expect(FakeSocket.last().url).not.toContain('tok');
    socket.stop();
  });

  it('does not send a message over the frame limit (the server would close the socket)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = new TableSyncSocket({ userId: 'u1', pageId: 'p1', token: 't', createSocket });
    socket.start();
    FakeSocket.last().open();
    const big = { rowId: 'r1', row: { text: '字'.repeat(TABLE_SYNC.maxMessageBytes / 3) }, socketKey: 'k' };
    expect(socket.sendRowUpdate(big)).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(socket.sendRowUpdate({ rowId: 'r1', row: { text: '字'.repeat(1000) }, socketKey: 'k' })).toBe(true);
    expect(FakeSocket.last().sent).toHaveLength(1);
    expect(socket.status).toBe('open');
    socket.stop();
  });

  it('sends a heart beat every 10 s and reconnects when no reply comes within 6 s', () => {
    const statuses: string[] = [];
    const socket = new TableSyncSocket({
      userId: 'u1',
      pageId: 'p1',
      token: 't',
      createSocket,
      onStatus: (s) => statuses.push(s),
    });
    socket.start();
    const first = FakeSocket.last();
    first.open();
    vi.advanceTimersByTime(9_999);
    expect(first.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(first.sent).toEqual([{ type: 'heart_beat' }]);
    // Answered: the connection stays.
    first.receive({ type: 'heart_beat' });
    vi.advanceTimersByTime(6_000);
    expect(FakeSocket.all).toHaveLength(1);
    // Next beat unanswered: dropped after 6 s, a new socket 5 s later.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.advanceTimersByTime(4_000);
    expect(first.sent).toHaveLength(2);
    vi.advanceTimersByTime(5_999);
    expect(first.readyState).toBe(1);
    vi.advanceTimersByTime(1);
    expect(first.readyState).toBe(3);
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(statuses).toEqual(['connecting', 'open', 'connecting']);
    socket.stop();
  });

  it('reconnects 5 s after a close or an error', () => {
    const socket = new TableSyncSocket({ userId: 'u1', pageId: 'p1', token: 't', createSocket });
    socket.start();
    FakeSocket.last().open();
    FakeSocket.last().onclose?.(new CloseEvent('close'));
    expect(socket.status).toBe('closed');
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last().onerror?.(new Event('error'));
    expect(socket.status).toBe('error');
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(3);
    socket.stop();
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('logs unparsable and unknown messages only', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onRowUpdate = vi.fn();
    const onCommon = vi.fn();
    const socket = new TableSyncSocket({ userId: 'u1', pageId: 'p1', token: 't', createSocket, onRowUpdate, onCommon });
    socket.start();
    FakeSocket.last().open();
    FakeSocket.last().receive('{not json');
    FakeSocket.last().receive({ type: 'mystery' });
    FakeSocket.last().receive({ type: 'update_vxe_table', data: { rowId: 1 } });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(onRowUpdate).not.toHaveBeenCalled();
    FakeSocket.last().receive({ type: 'common_send_date', data: { a: 1 } });
    expect(onCommon).toHaveBeenCalledWith({ a: 1 });
    expect(socket.status).toBe('open');
    socket.stop();
  });
});

describe('useTableSync', () => {
  function Page({ onSend }: { onSend: (send: (id: string, row: Record<string, unknown>) => boolean) => void }) {
    const ref = useRef<EditableTableApi>(null);
    const { sendRow } = useTableSync({ table: ref, pageId: 'demo', socketKey: 'orders', createSocket });
    onSend(sendRow);
    return (
      <EditableTable
        ref={ref}
        columns={[{ key: 'name', title: '名称', type: 'input' }]}
        dataSource={[{ id: 'r1', name: '原值' }]}
      />
    );
  }

  it("applies a peer's saved row of the same table and sends this page's saved rows", () => {
    let send: (id: string, row: Record<string, unknown>) => boolean = () => false;
    const view = renderWithApp(<Page onSend={(s) => (send = s)} />);
    const socket = FakeSocket.last();
    act(() => socket.open());
    act(() =>
      socket.receive({ type: 'update_vxe_table', data: { rowId: 'r1', row: { name: '别的表' }, socketKey: 'x' } }),
    );
    expect(view.container.querySelector('[data-row-id="r1"]')).toHaveTextContent('原值');
    act(() =>
      socket.receive({
        type: 'update_vxe_table',
        data: { rowId: 'r1', row: { id: 'r1', name: '同事改的' }, socketKey: 'orders' },
      }),
    );
    expect(view.container.querySelector('[data-row-id="r1"]')).toHaveTextContent('同事改的');
    expect(send('r1', { id: 'r1', name: '我改的' })).toBe(true);
    expect(socket.sent).toContainEqual({
      type: 'update_vxe_table',
      data: { rowId: 'r1', row: { id: 'r1', name: '我改的' }, socketKey: 'orders' },
    });
    view.unmount();
  });
});
