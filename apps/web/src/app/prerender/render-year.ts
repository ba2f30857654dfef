/** The year the login page was prerendered in (vite.config.ts); the client renders it while hydrating, then its own. */
export const RENDER_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
