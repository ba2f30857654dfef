import { expect, test } from '@playwright/test';
import { ADMIN, STAFF, buttonName, listRows, openDropdown, openPage, signIn, uniqueSuffix } from './helpers';

test('scheduled job: created with the cron editor, run now, its log read', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const list = await openPage(page, '系统监控', '定时任务');
  // The shipped jobs are listed (the first list of a fresh product can take a while on a busy machine).
  await expect(listRows(list).filter({ hasText: '房票过期' })).toBeVisible({ timeout: 30_000 });

  const name = `E2E问候${uniqueSuffix()}`;
  await list.getByRole('button', { name: buttonName('新增') }).click();
  const modal = page.getByRole('dialog', { name: '新增定时任务' });
  await modal.getByLabel('任务名称').fill(name);
  await modal.getByLabel('任务处理器').click();
  await openDropdown(page).getByTitle('示例：问候', { exact: true }).click();
  await expect(modal.getByLabel('参数')).toHaveValue('{"name": "张三"}');
  // The cron editor: every 30 seconds from second 0 (秒 tab), the preview lists the next runs.
  await modal.getByRole('tab', { name: '秒' }).click();
  const expression = modal.getByRole('textbox', { name: 'Cron 表达式' });
  await expression.fill('0/30 * * * * ?');
  await expect(modal.getByLabel('最近运行时间')).toContainText('30');
  await modal.getByRole('button', { name: buttonName('确定') }).click();
  await expect(modal).toBeHidden();

  const row = listRows(list).filter({ hasText: name });
  await expect(row).toContainText('0/30 * * * * ?');
  await expect(row).toContainText('运行中');
  await row.getByText('立即执行').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: buttonName('确定') })
    .click();
  await expect(page.getByText('任务已执行：你好，张三！')).toBeVisible();

  const drawer = page.getByRole('dialog', { name: `执行日志：${name}` });
  await expect(drawer).toBeVisible();
  // The job also runs on its own every 30 seconds, so a scheduled run (定时) may be logged next to the manual one.
  const logRow = drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '手动' }).first();
  await expect(logRow).toContainText('成功');
  await expect(logRow).toContainText('手动');
  await expect(logRow).toContainText('你好，张三！');
});

test('online users: force logout sends the other browser to the login page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const other = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const staffPage = await other.newPage();
  try {
    await signIn(staffPage, STAFF);
    await signIn(page, ADMIN);
    const online = await openPage(page, '系统监控', '在线用户');
    const staffRow = online.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: STAFF.realname });
    await expect(staffRow.first()).toBeVisible();
    await expect(online.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '当前会话' })).toBeVisible();
    // The list is paged, newest first: the forced session is followed by its key, not by a count of rows.
    const forcedKey = await staffRow.first().getAttribute('data-row-key');
    expect(forcedKey).toBeTruthy();
    await staffRow.first().getByText('强制退出').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName('确定') })
      .click();
    await expect(page.getByText('已强制该用户退出')).toBeVisible();
    await expect(online.locator(`.ant-table-tbody tr[data-row-key="${forcedKey}"]`)).toHaveCount(0);

    // The staff member's next request is refused and the app returns to the login page.
    await staffPage.reload();
    await staffPage.waitForURL('**/user/login**');
    await expect(staffPage.getByRole('button', { name: buttonName('登录') })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('monitoring pages show numbers and charts', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);

  const runtime = await openPage(page, '系统监控', 'JVM信息');
  await expect(runtime.getByText('Node.js 运行时')).toBeVisible();
  await expect(runtime.getByText(/^v\d+\.\d+\.\d+$/)).toBeVisible();
  await expect(runtime.getByTestId('ops-chart').first().locator('canvas')).toBeVisible();

  const system = await openPage(page, '系统监控', '服务器信息');
  await expect(system.getByText('CPU 使用率', { exact: true })).toBeVisible();
  await expect(system.getByTestId('ops-chart').locator('canvas')).toHaveCount(3);

  const http = await openPage(page, '系统监控', 'Tomcat信息');
  await expect(http.getByText('不使用 Tomcat', { exact: false })).toBeVisible();
  await expect(http.getByText('请求总数')).toBeVisible();
  await expect(http.getByTestId('ops-chart').first().locator('canvas')).toBeVisible();

  const disk = await openPage(page, '系统监控', '磁盘监控');
  await expect(disk.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(/\d+(\.\d)? [KMGT]?B/);
  await expect(disk.locator('.ant-progress').first()).toBeVisible();
  await expect(disk.getByTestId('ops-chart').locator('canvas')).toBeVisible();

  const trace = await openPage(page, '系统监控', '请求追踪');
  await expect(trace.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(trace.getByText('/api/sys/', { exact: false }).first()).toBeVisible();

  const redis = await openPage(page, '系统监控', 'Redis监控');
  // The journeys run the embedded mode (no REDIS_URL).
  await expect(redis.getByText('未配置 Redis（嵌入式模式）', { exact: false })).toBeVisible();
});
