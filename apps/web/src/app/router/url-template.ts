import { APP_CONFIG, type AppConfigKey } from '@/lib/config';

// `window._CONFIG['key']`, `window._CONFIG.key`, `_CONFIG['key']` or a bare `key`: nothing else is understood.
const REFERENCE = /^(?:window\.)?(?:_CONFIG(?:\[\s*['"](\w+)['"]\s*\]|\.(\w+))|(\w+))$/;

function resolveReference(expression: string): string {
  const match = REFERENCE.exec(expression.trim());
  const key = match?.[1] ?? match?.[2] ?? match?.[3];
  return key && Object.hasOwn(APP_CONFIG, key) ? APP_CONFIG[key as AppConfigKey] : '';
}

/**
 * Fills `{{ ... }}` and `${...}` placeholders of a menu's meta.url from the whitelisted runtime
 * configuration. Menus come from the database, so the expressions are looked up, never evaluated;
 * an unknown reference becomes an empty string.
 */
export function evaluateUrlTemplate(url: string): string {
  return url.replace(/\{\{([^}]*)\}\}|\$\{([^}]*)\}/g, (_all, mustache?: string, dollar?: string) =>
    resolveReference(mustache ?? dollar ?? ''),
  );
}
