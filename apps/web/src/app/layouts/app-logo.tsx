import { Link } from 'react-router';
import { HOME_PATH } from '@district/shared';
import { logoSource, usePlatformInfo } from '../../lib/platform';

interface AppLogoProps {
  collapsed?: boolean;
  theme?: 'dark' | 'light';
}

/** Logo and system name; links to the dashboard. */
export function AppLogo({ collapsed = false, theme = 'light' }: AppLogoProps) {
  const { systemName, logoUrl } = usePlatformInfo();
  return (
    <Link to={HOME_PATH} className={`app-logo app-logo-${theme}`} title={systemName}>
      <img src={logoSource(logoUrl)} alt="logo" />
      {!collapsed && <span className="app-logo-title">{systemName}</span>}
    </Link>
  );
}
