// The message feature's public entry: the dashboard's 最新通知 card (loaded lazily by the dashboard).
export { default as LatestNotices } from './components/latest-notices';
