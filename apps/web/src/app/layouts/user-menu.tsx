import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Avatar, Dropdown, Select, Space, type MenuProps } from 'antd';
import { ClusterOutlined, LockOutlined, LogoutOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, PERM, type UserInfo } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { ChangePasswordModal } from '@/features/account/profile/change-password-modal';
import { DepartSelectModal } from '@/features/account/profile/depart-select-modal';
import { openWindow, reloadPage } from '@/lib/browser';
import { refreshDictCache } from '@/lib/dict-cache';
import { errorMessage } from '@/lib/errors';
import { getFileAccessHttpUrl } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';
import { searchableEntries } from '../router/build-routes';
import { useRouting } from '../router/route-table-context';
import { storeRouteTitle } from './multi-tab/tabs-store';

const MENU_ITEMS: NonNullable<MenuProps['items']> = [
  { key: 'info', icon: <UserOutlined />, label: '个人中心' },
  { key: 'password', icon: <LockOutlined />, label: '密码修改' },
  { key: 'depart', icon: <ClusterOutlined />, label: '切换部门' },
  { key: 'cache', icon: <SyncOutlined />, label: '刷新缓存' },
];

/** Top-right corner: menu search, avatar with greeting, account actions and logout. */
export function UserMenu({ isMobile }: { isMobile: boolean }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { table } = useRouting();
  const username = useSessionStore((s) => s.username);
  const userInfo = useSessionStore((s) => s.userInfo);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departOpen, setDepartOpen] = useState(false);
  // The server refuses a cache refresh without its permission, so only its holders are offered it.
  const allowed = useHasPermission();
  const canRefresh = allowed(PERM.dictRefreshCache);
  const menuItems = useMemo(
    () => (canRefresh ? MENU_ITEMS : MENU_ITEMS.filter((item) => item?.key !== 'cache')),
    [canRefresh],
  );

  const entries = useMemo(() => searchableEntries(table), [table]);
  const options = useMemo(() => entries.map((route) => ({ value: route.path, label: route.title })), [entries]);

  const pickEntry = (path: string) => {
    const route = entries.find((entry) => entry.path === path);
    if (!route) return;
    if (route.external || route.kind === 'iframe') {
      openWindow(route.url || route.path);
      return;
    }
    storeRouteTitle(route.path, route.title);
    void navigate(route.path);
  };

  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const closeDepart = useCallback(() => setDepartOpen(false), []);

  // The server has revoked the tokens already: sign out locally, by the same path as a logout.
  const onPasswordChanged = useCallback(() => void useSessionStore.getState().logout({ callServer: false }), []);

  const onDepartSwitched = useCallback((next: UserInfo) => {
    useSessionStore.getState().setUserInfo(next);
    reloadPage();
  }, []);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') void navigate('/user/info');
    else if (key === 'password') setPasswordOpen(true);
    else if (key === 'depart') setDepartOpen(true);
    else if (key === 'cache') {
      refreshDictCache().then(
        () => message.success(MSG.cacheRefreshed),
        () => message.error(MSG.cacheRefreshFailed),
      );
    }
  };

  const confirmLogout = () => {
    modal.confirm({
      title: '提示',
      content: MSG.logoutConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        useSessionStore
          .getState()
          .logout()
          .catch((error: unknown) => message.error(errorMessage(error))),
    });
  };

  const avatarUrl = getFileAccessHttpUrl(userInfo?.avatar);

  return (
    <Space size="middle" className="user-menu">
      {!isMobile && (
        <Select
          className="user-menu-search"
          aria-label="搜索菜单"
          placeholder="搜索菜单"
          style={{ width: 180 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          value={null}
          onSelect={(value) => value && pickEntry(value)}
          notFoundContent="没有查询到任何数据"
          variant="borderless"
        />
      )}
      <Dropdown menu={{ items: menuItems, onClick: onMenuClick }} placement="bottomRight">
        <span className="user-menu-trigger" role="button" tabIndex={0}>
          <Avatar size="small" src={avatarUrl || undefined} icon={<UserOutlined />} />
          {!isMobile && <span className="user-menu-greeting">欢迎您，{userInfo?.realname || username}</span>}
        </span>
      </Dropdown>
      <a className="user-menu-logout" role="button" tabIndex={0} aria-label="退出登录" onClick={confirmLogout}>
        <LogoutOutlined />
        {!isMobile && <span style={{ marginInlineStart: 4 }}>退出登录</span>}
      </a>
      <ChangePasswordModal
        open={passwordOpen}
        username={username}
        onClose={closePassword}
        onChanged={onPasswordChanged}
      />
      <DepartSelectModal
        open={departOpen}
        username={username}
        userInfo={userInfo}
        onClose={closeDepart}
        onSwitched={onDepartSwitched}
      />
    </Space>
  );
}
