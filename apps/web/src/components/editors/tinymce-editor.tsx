// Everything TinyMCE needs is bundled into this module's chunk (self-hosted, no CDN); the rich text
// editor imports it lazily so none of it lands in the main bundle.
import tinymce from 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/advlist';
import 'tinymce/plugins/autolink';
import 'tinymce/plugins/code';
import 'tinymce/plugins/fullscreen';
import 'tinymce/plugins/image';
import 'tinymce/plugins/link';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/media';
import 'tinymce/plugins/table';
import 'tinymce/plugins/wordcount';
import { Editor } from '@tinymce/tinymce-react';
import { getFileAccessHttpUrl } from '@/lib/request';
import { pathFromResponse, uploadCommon } from '@/components/upload/upload-api';
import { sanitizeRichText } from './sanitize-rich-text';
import { registerChinese, TINYMCE_LANGUAGE } from './tinymce-zh-cn';
import type { RichTextEditorProps } from './rich-text-editor';

registerChinese(tinymce);

const TOOLBAR =
  'undo redo | blocks | bold italic underline strikethrough | forecolor backcolor | ' +
  'alignleft aligncenter alignright alignjustify | bullist numlist outdent indent | ' +
  'link image media table | removeformat code fullscreen';

export function TinymceEditor({
  value = '',
  onChange,
  height = 300,
  disabled,
  bizPath = 'editor',
  placeholder,
}: RichTextEditorProps) {
  return (
    <Editor
      licenseKey="gpl"
      value={value}
      disabled={disabled}
      onEditorChange={(html) => onChange?.(sanitizeRichText(html))}
      init={{
        height,
        menubar: false,
        branding: false,
        promotion: false,
        language: TINYMCE_LANGUAGE,
        skin: 'oxide',
        content_css: 'default',
        placeholder,
        plugins: 'advlist autolink code fullscreen image link lists media table wordcount',
        toolbar: TOOLBAR,
        convert_urls: false,
        images_upload_handler: async (blobInfo) => {
          const file = new File([blobInfo.blob()], blobInfo.filename(), { type: blobInfo.blob().type });
          const response = await uploadCommon(file, { bizPath });
          const path = pathFromResponse(response);
          if (!response.success || !path) throw new Error(response.message || '上传失败');
          return getFileAccessHttpUrl(path);
        },
      }}
    />
  );
}
