import { Badge, Box, Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type {
  CorporateListDto,
  DividendRowDto,
  RightsApplicationDto,
  RightsOfferDto,
  UpcomingActionDto,
} from '../../../contract/schemas/corporate';
import { rightsApplicationMachine } from '../../../machines/rights-application';
import { BackHeader } from '../../components/BackHeader';
import { paletteOf, topStateOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { formatPrice } from '../../market/format';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { useMarketCall } from '../../market/useMarketCall';
import { Fact, NameLine } from '../block/OfferingFacts';
import { PositionButton, ROW_STYLE } from '../block/OfferingScreenParts';
import { minuteOf, perHundred } from './corporateLook';

/**
 * /home/dividend — dividends and allotments (issue 12, docs/corporate-actions.md): the calendar's
 * coming actions (holding the shares on the record date entitles), the rights issues offered to
 * me with the way to apply, the dividends paid to me net of the 15.4 % tax withheld, and my rights
 * applications with their states.
 */
export default function DividendScreen() {
  const { t } = useTranslation();
  const list = useMarketCall('corporateList', {});
  const data: CorporateListDto | undefined = list.data ?? undefined;
  const empty =
    !data ||
    (data.upcoming.length === 0 &&
      data.rights.length === 0 &&
      data.dividends.length === 0 &&
      data.applications.length === 0);
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="dividend-screen">
      <BackHeader
        title={t('corporate.title')}
        fallback="/home/index"
        right={<SimulatedBadge compact />}
      />
      <Stack gap="3" p="3">
        <Text fontSize="sm" color="fg.muted">
          {t('corporate.intro')}
        </Text>
        <ListState
          testId="corporate"
          loading={list.loading}
          failed={list.failed}
          empty={empty}
          emptyText={t('corporate.empty')}
          onRetry={list.reload}
          rows={4}
        >
          {data ? <Sections data={data} /> : null}
        </ListState>
      </Stack>
    </Box>
  );
}

function Sections({ data }: { data: CorporateListDto }) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="corporate-lists">
      {data.rights.length > 0 ? (
        <Card title={t('corporate.rightsOffered')}>
          {data.rights.map((r) => (
            <RightsRow key={r.id} offer={r} />
          ))}
        </Card>
      ) : null}
      {data.dividends.length > 0 ? (
        <Card title={t('corporate.dividends')}>
          {data.dividends.map((d) => (
            <DividendRow key={d.actionId} dividend={d} />
          ))}
        </Card>
      ) : null}
      {data.applications.length > 0 ? (
        <Card title={t('corporate.applications')}>
          {data.applications.map((a) => (
            <ApplicationRow key={a.id} application={a} />
          ))}
        </Card>
      ) : null}
      {data.upcoming.length > 0 ? (
        <Card title={t('corporate.upcoming')}>
          {data.upcoming.map((u) => (
            <UpcomingRow key={u.id} action={u} />
          ))}
        </Card>
      ) : null}
    </Stack>
  );
}

