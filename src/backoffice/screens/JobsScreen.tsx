import { Badge, Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { isErrorCode } from '../../../contract/errors';
import { JOB_STATUSES } from '../../../contract/jobs';
import type { JobStatus } from '../../../contract/jobs';
import { LIFECYCLE_ENTITY_TYPES } from '../../../contract/lifecycles';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import type { Locale } from '../../../contract/languages';
import { eventWords } from '../../../locales';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { refusalText } from '../i18n';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

const PAGE_SIZE = 20;
type Job = StaffDataOf<'jobsList'>['items'][number];

const STATUS_PALETTE: Record<JobStatus, string> = {
  pending: 'blue',
  done: 'green',
  skipped: 'gray',
  failed: 'red',
};

const isStatus = (value: string | null): value is JobStatus =>
  (JOB_STATUSES as readonly (string | null)[]).includes(value);
const isEntityType = (value: string | null): value is LifecycleEntityType =>
  (LIFECYCLE_ENTITY_TYPES as readonly (string | null)[]).includes(value);

function JobStatusBadge({ job }: { job: Job }) {
  const { t } = useTranslation();
  // A pending job the runner will take on its next tick reads as "due", one still waiting as
  // "scheduled".
  const label =
    job.status === 'pending' && job.due ? t('jobs.due') : t(`jobs.status.${job.status}`);
  return (
    <Badge
      colorPalette={job.status === 'pending' && job.due ? 'orange' : STATUS_PALETTE[job.status]}
      data-testid={`job-status-${job.id}`}
      data-status={job.status}
    >
      {label}
    </Badge>
  );
}

/** The last error of a job: a refusal code in words (the code beside it), or the error text. */
function JobError({ error }: { error: string | null }) {
  if (error === null) return <>—</>;
  if (isErrorCode(error)) {
    return (
      <Text title={error}>
        {refusalText(error, {}, null)}{' '}
        <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs">
          {error}
        </Text>
      </Text>
    );
  }
  return (
    <Text truncate title={error} fontFamily="mono" fontSize="xs">
      {error}
    </Text>
  );
}

/**
 * Lifecycle jobs, the clock events the runner applies (docs/jobs.md): failed ones first, then
 * pending by when they run, then finished ones. Operators and admins retry a failed or skipped
 * job, which puts it back to pending, due now.
 */
export default function JobsScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const typeParam = params.get('entityType');
  const entityType = isEntityType(typeParam) ? typeParam : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () =>
      staffCall('jobsList', {
        ...(status ? { status } : {}),
        ...(entityType ? { entityType } : {}),
        page,
        pageSize: PAGE_SIZE,
      }),
    `${status}:${entityType}:${page}`,
  );
  const [retrying, setRetrying] = useState<number | null>(null);
  const mayRetry = mayCall(me?.role, 'jobsRetry');

  const filter = (name: 'status' | 'entityType', value: string) => {
    const next: Record<string, string> = { page: '1' };
    if (status) next.status = status;
    if (entityType) next.entityType = entityType;
    if (value) next[name] = value;
    else delete next[name];
    setParams(next);
  };

  const retry = async (job: Job) => {
    setRetrying(job.id);
    try {
      await staffCall('jobsRetry', { id: job.id });
      toast(t('jobs.retried'), 'success');
      reload();
    } catch {
      // toasted
    } finally {
      setRetrying(null);
    }
  };

  return (
    <>
      <PageTitle
        actions={
          <HStack>
            <NativeSelect.Root size="sm" width="40">
              <NativeSelect.Field
                data-testid="jobs-status-filter"
                aria-label={t('jobs.statusFilter')}
                value={status ?? ''}
                onChange={(e) => filter('status', e.currentTarget.value)}
              >
                <option value="">{t('jobs.allStatuses')}</option>
                {JOB_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`jobs.status.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <NativeSelect.Root size="sm" width="48">
              <NativeSelect.Field
                data-testid="jobs-type-filter"
                aria-label={t('jobs.typeFilter')}
                value={entityType ?? ''}
                onChange={(e) => filter('entityType', e.currentTarget.value)}
              >
                <option value="">{t('jobs.allTypes')}</option>
                {LIFECYCLE_ENTITY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`entity.types.${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <ReloadButton onClick={reload} />
          </HStack>
        }
      >
        {t('jobs.title')}
      </PageTitle>
      <Panel>
        <PagedTable
          testId="jobs-table"
          state={{ loading, failed, data, reload }}
          rowKey={(job) => job.id}
          rowTestId={(job) => `job-row-${job.id}`}
          onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
          columns={[
            {
              key: 'entity',
              header: t('jobs.entity'),
              cell: (job) => (
                <Link
                  to={`/entities/${job.entityType}/${job.entityId}`}
                  data-testid={`job-entity-${job.id}`}
                >
                  {t('entity.title', {
                    type: t(`entity.types.${job.entityType}`, { defaultValue: job.entityType }),
                    id: job.entityId,
                  })}
                </Link>
              ),
            },
            {
              key: 'event',
              header: t('jobs.event'),
              full: (job) => job.event,
              cell: (job) => eventWords(i18n.language as Locale, job.event) ?? job.event,
            },
            {
              key: 'dueAt',
              header: t('jobs.dueAt'),
              width: '11rem',
              cell: (job) => (
                <>
                  {formatTime(job.dueAt, i18n.language)}
                  {job.status === 'pending' && job.runAt !== job.dueAt ? (
                    <Text fontSize="xs" color="fg.muted">
                      {t('jobs.nextTry', { time: formatTime(job.runAt, i18n.language) })}
                    </Text>
                  ) : null}
                </>
              ),
            },
            {
              key: 'state',
              header: t('jobs.state'),
              width: '8rem',
              cell: (job) => <JobStatusBadge job={job} />,
            },
            {
              key: 'attempts',
              header: t('jobs.attempts'),
              width: '6rem',
              align: 'end',
              cell: (job) => job.attempts,
            },
            {
              key: 'lastError',
              header: t('jobs.lastError'),
              cell: (job) => <JobError error={job.lastError} />,
            },
            {
              key: 'retry',
              header: null,
              width: '7rem',
              align: 'end',
              cell: (job) =>
                mayRetry && (job.status === 'failed' || job.status === 'skipped') ? (
                  <Button
                    size="xs"
                    variant="outline"
                    data-testid={`job-retry-${job.id}`}
                    loading={retrying === job.id}
                    onClick={() => void retry(job)}
                  >
                    {t('jobs.retry')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Panel>
    </>
  );
}
