import { PRIVACY_API, type MyData } from '@district/shared';
import { downloadFile, getAction } from '@/lib/request';

export const fetchMyData = () => getAction<MyData>(PRIVACY_API.myData).then((res) => res.result);
/** The file the server puts together (Chinese names throughout); each download is an audit event there. */
export const downloadMyData = (username: string) => downloadFile(PRIVACY_API.myDataExport, `我的数据-${username}.json`);
