import { Link } from 'react-router';
import { HOME_PATH } from '@district/shared';
import { logoSource, usePlatformInfo } from '../../lib/platform';

interface AppLogoProps {
  collapsed?: boolean;
  theme?: 'dark' | 'light';
}

/** The shell's logo and its title (app-spec §2: it reads as an IoT subsystem); links to the dashboard. */
export function AppLogo({ collapsed = false, theme = 'light' }: AppLogoProps) {
  const { systemName, logoUrl, logoTitle } = usePlatformInfo();
  return (
    <Link to={HOME_PATH} className={`app-logo app-logo-${theme}`} title={systemName}>
      <img src={logoSource(logoUrl)} alt="logo" />
      {!collapsed && <span className="app-logo-title">{logoTitle}</span>}
    </Link>
  );
}
