import { API_BASE_PATH } from '@district/shared';

const apiBase = import.meta.env.VITE_API_BASE || API_BASE_PATH;

/**
 * Runtime configuration. These are the only values a menu's `meta.url` template may reference
 * (`{{ window._CONFIG['domianURL'] }}`, `${staticDomainURL}`): the spelling `domianURL` is the
 * historical one menus are written with.
 */
export const APP_CONFIG = {
  apiBaseURL: apiBase,
  domianURL: apiBase,
  staticDomainURL: import.meta.env.VITE_STATIC_DOMAIN || `${apiBase}/sys/common/static`,
} as const;

export type AppConfigKey = keyof typeof APP_CONFIG;
