import type { SessionSecurity } from './security.js';

/** Texts of the session forms that the server's schemas and the web's forms share. */
export const PASSWORD_MESSAGES = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  sameAsOld: '新密码不能与旧密码相同',
} as const;

export const LOGIN_MESSAGES = {
  passwordRequired: '请输入密码',
  passwordTooLong: '密码过长',
} as const;

export const SELECT_DEPART_MESSAGES = {
  usernameRequired: '请输入用户名',
  departRequired: '请选择部门',
  positionRequired: '请选择岗位',
} as const;

export const PLATFORM_MESSAGES = {
  systemNameRequired: '请输入系统名称',
  systemNameTooLong: '系统名称不能超过50个字符',
  logoUrlTooLong: 'Logo地址不能超过500个字符',
  logoUrlScheme: 'Logo地址必须以 http(s):// 或 / 开头',
  logoTitleRequired: '请输入菜单Logo标题',
  logoTitleTooLong: '菜单Logo标题不能超过20个字符',
} as const;

export const PLATFORM_LIMITS = { systemName: 50, logoUrl: 500, logoTitle: 20 } as const;
/** The shell's logo title (app-spec §2: it reads as an IoT subsystem); the system name stays on the login page. */
export const DEFAULT_LOGO_TITLE = '资产物联网子系统';
/** A logo is an absolute http(s) address or a path on this server; never javascript: or data:. */
export const LOGO_URL_PATTERN = /^(https?:\/\/|\/)\S*$/;

/** The district's bounding box (GCJ-02 degrees): coordinates outside it earn a warning, not a refusal. */
export interface DistrictBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/**
 * Map settings (platform settings, issue 9). No tile URL means no tiles: intranets and test machines have no
 * internet, so the map draws its points on a plain background. The URL may hold {s} {z} {x} {y} and {key}
 * (replaced by mapKey). Everyone reads these, the guest included: a tile key is visible to every browser anyway.
 */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
  mapKey: string;
  /** Default centre, GCJ-02. */
  centerLng: number;
  centerLat: number;
  zoom: number;
  /** The coordinate system of the tiles: Chinese services use GCJ-02, OpenStreetMap-style ones WGS-84. */
  tileCrs: 'gcj02' | 'wgs84';
  districtBox: DistrictBox | null;
}

/** The demo district: 成都市锦江区 (GCJ-02), where the demo assets lie. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: '',
  attribution: '',
  mapKey: '',
  centerLng: 104.118,
  centerLat: 30.618,
  zoom: 13,
  tileCrs: 'gcj02',
  districtBox: { minLng: 104.075, minLat: 30.565, maxLng: 104.165, maxLat: 30.668 },
};

export const MAP_LIMITS = { tileUrl: 500, attribution: 200, mapKey: 100, minZoom: 1, maxZoom: 18 } as const;
/** Tile addresses: http(s) or a path on this server (an internal tile server behind the same proxy). */
export const TILE_URL_PATTERN = /^(https?:\/\/|\/)\S*$/;
export const MAP_KEY_PATTERN = /^[A-Za-z0-9_-]*$/;

export const MAP_MESSAGES = {
  tileUrlScheme: '瓦片地址必须以 http(s):// 或 / 开头',
  tileUrlTooLong: '瓦片地址不能超过500个字符',
  attributionTooLong: '地图版权说明不能超过200个字符',
  // Leaflet shows the attribution as HTML: plain text only.
  attributionPlain: '地图版权说明不能包含尖括号',
  mapKey: '地图密钥只能包含字母、数字、下划线和连字符，且不超过100个字符',
  centerLng: '默认中心经度须在 -180 到 180 之间',
  centerLat: '默认中心纬度须在 -90 到 90 之间',
  zoom: '默认缩放级别须为 1 到 18 之间的整数',
  tileCrs: '瓦片坐标系须为 gcj02 或 wgs84',
  boxLng: '区域范围的经度须在 -180 到 180 之间',
  boxLat: '区域范围的纬度须在 -90 到 90 之间',
  boxOrder: '区域范围的最小经纬度须小于最大经纬度',
} as const;

/**
 * The office's own offline base map (平台设置 → 地图设置 → 区域示意底图): GeoJSON areas and lines drawn under the
 * points when there are no tiles, in place of the shipped schematic of the demo district. Stored apart from the
 * map settings and read by its own route, so the platform info every page asks for stays small.
 */
