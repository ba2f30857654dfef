/**
 * The real-time table sync socket of widgets-spec §4/§7: `/vxeSocket/{userId}/{pageId}` under the API
 * base. Peers on the same page exchange JSON messages; the server answers heart beats itself.
 */
export const TABLE_SYNC_PATH = '/vxeSocket';

/**
 * The sub-protocol every socket of the product speaks. A browser cannot set headers on a WebSocket, so it
 * opens `new WebSocket(url, [SOCKET_PROTOCOL, token])`: the token travels in `Sec-WebSocket-Protocol`,
 * never in the URL (which lands in access logs), and the server answers with SOCKET_PROTOCOL only.
 */
export const SOCKET_PROTOCOL = 'da.v1';

export const TABLE_SYNC = {
  heartbeatMs: 10_000,
  replyTimeoutMs: 6_000,
  reconnectMs: 5_000,
  /** Close code for a malformed path (user or page id). */
  closeBadRequest: 4400,
  /**
   * Largest frame accepted, in bytes: a bigger one closes the socket (1009) before it is buffered. A row
   * update of the editable table is well under 10 KiB; the client does not send anything bigger.
   */
  maxMessageBytes: 64 * 1024,
} as const;

export const TABLE_SYNC_TYPES = {
  heartBeat: 'heart_beat',
  commonSend: 'common_send_date',
  updateRow: 'update_vxe_table',
} as const;

export interface TableSyncRowUpdate {
  rowId: string;
  row: Record<string, unknown>;
  /** Identifies the table on the page, so several tables can share one socket. */
  socketKey: string;
}

export type TableSyncMessage =
  | { type: 'heart_beat'; data?: unknown }
  | { type: 'common_send_date'; data?: unknown }
  | { type: 'update_vxe_table'; data: TableSyncRowUpdate };

/** User and page ids in the socket path: short, no separators. */
export const TABLE_SYNC_ID_PATTERN = /^[\w-]{1,64}$/;
