// The IoT feature's public entry: the live alarms, for the asset map's panel and the notice bell.
export { LiveAlarmPanel } from './components/live-alarm-panel';
export { useLiveAlarms } from './alarm-store';
