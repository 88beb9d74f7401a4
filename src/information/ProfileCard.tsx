import { Badge, Box, Flex, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserInfoDto } from '../../contract/schemas/user';
import { customerKycLook } from '../lifecycle/kycLook';
import { useLifecycleWords } from '../lifecycle/words';
import { UserIcon } from '../components/icons';

/** Avatar, account, account ID and identity-verification state at the top of "Mine". */
export function ProfileCard({ info }: { info: UserInfoDto }) {
  const { t } = useTranslation();
  const kyc = customerKycLook(useLifecycleWords(), info.kycState);
  return (
    <Flex align="center" gap="4">
      <Flex
        w="16"
        h="16"
        borderRadius="full"
        bg="whiteAlpha.300"
        borderWidth="2px"
        borderColor="whiteAlpha.600"
        align="center"
        justify="center"
        overflow="hidden"
        flexShrink={0}
      >
        {info.avatar ? (
          <Image src={info.avatar} alt="" w="full" h="full" objectFit="cover" />
        ) : (
          <UserIcon width="8" height="8" />
        )}
      </Flex>
      <Box minW="0" flex="1">
        <Text fontSize="xl" fontWeight="bold" truncate data-testid="mine-account">
          {info.account}
        </Text>
        <Flex align="center" gap="2" mt="1" wrap="wrap">
          <Text fontSize="sm" opacity={0.85}>
            {t('mine.accountId')}{' '}
            <Text as="span" fontFamily="mono" data-testid="mine-account-id">
              {info.accountId}
            </Text>
          </Text>
          <Badge
            bg="whiteAlpha.300"
            color="white"
            size="sm"
            borderRadius="full"
            gap="1.5"
            data-testid="mine-kyc"
          >
            <Box as="span" w="1.5" h="1.5" borderRadius="full" bg={`${kyc.palette}.300`} />
            <span>{kyc.label}</span>
          </Badge>
        </Flex>
      </Box>
    </Flex>
  );
}
