import type { MenuSeed } from './reference.seed.js';

/**
 * 个人中心 (issue 14): a hidden page every signed-in role gets (the guest's role does not), opened from the user
 * menu. Roles are passed in, as reference.seed.ts owns them.
 */
export const ACCOUNT_MENU = (roles: string[]): MenuSeed => ({
  key: 'user-info',
  name: '个人中心',
  url: '/user/info',
  component: 'account/UserInfo',
  icon: 'user',
  hidden: true,
  roles,
});
