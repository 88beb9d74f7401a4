import { Box, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { StaffCallName } from '../../../contract/staff-calls';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';

export interface SubNavItem {
  path: string;
  /** A key in backoffice.json. */
  label: string;
  testId: string;
  /** Shown only to roles that may make this call. */
  call: StaffCallName;
}

/** The pages of one menu item (a list, a form, a decision list) as links above the page. */
export function SubNav({ items }: { items: readonly SubNavItem[] }) {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  return (
    <HStack as="nav" gap="1" mb="4" wrap="wrap" aria-label={t('common.pages')}>
      {items
        .filter((item) => mayCall(me?.role, item.call))
        .map((item) => (
          <NavLink key={item.path} to={item.path} data-testid={item.testId} end>
            {({ isActive }) => (
              <Box
                px="3"
                py="1.5"
                borderRadius="md"
                fontSize="sm"
                borderWidth="1px"
                fontWeight={isActive ? 'semibold' : 'normal'}
                bg={isActive ? 'brand.subtle' : 'bg'}
                color={isActive ? 'brand.fg' : 'fg'}
                aria-current={isActive ? 'page' : undefined}
              >
                {t(item.label)}
              </Box>
            )}
          </NavLink>
        ))}
    </HStack>
  );
}
