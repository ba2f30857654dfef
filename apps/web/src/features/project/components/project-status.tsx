import { useState, type ReactElement } from 'react';
import { App, Button, Progress, Space, Tag } from 'antd';
import { AxiosError } from 'axios';
import {
  PERM,
  PROJECT_DICT,
  PROJECT_STATUS,
  PROJECT_TRANSITION_LABELS,
  PROJECT_TRANSITIONS,
  type ProjectStatus,
} from '@district/shared';
import { useDictOptions } from '@/components/dict/use-dict-options';
import { useHasPermission } from '@/components/has-permission/use-has-permission';
import { errorMessage } from '@/lib/errors';
import { changeProjectStatus, statusItem } from '../api/project-api';

/** The status as a tag in the dictionary's colour (the shared items' colour while the dictionary loads). */
export function ProjectStatusTag({ status, text }: { status: string | null | undefined; text?: string | null }) {
  const { options } = useDictOptions(PROJECT_DICT.status);
  if (!status) return null;
  const option = options.find((o) => o.value === status);
  const fallback = statusItem(status);
  return <Tag color={option?.color ?? fallback?.color}>{text || option?.text || fallback?.text || status}</Tag>;
}

/** Progress as a bar with its percentage: green once completed, orange while suspended. */
export function ProjectProgress({ progress, status }: { progress: number | null | undefined; status?: string }) {
  const percent = Math.max(0, Math.min(100, Number(progress ?? 0)));
  return (
    <Progress
      percent={percent}
      size="small"
      status={status === PROJECT_STATUS.completed ? 'success' : 'normal'}
      // A suspended project is paused, not failed: its own (orange) colour, never antd's red cross.
      strokeColor={status === PROJECT_STATUS.suspended ? statusItem(status)?.color : undefined}
      format={(p) => `${p ?? 0}%`}
      aria-label={`进度 ${percent}%`}
    />
  );
}

/** The status changes the state machine allows from a status. */
export const nextStatusesOf = (status: string | null | undefined): readonly ProjectStatus[] =>
  PROJECT_TRANSITIONS[status as ProjectStatus] ?? [];

export const confirmText = (name: string, to: ProjectStatus) =>
  `确定对项目“${name}”执行“${PROJECT_TRANSITION_LABELS[to]}”吗？`;

interface StatusActionsProps {
  project: { id: string; name: string; status: string; version?: number };
  /** From the detail answer; computed from the state machine otherwise. */
  nextStatuses?: readonly ProjectStatus[];
  onChanged: () => void;
  /** Links in a row's actions, or buttons on a detail. */
  as?: 'link' | 'button';
}

type StatusProject = StatusActionsProps['project'];

/** Changing a project's status after a confirmation; `targetsOf` answers none without PERM.projectStatus. */
function useStatusChange(onChanged: () => void) {
  const allowed = useHasPermission();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const permitted = allowed(PERM.projectStatus);
  const targetsOf = (project: StatusProject, nextStatuses?: readonly ProjectStatus[]): readonly ProjectStatus[] =>
    permitted ? (nextStatuses ?? nextStatusesOf(project.status)) : [];

  const run = (project: StatusProject, to: ProjectStatus) => {
    void modal.confirm({
      title: '变更项目状态',
      content: confirmText(project.name, to),
      onOk: async () => {
        setBusy(true);
        try {
          const res = await changeProjectStatus(project.id, to, project.version);
          void message.success(res.message || '项目状态已变更！');
          onChanged();
        } catch (error) {
          // The request layer shows the server's notice; a client-side failure is shown here.
          if (!(error instanceof AxiosError)) void message.error(errorMessage(error));
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return { busy, targetsOf, run };
}

/**
 * A row's status links as a list (none for a completed project or without PERM.projectStatus), so the row's
 * actions put a divider only between links that are there.
 */
export function useProjectStatusLinks(onChanged: () => void): (project: StatusProject) => ReactElement[] {
  const { targetsOf, run } = useStatusChange(onChanged);
  return (project) =>
    targetsOf(project).map((to) => (
      <a key={`status-${to}`} onClick={() => run(project, to)}>
        {PROJECT_TRANSITION_LABELS[to]}
      </a>
    ));
}

/**
 * The status buttons of one project: one per status the state machine allows, for holders of
 * PERM.projectStatus only, each after a confirmation.
 */
export function ProjectStatusActions({ project, nextStatuses, onChanged, as = 'link' }: StatusActionsProps) {
  const { busy, targetsOf, run } = useStatusChange(onChanged);
  const targets = targetsOf(project, nextStatuses);
  if (targets.length === 0) return null;

  if (as === 'button') {
    return (
      <Space wrap>
        {targets.map((to) => (
          <Button key={to} loading={busy} onClick={() => run(project, to)}>
            {PROJECT_TRANSITION_LABELS[to]}
          </Button>
        ))}
      </Space>
    );
  }
  return (
    <Space size={8}>
      {targets.map((to) => (
        <a key={to} onClick={() => run(project, to)}>
          {PROJECT_TRANSITION_LABELS[to]}
        </a>
      ))}
    </Space>
  );
}
