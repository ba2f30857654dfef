import { useState } from 'react';
import { Button, Descriptions, Space, Typography } from 'antd';
import { FilePopup, type FilePopupResult } from '@/components/upload/file-popup';
import { ImageUpload } from '@/components/upload/image-upload';
import { ImageUploadDialog, type ImageUploadResult } from '@/components/upload/image-upload-dialog';
import { Uploader } from '@/components/upload/uploader';

/** Shows a widget's current value under it, so a visitor (and the journeys) can see what it holds. */
function ValueOf({ label, value }: { label: string; value: string }) {
  return (
    <Typography.Text type="secondary" data-testid={label}>
      值：{value || '（空）'}
    </Typography.Text>
  );
}

export default function UploadDemo() {
  const [documents, setDocuments] = useState('');
  const [images, setImages] = useState('');
  const [files, setFiles] = useState('');
  const [avatar, setAvatar] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [picked, setPicked] = useState<ImageUploadResult | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const [popup, setPopup] = useState<FilePopupResult | null>(null);

  const items = [
    {
      key: '文档上传（document）',
      label: '文档上传（document）',
      children: (
        <Space vertical>
          <Uploader fileType="document" bizPath="file" value={documents} onChange={setDocuments} />
          <ValueOf label="document-value" value={documents} />
        </Space>
      ),
    },
    {
      key: '图片上传（image，最多 2 张）',
      label: '图片上传（image，最多 2 张）',
      children: (
        <Space vertical>
          <Uploader fileType="image" bizPath="image" number={2} value={images} onChange={setImages} />
          <ValueOf label="image-value" value={images} />
        </Space>
      ),
    },
    {
      key: '任意文件（all）',
      label: '任意文件（all）',
      children: (
        <Space vertical>
          <Uploader value={files} onChange={setFiles} />
          <ValueOf label="all-value" value={files} />
        </Space>
      ),
    },
    {
      key: '头像上传',
      label: '头像上传',
      children: (
        <Space vertical>
          <ImageUpload bizPath="avatar" value={avatar} onChange={setAvatar} text="上传头像" />
          <ValueOf label="avatar-value" value={avatar} />
        </Space>
      ),
    },
    {
      key: '图片上传对话框',
      label: '图片上传对话框',
      children: (
        <>
          <Space vertical>
            <Button onClick={() => setDialogOpen(true)}>打开图片上传</Button>
            {picked ? <ValueOf label="dialog-value" value={`${picked.url}（${picked.note}）`} /> : null}
          </Space>
          <ImageUploadDialog
            open={dialogOpen}
            onCancel={() => setDialogOpen(false)}
            onOk={(image) => {
              setPicked(image);
              setDialogOpen(false);
            }}
          />
        </>
      ),
    },
    {
      key: '文件弹窗',
      label: '文件弹窗',
      children: (
        <>
          <Space vertical>
            <Button onClick={() => setPopupOpen(true)}>打开文件弹窗</Button>
            {popup ? <ValueOf label="popup-value" value={`${popup.name} ${popup.path}`} /> : null}
          </Space>
          <FilePopup
            open={popupOpen}
            onCancel={() => setPopupOpen(false)}
            onOk={(result) => {
              setPopup(result);
              setPopupOpen(false);
            }}
          />
        </>
      ),
    },
  ];

  return <Descriptions column={1} bordered size="small" styles={{ label: { width: 200 } }} items={items} />;
}
