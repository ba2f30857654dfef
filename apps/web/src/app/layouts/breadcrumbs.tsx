import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import { HOME_PATH } from '@district/shared';
import type { AppRoute } from '../router/build-routes';
import { HOME_TITLE } from './multi-tab/tabs-store';

/** 首页 first (a link unless it is the current page), then the route's ancestors; the current one is plain text. */
export function Breadcrumbs({ chain }: { chain: AppRoute[] }) {
  const trail = chain.filter((route) => route.path !== HOME_PATH);
  const items = [
    { key: HOME_PATH, title: trail.length === 0 ? HOME_TITLE : <Link to={HOME_PATH}>{HOME_TITLE}</Link> },
    ...trail.map((route, index) => ({
      key: route.path,
      title: index === trail.length - 1 || !route.registered ? route.title : <Link to={route.path}>{route.title}</Link>,
    })),
  ];
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
