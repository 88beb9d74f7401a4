import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../config/siteConfig';

interface PolicyDialogProps {
  open: boolean;
  onClose: () => void;
  onAgree: () => void;
}

/** The privacy policy (from the site configuration) with an "agree" button, opened from sign-up. */
export function PolicyDialog({ open, onClose, onAgree }: PolicyDialogProps) {
  const { t } = useTranslation();
  const policy = useSiteConfig('privacy_policy');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="2xl" maxH="80dvh" data-testid="policy-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('register.policyTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" lineHeight="tall">
                {policy}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                w="full"
                size="lg"
                borderRadius="lg"
                onClick={onAgree}
                data-testid="policy-agree"
              >
                {t('register.policyAgree')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
