// The dashboard feature's public entry: what the shell fetches ahead while the login page idles.
/** Loads 首页's charts chunk (echarts) ahead of the first visit; the page itself waits for its cards first. */
export const prefetchDashboardCharts = () => import('./components/dashboard-charts').then(() => undefined);
