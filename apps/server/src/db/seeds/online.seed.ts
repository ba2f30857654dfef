import { ONLINE_COMPONENTS, ONLINE_ROUTES, PERM } from '@district/shared';
import type { MenuSeed } from './reference.seed.js';

/*
 * Online development (issue 15): 表单开发 (form designer: definitions, synchronisation, enhancements) and
 * 报表配置 (online reports), administrators only. The pages of each synchronised form and report are menu
 * entries an administrator adds (component kind auto list / report auto list) with buttons
 * `online:{table}:{list|add|edit|delete|export|import}`.
 */
export const ONLINE_MENU: MenuSeed = {
  key: 'online',
  name: '在线开发',
  url: '/online',
  component: 'layouts/RouteView',
  icon: 'cloud',
  redirect: ONLINE_ROUTES.formList,
  roles: [],
  children: [
    {
      key: 'online-cgform',
      name: '表单开发',
      url: ONLINE_ROUTES.formList,
      component: ONLINE_COMPONENTS.formList,
      roles: [],
      buttons: [
        { code: PERM.onlineFormList, name: '表单开发查询' },
        { code: PERM.onlineFormEdit, name: '编辑表单' },
        { code: PERM.onlineFormSync, name: '同步数据库' },
        { code: PERM.onlineFormEnhance, name: '保存JS增强' },
      ],
    },
    {
      key: 'online-cgreport',
      name: '报表配置',
      url: ONLINE_ROUTES.reportList,
      component: ONLINE_COMPONENTS.reportList,
      roles: [],
      buttons: [
        { code: PERM.onlineReportList, name: '报表配置查询' },
        { code: PERM.onlineReportSql, name: '编辑报表SQL' },
      ],
    },
  ],
};
