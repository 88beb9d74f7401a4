import { Box, Flex, Image, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { KYC_PHOTO_MAX_BYTES } from '../../contract/schemas/kyc';
import type { KycPhotoSide } from '../../contract/schemas/kyc';
import { KYC_PHOTO_TYPES } from '../../machines/flows/kyc-submission';
import type { PhotoProblem } from '../../machines/flows/kyc-submission';
import { CheckIcon, DocumentIcon } from '../components/icons';
import { translateFieldError, translateRefusal } from '../i18n/translateRefusal';
import type { kycSubmissionFlow } from './kycFlow';

export type KycFlowRef = ActorRefFrom<typeof kycSubmissionFlow>;

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);
const THUMB_WIDTH = 480;

/**
 * A small `data:` preview of the picked photo (the CSP allows `data:` images, not `blob:`), drawn
 * at thumbnail size so a 10 MB photo does not become a 13 MB string.
 */
export async function thumbnail(file: File): Promise<string> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, {
        resizeWidth: THUMB_WIDTH,
        resizeQuality: 'medium',
      });
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      bitmap.close();
      return canvas.toDataURL('image/jpeg', 0.8);
    } catch {
      // Not decodable here: fall back to the file itself.
    }
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function useProblemText(problem: PhotoProblem | null): string | null {
  const { t } = useTranslation();
  if (!problem) return null;
  if (problem.kind === 'wrongType') return t('kycScreen.wrongType');
  if (problem.kind === 'tooLarge')
    return t('kycScreen.tooLarge', { maxMb: problem.maxBytes / (1024 * 1024) });
  return translateRefusal(problem.refusal.code, problem.refusal.params);
}

/**
 * One ID photo: a real `<input type=file>` laid over a card, a preview, and the upload progress.
 * Picking sends `photo.pick` to the submission flow, which checks the file, uploads it and keeps
 * its photo id; this card only draws the flow's state for its side.
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
  const picks = useRef(0);
  const problem = useProblemText(slot.problem);

  const label = t(side === 'front' ? 'kycScreen.front' : 'kycScreen.back');

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    flow.send({ type: 'photo.pick', side, file });
    const pickNo = ++picks.current;
    onPreview(null);
    // Only a photo the flow took is previewed: a refused one leaves the card empty.
    if (!flow.getSnapshot().matches({ editing: { [side]: 'uploading' } })) return;
    thumbnail(file).then(
      (url) => {
        if (pickNo === picks.current) onPreview(url);
      },
      () => undefined,
    );
  }

  const message =
    problem ??
    (attempted && empty
      ? translateFieldError('request.required', side === 'front' ? 'frontPhotoId' : 'backPhotoId')
      : null) ??
    (attempted && uploading ? t('kycScreen.waitUpload') : null);
  const percent = Math.round(slot.progress * 100);

  return (
    <Box>
      <chakra.label
        position="relative"
        display="block"
        borderRadius="xl"
        borderWidth="1px"
        borderStyle={preview ? 'solid' : 'dashed'}
        borderColor={message ? 'border.error' : 'border'}
        bg="bg.subtle"
        overflow="hidden"
        aspectRatio={8 / 5}
        cursor="pointer"
        data-testid={`kyc-${side}-card`}
      >
        {preview ? (
          <>
            <Image src={preview} alt={label} w="full" h="full" objectFit="cover" />
            <Text
              position="absolute"
              left="2"
              bottom="2"
              fontSize="xs"
              bg="blackAlpha.600"
              color="white"
              borderRadius="sm"
              px="1.5"
            >
              {label}
            </Text>
          </>
        ) : (
          <Flex
            direction="column"
            align="center"
            justify="center"
            h="full"
            gap="1"
            px="2"
            textAlign="center"
            color="fg.muted"
          >
            <DocumentIcon width="6" height="6" />
            <Text fontSize="sm" fontWeight="medium">
              {label}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {t('kycScreen.pickHint', { maxMb: MAX_MB })}
            </Text>
          </Flex>
        )}
        {uploaded ? (
          <Flex
            position="absolute"
            top="2"
            right="2"
            w="7"
            h="7"
            borderRadius="full"
            bg="green.500"
            color="white"
            align="center"
            justify="center"
            data-testid={`kyc-${side}-done`}
          >
            <CheckIcon width="4" height="4" />
          </Flex>
        ) : null}
        <chakra.input
          type="file"
          accept={KYC_PHOTO_TYPES.join(',')}
          aria-label={label}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          opacity={0}
          cursor="pointer"
          onChange={pick}
          data-testid={`kyc-${side}-file`}
        />
      </chakra.label>
      {uploading || uploaded ? (
        <Flex align="center" gap="2" mt="2" minH="5">
          <Box
            flex="1"
            h="1.5"
            borderRadius="full"
            bg="bg.emphasized"
            overflow="hidden"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('kycScreen.uploading')}
            data-testid={`kyc-${side}-progress`}
          >
            <Box
              h="full"
              w={`${percent}%`}
              bg={uploaded ? 'green.500' : 'brand.solid'}
              transition="width 0.2s"
            />
          </Box>
          <Text fontSize="xs" color="fg.subtle" minW="9" textAlign="end">
            {percent}%
          </Text>
        </Flex>
      ) : null}
      {message ? (
        <Text fontSize="xs" color="fg.error" mt="1" data-testid={`kyc-${side}-error`}>
          {message}
        </Text>
      ) : null}
    </Box>
  );
}
