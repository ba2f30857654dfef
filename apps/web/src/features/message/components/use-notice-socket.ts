import { useEffect, useRef } from 'react';
import { NOTICE_HEARTBEAT, NOTICE_SOCKET_PATH, NOTICE_TIMING, type NoticeSocketMessage } from '@district/shared';
import { socketProtocols, socketUrl } from '@/lib/socket';

/**
 * The notice socket `/websocket/{userId}` (widgets-spec §4): a heartbeat every 20 s, a reconnect 5 s after any
 * close or error (forever, until unmounted); `cmd` topic or user calls onReload, alarm calls onAlarm. Anything
 * unparsable or unknown is logged only.
 */
export function useNoticeSocket(
  userId: string | null | undefined,
  token: string | null,
  handlers: { onReload: () => void; onAlarm?: (data: unknown) => void; onOpen?: () => void },
): void {
  const ref = useRef(handlers);
  ref.current = handlers;

  useEffect(() => {
    if (!userId || !token || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const schedule = () => {
      clearInterval(heartbeat);
      if (stopped || reconnect) return;
      reconnect = setTimeout(() => {
        reconnect = undefined;
        connect();
      }, NOTICE_TIMING.reconnectMs);
    };

    function connect() {
      if (stopped) return;
      try {
        socket = new WebSocket(
          socketUrl(`${NOTICE_SOCKET_PATH}/${encodeURIComponent(userId!)}`),
          socketProtocols(token),
        );
      } catch {
        schedule();
        return;
      }
      socket.onopen = () => {
        heartbeat = setInterval(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.send(NOTICE_HEARTBEAT);
        }, NOTICE_TIMING.heartbeatMs);
        // Whatever was released while away shows at once.
        ref.current.onOpen?.();
      };
      socket.onmessage = (event: MessageEvent) => {
        let message: NoticeSocketMessage | null = null;
        try {
          message = JSON.parse(String(event.data)) as NoticeSocketMessage;
        } catch {
          console.debug('通知消息无法解析', event.data);
          return;
        }
        if (message?.cmd === 'topic' || message?.cmd === 'user') ref.current.onReload();
        else if (message?.cmd === 'alarm') ref.current.onAlarm?.(message.data);
        else if (message?.cmd !== 'heartcheck') console.debug('未知的通知消息', message);
      };
      socket.onerror = () => socket?.close();
      socket.onclose = schedule;
    }

    connect();
    return () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [userId, token]);
}
