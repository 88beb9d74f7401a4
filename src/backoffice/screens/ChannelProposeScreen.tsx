import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FUND_CURRENCIES } from '../../../contract/schemas/funds';
import type { FundCurrency } from '../../../contract/schemas/funds';
import {
  CHANNEL_PROPOSAL_ACTIONS,
  channelProposeRequest,
} from '../../../contract/schemas/funds-staff';
import type { ChannelProposalAction } from '../../../contract/schemas/funds-staff';
import { REASON_MAX_LENGTH } from '../../../contract/schemas/staff';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import { Loaded, PageTitle, Panel, useLoad } from '../parts/common';
import { CHANNEL_PAGES } from '../parts/proposals';
import { SubNav } from '../parts/SubNav';
import { firstInvalid } from '../parts/validate';
import { toast } from '../toaster';

type Kind = 'bank' | 'wallet';

function Select({
  label,
  testId,
  value,
  onChange,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          data-testid={testId}
          aria-label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Propose adding a receiving account or removing one, with a reason. Nothing changes until
 * another staff member approves (`/channels/approve`).
 */
export default function ChannelProposeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useLoad(() => staffCall('channelsList', {}), 'channels');
  const removeParam = params.get('remove');
  const [action, setAction] = useState<ChannelProposalAction>(removeParam ? 'remove' : 'add');
  const [channelId, setChannelId] = useState(removeParam ?? '');
  const [currency, setCurrency] = useState<FundCurrency>('KRW');
  const [kind, setKind] = useState<Kind>('bank');
  const [bankName, setBankName] = useState('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: StaffRequestOf<'channelsPropose'> =
      action === 'remove'
        ? { action, channelId: Number(channelId), reason: reason.trim() }
        : {
            action,
            currency,
            kind,
            bankName: bankName.trim(),
            accountName: accountName.trim(),
            accountNumber: accountNumber.trim(),
            reason: reason.trim(),
          };
    const invalid =
      firstInvalid(channelProposeRequest, body, (field) => t(`channels.fields.${field}`)) ??
      (action === 'add' && (!body.bankName || !body.accountName || !body.accountNumber)
        ? t('channels.fillAll')
        : null);
    setError(invalid);
    if (invalid) return;
    setSending(true);
    try {
      await staffCall('channelsPropose', body);
      toast(t('channels.proposed'), 'success');
      void navigate('/channels/list');
    } catch {
      // toasted
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageTitle>{t('channels.proposeTitle')}</PageTitle>
      <SubNav items={CHANNEL_PAGES} />
      <Panel>
        <Loaded state={state}>
          {(data) => {
            const active = data.channels.filter((c) => c.active);
            // noValidate: the contract's checks answer in the staff member's language, not the browser's.
            return (
              <form noValidate onSubmit={(e) => void submit(e)} data-testid="channel-propose-form">
                <Stack gap="4" maxW="3xl">
                  <Select
                    label={t('channels.action')}
                    testId="channel-action"
                    value={action}
                    onChange={(v) => setAction(v as ChannelProposalAction)}
                  >
                    {CHANNEL_PROPOSAL_ACTIONS.map((a) => (
                      <option key={a} value={a}>
                        {t(`channels.actions.${a}`)}
                      </option>
                    ))}
                  </Select>
                  {action === 'remove' ? (
                    <Select
                      label={t('channels.fields.channelId')}
                      testId="channel-to-remove"
                      value={channelId}
                      onChange={setChannelId}
                    >
                      <option value="">{t('channels.choose')}</option>
                      {active.map((c) => (
                        <option key={c.id} value={String(c.id)}>
                          {c.currency} · {c.bankName} · {c.accountNumber}
                          {c.demo ? ` (${t('channels.demo')})` : ''}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                      <Select
                        label={t('channels.fields.currency')}
                        testId="channel-currency"
                        value={currency}
                        onChange={(v) => setCurrency(v as FundCurrency)}
                      >
                        {FUND_CURRENCIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </Select>
                      <Select
                        label={t('channels.fields.kind')}
                        testId="channel-kind"
                        value={kind}
                        onChange={(v) => setKind(v as Kind)}
                      >
                        <option value="bank">{t('channels.kinds.bank')}</option>
                        <option value="wallet">{t('channels.kinds.wallet')}</option>
                      </Select>
                      <TextField
                        label={t(
                          kind === 'wallet'
                            ? 'channels.fields.network'
                            : 'channels.fields.bankName',
                        )}
                        name="bankName"
                        max={60}
                        value={bankName}
                        onChange={setBankName}
                      />
                      <TextField
                        label={t('channels.fields.accountName')}
                        name="accountName"
                        max={60}
                        value={accountName}
                        onChange={setAccountName}
                      />
                      <TextField
                        label={t(
                          kind === 'wallet'
                            ? 'channels.fields.address'
                            : 'channels.fields.accountNumber',
                        )}
                        name="accountNumber"
                        max={64}
                        value={accountNumber}
                        onChange={setAccountNumber}
                      />
                    </SimpleGrid>
                  )}
                  <Field.Root required invalid={error !== null}>
                    <Field.Label>{t('common.reason')}</Field.Label>
                    <Textarea
                      name="reason"
                      data-testid="channel-reason"
                      rows={3}
                      maxLength={REASON_MAX_LENGTH}
                      value={reason}
                      onChange={(e) => setReason(e.currentTarget.value)}
                    />
                    <Field.HelperText>{t('channels.proposeHelp')}</Field.HelperText>
                    {error !== null ? (
                      <Field.ErrorText data-testid="channel-propose-error">{error}</Field.ErrorText>
                    ) : null}
                  </Field.Root>
                  <Button
                    type="submit"
                    alignSelf="flex-start"
                    data-testid="channel-propose-submit"
                    loading={sending}
                  >
                    {t('channels.proposeSubmit')}
                  </Button>
                </Stack>
              </form>
            );
          }}
        </Loaded>
      </Panel>
    </>
  );
}

function TextField({
  label,
  name,
  max,
  value,
  onChange,
}: {
  label: string;
  name: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        data-testid={`channel-${name}`}
        maxLength={max}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </Field.Root>
  );
}
