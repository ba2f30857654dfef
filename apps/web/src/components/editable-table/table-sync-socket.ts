import {
  TABLE_SYNC,
  TABLE_SYNC_PATH,
  TABLE_SYNC_TYPES,
  type TableSyncMessage,
  type TableSyncRowUpdate,
} from '@district/shared';
import { fitsSocketFrame, socketProtocols, socketUrl } from '@/lib/socket';

export type TableSyncStatus = 'connecting' | 'open' | 'closed' | 'error';

type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
};

export interface TableSyncOptions {
  userId: string;
  pageId: string;
  /** Sent as a sub-protocol (lib/socket.ts), so it stays out of URLs and logs. */
  token: string | null;
  onRowUpdate?: (update: TableSyncRowUpdate) => void;
  onCommon?: (data: unknown) => void;
  onStatus?: (status: TableSyncStatus) => void;
  /** Tests pass a fake. */
  createSocket?: (url: string, protocols?: string[]) => SocketLike;
  heartbeatMs?: number;
  replyTimeoutMs?: number;
  reconnectMs?: number;
}

/** ws(s)://host/api/vxeSocket/{userId}/{pageId}, from the configured API base. */
export function tableSyncUrl(userId: string, pageId: string, apiBase?: string): string {
  return socketUrl(`${TABLE_SYNC_PATH}/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`, apiBase);
}

/**
 * The real-time table sync socket (widgets-spec §4, §7, §9): heart beat every 10 s, a reply expected
 * within 6 s, a new connection 5 s after a close or an error. Messages it cannot read are logged only.
 */
export class TableSyncSocket {
  private socket: SocketLike | null = null;
  private heartbeatTimer: number | undefined;
  private replyTimer: number | undefined;
  private reconnectTimer: number | undefined;
  private stopped = true;
  status: TableSyncStatus = 'closed';

  constructor(private readonly options: TableSyncOptions) {}

  private get heartbeatMs() {
    return this.options.heartbeatMs ?? TABLE_SYNC.heartbeatMs;
  }
  private get replyTimeoutMs() {
    return this.options.replyTimeoutMs ?? TABLE_SYNC.replyTimeoutMs;
  }
  private get reconnectMs() {
    return this.options.reconnectMs ?? TABLE_SYNC.reconnectMs;
  }

  private setStatus(status: TableSyncStatus) {
    this.status = status;
    this.options.onStatus?.(status);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    window.clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.close();
    }
    this.setStatus('closed');
  }

  /**
   * Sends a message when the socket is open; answers whether it went out. A message over the server's
   * frame limit is not sent (the server would close the socket): the peers miss that one change only.
   */
  send(message: TableSyncMessage): boolean {
    if (!this.socket || this.socket.readyState !== 1) return false;
    const text = JSON.stringify(message);
    if (!fitsSocketFrame(text)) {
      console.warn('表格同步消息过大，未发送', text.length);
      return false;
    }
    this.socket.send(text);
    return true;
  }

  sendRowUpdate(update: TableSyncRowUpdate): boolean {
    return this.send({ type: TABLE_SYNC_TYPES.updateRow, data: update });
  }

  private connect(): void {
    if (this.stopped) return;
    const { userId, pageId, token } = this.options;
    const url = tableSyncUrl(userId, pageId);
    const protocols = socketProtocols(token);
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket ? this.options.createSocket(url, protocols) : new WebSocket(url, protocols);
    } catch (error) {
      console.warn('表格同步连接失败', error);
      this.setStatus('error');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.setStatus('open');
      this.startHeartbeat();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      this.setStatus('error');
      this.drop();
    };
    socket.onclose = () => {
      if (this.status !== 'error') this.setStatus('closed');
      this.drop();
    };
  }

  /** Forgets the current socket and comes back after the reconnect delay. */
  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
    this.clearTimers();
    try {
      socket.close();
    } catch {
      // already closed
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    window.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = window.setTimeout(() => this.connect(), this.reconnectMs);
  }

  private startHeartbeat(): void {
    this.clearTimers();
    this.heartbeatTimer = window.setInterval(() => {
      if (!this.send({ type: TABLE_SYNC_TYPES.heartBeat })) return;
      window.clearTimeout(this.replyTimer);
      // No answer in time: the connection is dead even if the browser has not noticed.
      this.replyTimer = window.setTimeout(() => {
        console.warn('表格同步心跳超时，重新连接');
        this.drop();
      }, this.replyTimeoutMs);
    }, this.heartbeatMs);
  }

  private clearTimers(): void {
    window.clearInterval(this.heartbeatTimer);
    window.clearTimeout(this.replyTimer);
  }

  private receive(raw: unknown): void {
    let message: { type?: unknown; data?: unknown };
    try {
      message = JSON.parse(String(raw)) as { type?: unknown; data?: unknown };
    } catch {
      console.warn('表格同步消息无法解析', raw);
      return;
    }
    switch (message?.type) {
      case TABLE_SYNC_TYPES.heartBeat:
        window.clearTimeout(this.replyTimer);
        return;
      case TABLE_SYNC_TYPES.updateRow: {
        const data = message.data as Partial<TableSyncRowUpdate> | undefined;
        if (data && typeof data.rowId === 'string' && typeof data.row === 'object' && data.row !== null) {
          this.options.onRowUpdate?.(data as TableSyncRowUpdate);
        } else {
          console.warn('表格同步消息格式不正确', message);
        }
        return;
      }
      case TABLE_SYNC_TYPES.commonSend:
        this.options.onCommon?.(message.data);
        return;
      default:
        console.warn('表格同步消息类型未知', message);
    }
  }
}
