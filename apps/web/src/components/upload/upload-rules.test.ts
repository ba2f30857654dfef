import { describe, expect, it } from 'vitest';
import { acceptOf, checkFileType, checkImageMime, joinPaths, keepLast, shortName, splitPaths } from './upload-rules';

describe('upload rules', () => {
  it('checks extensions case-insensitively and lets everything through for all', () => {
    expect(checkFileType('image', 'A.JPG')).toBeNull();
    expect(checkFileType('image', 'a.webp')).toBe('文件格式有误,仅支持jpg,jpeg,png,格式文件上传');
    expect(checkFileType('document', 'a.wps')).toBeNull();
    expect(checkFileType('document', 'noext')).toBe('文件格式有误,仅支持pdf,doc,docx,xls,xlsx,ppt,pptx,格式文件上传');
    expect(checkFileType('all', 'anything.bin')).toBeNull();
    expect(acceptOf('image')).toBe('.jpg,.jpeg,.png');
    expect(acceptOf('all')).toBeUndefined();
  });

  it('accepts only image mime types in image cells: 请上传图片格式的文件', () => {
    expect(checkImageMime({ type: 'image/png' })).toBeNull();
    expect(checkImageMime({ type: 'application/pdf' })).toBe('请上传图片格式的文件');
    expect(checkImageMime({ type: '' })).toBe('请上传图片格式的文件');
  });

  it('keeps everything for limit 0 and the last N otherwise', () => {
    expect(keepLast([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(keepLast([1, 2, 3], 2)).toEqual([2, 3]);
    expect(keepLast([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it('cuts shown names to five characters plus an ellipsis', () => {
    expect(shortName('资产登记表格.pdf')).toBe('资产登记表…');
    expect(shortName('a.pdf')).toBe('a.pdf');
    expect(shortName('😀😀😀😀😀😀')).toBe('😀😀😀😀😀…');
  });

  it('joins and splits stored paths with commas', () => {
    expect(joinPaths(['a/1.png', '', 'b/2.pdf'])).toBe('a/1.png,b/2.pdf');
    expect(splitPaths(' a/1.png , b/2.pdf ,')).toEqual(['a/1.png', 'b/2.pdf']);
    expect(splitPaths(undefined)).toEqual([]);
  });
});
