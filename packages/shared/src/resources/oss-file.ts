import { OSS_API } from '../ops.js';
import { PERM } from '../permissions.js';
import { describeResource } from '../resource.js';

/**
 * 对象存储 (the uploaded files, sys_file): listed by the engine; upload, download and delete (object first, then the
 * row, refused while a record uses the file) are the file module's own routes under the same path.
 */
export const OSS_FILE_RESOURCE = describeResource({
  name: 'sys_file',
  title: '对象存储',
  path: OSS_API.base,
  fields: {
    originalName: { title: '文件名称', type: 'string', filter: true, sort: true, list: { width: 220 }, query: 'like' },
    biz: { title: '业务目录', type: 'string', filter: true, sort: true, list: { width: 90 } },
    mime: { title: '文件类型', type: 'string', filter: true, list: { width: 180 } },
    fileSize: { title: '文件大小', type: 'int', sort: true, list: { width: 100 } },
    /** STORAGE_LABELS: the page offers them. */
    storage: { title: '存储位置', type: 'string', filter: true, sort: true, list: { width: 120 }, query: 'custom' },
    storedPath: { title: '存储路径', type: 'string' },
    createBy: { title: '上传人', type: 'string', filter: true, sort: true, list: { width: 100 }, query: 'eq' },
    createTime: { title: '上传时间', type: 'datetime', filter: true, sort: true, list: { width: 170 } },
  },
  permissions: {
    list: PERM.ossList,
    queryById: PERM.ossList,
    delete: PERM.ossDelete,
    deleteBatch: PERM.ossDelete,
  },
});
