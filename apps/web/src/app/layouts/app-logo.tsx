import { Link } from 'react-router';
import { HOME_PATH } from '@district/shared';
import { logoSource, usePlatformInfo } from '@/lib/platform';

interface AppLogoProps {
  collapsed?: boolean;
  theme?: 'dark' | 'light';
}

/** Characters that fit on one line at the title's full size beside the logo in the 200 px menu. */
const ONE_LINE_CHARACTERS = 8;

/** The shell's logo and its title (app-spec §2: it reads as an IoT subsystem); links to the dashboard. */
export function AppLogo({ collapsed = false, theme = 'light' }: AppLogoProps) {
  const { systemName, logoUrl, logoTitle } = usePlatformInfo();
  // A longer title (the setting allows 20) gets a smaller font on up to two lines instead of being cut.
  const long = [...logoTitle].length > ONE_LINE_CHARACTERS;
  return (
    <Link to={HOME_PATH} className={`app-logo app-logo-${theme}`} title={systemName}>
      <img src={logoSource(logoUrl)} alt="logo" />
      {!collapsed && <span className={`app-logo-title${long ? ' app-logo-title-long' : ''}`}>{logoTitle}</span>}
    </Link>
  );
}
