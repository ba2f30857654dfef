import { useCallback, useEffect, useRef, useState } from 'react';
import { AxiosError } from 'axios';
import type { InventoryFindingInput } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { sendFinding } from './inventory-api';

/** A finding waiting on the phone: what is sent, and a line to show (asset and result). */
export interface QueuedFinding {
  input: InventoryFindingInput;
  label: string;
  queuedAt: number;
}

/** A finding the server refused (4xx): dropped from the queue, shown with the server's reason. */
export interface DroppedFinding {
  clientId: string;
  label: string;
  message: string;
}

/** How often queued findings are retried while the page is open. */
export const QUEUE_RETRY_MS = 30_000;

/** One queue per user on this browser: a shared phone never sends someone else's findings as theirs. */
export const queueStorageKey = (username: string) => `inventory-finding-queue:${username}`;

export function readQueue(username: string): QueuedFinding[] {
  try {
    const raw = window.localStorage.getItem(queueStorageKey(username));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(
          (q): q is QueuedFinding =>
            typeof q === 'object' && q !== null && typeof (q as QueuedFinding).input?.clientId === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function writeQueue(username: string, queue: QueuedFinding[]): void {
  const key = queueStorageKey(username);
  if (queue.length) window.localStorage.setItem(key, JSON.stringify(queue));
  else window.localStorage.removeItem(key);
}

/**
 * A refusal the server gave (a 4xx with an answer): resending cannot help, so the finding leaves the queue.
 * No answer (offline, timeout), a 5xx, 401 (signed out: sent again after signing in), 408 and 429 keep it.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof AxiosError) || !error.response) return false;
  const status = error.response.status;
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/**
 * The phone's offline queue of findings: each is stored (localStorage, per user) before it is sent, sent at once,
 * and on a failure of the network kept and retried when `online` fires, when the page loads and every 30 s. One
 * send runs at a time, in the order recorded; a resend carries the same clientId, which the server answers as a
 * duplicate, so a finding is never recorded twice.
 */
export function useFindingQueue(username: string, onSent?: (q: QueuedFinding) => void) {
  const [queue, setQueue] = useState<QueuedFinding[]>(() => readQueue(username));
  const [dropped, setDropped] = useState<DroppedFinding[]>([]);
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const again = useRef(false);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);

  const remove = useCallback(
    (clientId: string) => {
      const next = readQueue(username).filter((q) => q.input.clientId !== clientId);
      writeQueue(username, next);
      setQueue(next);
    },
    [username],
  );

  const flush = useCallback(async () => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setSending(true);
    try {
      do {
        again.current = false;
        for (const q of readQueue(username)) {
          try {
            await sendFinding(q.input);
            remove(q.input.clientId);
            onSentRef.current?.(q);
          } catch (error) {
            if (!isRefusal(error)) return; // Offline or the server is down: the rest waits too.
            remove(q.input.clientId);
            setDropped((d) => [...d, { clientId: q.input.clientId, label: q.label, message: errorMessage(error) }]);
          }
        }
      } while (again.current);
    } finally {
      busy.current = false;
      setSending(false);
    }
  }, [username, remove]);

  /** Stores the finding, then sends the queue. */
  const enqueue = useCallback(
    (input: InventoryFindingInput, label: string) => {
      const next = [...readQueue(username), { input, label, queuedAt: Date.now() }];
      writeQueue(username, next);
      setQueue(next);
      void flush();
    },
    [username, flush],
  );

  useEffect(() => {
    setQueue(readQueue(username));
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => {
      if (readQueue(username).length) void flush();
    }, QUEUE_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [username, flush]);

  const dismiss = useCallback((clientId: string) => setDropped((d) => d.filter((x) => x.clientId !== clientId)), []);

  return { queue, dropped, sending, enqueue, flush, dismiss };
}
