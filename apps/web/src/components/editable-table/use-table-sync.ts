import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { getStoredToken } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import type { EditableTableApi, TableRow } from './editable-table-types';
import { TableSyncSocket, type TableSyncOptions, type TableSyncStatus } from './table-sync-socket';

export interface UseTableSyncOptions {
  table: RefObject<EditableTableApi | null>;
  pageId: string;
  /** Tells this table's messages from other tables' on the same page. */
  socketKey: string;
  enabled?: boolean;
  onCommon?: (data: unknown) => void;
  /** Tests pass a fake socket factory. */
  createSocket?: TableSyncOptions['createSocket'];
}

/**
 * Connects a table to the sync socket: a peer's saved row change is applied to the same row here, and
 * `sendRow` tells the peers about a row saved on this page.
 */
export function useTableSync({
  table,
  pageId,
  socketKey,
  enabled = true,
  onCommon,
  createSocket,
}: UseTableSyncOptions) {
  const userId = useSessionStore((s) => s.userInfo?.id ?? s.username ?? 'anonymous');
  const [status, setStatus] = useState<TableSyncStatus>('closed');
  const socketRef = useRef<TableSyncSocket | null>(null);
  const onCommonRef = useRef(onCommon);
  onCommonRef.current = onCommon;

  useEffect(() => {
    if (!enabled) return;
    const socket = new TableSyncSocket({
      userId: String(userId),
      pageId,
      token: getStoredToken(),
      createSocket,
      onStatus: setStatus,
      onCommon: (data) => onCommonRef.current?.(data),
      onRowUpdate: (update) => {
        if (update.socketKey !== socketKey) return;
        table.current?.applyRemoteRow(update.rowId, update.row);
      },
    });
    socketRef.current = socket;
    socket.start();
    return () => {
      socket.stop();
      socketRef.current = null;
    };
  }, [enabled, userId, pageId, socketKey, table, createSocket]);

  /** Sends a saved row to the peers; answers whether the socket was open. */
  const sendRow = useCallback(
    (rowId: string, row: TableRow) => socketRef.current?.sendRowUpdate({ rowId, row, socketKey }) ?? false,
    [socketKey],
  );

  return { status, sendRow };
}
