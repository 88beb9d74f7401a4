import { Box, Flex, Image, Text, chakra } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_PHOTO_MAX_BYTES } from '../../contract/schemas/kyc';
import type { KycPhotoSide, KycSubmitRequest } from '../../contract/schemas/kyc';
import { uploadKycPhoto } from '../api/uploadKycPhoto';
import { CheckIcon, DocumentIcon } from '../components/icons';
import { translateFieldError } from '../i18n/translateRefusal';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);

type Phase = 'empty' | 'uploading' | 'done' | 'failed';

const THUMB_WIDTH = 480;

/**
 * A small `data:` preview of the picked photo (the CSP allows `data:` images, not `blob:`), drawn
 * at thumbnail size so a 10 MB photo does not become a 13 MB string.
 */
async function thumbnail(file: File): Promise<string> {
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

/**
 * One ID photo: a real `<input type=file>` laid over a card, a preview, and the upload progress.
 * The photo is uploaded as soon as it is picked; the form field (`frontPhotoId` /
 * `backPhotoId`) receives the server's photo id when the upload has finished.
 */
export function PhotoPicker({ side }: { side: KycPhotoSide }) {
  const { t } = useTranslation();
  const name = side === 'front' ? 'frontPhotoId' : 'backPhotoId';
  const { setFieldValue, errors, submitCount } = useFormikContext<KycSubmitRequest>();
  const [phase, setPhase] = useState<Phase>('empty');
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const label = t(side === 'front' ? 'kycScreen.front' : 'kycScreen.back');

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setProblem(t('kycScreen.wrongType'));
      return;
    }
    if (file.size > KYC_PHOTO_MAX_BYTES) {
      setProblem(t('kycScreen.tooLarge', { maxMb: MAX_MB }));
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProblem(null);
    setPreview(null);
    thumbnail(file).then(
      (url) => {
        if (!controller.signal.aborted) setPreview(url);
      },
      () => undefined,
    );
    setPhase('uploading');
    setProgress(0);
    void setFieldValue(name, '', false);
    uploadKycPhoto(side, file, setProgress, controller.signal).then(
      (uploaded) => {
        if (controller.signal.aborted) return;
        setProgress(1);
        setPhase('done');
        void setFieldValue(name, uploaded.photoId, true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The refusal (type, size, pixels) was toasted; keep the reason beside the photo too.
        setPhase('failed');
        setProblem(error instanceof Error ? error.message : t('kycScreen.uploadFailed'));
      },
    );
  }

  const formError = submitCount > 0 && phase !== 'uploading' ? errors[name] : undefined;
  const message =
    problem ??
    (formError ? translateFieldError(formError, name) : null) ??
    (phase === 'uploading' && submitCount > 0 ? t('kycScreen.waitUpload') : null);

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
        data-phase={phase}
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
        {phase === 'done' ? (
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
          accept={PHOTO_TYPES.join(',')}
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
      {phase === 'uploading' || phase === 'done' ? (
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
            aria-valuenow={Math.round(progress * 100)}
            aria-label={t('kycScreen.uploading')}
            data-testid={`kyc-${side}-progress`}
          >
            <Box
              h="full"
              w={`${Math.round(progress * 100)}%`}
              bg={phase === 'done' ? 'green.500' : 'brand.solid'}
              transition="width 0.2s"
            />
          </Box>
          <Text fontSize="xs" color="fg.subtle" minW="9" textAlign="end">
            {Math.round(progress * 100)}%
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
