import { Box, Flex, Image, Text, chakra } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useRef } from 'react';
import { CheckIcon, DocumentIcon } from '../components/icons';

const THUMB_WIDTH = 480;

/**
 * A small `data:` preview of the picked image (the CSP allows `data:` images, not `blob:`), drawn
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

/**
 * A pick handler: `take` hands the file to its flow and says whether the flow took it; only a
 * taken image is previewed (a refused one leaves the card empty), and a later pick wins over an
 * earlier thumbnail still being drawn.
 */
export function usePreviewedPick(
  take: (file: File) => boolean,
  setPreview: (url: string | null) => void,
): (file: File) => void {
  const picks = useRef(0);
  return (file) => {
    const took = take(file);
    const pickNo = ++picks.current;
    setPreview(null);
    if (!took) return;
    thumbnail(file).then(
      (url) => {
        if (pickNo === picks.current) setPreview(url);
      },
      () => undefined,
    );
  };
}

export interface ImagePickCardProps {
  /** Names the image: the file input's label and the preview's alt text. */
  label: string;
  /** Shown above the card, if any. */
  heading?: string;
  /** The empty card's title and hint. */
  emptyTitle: string;
  hint: string;
  accept: readonly string[];
  preview: string | null;
  /** How the preview fills the card; `captioned` writes the label over it. */
  fit: 'cover' | 'contain';
  captioned?: boolean;
  /** The card's size: a fixed aspect ratio or a fixed height (Chakra size token). */
  size: { aspectRatio: number } | { h: string };
  /** The problem under the card, if any (it also reddens the border). */
  message: string | null;
  uploading: boolean;
  uploaded: boolean;
  /** Upload progress, 0 to 1. */
  progress: number;
  progressLabel: string;
  /** Prefix of the test ids: `<testId>-card`, `-file`, `-done`, `-progress`, `-error`. */
  testId: string;
  onPick: (file: File) => void;
}

/**
 * One image to upload: a real `<input type=file>` laid over a card, a preview, the upload's
 * progress and its problem. It only draws what its flow says; picking calls `onPick`.
 */
export function ImagePickCard(props: ImagePickCardProps) {
  const { label, preview, message, uploaded, testId } = props;
  const percent = Math.round(props.progress * 100);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) props.onPick(file);
  }

  return (
    <Box>
      {props.heading ? (
        <Text fontSize="sm" color="fg.muted" fontWeight="medium" mb="1.5">
          {props.heading}
        </Text>
      ) : null}
      <chakra.label
        position="relative"
        display="block"
        borderRadius="xl"
        borderWidth="1px"
        borderStyle={preview ? 'solid' : 'dashed'}
        borderColor={message ? 'border.error' : 'border'}
        bg="bg.subtle"
        overflow="hidden"
        {...props.size}
        cursor="pointer"
        data-testid={`${testId}-card`}
      >
        {preview ? (
          <>
            <Image src={preview} alt={label} w="full" h="full" objectFit={props.fit} />
            {props.captioned ? (
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
            ) : null}
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
              {props.emptyTitle}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {props.hint}
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
            data-testid={`${testId}-done`}
          >
            <CheckIcon width="4" height="4" />
          </Flex>
        ) : null}
        <chakra.input
          type="file"
          accept={props.accept.join(',')}
          aria-label={label}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          opacity={0}
          cursor="pointer"
          onChange={pick}
          data-testid={`${testId}-file`}
        />
      </chakra.label>
      {props.uploading || uploaded ? (
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
            aria-label={props.progressLabel}
            data-testid={`${testId}-progress`}
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
        <Text fontSize="xs" color="fg.error" mt="1" data-testid={`${testId}-error`}>
          {message}
        </Text>
      ) : null}
    </Box>
  );
}
