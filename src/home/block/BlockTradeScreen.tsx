import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useQuotes } from '../../market/live';
import { useMarketCall } from '../../market/useMarketCall';
import { BlockListFrame } from './BlockListFrame';
import { NameLine, OfferingBadges, OfferingTerms } from './OfferingFacts';
import { OfferingButton } from './OfferingScreenParts';

/**
 * /home/blockTrade — block trades (대량매매): the offerings staff listed, each with its price, the
 * discount against the live price, the minimum shares and its window; tapping one opens the
 * application (/home/blockTrade1). The customer's applications are one tap away.
 */
export default function BlockTradeScreen() {
  const { t } = useTranslation();
  const list = useMarketCall('blockList', {});
  const offerings = list.data?.offerings ?? [];
  const quotes = useQuotes(offerings.map((o) => o.symbol));

  return (
    <BlockListFrame
      testId="block-trade"
      title={t('blockTrade.title')}
      fallback="/home/index"
      intro={
        <Text fontSize="sm" color="fg.muted" px="1" data-testid="block-intro">
          {t('blockTrade.intro')}
        </Text>
      }
      cardTitle={t('blockTrade.offerings')}
      link={{
        to: '/home/blockTrade2',
        label: t('blockTrade.myApplications'),
        testId: 'block-my-applications',
      }}
      list={list}
      listTestId="block-offerings"
      empty={offerings.length === 0}
      emptyText={t('blockTrade.empty')}
    >
      {offerings.map((o) => (
        <OfferingButton
          key={o.id}
          to={`/home/blockTrade1?id=${o.id}`}
          testId={`block-offering-${o.id}`}
          label={`${o.name} ${o.symbol}`}
        >
          <NameLine name={o.name} symbol={o.symbol}>
            <OfferingBadges offering={o} />
          </NameLine>
          <OfferingTerms offering={o} quote={quotes.data?.[o.symbol]?.price} />
        </OfferingButton>
      ))}
    </BlockListFrame>
  );
}
