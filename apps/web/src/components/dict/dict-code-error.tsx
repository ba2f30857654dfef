import { Typography } from 'antd';
import { DICT_MSG } from './dict-api';

/** Shown in place of a dictionary widget that was given no code (widgets-spec §5). */
export function DictCodeError() {
  return (
    <Typography.Text type="danger" role="alert">
      {DICT_MSG.emptyCode}
    </Typography.Text>
  );
}
