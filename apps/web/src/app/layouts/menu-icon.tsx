import type { ComponentType } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  CheckCircleOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  HomeOutlined,
  PrinterOutlined,
  ProjectOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';

// Menus name icons the old way ('dashboard', 'check-circle-o'); only these are bundled.
const ICONS: Record<string, ComponentType> = {
  alert: AlertOutlined,
  appstore: AppstoreOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  'check-circle': CheckCircleOutlined,
  'check-circle-o': CheckCircleOutlined,
  cloud: CloudServerOutlined,
  dashboard: DashboardOutlined,
  desktop: DesktopOutlined,
  environment: EnvironmentOutlined,
  file: FileOutlined,
  'file-text': FileTextOutlined,
  home: HomeOutlined,
  printer: PrinterOutlined,
  project: ProjectOutlined,
  setting: SettingOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  warning: WarningOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const key = name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key];
  return Icon ? <Icon /> : null;
}
