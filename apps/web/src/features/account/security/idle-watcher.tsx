import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { GUEST_CREDENTIALS, IDLE_WARNING_MS, SECURITY_MESSAGES, type SessionState } from '@district/shared';
import { setLoginNotice } from '@/lib/login-notice';
import { useSessionStore } from '@/lib/session-store';
import { ACTIVITY_WINDOW_MS, lastActivitySentAt, onUserInput } from '@/lib/user-activity';
import { fetchSessionState, keepAlive } from './security-api';

/** Input that sent no request (typing in a long form) is reported at most this often. */
export const INPUT_REPORT_MS = 60_000;
/** While the warning shows, another tab's 继续使用 is noticed within this time. */
const WARNING_RECHECK_MS = 10_000;
/** A failed state read (network) is retried after this long. */
const RETRY_MS = 30_000;

/** Warned a minute before the end, or halfway through a shorter timeout. */
export const warningMsOf = (idleMs: number) => Math.min(IDLE_WARNING_MS, Math.floor(idleMs / 2));

/**
 * The idle timeout of issue 24 in the browser. The server decides (its store is shared by every tab and instance);
 * this watcher only asks it, in the background, how long the session has left, warns before the end with a
 * countdown (继续使用 / 立即退出), and at the end takes the user to the login page saying why.
 */
export function IdleWatcher() {
  const token = useSessionStore((s) => s.token);
  const guest = useSessionStore((s) => s.username === GUEST_CREDENTIALS.username);
  const watching = !!token && !guest;
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const alive = useRef(true);

  const later = (fn: () => void, ms: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(fn, Math.max(ms, 0));
  };

  const expire = useCallback(() => {
    setEndsAt(null);
    setLoginNotice(SECURITY_MESSAGES.sessionIdle);
    void useSessionStore.getState().logout();
  }, []);

  // Reads the session's state and waits for the next moment worth asking again (the warning, or its end).
  const check = useCallback(async () => {
    let state: SessionState;
    try {
      state = (await fetchSessionState()).result;
    } catch {
      // A 401 (ended elsewhere) is the request layer's; anything else is tried again.
      if (alive.current) later(() => void check(), RETRY_MS);
      return;
    }
    if (!alive.current) return;
    follow(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow and later only use refs and setters
  }, []);

  const follow = (state: SessionState) => {
    const warnMs = warningMsOf(state.idleMs);
    if (state.remainingMs <= 0) {
      expire();
    } else if (state.remainingMs <= warnMs) {
      setNow(Date.now());
      setEndsAt(Date.now() + state.remainingMs);
      later(() => void check(), Math.min(state.remainingMs, WARNING_RECHECK_MS));
    } else {
      setEndsAt(null);
      later(() => void check(), state.remainingMs - warnMs);
    }
  };

  useEffect(() => {
    alive.current = true;
    if (!watching) return;
    void check();
    return () => {
      alive.current = false;
      window.clearTimeout(timer.current);
      setEndsAt(null);
    };
  }, [watching, token, check]);

  // Input that starts no request within the activity window is reported (at most once a minute): typing is use.
  useEffect(() => {
    if (!watching) return;
    let pending: number | undefined;
    const stop = onUserInput((at) => {
      if (pending !== undefined || at - lastActivitySentAt() < INPUT_REPORT_MS) return;
      pending = window.setTimeout(() => {
        pending = undefined;
        if (lastActivitySentAt() < at) void keepAlive().catch(() => undefined);
      }, ACTIVITY_WINDOW_MS);
    });
    return () => {
      stop();
      window.clearTimeout(pending);
    };
  }, [watching]);

  // The countdown of the warning.
  useEffect(() => {
    if (endsAt === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [endsAt]);

  const stay = async () => {
    setBusy(true);
    try {
      const state = (await keepAlive()).result;
      if (alive.current) follow(state);
    } catch {
      // Ended meanwhile: the request layer takes the user to the login page.
    } finally {
      setBusy(false);
    }
  };

  if (!watching || endsAt === null) return null;
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <Modal
      open
      title="即将因长时间未操作而退出"
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Space>
          <Button onClick={() => void useSessionStore.getState().logout()}>立即退出</Button>
          <Button type="primary" loading={busy} onClick={() => void stay()}>
            继续使用
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        您已长时间未操作，为保护账号安全，系统将在 <Typography.Text strong>{seconds}</Typography.Text>{' '}
        秒后自动退出登录。如需继续使用，请点击“继续使用”。
      </Typography.Paragraph>
    </Modal>
  );
}
