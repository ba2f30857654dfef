// The system feature's public entry: the data log's version comparison, which a business record's detail page
// (the asset) shows for its own history.
export { DataLogCompareModal } from './log/components/data-log-compare-modal';
export { LOG_URLS, type DataLogRecord } from './log/api/log-api';
