import { Badge, Box, Code, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { verifyDraw } from '../../../contract/ipo-draw';
import type { DrawVerification } from '../../../contract/ipo-draw';
import type { IpoDrawDto } from '../../../contract/schemas/ipo';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api';
import { BackHeader } from '../../components/BackHeader';
import { EmptyData } from '../../components/EmptyData';
import { LoadError } from '../../components/LoadError';
import { translateRefusal } from '../../i18n/translateRefusal';
import { ListLoading } from '../../information/LoadState';
import { useLoaded } from '../../information/useLoaded';
import { formatPrice } from '../../market/format';
import { Card } from '../../market/parts/Card';
import { Fact } from '../block/OfferingFacts';
import { explainAllocation } from './drawExplain';
import type { ExplainLine } from './drawExplain';
import { idOf, seoulMinute } from './ipoLook';

/** Refusals that are an answer, not a failure: no retry, the words instead. */
const FINAL_CODES = ['ipo.not_drawn_yet', 'ipo.not_found'];

/**
 * /home/newStockDraw?id=… — how my allocation was computed: the published draw is fetched and
 * re-computed here, in the browser, with the same module the server drew with
 * (contract/ipo-draw.ts); the page says "verified" or shows where it differs, checks the seed
 * against the hash published at the opening, and explains my equal and proportional shares in the
 * words of docs/ipo-draw.md.
 */
export default function NewStockDrawScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  return (
    <Box minH="100dvh" bg="bg.muted" pb="8" data-testid="ipo-draw-screen">
      <BackHeader
        title={t('ipo.draw.title')}
        fallback={id === null ? '/home/newStock' : `/home/newStockBuy?id=${id}`}
      />
      <Stack gap="3" p="3">
        {id === null ? (
          <Box bg="bg" borderRadius="2xl" data-testid="ipo-draw-none">
            <EmptyData text={t('ipo.detail.notFound')} />
          </Box>
        ) : (
          <Draw key={id} id={id} />
        )}
      </Stack>
    </Box>
  );
}

function Draw({ id }: { id: number }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<string | null>(null);
  const draw = useLoaded(() =>
    call('ipoDraw', { id }, { silent: true }).catch((error: unknown) => {
      if (isApiError(error) && FINAL_CODES.includes(error.code)) setRefused(error.code);
      throw error;
    }),
  );
  if (draw.data) return <DrawBody draw={draw.data} />;
  if (refused) {
    return (
      <Box bg="bg" borderRadius="2xl" data-testid="ipo-draw-empty" data-code={refused}>
        <EmptyData text={translateRefusal(refused)} />
      </Box>
    );
  }
  if (draw.failed) {
    return (
      <LoadError
        card
        testId="ipo-draw-error"
        text={t('ipo.draw.loadFailed')}
        onRetry={draw.reload}
      />
    );
  }
  return <ListLoading testId="ipo-draw-loading" />;
}

function DrawBody({ draw }: { draw: IpoDrawDto }) {
  const { t } = useTranslation();
  // The whole draw again, from what was published: thousands of rows take milliseconds.
  const verification = useMemo(
    () =>
      verifyDraw({
        rule: draw.rule,
        seed: draw.seed,
        seedHash: draw.seedHash,
        sharesOffered: draw.sharesOffered,
        minShares: draw.minShares,
        equalShareBps: draw.equalShareBps,
        subscriptions: draw.inputs,
        allocations: draw.allocations,
      }),
    [draw],
  );
  return (
    <>
      <Verdict verification={verification} />
      <Card px="4" title={t('ipo.draw.seedTitle')}>
        <SeedCheck draw={draw} verification={verification} />
      </Card>
      <Card px="4" title={t('ipo.draw.mineTitle')}>
        <Mine draw={draw} verification={verification} />
      </Card>
      <Card px="4" title={t('ipo.draw.figuresTitle')}>
        <Figures draw={draw} verification={verification} />
      </Card>
    </>
  );
}

