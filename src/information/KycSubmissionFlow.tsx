import { Box, Button, Flex, Grid, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kycSubmitRequest } from '../../contract/schemas/kyc';
import type { KycPhotoSide, KycStatusDto } from '../../contract/schemas/kyc';
import { isInState } from '../../machines/state-value';
import { SubmitButton, TextField } from '../components/form';
import { notify } from '../components/toaster';
import { RefusalBox } from '../components/RefusalBox';
import { translateRefusal } from '../i18n/translateRefusal';
import { kycSubmissionFlow } from './kycFlow';
import { Row } from './DetailRow';
import { PhotoPicker } from './PhotoPicker';
import type { KycFlowRef } from './PhotoPicker';

const detailsSchema = kycSubmitRequest.pick(['realName', 'idNumber']);

/** The form's steps in order, as the flow names them under `editing.step` (for the step bar). */
const STEPS = ['details', 'photos', 'review'] as const;

type Previews = Record<KycPhotoSide, string | null>;

/**
 * Real-name verification as the customer fills it in: an actor on the `kyc-submission` flow
 * machine (machines/flows) with the app's upload and submit calls. Each step renders while the
 * flow is in it; `onSubmitted` receives the status the server answered.
 */
export function KycSubmissionFlow({
  status,
  onSubmitted,
}: {
  status: KycStatusDto;
  onSubmitted: (status: KycStatusDto) => void;
}) {
  const { t } = useTranslation();
  const flow = useActorRef(kycSubmissionFlow, {
    input: { realName: status.realName, idNumber: status.idNumber },
  });
  const [previews, setPreviews] = useState<Previews>({ front: null, back: null });
  const submitted = useRef(onSubmitted);
  useEffect(() => {
    submitted.current = onSubmitted;
  });
  useEffect(() => {
    const subscription = flow.on('submitted', (event) => {
      notify(t('kycScreen.submitted'), 'success');
      submitted.current(event.status);
    });
    return () => subscription.unsubscribe();
  }, [flow, t]);

  const { details, photos, review, submitting, refused, done } = useSelector(
    flow,
    (s) => ({
      details: s.matches({ editing: { step: 'details' } }),
      photos: s.matches({ editing: { step: 'photos' } }),
      review: s.matches({ editing: { step: 'review' } }),
      submitting: s.matches({ editing: { step: 'submitting' } }),
      refused: s.matches({ editing: { step: 'refused' } }),
      done: s.matches('done'),
    }),
    shallowEqual,
  );
  const current = [details, photos, review || submitting].indexOf(true);
  const resubmission = isInState(status.state, 'rejected');

  return (
    <Stack gap="5" bg="bg" borderRadius="xl" p="4" data-testid="kyc-flow">
      {current >= 0 ? <StepBar current={current} /> : null}
      {details ? <DetailsStep flow={flow} resubmission={resubmission} /> : null}
      {photos ? (
        <PhotosStep
          flow={flow}
          previews={previews}
          onPreview={(side, url) => setPreviews((p) => ({ ...p, [side]: url }))}
        />
      ) : null}
      {review || submitting ? (
        <ReviewStep flow={flow} previews={previews} submitting={submitting} />
      ) : null}
      {refused ? <Refused flow={flow} /> : null}
      {done ? (
        <Text fontWeight="semibold" data-testid="kyc-done">
          {t('kycScreen.doneTitle')}
        </Text>
      ) : null}
    </Stack>
  );
}

function StepBar({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kyc-steps" data-step={STEPS[current]}>
      <Text fontSize="xs" color="fg.subtle" mb="1.5">
        {t('kycScreen.stepOf', { n: current + 1, total: STEPS.length })}
      </Text>
      <Grid templateColumns={`repeat(${STEPS.length}, 1fr)`} gap="2">
        {STEPS.map((step, i) => (
          <Box key={step}>
            <Box h="1" borderRadius="full" bg={i <= current ? 'brand.solid' : 'bg.emphasized'} />
            <Text
              fontSize="xs"
              mt="1"
              color={i === current ? 'fg' : 'fg.subtle'}
              fontWeight={i === current ? 'semibold' : 'normal'}
            >
              {t(`kycScreen.steps.${step}`)}
            </Text>
          </Box>
        ))}
      </Grid>
    </Box>
  );
}

function DetailsStep({ flow, resubmission }: { flow: KycFlowRef; resubmission: boolean }) {
  const { t } = useTranslation();
  const initial = useSelector(
    flow,
    (s) => ({ realName: s.context.realName, idNumber: s.context.idNumber }),
    shallowEqual,
  );
  return (
    <Formik
      initialValues={initial}
      validationSchema={detailsSchema}
      onSubmit={(values) => flow.send({ type: 'details.next', ...values })}
    >
      <Form noValidate>
        <Stack gap="5">
          <Heading as="h2" size="sm">
            {resubmission ? t('kycScreen.resubmitTitle') : t('kycScreen.formTitle')}
          </Heading>
          <TextField name="realName" label={t('kycScreen.realName')} autoComplete="name" />
          <TextField
            name="idNumber"
            label={t('kycScreen.idNumber')}
            placeholder="900101-1"
            autoComplete="off"
            maxLength={8}
            helper={t('kycScreen.idNumberHint')}
          />
          <SubmitButton testId="kyc-details-next">{t('kycScreen.next')}</SubmitButton>
        </Stack>
      </Form>
    </Formik>
  );
}

