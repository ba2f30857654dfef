import { PERM } from '@district/shared';
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../schema.js';
import { formatDateTime } from '../../lib/time.js';
import { seedId } from './seed-id.js';

/*
 * Reference data: the menu tree, button permissions, roles and system dictionaries. Rows are
 * inserted when missing and never overwritten, so an administrator's edits survive restarts and
 * later releases can add entries by adding lines here.
 */

interface MenuSeed {
  key: string;
  name: string;
  url: string;
  component: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  children?: MenuSeed[];
  buttons?: { code: string; name: string }[];
  /** Roles that get this entry besides admin, which gets everything. */
  roles: string[];
}

export const ROLE = { admin: 'admin', staff: 'staff', guest: 'guest' } as const;

export const MENU: MenuSeed[] = [
  {
    key: 'dashboard',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    icon: 'home',
    roles: [ROLE.staff],
  },
  {
    key: 'result',
    name: '结果页',
    url: '/result',
    component: 'layouts/RouteView',
    icon: 'check-circle',
    redirect: '/result/success',
    roles: [ROLE.staff],
    children: [
      {
        key: 'result-success',
        name: '成功页',
        url: '/result/success',
        component: 'result/Success',
        roles: [ROLE.staff],
      },
      { key: 'result-fail', name: '失败页', url: '/result/fail', component: 'result/Error', roles: [ROLE.staff] },
    ],
  },
  {
    key: 'exception',
    name: '异常页',
    url: '/exception',
    component: 'layouts/RouteView',
    icon: 'warning',
    redirect: '/exception/403',
    roles: [ROLE.staff],
    children: [
      { key: 'exception-403', name: '403', url: '/exception/403', component: 'exception/403', roles: [ROLE.staff] },
      { key: 'exception-404', name: '404', url: '/exception/404', component: 'exception/404', roles: [ROLE.staff] },
      { key: 'exception-500', name: '500', url: '/exception/500', component: 'exception/500', roles: [ROLE.staff] },
    ],
  },
  {
    key: 'system',
    name: '系统管理',
    url: '/system',
    component: 'layouts/RouteView',
    icon: 'setting',
    redirect: '/system/platform',
    roles: [],
    children: [
      {
        key: 'system-platform',
        name: '平台设置',
        url: '/system/platform',
        component: 'system/PlatformSetting',
        roles: [],
        buttons: [
          { code: PERM.platformView, name: '查看平台设置' },
          { code: PERM.platformEdit, name: '编辑平台设置' },
        ],
      },
    ],
  },
  // The guest's only entry: the public display page the route guard's API login lands on.
  {
    key: 'public-display',
    name: '资产一览',
    url: '/assetAllocationAll',
    component: 'asset/AssetAllocationAll',
    icon: 'global',
    roles: [ROLE.guest],
  },
];

const DICTS: { code: string; name: string; items: [value: string, text: string][] }[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效状态',
    items: [
      ['1', '有效'],
      ['0', '无效'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '一般消息'],
      ['M', '重要消息'],
      ['H', '紧急消息'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮/权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '可见/可访问(授权后可见/可访问)'],
      ['2', '可编辑(未授权时禁用)'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
    ],
  },
];

function flatten(items: MenuSeed[], parentId: string | null, now: string) {
  const rows: { row: SysPermission; roles: string[] }[] = [];
  items.forEach((m, index) => {
    const id = seedId(`perm:${m.key}`);
    rows.push({
      roles: m.roles,
      row: {
        id,
        parentId,
        name: m.name,
        url: m.url,
        component: m.component,
        componentName: null,
        redirect: m.redirect ?? null,
        menuType: parentId ? 1 : 0,
        perms: null,
        permsType: null,
        sortNo: index * 10,
        alwaysShow: 0,
        icon: m.icon ?? null,
        isRoute: 1,
        isLeaf: m.children?.length ? 0 : 1,
        keepAlive: 0,
        hidden: m.hidden ? 1 : 0,
        hideTab: 0,
        description: null,
        status: '1',
        delFlag: 0,
        ruleFlag: 0,
        internalOrExternal: 0,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      },
    });
    (m.buttons ?? []).forEach((b, i) => {
      rows.push({
        roles: m.roles,
        row: {
          ...rows[rows.length - 1]!.row,
          id: seedId(`perm:${b.code}`),
          parentId: id,
          name: b.name,
          url: null,
          component: null,
          redirect: null,
          menuType: 2,
          perms: b.code,
          permsType: '1',
          sortNo: i,
          icon: null,
          isRoute: 0,
          isLeaf: 1,
        },
      });
    });
    if (m.children) rows.push(...flatten(m.children, id, now));
  });
  return rows;
}

async function existingIds(db: Kysely<Database>, table: 'sysPermission' | 'sysRole' | 'sysDict' | 'sysDictItem') {
  const rows = await db.selectFrom(table).select('id').execute();
  return new Set(rows.map((r) => r.id));
}

export async function seedReference(db: Kysely<Database>): Promise<void> {
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    const roles = [
      { code: ROLE.admin, name: '管理员', description: '拥有全部菜单和按钮权限' },
      { code: ROLE.staff, name: '普通员工', description: '首页和公共页面' },
      { code: ROLE.guest, name: '访客', description: '只读公开展示页面（路由守卫自动登录所用）' },
    ];
    const haveRoles = await existingIds(trx, 'sysRole');
    for (const r of roles) {
      const id = seedId(`role:${r.code}`);
      if (haveRoles.has(id)) continue;
      await trx
        .insertInto('sysRole')
        .values({
          id,
          roleCode: r.code,
          roleName: r.name,
          description: r.description,
          tenantId: null,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
    }

    const havePerms = await existingIds(trx, 'sysPermission');
    const grants = new Set(
      (await trx.selectFrom('sysRolePermission').select(['roleId', 'permissionId']).execute()).map(
        (g) => `${g.roleId}:${g.permissionId}`,
      ),
    );
    for (const { row, roles: extraRoles } of flatten(MENU, null, now)) {
      if (!havePerms.has(row.id)) await trx.insertInto('sysPermission').values(row).execute();
      // Admin gets everything except the guest's landing entry, which lives outside the main layout.
      const roleCodes = row.component === 'asset/AssetAllocationAll' ? extraRoles : [ROLE.admin, ...extraRoles];
      for (const code of roleCodes) {
        const roleId = seedId(`role:${code}`);
        if (grants.has(`${roleId}:${row.id}`)) continue;
        await trx
          .insertInto('sysRolePermission')
          .values({
            id: seedId(`grant:${code}:${row.id}`),
            roleId,
            permissionId: row.id,
            dataRuleIds: null,
            operateDate: now,
            operateIp: null,
          })
          .execute();
      }
    }

    const haveDicts = await existingIds(trx, 'sysDict');
    const haveItems = await existingIds(trx, 'sysDictItem');
    for (const d of DICTS) {
      const dictId = seedId(`dict:${d.code}`);
      if (!haveDicts.has(dictId)) {
        await trx
          .insertInto('sysDict')
          .values({
            id: dictId,
            dictCode: d.code,
            dictName: d.name,
            description: null,
            delFlag: 0,
            type: 0,
            tenantId: null,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
      for (const [index, [value, text]] of d.items.entries()) {
        const id = seedId(`dict:${d.code}:${value}`);
        if (haveItems.has(id)) continue;
        await trx
          .insertInto('sysDictItem')
          .values({
            id,
            dictId,
            itemValue: value,
            itemText: text,
            itemColor: null,
            description: null,
            sortOrder: index + 1,
            status: 1,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          })
          .execute();
      }
    }
  });
}
