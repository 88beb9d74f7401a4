import {
  Alert,
  Box,
  Button,
  DataList,
  HStack,
  Image,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { KycDetailDto } from '../../../contract/schemas/staff';
import { isStaffApiError, staffCall } from '../api';
import { LoadFailed, Loading, PageTitle, Panel, useLoad } from '../parts/common';
import { ReasonDialog } from '../parts/ReasonDialog';
import { toast } from '../toaster';
import { KycStateBadge } from './KycQueueScreen';

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

/** One verification: who, what they sent, and the decision (with the version seen). */
export default function KycDetailScreen() {
  const { t } = useTranslation();
  const customerId = Number(useParams().customerId);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('kycDetail', { customerId }),
    String(customerId),
  );
  const [conflict, setConflict] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);

  const decided = (code: string) => {
    if (code === 'lifecycle.conflict' || code === 'kyc.not_under_review') setConflict(true);
  };

  const approve = async (detail: KycDetailDto) => {
    setApproving(true);
    try {
      await staffCall('kycApprove', { customerId, version: detail.version });
      toast(t('kyc.approved'), 'success');
      reload();
    } catch (error) {
      if (isStaffApiError(error)) decided(error.code);
    } finally {
      setApproving(false);
    }
  };

  const reject = async (detail: KycDetailDto, reason: string) => {
    try {
      await staffCall('kycReject', { customerId, version: detail.version, reason });
    } catch (error) {
      if (
        isStaffApiError(error) &&
        (error.code === 'lifecycle.conflict' || error.code === 'kyc.not_under_review')
      ) {
        decided(error.code);
        setRejecting(false);
        return;
      }
      throw error;
    }
    setRejecting(false);
    toast(t('kyc.rejected'), 'success');
    reload();
  };

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const underReview = data.state === 'under_review';

  return (
    <>
      <PageTitle
        actions={
          <>
            <Button asChild size="sm" variant="outline">
              <Link to="/kyc">{t('common.backToList')}</Link>
            </Button>
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
      {conflict ? (
        <Alert.Root status="warning" mb="4" data-testid="kyc-conflict">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('kyc.conflictTitle')}</Alert.Title>
            <Alert.Description>{t('kyc.conflictHelp')}</Alert.Description>
          </Alert.Content>
          <Button
            size="sm"
            data-testid="kyc-conflict-reload"
            onClick={() => {
              setConflict(false);
              reload();
            }}
          >
            {t('common.reload')}
          </Button>
        </Alert.Root>
      ) : null}
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
                <KycStateBadge state={data.state} />
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
          {underReview ? (
            <HStack gap="3">
              <Button
                data-testid="kyc-approve"
                colorPalette="green"
                loading={approving}
                disabled={conflict}
                onClick={() => void approve(data)}
              >
                {t('kyc.approve')}
              </Button>
              <Button
                data-testid="kyc-reject"
                colorPalette="red"
                variant="outline"
                disabled={conflict}
                onClick={() => setRejecting(true)}
              >
                {t('kyc.reject')}
              </Button>
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
      <ReasonDialog
        open={rejecting}
        title={t('kyc.rejectTitle')}
        help={t('kyc.rejectHelp')}
        confirmLabel={t('kyc.reject')}
        danger
        reasonTestId="reject-reason"
        confirmTestId="reject-confirm"
        onClose={() => setRejecting(false)}
        onConfirm={(reason) => reject(data, reason)}
      />
    </>
  );
}
