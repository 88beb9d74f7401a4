import { Button, CloseButton, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffSession } from '../session';

/**
 * Approve or reject a proposal someone else made (receiving accounts, manual adjustments): two
 * staff members, so on one's own proposal the buttons are disabled and say why (the server
 * refuses it as `four_eyes.same_staff` too). Each decision is confirmed first.
 */
export function ProposalDecision({
  proposedBy,
  testId,
  summary,
  onDecide,
}: {
  /** The proposer's staff account. */
  proposedBy: string;
  testId: string;
  /** What is decided on, for the confirmation. */
  summary: string;
  /** Resolves once decided; rejects on a refusal (toasted by the client), keeping the dialog. */
  onDecide: (approve: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const own = me?.account === proposedBy;

  const confirm = async () => {
    if (asking === null) return;
    setBusy(true);
    try {
      await onDecide(asking);
      setAsking(null);
    } catch {
      // refused: toasted; the dialog stays open to cancel
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <HStack gap="2" wrap="wrap" justify="flex-end">
        <Button
          size="xs"
          colorPalette="green"
          data-testid={`${testId}-approve`}
          disabled={own}
          onClick={() => setAsking(true)}
        >
          {t('proposals.approve')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          data-testid={`${testId}-reject`}
          disabled={own}
          onClick={() => setAsking(false)}
        >
          {t('proposals.reject')}
        </Button>
        {own ? (
          <Text fontSize="xs" color="fg.muted" data-testid={`${testId}-own`}>
            {t('proposals.ownProposal')}
          </Text>
        ) : null}
      </HStack>
      <Dialog.Root
        open={asking !== null}
        onOpenChange={(details) => {
          if (!details.open && !busy) setAsking(null);
        }}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="proposal-sheet">
              <Dialog.Header>
                <Dialog.Title>
                  {asking ? t('proposals.approveTitle') : t('proposals.rejectTitle')}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{summary}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={() => setAsking(null)}>
                  {t('common.cancel')}
                </Button>
                <Button
                  data-testid="proposal-confirm"
                  colorPalette={asking ? 'green' : 'red'}
                  loading={busy}
                  onClick={() => void confirm()}
                >
                  {asking ? t('proposals.approve') : t('proposals.reject')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
