import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { KYC_PHOTO_MAX_BYTES } from '../../contract/schemas/kyc';
import type { KycPhotoSide } from '../../contract/schemas/kyc';
import { KYC_PHOTO_TYPES } from '../../machines/flows/kyc-submission';
import type { PhotoProblem } from '../../machines/flows/kyc-submission';
import { translateFieldError, translateRefusal } from '../i18n/translateRefusal';
import { ImagePickCard, usePreviewedPick } from './ImagePickCard';
import type { kycSubmissionFlow } from './kycFlow';

export type KycFlowRef = ActorRefFrom<typeof kycSubmissionFlow>;

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);

function useProblemText(problem: PhotoProblem | null): string | null {
  const { t } = useTranslation();
  if (!problem) return null;
  if (problem.kind === 'wrongType') return t('kycScreen.wrongType');
  if (problem.kind === 'tooLarge')
    return t('kycScreen.tooLarge', { maxMb: problem.maxBytes / (1024 * 1024) });
  return translateRefusal(problem.refusal.code, problem.refusal.params);
}

/**
 * One ID photo (ImagePickCard). Picking sends `photo.pick` to the submission flow, which checks
 * the file, uploads it and keeps its photo id; this card only draws the flow's state for its side.
 */
export function PhotoPicker({
  side,
  flow,
  preview,
  onPreview,
}: {
  side: KycPhotoSide;
  flow: KycFlowRef;
  preview: string | null;
  onPreview: (url: string | null) => void;
}) {
  const { t } = useTranslation();
  const slot = useSelector(flow, (s) => s.context.photos[side]);
  const attempted = useSelector(flow, (s) => s.context.photosAttempted);
  const uploading = useSelector(flow, (s) => s.matches({ editing: { [side]: 'uploading' } }));
  const uploaded = useSelector(flow, (s) => s.matches({ editing: { [side]: 'uploaded' } }));
  const empty = useSelector(flow, (s) => s.matches({ editing: { [side]: 'empty' } }));
  const problem = useProblemText(slot.problem);
  const pick = usePreviewedPick((file) => {
    flow.send({ type: 'photo.pick', side, file });
    return flow.getSnapshot().matches({ editing: { [side]: 'uploading' } });
  }, onPreview);

  const label = t(side === 'front' ? 'kycScreen.front' : 'kycScreen.back');
  const message =
    problem ??
    (attempted && empty
      ? translateFieldError('request.required', side === 'front' ? 'frontPhotoId' : 'backPhotoId')
      : null) ??
    (attempted && uploading ? t('kycScreen.waitUpload') : null);

  return (
    <ImagePickCard
      label={label}
      emptyTitle={label}
      hint={t('kycScreen.pickHint', { maxMb: MAX_MB })}
      accept={KYC_PHOTO_TYPES}
      preview={preview}
      fit="cover"
      captioned
      size={{ aspectRatio: 8 / 5 }}
      message={message}
      uploading={uploading}
      uploaded={uploaded}
      progress={slot.progress}
      progressLabel={t('kycScreen.uploading')}
      testId={`kyc-${side}`}
      onPick={pick}
    />
  );
}
