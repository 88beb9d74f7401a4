import { chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A list row of any layout that opens the stock's detail screen. */
export function StockRowLink({
  code,
  testId,
  children,
}: {
  code: string;
  testId?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <chakra.button
      type="button"
      display="flex"
      alignItems="center"
      gap="3"
      w="full"
      px="4"
      py="3"
      textAlign="start"
      _active={{ bg: 'bg.subtle' }}
      onClick={() => void navigate(`/market/stockDetail?code=${code}`)}
      data-testid={testId}
    >
      {children}
    </chakra.button>
  );
}
