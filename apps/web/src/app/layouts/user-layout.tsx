import { useSyncExternalStore } from 'react';
import { Outlet } from 'react-router';
import { logoSource, usePlatformInfo } from '@/lib/platform';
import { RENDER_YEAR } from '../prerender/render-year';

const noSubscription = () => () => undefined;

/** This year; while the build's prerendered login page hydrates, the year it was rendered in (no mismatch). */
function useYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => RENDER_YEAR,
  );
}

/** Blank layout of the account pages: logo and system name above the form. */
export function UserLayout() {
  const { systemName, logoUrl } = usePlatformInfo();
  const year = useYear();
  return (
    <div className="user-layout">
      <div className="user-layout-main">
        <header className="user-layout-header">
          <img className="user-layout-logo" src={logoSource(logoUrl)} alt="logo" />
          <span className="user-layout-title">{systemName}</span>
        </header>
        <Outlet />
      </div>
      <footer className="user-layout-footer">
        Copyright © {year} {systemName}
      </footer>
    </div>
  );
}
