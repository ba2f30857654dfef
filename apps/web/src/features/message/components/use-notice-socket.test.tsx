import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { NOTICE_HEARTBEAT, NOTICE_TIMING, SOCKET_PROTOCOL } from '@district/shared';
import { useNoticeSocket } from './use-notice-socket';

/** A stand-in for the browser's WebSocket that the test drives. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    public url: string,
    public protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

function Probe(props: { onReload: () => void; onAlarm: () => void }) {
  useNoticeSocket('u1', 'tok', props);
  return null;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('notice socket', () => {
  it('opens /websocket/{userId} with the token in the sub-protocol, beats every 20 s and reloads on topic/user', () => {
    const onReload = vi.fn();
    const onAlarm = vi.fn();
    render(<Probe onReload={onReload} onAlarm={onAlarm} />);
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/\/websocket\/u1$/);
    expect(socket.protocols).toEqual([SOCKET_PROTOCOL, 'tok']);
    act(() => socket.open());
    act(() => void vi.advanceTimersByTime(NOTICE_TIMING.heartbeatMs));
    expect(socket.sent).toEqual([NOTICE_HEARTBEAT]);
    act(() => socket.receive(JSON.stringify({ cmd: 'topic', msgId: 'a' })));
    act(() => socket.receive(JSON.stringify({ cmd: 'user', msgId: 'b' })));
    expect(onReload).toHaveBeenCalledTimes(2);
    // Unparsable and unknown messages are only logged.
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    act(() => socket.receive('{oops'));
    act(() => socket.receive(JSON.stringify({ cmd: 'other' })));
    expect(onReload).toHaveBeenCalledTimes(2);
    expect(debug).toHaveBeenCalledTimes(2);
    act(() => socket.receive(JSON.stringify({ cmd: 'alarm', data: {} })));
    expect(onAlarm).toHaveBeenCalledTimes(1);
  });

  it('reconnects 5 s after a close or an error, again and again', () => {
    render(<Probe onReload={vi.fn()} onAlarm={vi.fn()} />);
    act(() => FakeSocket.all[0]!.open());
    act(() => FakeSocket.all[0]!.close());
    act(() => void vi.advanceTimersByTime(NOTICE_TIMING.reconnectMs - 1));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1]!.onerror?.());
    act(() => void vi.advanceTimersByTime(NOTICE_TIMING.reconnectMs));
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('stops for good when unmounted (signed out)', () => {
    const { unmount } = render(<Probe onReload={vi.fn()} onAlarm={vi.fn()} />);
    act(() => FakeSocket.all[0]!.open());
    unmount();
    act(() => void vi.advanceTimersByTime(NOTICE_TIMING.reconnectMs * 3));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
