import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { setFeedback } from '@/lib/feedback';
import { useSettingsStore } from '@/lib/settings-store';

/** Hands antd's context-aware message/notification/modal to code outside React (request layer, stores). */
function FeedbackHolder() {
  const api = App.useApp();
  useEffect(() => setFeedback(api), [api]);
  return null;
}

/** Colour-weak mode inverts the whole page. */
function ColorWeakMode() {
  const weak = useSettingsStore((s) => s.weak);
  useEffect(() => {
    document.documentElement.style.filter = weak ? 'invert(80%)' : '';
  }, [weak]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const MOTION_OFF = { token: { motion: false } };

/** Follows the system's "reduce motion" setting, which antd does not read by itself. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener?.('change', notify);
      return () => query?.removeEventListener?.('change', notify);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** antd theme and locale for the whole app. The query client is provided by the signed-in shell. */
export function AppProviders({ children }: { children: ReactNode }) {
  const color = useSettingsStore((s) => s.color);
  const reducedMotion = usePrefersReducedMotion();
  return (
    // antd wraps a subtree in its motion provider the first time the motion token differs from the parent's,
    // which remounts everything below. The outer provider (motion off) makes ours differ from the first render
    // whenever motion is on, so a later switch (the hydrated login page learning that the user asks for less
    // motion) changes a value instead of remounting the page.
    <ConfigProvider theme={MOTION_OFF}>
      {/* Two-character button labels keep their exact text (登录, 保存) instead of antd's inserted space. */}
      <ConfigProvider
        locale={zhCN}
        theme={{ token: { colorPrimary: color, motion: !reducedMotion } }}
        button={{ autoInsertSpace: false }}
      >
        <App>
          <FeedbackHolder />
          <ColorWeakMode />
          {children}
        </App>
      </ConfigProvider>
    </ConfigProvider>
  );
}
