import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AccountStatusDto } from '../../contract/schemas/user';
import { InfoIcon } from '../components/icons';
import { useSiteConfig } from '../config/siteConfig';
import { useLifecycleWords } from '../lifecycle/words';
import { useAccountStatus, useKnownAccountStatus } from './restrictionStore';

/**
 * What a restricted customer needs to know: each restriction with the reason staff gave, the
 * actions it blocks in words, and how to reach customer service (the site's `kefu_url_1`).
 * `compact` (inside a list whose call was refused) leaves out the reasons.
 */
export function RestrictionPanel({
  status,
  compact = false,
}: {
  status: AccountStatusDto;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const service = useSiteConfig('kefu_url_1');
  return (
    <Box
      role="alert"
      bg="red.50"
      borderWidth="1px"
      borderColor="red.200"
      borderRadius="xl"
      p="4"
      textAlign="start"
      data-testid={compact ? 'restriction-notice' : 'restriction-panel'}
    >
      <Flex gap="2" align="center" color="red.700">
        <InfoIcon width="5" height="5" />
        <Text fontWeight="bold">{t('restriction.title')}</Text>
      </Flex>
      {compact ? null : (
        <Stack gap="2" mt="3">
          {status.restrictions.map(({ name, reason }) => (
            <Box key={name} data-testid={`restriction-${name}`}>
              <Text fontWeight="semibold" fontSize="sm">
                {words.state('account', name)}
              </Text>
              <Text fontSize="sm" color="fg.muted" data-testid={`restriction-${name}-reason`}>
                {reason ? t('restriction.reason', { reason }) : t('restriction.noReason')}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
      <Text fontSize="xs" color="fg.muted" mt="3">
        {t('restriction.blocked')}
      </Text>
      <Flex gap="1.5" wrap="wrap" mt="1" data-testid="restriction-blocked">
        {status.blocked.map((action) => (
          <Text
            key={action}
            as="span"
            fontSize="xs"
            fontWeight="semibold"
            px="2"
            py="0.5"
            borderRadius="full"
            bg="red.100"
            color="red.800"
            data-action={action}
          >
            {t(`restriction.action.${action}`)}
          </Text>
        ))}
      </Flex>
      <Text fontSize="sm" mt="3">
        {t('restriction.service')}
      </Text>
      {service ? (
        <Button asChild size="sm" mt="2" variant="outline" data-testid="restriction-service">
          <a href={service} target="_blank" rel="noopener noreferrer">
            {t('restriction.serviceLink')}
          </a>
        </Button>
      ) : null}
    </Box>
  );
}

/** Home's and Mine's banner: the full panel while any restriction is in force. */
export function RestrictionBanner() {
  const status = useAccountStatus();
  if (!status || status.restrictions.length === 0) return null;
  return <RestrictionPanel status={status} />;
}

/**
 * For a list whose call failed: when the account is barred from using it, say so rather than
 * "could not load". Null when the failure is something else.
 */
export function useRestrictionInstead(): AccountStatusDto | null {
  const status = useKnownAccountStatus();
  return status && status.blocked.includes('useAccount') ? status : null;
}
