import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Imported by the shells that show dates, not by the entry: the login page needs no date library.
dayjs.locale('zh-cn');
