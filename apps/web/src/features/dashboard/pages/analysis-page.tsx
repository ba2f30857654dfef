import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Descriptions, Result, Row, Skeleton, Statistic, Tooltip } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { timeFix, type DashboardAnalysis } from '@district/shared';
import { errorMessage } from '@/lib/errors';
import { useSessionStore } from '@/lib/session-store';
import { getFileAccessHttpUrl } from '@/lib/request';
import { ANALYSIS_QUERY, fetchCurrentUserCard } from '../api/dashboard-api';
import '../components/dashboard.css';

// echarts is the heavy part of the page: its chunk is fetched once the cards have been painted.
const DashboardCharts = lazy(() => import('../components/dashboard-charts'));
// antd's Table is not needed for the cards either.
const ProjectTable = lazy(() => import('../components/project-table'));
// 最新通知 (the user's notices) comes after the figures, like the table.
const LatestNotices = lazy(() => import('@/features/message/public').then((m) => ({ default: m.LatestNotices })));

const orDash = (value: string | null | undefined) => value || '-';

const fullYuan = (yuan: number) =>
  `${yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
/** Yuan as 万元 with 2 decimals. */
export const toWan = (yuan: number) =>
  (yuan / 10_000).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// The card mounts twice while the shell settles: a few seconds of freshness make that one request, and a later
// visit (after editing the profile in 个人中心, say) still reads it again.
const USER_CARD_QUERY = { queryKey: ['current-user-card'], queryFn: fetchCurrentUserCard, staleTime: 5_000 } as const;

/** The signed-in user's own card, at the top of the dashboard. */
function UserCard() {
  const avatar = useSessionStore((s) => s.userInfo?.avatar);
  const query = useQuery(USER_CARD_QUERY);

  if (query.isPending) {
    return (
      <Card>
        <Skeleton active avatar />
      </Card>
    );
  }
  if (query.isError)
    return <Result status="warning" title="无法读取当前用户信息" subTitle={errorMessage(query.error)} />;

  const user = query.data;
  return (
    <Card
      title={
        <span className="dashboard-greeting">
          <Avatar src={getFileAccessHttpUrl(avatar) || undefined} icon={<UserOutlined />} style={{ marginRight: 12 }} />
          {timeFix()}，{user.realname || user.username}
        </span>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'realname', label: '姓名', children: orDash(user.realname) },
          { key: 'username', label: '用户名', children: orDash(user.username) },
          { key: 'depart', label: '部门', children: orDash(user.departName) },
          { key: 'position', label: '岗位', children: orDash(user.positionName) },
          { key: 'tenant', label: '租户', children: orDash(user.tenantName) },
          { key: 'lastLoginTime', label: '上次登录时间', children: orDash(user.lastLoginTime) },
          { key: 'lastLoginIp', label: '上次登录IP', children: orDash(user.lastLoginIp) },
        ]}
      />
    </Card>
  );
}

function Figure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Col xs={12} md={8} xl={6} xxl={3}>
      <Card size="small" className="dashboard-figure" aria-label={title}>
        {children}
      </Card>
    </Col>
  );
}

/** A money figure in 万元 (2 decimals) with the exact yuan in a tooltip. */
function Money({ title, yuan }: { title: string; yuan: number }) {
  return (
    <Figure title={title}>
      <Statistic
        title={title}
        valueRender={() => (
          <Tooltip title={fullYuan(yuan)}>
            <span className="dashboard-money" data-yuan={yuan}>
              {toWan(yuan)}
            </span>
          </Tooltip>
        )}
        suffix="万元"
      />
    </Figure>
  );
}

/** The headline cards: assets (with asset:list) and outstanding room tickets (with ticket:list). */
function HeadlineCards({ data }: { data: DashboardAnalysis }) {
  const { assets, tickets } = data;
  if (!assets && !tickets) return null;
  return (
    <Row gutter={[16, 16]} className="dashboard-figures">
      {assets && (
        <>
          <Figure title="资产总数">
            <Statistic title="资产总数" value={assets.cards.assetCount} suffix="个" />
          </Figure>
          <Money title="资产原值" yuan={assets.cards.originalValue} />
          <Money title="资产净值" yuan={assets.cards.netValue} />
          <Figure title="闲置率">
            <Statistic title="闲置率" value={assets.cards.idleRate} precision={1} suffix="%" />
          </Figure>
          <Figure title="出租率">
            <Statistic title="出租率" value={assets.cards.leasedRate} precision={1} suffix="%" />
          </Figure>
        </>
      )}
      {tickets && (
        <>
          <Figure title="在途房票">
            <Statistic title="在途房票" value={tickets.outstandingCount} suffix="张" />
          </Figure>
          <Money title="剩余金额" yuan={tickets.outstandingAmount} />
        </>
      )}
    </Row>
  );
}

function ChartsFallback({ count }: { count: number }) {
  return (
    <Row gutter={[16, 16]} className="dashboard-charts">
      {Array.from({ length: count }, (_, i) => (
        <Col xs={24} xl={12} key={i}>
          <Card size="small">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * True from the frame after the figures were first painted: echarts' chunk is then fetched and evaluated
 * without holding up the cards.
 */
function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, after]);
  return after;
}

/** The figures: one aggregate call; cards first, then the charts' chunk, then the project table. */
function Analysis() {
  const query = useQuery(ANALYSIS_QUERY);
  const chartsNow = useAfterPaint(query.isSuccess);

  if (query.isPending) {
    return (
      <div className="dashboard-loading" aria-busy="true">
        <Row gutter={[16, 16]} className="dashboard-figures">
          {Array.from({ length: 7 }, (_, i) => (
            <Col xs={12} md={8} xl={6} xxl={3} key={i}>
              <Card size="small">
                <Skeleton active paragraph={false} title={{ width: '80%' }} />
                <Skeleton.Button active size="small" />
              </Card>
            </Col>
          ))}
        </Row>
        <ChartsFallback count={2} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="warning"
        title="统计数据读取失败"
        subTitle={errorMessage(query.error)}
        extra={
          <Button type="primary" loading={query.isFetching} onClick={() => void query.refetch()}>
            重试
          </Button>
        }
      />
    );
  }

  const data = query.data;
  const charts = (data.assets ? 3 : 0) + (data.projects ? 1 : 0);
  return (
    <>
      <HeadlineCards data={data} />
      {charts > 0 &&
        (chartsNow ? (
          <Suspense fallback={<ChartsFallback count={charts} />}>
            <DashboardCharts data={data} />
          </Suspense>
        ) : (
          <ChartsFallback count={charts} />
        ))}
      {data.projects && (
        <Suspense fallback={<Skeleton active />}>
          <ProjectTable rows={data.projects.latest} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <LatestNotices />
      </Suspense>
      <div className="dashboard-generated">数据更新于 {data.generatedAt}</div>
    </>
  );
}

/** 首页: the user's card, then the analysis figures within the caller's tenant and data rules. */
export function AnalysisPage() {
  // Both calls are asked for while the page first renders, not after its first commit.
  usePrefetchQuery(USER_CARD_QUERY);
  usePrefetchQuery(ANALYSIS_QUERY);
  return (
    <div className="dashboard-analysis">
      <UserCard />
      <Analysis />
    </div>
  );
}
