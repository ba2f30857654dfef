import { useMemo, useState } from 'react';
import { Alert, Button, Col, Collapse, Descriptions, Input, Row, Space, Statistic, Typography } from 'antd';
import { PERM, REDIS_INFO_SECTION_TITLES, REDIS_TERMINAL_COMMANDS } from '@district/shared';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { fetchRedis, runRedisCommand } from '../api/ops-api';
import { OpsChart, lineOption } from '../components/ops-chart';
import { MonitorCard } from '../components/monitor-card';
import { seriesOf, useSamples } from '../components/use-samples';

const MB = 1024 * 1024;

/** The read-only terminal: one allowlisted command at a time, its answer below. */
function RedisTerminal() {
  const [command, setCommand] = useState('');
  const [lines, setLines] = useState<{ command: string; output: string; failed: boolean }[]>([]);
  const [running, setRunning] = useState(false);
  const run = async () => {
    if (!command.trim()) return;
    setRunning(true);
    try {
      const res = await runRedisCommand(command);
      const output = res.result?.output;
      setLines((prev) => [
        { command, output: typeof output === 'string' ? output : JSON.stringify(output, null, 2), failed: false },
        ...prev.slice(0, 19),
      ]);
    } catch (error) {
      setLines((prev) => [{ command, output: errorMessage(error), failed: true }, ...prev.slice(0, 19)]);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        只读终端，允许的命令：{REDIS_TERMINAL_COMMANDS.join('、')}（键须在本系统前缀下）
      </Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="Redis 命令"
          placeholder="例如：INFO memory"
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          onPressEnter={() => void run()}
          style={{ fontFamily: 'monospace' }}
        />
        <Button type="primary" loading={running} onClick={() => void run()}>
          执行
        </Button>
      </Space.Compact>
      {lines.map((line, index) => (
        <div key={index} data-testid="redis-terminal-output">
          <Typography.Text code>&gt; {line.command}</Typography.Text>
          <pre
            style={{
              margin: '4px 0 0',
              maxHeight: 240,
              overflow: 'auto',
              background: '#1f1f1f',
              color: line.failed ? '#ff7875' : '#d9d9d9',
              padding: 8,
              borderRadius: 4,
            }}
          >
            {line.output}
          </pre>
        </div>
      ))}
    </Space>
  );
}

/** Redis监控: INFO sections, key counts and memory with moving charts; in embedded mode, that Redis is not used. */
export function RedisPage() {
  const allowed = useHasPermission();
  const { data, error, samples } = useSamples('redis', fetchRedis, (r) => ({
    memory: Math.round(((r.usedMemory ?? 0) / MB) * 100) / 100,
    keys: r.dbSize ?? 0,
    ops: r.opsPerSecond ?? 0,
  }));
  const labels = samples.map((s) => s.time);
  const memory = useMemo(
    () => lineOption(labels, [{ name: '内存', data: seriesOf(samples, 'memory') }], ' MB'),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels derive from samples
    [samples],
  );
  const keys = useMemo(
    () =>
      lineOption(labels, [
        { name: '键数', data: seriesOf(samples, 'keys') },
        { name: '每秒命令', data: seriesOf(samples, 'ops') },
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels derive from samples
    [samples],
  );
  if (data && !data.configured) {
    return (
      <MonitorCard title="Redis监控" error={error}>
        <Alert type="warning" showIcon title={data.message} />
      </MonitorCard>
    );
  }
  return (
    <MonitorCard title="Redis监控" error={error}>
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title="Redis 版本" value={data?.version ?? '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="键总数" value={data?.dbSize ?? '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="本系统的键" value={data?.prefixKeys ?? '-'} />
        </Col>
        <Col span={6}>
          <Statistic title="已用内存" value={data?.usedMemoryHuman ?? '-'} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <OpsChart label="Redis 内存" option={memory} />
        </Col>
        <Col xs={24} lg={12}>
          <OpsChart label="Redis 键数与命令" option={keys} />
        </Col>
      </Row>
      <Collapse
        items={(data?.sections ?? []).map((s) => ({
          key: s.name,
          label: REDIS_INFO_SECTION_TITLES[s.name] ?? s.name,
          children: (
            <Descriptions size="small" bordered column={2}>
              {s.entries.map(([k, v]) => (
                <Descriptions.Item key={k} label={k}>
                  {v}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ),
        }))}
      />
      {allowed(PERM.monitorRedisTerminal) && <RedisTerminal />}
    </MonitorCard>
  );
}
