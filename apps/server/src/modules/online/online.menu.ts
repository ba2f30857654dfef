import { MENU_TYPE, ONLINE_MESSAGES } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../context.js';
import { ApiError } from '../../lib/http.js';
import { addPermission } from '../permission/permission-admin.service.js';

export interface GeneratedMenu {
  name: string;
  parentId: string | null;
  url: string;
  component: string;
  buttons: { code: string; name: string }[];
}

/**
 * 生成菜单: a menu entry of an online page's component kind with its buttons, through the menu administration's
 * own add (same checks; granted at once to the creator's menu-admin roles). Clashes are refused before anything is
 * written, so a refusal leaves no half-made menu.
 */
export async function createOnlineMenu(app: FastifyInstance, user: AuthUser, menu: GeneratedMenu): Promise<string> {
  const db = app.ctx.db.db;
  const taken = await db
    .selectFrom('sysPermission')
    .select('id')
    .where('url', '=', menu.url)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (taken) throw new ApiError(400, ONLINE_MESSAGES.menuExists(menu.url));
  const codes = menu.buttons.map((b) => b.code);
  const clash = await db
    .selectFrom('sysPermission')
    .select('perms')
    .where('perms', 'in', codes)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (clash) throw new ApiError(400, `权限编码 ${clash.perms} 已存在，请先在菜单管理中删除`);
  const entry = await addPermission(db, user, {
    menuType: menu.parentId ? MENU_TYPE.subMenu : MENU_TYPE.topMenu,
    name: menu.name,
    parentId: menu.parentId,
    url: menu.url,
    component: menu.component,
    isRoute: 1,
    sortNo: 99,
  });
  for (const [i, b] of menu.buttons.entries()) {
    await addPermission(db, user, {
      menuType: MENU_TYPE.button,
      name: b.name,
      parentId: entry.id,
      perms: b.code,
      permsType: '1',
      sortNo: i + 1,
    });
  }
  await app.ctx.authCache.invalidate();
  return entry.id;
}
