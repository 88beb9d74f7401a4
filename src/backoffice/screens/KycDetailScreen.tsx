import { Box, Button, DataList, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { KycDetailDto } from '../../../contract/schemas/staff';
import type { KycEvent } from '../../../machines/kyc';
import type { ReasonRule } from '../../../machines/flows/review-decision';
import { isInState } from '../../../machines/state-value';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { BackToList } from '../parts/DetailOfId';
import { LoadFailed, Loading, PageTitle, Panel, useLoad } from '../parts/common';
import {
  ConflictAlert,
  DecisionButton,
  DecisionSheet,
  useDecisionFlow,
} from '../parts/decisionFlow';
import { toast } from '../toaster';
import { KycStateBadge, OverdueFlag } from './KycQueueScreen';

/**
 * The decisions a reviewer takes, by machine event: a button shows when the case's `accepts`
 * holds its event (so `review.overdue`, the clock's, never does).
 */
const DECISIONS: Partial<
  Record<
    KycEvent['type'],
    {
      reason: ReasonRule;
      palette: string;
      variant: 'solid' | 'outline';
      testId: string;
      confirmTestId: string;
      reasonTestId?: string;
      title: string;
      help: string;
      doneToast: string;
    }
  >
> = {
  'review.approve': {
    reason: 'none',
    palette: 'green',
    variant: 'solid',
    testId: 'kyc-approve',
    confirmTestId: 'approve-confirm',
    title: 'kyc.approveTitle',
    help: 'kyc.approveHelp',
    doneToast: 'kyc.approved',
  },
  'review.reject': {
    reason: 'required',
    palette: 'red',
    variant: 'outline',
    testId: 'kyc-reject',
    confirmTestId: 'reject-confirm',
    reasonTestId: 'reject-reason',
    title: 'kyc.rejectTitle',
    help: 'kyc.rejectHelp',
    doneToast: 'kyc.rejected',
  },
};

const decisionOf = (event: string) =>
  Object.hasOwn(DECISIONS, event) ? DECISIONS[event as KycEvent['type']] : undefined;

function Photo({ photo, label }: { photo: KycDetailDto['front']; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      {photo?.data ? (
        <Image
          data-testid="kyc-photo"
          src={`data:${photo.mime};base64,${photo.data}`}
          alt={label}
          borderWidth="1px"
          borderRadius="md"
          maxH="64"
          objectFit="contain"
          bg="bg.muted"
        />
      ) : (
        <Box p="8" borderWidth="1px" borderRadius="md" color="fg.muted" textAlign="center">
          {t('kyc.noPhoto')}
        </Box>
      )}
    </Stack>
  );
}

/**
 * One verification: who, what they sent, and the decisions its machine accepts now, each taken
 * through the `review-decision` flow (confirmation, reason, submitting, done or refused) with the
 * version seen; a conflict offers a reload.
 */
export default function KycDetailScreen() {
  const id = useParams().customerId;
  // Keyed by the customer: the decision flow is made once per case (useDecisionFlow).
  return <KycDetail key={id} customerId={Number(id)} />;
}

function KycDetail({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('kycDetail', { customerId }),
    String(customerId),
  );
  const flow = useDecisionFlow({
    decide: ({ decision, version, reason }) =>
      decision === 'review.reject'
        ? staffCall('kycReject', { customerId, version, reason: reason ?? '' })
        : staffCall('kycApprove', { customerId, version }),
    onDecided: ({ decision }) => {
      const look = decisionOf(decision);
      if (look) toast(t(look.doneToast), 'success');
      reload();
    },
    // Decided by someone else, or resubmitted, since the case was loaded.
    conflictCodes: ['kyc.not_under_review'],
  });

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const decisions = data.accepts.filter((event) => decisionOf(event) !== undefined);

  return (
    <>
      <PageTitle
        actions={
          <>
            <BackToList to="/kyc" />
            <Button asChild size="sm" variant="outline">
              <Link to={`/entities/kyc/${data.customerId}`} data-testid="kyc-open-entity">
                {t('kyc.openEntity')}
              </Link>
            </Button>
          </>
        }
      >
        {t('kyc.detailTitle', { account: data.account })}
      </PageTitle>
      <ConflictAlert flow={flow} onReload={reload} testId="kyc-conflict" />
      <Stack gap="5">
        <Panel title={t('kyc.case')}>
          <DataList.Root orientation="horizontal" size="md">
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.account')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="kyc-detail-account">
                {data.account}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.state')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="kyc-detail-state" data-state={data.state}>
                <HStack gap="2">
                  <KycStateBadge state={data.state} />
                  {isInState(data.state, 'under_review.overdue') ? (
                    <OverdueFlag testId="kyc-detail-overdue" />
                  ) : null}
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.realName')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="kyc-detail-name">
                {data.realName ?? '—'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.idNumber')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="kyc-detail-id-number">
                {data.idNumber ?? '—'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.submissions')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="kyc-detail-submissions">
                {data.submissions}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('kyc.version')}</DataList.ItemLabel>
              <DataList.ItemValue>{data.version}</DataList.ItemValue>
            </DataList.Item>
            {data.rejectionReason ? (
              <DataList.Item>
                <DataList.ItemLabel>{t('kyc.rejectionReason')}</DataList.ItemLabel>
                <DataList.ItemValue data-testid="kyc-detail-reason">
                  {data.rejectionReason}
                </DataList.ItemValue>
              </DataList.Item>
            ) : null}
          </DataList.Root>
        </Panel>
        <Panel title={t('kyc.decision')}>
          {decisions.length > 0 ? (
            <HStack gap="3" data-testid="kyc-decisions">
              {decisions.map((event) => {
                const look = decisionOf(event);
                if (!look) return null;
                return (
                  <DecisionButton
                    key={event}
                    flow={flow}
                    decision={event}
                    version={data.version}
                    look={look}
                    testId={look.testId}
                  >
                    {words.event(event)}
                  </DecisionButton>
                );
              })}
            </HStack>
          ) : (
            <Text color="fg.muted" data-testid="kyc-no-decision">
              {t('kyc.notUnderReview')}
            </Text>
          )}
        </Panel>
        <Panel title={t('kyc.photos')}>
          <SimpleGrid columns={2} gap="5">
            <Photo photo={data.front} label={t('kyc.front')} />
            <Photo photo={data.back} label={t('kyc.back')} />
          </SimpleGrid>
        </Panel>
      </Stack>
      <DecisionSheet
        flow={flow}
        wording={(decision) => {
          const look = decisionOf(decision);
          return {
            title: look ? t(look.title) : words.event(decision),
            help: look ? t(look.help) : undefined,
            confirmLabel: words.event(decision),
            danger: look?.reason === 'required',
            reasonTestId: look?.reasonTestId,
            confirmTestId: look?.confirmTestId,
          };
        }}
      />
    </>
  );
}
