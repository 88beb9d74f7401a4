import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { VOUCHER_MAX_BYTES, VOUCHER_TYPES } from '../../../machines/flows/recharge';
import type { rechargeMachine } from '../../../machines/flows/recharge';
import { translateFieldError, translateRefusal } from '../../i18n/translateRefusal';
import { ImagePickCard, usePreviewedPick } from '../ImagePickCard';

export type RechargeFlowRef = ActorRefFrom<typeof rechargeMachine>;

const MAX_MB = VOUCHER_MAX_BYTES / (1024 * 1024);

/**
 * The transfer voucher (ImagePickCard). Picking sends `voucher.pick` to the recharge flow, which
 * checks the file, uploads it and keeps its id; this card only draws the flow's voucher state.
 */
export function VoucherPicker({ flow }: { flow: RechargeFlowRef }) {
  const { t } = useTranslation();
  const slot = useSelector(flow, (s) => s.context.voucher);
  const attempted = useSelector(flow, (s) => s.context.voucherAttempted);
  const uploading = useSelector(flow, (s) => s.matches({ editing: { voucher: 'uploading' } }));
  const uploaded = useSelector(flow, (s) => s.matches({ editing: { voucher: 'uploaded' } }));
  const [preview, setPreview] = useState<string | null>(null);
  const pick = usePreviewedPick((file) => {
    flow.send({ type: 'voucher.pick', file });
    return flow.getSnapshot().matches({ editing: { voucher: 'uploading' } });
  }, setPreview);

  let message: string | null = null;
  if (slot.problem?.kind === 'wrongType') message = t('funds.voucher.wrongType');
  else if (slot.problem?.kind === 'tooLarge')
    message = t('funds.voucher.tooLarge', { maxMb: MAX_MB });
  else if (slot.problem?.kind === 'refused')
    message = translateRefusal(slot.problem.refusal.code, slot.problem.refusal.params);
  else if (attempted && uploading) message = t('funds.voucher.wait');
  else if (attempted && !uploaded) message = translateFieldError('request.required', 'voucherId');
  const label = t('funds.voucher.label');

  return (
    <ImagePickCard
      label={label}
      heading={label}
      emptyTitle={t('funds.voucher.pick')}
      hint={t('funds.voucher.hint', { maxMb: MAX_MB })}
      accept={VOUCHER_TYPES}
      preview={preview}
      fit="contain"
      size={{ h: '40' }}
      message={message}
      uploading={uploading}
      uploaded={uploaded}
      progress={slot.progress}
      progressLabel={t('funds.voucher.uploading')}
      testId="voucher"
      onPick={pick}
    />
  );
}
