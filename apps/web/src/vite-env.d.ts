/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base path; `/api` when unset. */
  readonly VITE_API_BASE?: string;
  /** Where uploaded static files are served; `<api base>/sys/common/static` when unset. */
  readonly VITE_STATIC_DOMAIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
