import { Button, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FundPasswordField, SubmitButton } from '../../components/form';

/**
 * The fund password field of a confirmation sheet and its two buttons: back (off while the
 * operation runs) and submit. Goes inside the sheet's Formik, whose field is `fundPassword`.
 */
export function FundPasswordFields({
  busy,
  onBack,
  backTestId,
  submitTestId,
  submitLabel,
}: {
  busy: boolean;
  onBack: () => void;
  backTestId: string;
  submitTestId: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FundPasswordField />
      <Flex gap="2">
        <Button
          flex="1"
          size="lg"
          h="12"
          variant="outline"
          disabled={busy}
          onClick={onBack}
          data-testid={backTestId}
        >
          {t('funds.back')}
        </Button>
        <Flex flex="2">
          <SubmitButton testId={submitTestId}>{submitLabel}</SubmitButton>
        </Flex>
      </Flex>
    </>
  );
}
