import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { GUEST_CREDENTIALS, HOME_PATH, LOGIN_PATH } from '@district/shared';
import '@/lib/dayjs-locale';
import { logoSource, usePlatformInfo } from '@/lib/platform';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';

/**
 * Frame of the public display pages: system name header with the way in, content below. The pages live
 * outside the main layout, so the shell provides the query client (the shared one: it is cleared when the
 * identity changes, e.g. the guest signs in for real).
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { systemName, logoUrl } = usePlatformInfo();
  const username = useSessionStore((s) => s.username);
  const signedIn = !!username && username !== GUEST_CREDENTIALS.username;

  useEffect(() => {
    if (systemName) document.title = systemName;
  }, [systemName]);

  return (
    <div className="public-shell">
      <header className="public-header">
        <div className="public-header-brand">
          <img src={logoSource(logoUrl)} alt="logo" />
          <h1>{systemName}</h1>
        </div>
        <nav className="public-header-nav">
          {signedIn && <Link to={HOME_PATH}>进入系统</Link>}
          <Link to={LOGIN_PATH}>登录</Link>
        </nav>
      </header>
      <main className="public-main">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </main>
    </div>
  );
}
