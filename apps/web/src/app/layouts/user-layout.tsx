import { Outlet } from 'react-router';
import { logoSource, usePlatformInfo } from '../../lib/platform';

/** Blank layout of the account pages: logo and system name above the form. */
export function UserLayout() {
  const { systemName, logoUrl } = usePlatformInfo();
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
        Copyright © {new Date().getFullYear()} {systemName}
      </footer>
    </div>
  );
}
