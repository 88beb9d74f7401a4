import { Box, Flex, Image, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ChangeEvent } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { VOUCHER_MAX_BYTES, VOUCHER_TYPES } from '../../../machines/flows/recharge';
import type { rechargeMachine } from '../../../machines/flows/recharge';
import { CheckIcon, DocumentIcon } from '../../components/icons';
import { translateFieldError, translateRefusal } from '../../i18n/translateRefusal';
import { thumbnail } from '../PhotoPicker';

export type RechargeFlowRef = ActorRefFrom<typeof rechargeMachine>;

const MAX_MB = VOUCHER_MAX_BYTES / (1024 * 1024);

/**
 * The transfer voucher: a real `<input type=file>` over a card, a preview of a taken picture and
 * the upload's progress. Picking sends `voucher.pick` to the recharge flow, which checks the file,
 * uploads it and keeps its id; this card only draws the flow's voucher state.
 */
export function VoucherPicker({ flow }: { flow: RechargeFlowRef }) {
  const { t } = useTranslation();
  const slot = useSelector(flow, (s) => s.context.voucher);
  const attempted = useSelector(flow, (s) => s.context.voucherAttempted);
  const uploading = useSelector(flow, (s) => s.matches({ editing: { voucher: 'uploading' } }));
  const uploaded = useSelector(flow, (s) => s.matches({ editing: { voucher: 'uploaded' } }));
  const [preview, setPreview] = useState<string | null>(null);
  const picks = useRef(0);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    flow.send({ type: 'voucher.pick', file });
    const pickNo = ++picks.current;
    setPreview(null);
    // Only a picture the flow took is previewed: a refused one leaves the card empty.
    if (!flow.getSnapshot().matches({ editing: { voucher: 'uploading' } })) return;
    thumbnail(file).then(
      (url) => {
        if (pickNo === picks.current) setPreview(url);
      },
      () => undefined,
    );
  }

  let message: string | null = null;
  if (slot.problem?.kind === 'wrongType') message = t('funds.voucher.wrongType');
  else if (slot.problem?.kind === 'tooLarge')
    message = t('funds.voucher.tooLarge', { maxMb: MAX_MB });
  else if (slot.problem?.kind === 'refused')
    message = translateRefusal(slot.problem.refusal.code, slot.problem.refusal.params);
  else if (attempted && uploading) message = t('funds.voucher.wait');
  else if (attempted && !uploaded) message = translateFieldError('request.required', 'voucherId');
  const percent = Math.round(slot.progress * 100);
  const label = t('funds.voucher.label');

  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" fontWeight="medium" mb="1.5">
        {label}
      </Text>
      <chakra.label
        position="relative"
        display="block"
        borderRadius="xl"
        borderWidth="1px"
        borderStyle={preview ? 'solid' : 'dashed'}
        borderColor={message ? 'border.error' : 'border'}
        bg="bg.subtle"
        overflow="hidden"
        h="40"
        cursor="pointer"
        data-testid="voucher-card"
      >
        {preview ? (
          <Image src={preview} alt={label} w="full" h="full" objectFit="contain" />
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
              {t('funds.voucher.pick')}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              {t('funds.voucher.hint', { maxMb: MAX_MB })}
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
            data-testid="voucher-done"
          >
            <CheckIcon width="4" height="4" />
          </Flex>
        ) : null}
        <chakra.input
          type="file"
          accept={VOUCHER_TYPES.join(',')}
          aria-label={label}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          opacity={0}
          cursor="pointer"
          onChange={pick}
          data-testid="voucher-file"
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
            aria-label={t('funds.voucher.uploading')}
            data-testid="voucher-progress"
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
        <Text fontSize="xs" color="fg.error" mt="1" data-testid="voucher-error">
          {message}
        </Text>
      ) : null}
    </Box>
  );
}