export const MAP_BASE_LIMITS = { chars: 300_000, features: 1000, vertices: 50_000, name: 50 } as const;

export const MAP_BASE_MESSAGES = {
  text: '请提供示意底图的 GeoJSON 文本',
  tooLarge: '示意底图不能超过 300 KB',
  json: '示意底图不是有效的 JSON 文本',
  collection: '示意底图须为 GeoJSON 的 FeatureCollection',
  features: '示意底图须包含 1 到 1000 个要素',
  feature: '示意底图的每一项须为 GeoJSON 的 Feature',
  geometry: '示意底图的要素只能是 Polygon（面）或 LineString（线）',
  coordinates: '示意底图的坐标须为 [经度, 纬度]：经度 -180 到 180，纬度 -90 到 90',
  line: '示意底图的线至少须有 2 个点',
  ring: '示意底图的面至少须有 4 个点（首尾相同）',
  vertices: '示意底图的坐标点不能超过 50000 个',
} as const;

export type MapBasePosition = [number, number];
export interface MapBaseFeature {
  type: 'Feature';
  /** `name` is kept for reference; `kind` picks the style: district, ring, road, river (else by geometry). */
  properties: { name?: string; kind?: string };
  geometry:
    { type: 'Polygon'; coordinates: MapBasePosition[][] } | { type: 'LineString'; coordinates: MapBasePosition[] };
}
export interface MapBaseCollection {
  type: 'FeatureCollection';
  features: MapBaseFeature[];
}

/** PUT body: the GeoJSON text; '' goes back to the shipped schematic. */
export interface MapBaseInput {
  geojson: string;
}

/** GET answer: the office's base, or null for the shipped schematic. */
export interface MapBase {
  geojson: MapBaseCollection | null;
}

export interface LoginInput {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
  remember_me?: boolean;
}

/** Payload of POST /sys/user/updatePassword (app-spec §3). */
export interface UpdatePasswordInput {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export interface SelectDepartInput {
  username: string;
  selectDepartId: string;
  selectPositionId: string;
}

export interface PlatformSettings {
  systemName: string;
  logoUrl: string;
  /** Title beside the logo in the signed-in shell. */
  logoTitle: string;
  /** Map settings; a save without them keeps the stored ones. */
  map?: MapSettings;
  /** Projects: the percent of the budget an actual cost may reach (100–1000); a save without it keeps it. */
  projectCostCeilingPercent?: number;
}

export interface PlatformInfo {
  systemName: string;
  logoUrl: string;
  logoTitle: string;
  /** Whether the theme settings drawer is offered (app-spec §2: development previews only). */
  showSettings: boolean;
  /** Whether the login form must show the image captcha. */
  captchaEnabled: boolean;
  /** Map settings of the map view and the public display. */
  map: MapSettings;
}

export interface DepartInfo {
  id: string;
  departName: string;
  orgCode: string;
}

export interface PositionInfo {
  id: string;
  name: string;
  code: string;
}

export interface TenantInfo {
  id: number;
  name: string;
}

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar: string;
  sex: number | null;
  phone: string;
  email: string;
  orgCode: string;
  orgCodeTxt: string;
  loginTenantId: number;
  selectDepartId: string;
  selectDepartName: string;
  selectPositionId: string;
  selectPositionName: string;
  lastLoginTime: string;
}

export interface CompanyInfo {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  company: CompanyInfo;
  departList: DepartInfo[];
  positionList: PositionInfo[];
  tenantList: TenantInfo[];
  multi_depart: 0 | 1 | 2;
  /** Forced password change, expiry warning, idle timeout (issue 24); absent for the guest's display session. */
  security?: SessionSecurity;
}

export interface CurrentUserDeparts {
  list: DepartInfo[];
  orgCode: string;
  positions: PositionInfo[];
  selectPositionId: string;
}

/** The signed-in user's card on the interim dashboard: every figure comes from the database. */
export interface CurrentUserCard {
  username: string;
  realname: string;
  departName: string;
  positionName: string;
  tenantName: string;
  lastLoginTime: string;
  lastLoginIp: string;
}

export interface DictItem {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
  disabled?: boolean;
}
