import { useEffect, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { LAYOUT } from '@district/shared';
import { useSettingsStore } from '@/lib/settings-store';
import { AlarmIndicator } from '@/features/iot/components/alarm-indicator';
import { NoticeBell } from '@/features/message/components/notice-bell';
import { AppLogo } from './app-logo';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

interface GlobalHeaderProps {
  isMobile: boolean;
  sideLayout: boolean;
  onToggleMenu: () => void;
  menuCollapsed: boolean;
}

/** Hides the fixed header while scrolling down past the threshold; scrolling up shows it again. */
function useAutoHide(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > LAYOUT.autoHideHeaderAfter && y > last) setHidden(true);
      else if (y < last || y <= LAYOUT.autoHideHeaderAfter) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

export function GlobalHeader({ isMobile, sideLayout, onToggleMenu, menuCollapsed }: GlobalHeaderProps) {
  const { fixedHeader, autoHideHeader, theme } = useSettingsStore();
  const hidden = useAutoHide(fixedHeader && autoHideHeader);
  const dark = !sideLayout && theme === 'dark';

  return (
    <Layout.Header
      className={`app-header${dark ? ' app-header-dark' : ''}${fixedHeader ? ' app-header-fixed' : ''}`}
      style={{
        height: LAYOUT.fixedHeaderOffset,
        lineHeight: `${LAYOUT.fixedHeaderOffset}px`,
        transform: hidden ? `translateY(-${LAYOUT.fixedHeaderOffset}px)` : undefined,
      }}
    >
      {sideLayout ? (
        <Button
          type="text"
          aria-label={menuCollapsed ? '展开菜单' : '收起菜单'}
          icon={menuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
          className="app-header-trigger"
        />
      ) : (
        <>
          <AppLogo theme={theme} />
          <SideMenu mode="horizontal" theme={theme} />
        </>
      )}
      <div className="app-header-right">
        <AlarmIndicator />
        <NoticeBell />
        <UserMenu isMobile={isMobile} />
      </div>
    </Layout.Header>
  );
}