function PhotosStep({
  flow,
  previews,
  onPreview,
}: {
  flow: KycFlowRef;
  previews: Previews;
  onPreview: (side: KycPhotoSide, url: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h2" size="sm">
          {t('kycScreen.photosTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('kycScreen.photosHint')}
        </Text>
      </Box>
      <Grid templateColumns="1fr 1fr" gap="3">
        {(['front', 'back'] as const).map((side) => (
          <PhotoPicker
            key={side}
            side={side}
            flow={flow}
            preview={previews[side]}
            onPreview={(url) => onPreview(side, url)}
          />
        ))}
      </Grid>
      <Text fontSize="xs" color="fg.subtle">
        {t('kycScreen.privacyNote')}
      </Text>
      <StepButtons
        onBack={() => flow.send({ type: 'step.back' })}
        onNext={() => flow.send({ type: 'photos.next' })}
        nextLabel={t('kycScreen.next')}
        nextTestId="kyc-photos-next"
        backTestId="kyc-photos-back"
      />
    </Stack>
  );
}

function ReviewStep({
  flow,
  previews,
  submitting,
}: {
  flow: KycFlowRef;
  previews: Previews;
  submitting: boolean;
}) {
  const { t } = useTranslation();
  const details = useSelector(
    flow,
    (s) => ({ realName: s.context.realName, idNumber: s.context.idNumber }),
    shallowEqual,
  );
  const edit = (step: 'details' | 'photos') => flow.send({ type: 'step.edit', step });
  return (
    <Stack gap="4" data-testid="kyc-review">
      <Box>
        <Heading as="h2" size="sm">
          {t('kycScreen.reviewTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('kycScreen.reviewHint')}
        </Text>
      </Box>
      <Box>
        <Row label={t('kycScreen.realName')} testId="kyc-review-name">
          {details.realName}
        </Row>
        <Row label={t('kycScreen.idNumber')} testId="kyc-review-id">
          {details.idNumber}
        </Row>
        <Flex justify="flex-end">
          <Button
            size="xs"
            variant="ghost"
            disabled={submitting}
            onClick={() => edit('details')}
            data-testid="kyc-edit-details"
          >
            {t('kycScreen.edit')}
          </Button>
        </Flex>
      </Box>
      <Grid templateColumns="1fr 1fr" gap="3">
        {(['front', 'back'] as const).map((side) => (
          <Box key={side} borderRadius="lg" overflow="hidden" bg="bg.subtle" aspectRatio={8 / 5}>
            {previews[side] ? (
              <Image
                src={previews[side] ?? undefined}
                alt={t(`kycScreen.${side}`)}
                w="full"
                h="full"
                objectFit="cover"
              />
            ) : (
              <Flex h="full" align="center" justify="center" fontSize="sm" color="fg.muted">
                {t(`kycScreen.${side}`)}
              </Flex>
            )}
          </Box>
        ))}
      </Grid>
      <Flex justify="flex-end" mt="-2">
        <Button
          size="xs"
          variant="ghost"
          disabled={submitting}
          onClick={() => edit('photos')}
          data-testid="kyc-edit-photos"
        >
          {t('kycScreen.edit')}
        </Button>
      </Flex>
      <StepButtons
        onBack={() => flow.send({ type: 'step.back' })}
        onNext={() => flow.send({ type: 'submit' })}
        nextLabel={submitting ? t('kycScreen.submitting') : t('kycScreen.submit')}
        nextTestId="kyc-submit"
        backTestId="kyc-review-back"
        busy={submitting}
      />
    </Stack>
  );
}

function Refused({ flow }: { flow: KycFlowRef }) {
  const { t } = useTranslation();
  const refusal = useSelector(flow, (s) => s.context.refusal);
  return (
    <RefusalBox
      code={refusal?.code}
      text={refusal ? translateRefusal(refusal.code, refusal.params) : null}
      testId="kyc-refusal"
      title={t('kycScreen.refusedTitle')}
    >
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => flow.send({ type: 'edit' })}
        data-testid="kyc-refusal-edit"
      >
        {t('kycScreen.refusedEdit')}
      </Button>
    </RefusalBox>
  );
}

function StepButtons({
  onBack,
  onNext,
  nextLabel,
  nextTestId,
  backTestId,
  busy = false,
}: {
  onBack: () => void;
  onNext: () => void;
  nextLabel: string;
  nextTestId: string;
  backTestId: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns="1fr 2fr" gap="3">
      <Button
        size="lg"
        h="12"
        borderRadius="lg"
        variant="outline"
        disabled={busy}
        onClick={onBack}
        data-testid={backTestId}
      >
        {t('kycScreen.previous')}
      </Button>
      <Button
        size="lg"
        h="12"
        borderRadius="lg"
        fontWeight="semibold"
        loading={busy}
        disabled={busy}
        onClick={onNext}
        data-testid={nextTestId}
      >
        {nextLabel}
      </Button>
    </Grid>
  );
}

export { Row };