function DemoBadge({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  return demo ? <Badge colorPalette="purple">{t('corporate.demo')}</Badge> : null;
}

function UpcomingRow({ action: a }: { action: UpcomingActionDto }) {
  const { t } = useTranslation();
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  return (
    <Box {...ROW_STYLE} data-testid={`corporate-upcoming-${a.id}`}>
      <NameLine name={a.name} symbol={a.symbol}>
        <DemoBadge demo={a.demo} />{' '}
        <Badge colorPalette={a.kind === 'dividend' ? 'green' : 'blue'}>
          {t(a.kind === 'dividend' ? 'corporate.kindDividend' : 'corporate.kindRights')}
        </Badge>
      </NameLine>
      {a.kind === 'dividend' ? (
        <Fact label={t('corporate.perShare')}>{won(a.perShare ?? 0)}</Fact>
      ) : (
        <>
          <Fact label={t('corporate.issuePrice')}>{won(a.issuePrice ?? 0)}</Fact>
          <Fact label={t('corporate.ratio')}>
            {t('corporate.ratioText', { n: perHundred(a.ratioPpm ?? 0) })}
          </Fact>
        </>
      )}
      <Fact label={t('corporate.recordDate')}>{minuteOf(a.recordAt)}</Fact>
      <Fact label={t(a.kind === 'dividend' ? 'corporate.payDate' : 'corporate.listingDate')}>
        {minuteOf(a.payAt)}
      </Fact>
    </Box>
  );
}

function RightsRow({ offer: r }: { offer: RightsOfferDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const left = r.entitled - r.applied;
  return (
    <Box {...ROW_STYLE} data-testid={`corporate-rights-${r.id}`}>
      <NameLine name={r.name} symbol={r.symbol}>
        <DemoBadge demo={r.demo} />{' '}
        <Badge colorPalette={r.open ? 'green' : 'gray'}>
          {t(r.open ? 'corporate.open' : 'corporate.closed')}
        </Badge>
      </NameLine>
      <Fact label={t('corporate.issuePrice')}>
        {t('ticket.won', { amount: formatPrice(r.issuePrice) })}
      </Fact>
      <Fact label={t('corporate.entitled')} testId={`corporate-entitled-${r.id}`}>
        {t('corporate.entitledText', {
          entitled: formatPrice(r.entitled),
          held: formatPrice(r.sharesHeld),
        })}
      </Fact>
      <Fact label={t('corporate.applied')}>{formatPrice(r.applied)}</Fact>
      <Fact label={t('corporate.windowCloses')}>{minuteOf(r.windowClosesAt)}</Fact>
      <Fact label={t('corporate.listingDate')}>{minuteOf(r.listingAt)}</Fact>
      {r.open && left > 0 ? (
        <Button
          mt="2"
          size="sm"
          onClick={() => void navigate(`/home/rightsApply?id=${r.id}`)}
          data-testid={`corporate-apply-${r.id}`}
        >
          {t('corporate.apply')}
        </Button>
      ) : null}
    </Box>
  );
}

function DividendRow({ dividend: d }: { dividend: DividendRowDto }) {
  const { t } = useTranslation();
  const won = (amount: number) => t('ticket.won', { amount: formatPrice(amount) });
  return (
    <Box {...ROW_STYLE} data-testid={`corporate-dividend-${d.actionId}`}>
      <NameLine name={d.name} symbol={d.symbol}>
        <DemoBadge demo={d.demo} />{' '}
        <Badge colorPalette={d.paidAt ? 'green' : 'orange'}>
          {t(d.paidAt ? 'corporate.paid' : 'corporate.toBePaid')}
        </Badge>
      </NameLine>
      <Fact label={t('corporate.sharesHeld')}>{formatPrice(d.sharesHeld)}</Fact>
      <Fact label={t('corporate.perShare')}>{won(d.perShare)}</Fact>
      <Fact label={t('corporate.gross')}>{won(d.gross)}</Fact>
      <Fact label={t('corporate.tax')}>{won(d.tax)}</Fact>
      <Fact label={t('corporate.net')} testId={`corporate-net-${d.actionId}`}>
        {won(d.net)}
      </Fact>
      <Fact label={t('corporate.payDate')}>{minuteOf(d.paidAt ?? d.payAt)}</Fact>
    </Box>
  );
}

function ApplicationRow({ application: a }: { application: RightsApplicationDto }) {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const state = topStateOf(a.state);
  return (
    <Box {...ROW_STYLE} data-testid={`corporate-application-${a.id}`}>
      <NameLine name={a.name} symbol={a.symbol}>
        <Badge
          colorPalette={paletteOf(rightsApplicationMachine, a.state)}
          data-testid={`corporate-state-${a.id}`}
          data-value={state}
        >
          {words.state('rightsApplication', state)}
        </Badge>
      </NameLine>
      <Fact label={t('corporate.shares')}>
        {t('blockTrade.applications.sharesAt', {
          shares: formatPrice(a.shares),
          price: formatPrice(a.price),
        })}
      </Fact>
      <Fact label={t('corporate.amount')}>
        {t('ticket.won', { amount: formatPrice(a.amount) })}
      </Fact>
      {a.reason ? (
        <Text fontSize="sm" color="fg.error" mt="1">
          {t('corporate.reason', { reason: a.reason })}
        </Text>
      ) : null}
      <PositionButton
        orderId={a.orderId}
        label={t('corporate.position')}
        testId={`corporate-position-${a.id}`}
      />
    </Box>
  );
}
