import type { MenuRoute } from '@district/shared';

let seq = 0;
export function menuItem(
  path: string,
  component: string,
  title: string,
  extra: Partial<MenuRoute> = {},
  children?: MenuRoute[],
): MenuRoute {
  seq += 1;
  return {
    id: `m${seq}`,
    path,
    name: path.replace(/\W+/g, '-'),
    component,
    route: '1',
    meta: { title },
    ...extra,
    ...(children ? { children } : {}),
  };
}

/** The seeded administrator menu plus the corner cases the route builder must handle. */
export function adminMenu(): MenuRoute[] {
  return [
    menuItem('/dashboard/analysis', 'dashboard/Analysis', '首页'),
    menuItem('/result', 'layouts/RouteView', '结果页', {}, [
      menuItem('/result/success', 'result/Success', '成功页'),
      menuItem('/result/fail', 'result/Error', '失败页'),
    ]),
    menuItem('/exception', 'layouts/RouteView', '异常页', {}, [
      menuItem('/exception/403', 'exception/403', '403'),
      menuItem('/exception/404', 'exception/404', '404'),
      menuItem('/exception/500', 'exception/500', '500'),
    ]),
    menuItem('/system', 'layouts/RouteView', '系统管理', {}, [
      menuItem('/system/platform', 'system/PlatformSetting', '平台设置'),
    ]),
    menuItem('/unregistered', 'result/Success', '不注册', { route: '0' }),
    menuItem('/always', 'result/Success', '常显', { alwaysShow: true }, [
      menuItem('/always/detail', 'result/Error', '常显详情', { hidden: true }),
    ]),
    menuItem('/ghost', 'layouts/RouteView', '全隐藏', {}, [
      menuItem('/ghost/a', 'result/Success', '隐藏A', { hidden: true }),
    ]),
    menuItem('/unknown/page', 'foo/NoSuchPage', '未知组件'),
    menuItem('/online/list', 'modules/online/desform/DesignFormList', '在线表单'),
    menuItem('/iframe/doc', 'layouts/IframePageView', '文档', {
      meta: { title: '文档', url: 'https://example.com/doc' },
    }),
  ];
}
