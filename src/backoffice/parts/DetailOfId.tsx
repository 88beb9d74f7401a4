import { Button, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageTitle, Panel } from './common';

/** The outline button back to a detail screen's list. */
export function BackToList({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={to}>{t('common.backToList')}</Link>
    </Button>
  );
}

/**
 * A detail screen's `?id=`: the detail of a valid id (keyed by it, so a new id starts afresh), or,
 * with none or a malformed one, the screen's title, what is missing and the way back to the list.
 */
export function DetailOfId({
  title,
  missing,
  missingTestId,
  listPath,
  children,
}: {
  title: ReactNode;
  missing: ReactNode;
  missingTestId: string;
  listPath: string;
  children: (id: number) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <Panel>
          <Stack gap="3" align="flex-start" data-testid={missingTestId}>
            <Text color="fg.muted">{missing}</Text>
            <BackToList to={listPath} />
          </Stack>
        </Panel>
      </>
    );
  }
  return children(id);
}