function Verdict({ verification: v }: { verification: DrawVerification }) {
  const { t } = useTranslation();
  if (v.ok) {
    return (
      <Box
        bg="green.50"
        borderLeftWidth="4px"
        borderColor="green.500"
        borderRadius="md"
        p="3"
        role="status"
        data-testid="ipo-draw-verified"
      >
        <Text fontWeight="semibold" color="green.800">
          {t('ipo.draw.verified')}
        </Text>
        <Text fontSize="sm" color="green.800">
          {t('ipo.draw.verifiedText')}
        </Text>
      </Box>
    );
  }
  return (
    <Stack
      gap="2"
      bg="red.50"
      borderLeftWidth="4px"
      borderColor="red.500"
      borderRadius="md"
      p="3"
      role="alert"
      data-testid="ipo-draw-mismatch"
    >
      <Text fontWeight="semibold" color="red.800">
        {t('ipo.draw.mismatch')}
      </Text>
      {!v.ruleMatches ? (
        <Text fontSize="sm" color="red.800" data-testid="ipo-draw-rule-differs">
          {t('ipo.draw.ruleDiffers')}
        </Text>
      ) : null}
      {!v.seedMatchesHash ? (
        <Text fontSize="sm" color="red.800">
          {t('ipo.draw.seedDiffers')}
        </Text>
      ) : null}
      {v.recomputed === null ? (
        <Text fontSize="sm" color="red.800">
          {t('ipo.draw.inputsInvalid')}
        </Text>
      ) : null}
      {v.mismatchCount > 0 ? (
        <>
          <Text fontSize="sm" color="red.800" data-testid="ipo-draw-mismatch-count">
            {t('ipo.draw.mismatchCount', { count: v.mismatchCount })}
          </Text>
          <Stack as="ul" gap="1" data-testid="ipo-draw-mismatches">
            {v.mismatches.map((m, i) => (
              <Text as="li" key={i} fontSize="xs" color="red.800" listStyleType="none">
                <Code fontSize="xs">{m.id.slice(0, 12)}</Code>{' '}
                {t(`ipo.draw.mismatchField.${m.field}`, {
                  published: m.published ?? '–',
                  recomputed: m.recomputed ?? '–',
                })}
              </Text>
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

function SeedCheck({
  draw,
  verification: v,
}: {
  draw: IpoDrawDto;
  verification: DrawVerification;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('ipo.draw.seedIntro')}
      </Text>
      <Box>
        <Text fontSize="xs" color="fg.muted">
          {t('ipo.fairness.seed')}
        </Text>
        <Code fontSize="xs" wordBreak="break-all" data-testid="ipo-draw-seed">
          {draw.seed}
        </Code>
      </Box>
      <Box>
        <Text fontSize="xs" color="fg.muted">
          {t('ipo.fairness.seedHash')}
        </Text>
        <Code fontSize="xs" wordBreak="break-all" data-testid="ipo-draw-seed-hash">
          {draw.seedHash}
        </Code>
      </Box>
      <Flex align="center" gap="2">
        <Badge
          colorPalette={v.seedMatchesHash ? 'green' : 'red'}
          data-testid="ipo-draw-seed-check"
          data-value={v.seedMatchesHash}
        >
          {t(v.seedMatchesHash ? 'ipo.draw.seedMatches' : 'ipo.draw.seedDiffers')}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          {t('ipo.draw.rule', { rule: draw.rule })}
        </Text>
      </Flex>
    </Stack>
  );
}

function Lines({ lines, testId }: { lines: ExplainLine[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack as="ol" gap="1" data-testid={testId}>
      {lines.map((line, i) => (
        <Text as="li" key={i} fontSize="sm" listStyleType="none" data-key={line.key}>
          {t(`ipo.draw.explain.${line.key}`, formatted(line.params))}
        </Text>
      ))}
    </Stack>
  );
}

/** Figures with thousands separators, as every amount on the screens reads. */
function formatted(params: ExplainLine['params']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? formatPrice(v) : v]),
  );
}

function Mine({ draw, verification: v }: { draw: IpoDrawDto; verification: DrawVerification }) {
  const { t } = useTranslation();
  if (draw.mine.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="ipo-draw-mine-none">
        {t('ipo.draw.mineNone')}
      </Text>
    );
  }
  const recomputed = v.recomputed;
  return (
    <Stack gap="4" data-testid="ipo-draw-mine">
      {draw.mine.map((id) => {
        const a = recomputed?.allocations.find((x) => x.id === id);
        const published = draw.allocations.find((x) => x.id === id);
        return (
          <Stack key={id} gap="2" data-testid={`ipo-draw-mine-${id.slice(0, 12)}`}>
            <Text fontSize="xs" color="fg.muted">
              {t('ipo.draw.myId')} <Code fontSize="xs">{id}</Code>
            </Text>
            {a && recomputed ? (
              (() => {
                const e = explainAllocation(recomputed.summary, a);
                return (
                  <>
                    <Text fontSize="sm" fontWeight="semibold">
                      {t('ipo.draw.applied', { shares: formatPrice(e.applied) })}
                    </Text>
                    <Text fontSize="sm" fontWeight="semibold">
                      {t('ipo.draw.equalTitle')}
                    </Text>
                    <Lines lines={e.equal} testId="ipo-draw-equal" />
                    <Text fontSize="sm" fontWeight="semibold">
                      {t('ipo.draw.proportionalTitle')}
                    </Text>
                    <Lines lines={e.proportional} testId="ipo-draw-proportional" />
                    <Text fontWeight="bold" data-testid="ipo-draw-my-total">
                      {t('ipo.draw.total', { shares: formatPrice(e.total) })}
                    </Text>
                  </>
                );
              })()
            ) : (
              <Text fontSize="sm" color="fg.error">
                {t('ipo.draw.mineMissing', { published: published?.total ?? '–' })}
              </Text>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

function Figures({ draw, verification: v }: { draw: IpoDrawDto; verification: DrawVerification }) {
  const { t } = useTranslation();
  const s = v.recomputed?.summary;
  const n = (value: number) => formatPrice(value);
  return (
    <Stack gap="3">
      <Box data-testid="ipo-draw-figures">
        <Fact label={t('ipo.draw.f.drawnAt')}>{seoulMinute(draw.drawnAt)}</Fact>
        <Fact label={t('ipo.draw.f.offered')}>{n(draw.sharesOffered)}</Fact>
        <Fact label={t('ipo.draw.f.min')}>{n(draw.minShares)}</Fact>
        <Fact label={t('ipo.draw.f.subscribers')}>{n(draw.inputs.length)}</Fact>
        {s ? (
          <>
            <Fact label={t('ipo.draw.f.applied')}>{n(s.totalApplied)}</Fact>
            <Fact label={t('ipo.draw.f.equalPool')}>{n(s.equalPool)}</Fact>
            <Fact label={t('ipo.draw.f.eligible')}>{n(s.eligible)}</Fact>
            <Fact label={t('ipo.draw.f.equalEach')}>{n(s.equalEach)}</Fact>
            <Fact label={t('ipo.draw.f.equalLottery')}>{n(s.equalLotteryShares)}</Fact>
            <Fact label={t('ipo.draw.f.proportionalPool')}>{n(s.proportionalPool)}</Fact>
            <Fact label={t('ipo.draw.f.filled')}>{n(s.filledInFull)}</Fact>
            <Fact label={t('ipo.draw.f.remainders')}>{n(s.remainderShares)}</Fact>
            <Fact label={t('ipo.draw.f.randomWords')}>{n(s.randomWords)}</Fact>
            <Fact label={t('ipo.draw.f.allotted')} testId="ipo-draw-allotted">
              {n(s.totalAllotted)}
            </Fact>
          </>
        ) : null}
      </Box>
      <AllocationTable draw={draw} />
    </Stack>
  );
}

/** Every published allocation (the first 50; the rest are in the published data). */
const SHOWN_ROWS = 50;

function AllocationTable({ draw }: { draw: IpoDrawDto }) {
  const { t } = useTranslation();
  const mine = new Set(draw.mine);
  const rows = draw.allocations.slice(0, SHOWN_ROWS);
  return (
    <Box overflowX="auto" tabIndex={0} aria-label={t('ipo.draw.tableTitle')}>
      <Table.Root size="sm" data-testid="ipo-draw-table">
        <Table.Caption>{t('ipo.draw.tableTitle')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('ipo.draw.col.id')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('ipo.draw.col.applied')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('ipo.draw.col.equal')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {t('ipo.draw.col.proportional')}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('ipo.draw.col.total')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((a) => (
            <Table.Row key={a.id} fontWeight={mine.has(a.id) ? 'bold' : undefined}>
              <Table.Cell>
                <Code fontSize="xs">{a.id.slice(0, 8)}</Code>
                {mine.has(a.id) ? ` ${t('ipo.draw.me')}` : ''}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatPrice(a.applied)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPrice(a.equal)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPrice(a.proportional)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPrice(a.total)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {draw.allocations.length > SHOWN_ROWS ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('ipo.draw.moreRows', { count: draw.allocations.length - SHOWN_ROWS })}
        </Text>
      ) : null}
    </Box>
  );
}
