import { Badge, Button, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInRewardsDto } from '../../../contract/schemas/service';
import { checkInRewardCreateRequest } from '../../../contract/schemas/service';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import {
  EmptyRow,
  Loaded,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import { FormikInput } from '../parts/FormikFields';
import { FormPanel, OpenFormButton } from '../parts/FormPanel';
import { whole } from '../parts/formText';
import { ScrollX } from '../parts/ScrollX';
import { formErrors } from '../parts/validate';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

type Reward = CheckInRewardsDto['rows'][number];

/**
 * The daily check-in's reward catalogue (docs/service.md): what each reward gives and how many
 * check-ins it costs, how often customers took it; operators add rewards and take them off the
 * catalogue (or put them back). A change never touches rewards already taken.
 */
export default function CheckInRewardsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(() => staffCall('checkInRewards', {}), 'checkInRewards');
  const [creating, setCreating] = useState(false);
  const mayEdit = mayCall(me?.role, 'checkInRewardCreate');
  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>
        {t('checkInRewards.title')}
      </PageTitle>
      <Loaded state={state}>
        {(data) => (
          <Stack gap="5">
            <Panel title={t('checkInRewards.catalogue')}>
              <RewardTable rows={data.rows} mayEdit={mayEdit} onChanged={state.reload} />
              <OpenFormButton
                show={mayEdit && !creating}
                testId="reward-create-open"
                onClick={() => setCreating(true)}
              >
                {t('checkInRewards.create')}
              </OpenFormButton>
            </Panel>
            {mayEdit && creating ? (
              <RewardForm
                onClose={() => setCreating(false)}
                onCreated={() => {
                  setCreating(false);
                  state.reload();
                }}
              />
            ) : null}
          </Stack>
        )}
      </Loaded>
    </>
  );
}

const COLUMNS = 6;

function RewardTable({
  rows,
  mayEdit,
  onChanged,
}: {
  rows: Reward[];
  mayEdit: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (reward: Reward) => {
    setBusy(reward.id);
    try {
      await staffCall('checkInRewardUpdate', {
        id: reward.id,
        title: reward.title,
        checkInsRequired: reward.checkInsRequired,
        active: !reward.active,
      });
      toast(t('checkInRewards.saved'), 'success');
      onChanged();
    } catch {
      // refused: toasted
    } finally {
      setBusy(null);
    }
  };
  return (
    <ScrollX>
      <Table.Root size="sm" minW="2xl" data-testid="reward-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('checkInRewards.rewardTitle')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('checkInRewards.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('checkInRewards.required')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('checkInRewards.redeemed')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('checkInRewards.updatedAt')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? <EmptyRow columns={COLUMNS} testId="reward-table-empty" /> : null}
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid={`reward-row-${r.id}`}>
              <Table.Cell>
                {r.title}{' '}
                <Badge colorPalette={r.active ? 'green' : 'gray'}>
                  {r.active ? t('checkInRewards.active') : t('checkInRewards.inactive')}
                </Badge>
              </Table.Cell>
              <Table.Cell>{t(`checkInRewards.kinds.${r.kind}`)}</Table.Cell>
              <Table.Cell textAlign="end">{r.checkInsRequired}</Table.Cell>
              <Table.Cell textAlign="end">{r.redeemed}</Table.Cell>
              <Table.Cell fontSize="xs">{formatTime(r.updatedAt, i18n.language)}</Table.Cell>
              <Table.Cell textAlign="end">
                {mayEdit ? (
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy === r.id}
                    onClick={() => void toggle(r)}
                    data-testid={`reward-toggle-${r.id}`}
                  >
                    {r.active ? t('checkInRewards.takeOff') : t('checkInRewards.putBack')}
                  </Button>
                ) : null}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

interface RewardDraft {
  title: string;
  checkInsRequired: string;
}
type RewardField = keyof RewardDraft;
const REWARD_FIELDS: readonly RewardField[] = ['title', 'checkInsRequired'];

function rewardRequest(d: RewardDraft): StaffRequestOf<'checkInRewardCreate'> {
  return {
    title: d.title.trim(),
    kind: 'commission_coupon',
    checkInsRequired: whole(d.checkInsRequired),
  };
}

function RewardForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const label = (field: RewardField) => t(`checkInRewards.form.${field}`);
  return (
    <FormPanel<RewardDraft>
      title={t('checkInRewards.createTitle')}
      testId="reward-form"
      initialValues={{ title: '', checkInsRequired: '7' }}
      validate={(values) =>
        formErrors(
          checkInRewardCreateRequest,
          rewardRequest(values),
          (path) => REWARD_FIELDS.find((f) => f === path) ?? 'title',
          label,
        )
      }
      submit={async (values) => {
        await staffCall('checkInRewardCreate', rewardRequest(values));
        toast(t('checkInRewards.created'), 'success');
        onCreated();
      }}
      columns={2}
      submitLabel={t('checkInRewards.create')}
      submitTestId="reward-create-submit"
      onCancel={onClose}
    >
      <FormikInput name="title" label={label('title')} testId="reward-title" />
      <FormikInput
        name="checkInsRequired"
        label={label('checkInsRequired')}
        helper={t('checkInRewards.form.kindHelp')}
        inputMode="numeric"
        testId="reward-required"
      />
    </FormPanel>
  );
}
