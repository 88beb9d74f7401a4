import { Button, DataList, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { LIFECYCLE_ENTITY_TYPES } from '../../../contract/lifecycles';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import type { StaffCallName } from '../../../contract/staff-calls';
import { useLifecycleWords } from '../../lifecycle/words';
import { staffCall } from '../api';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { LoadFailed, Loading, PageTitle, Panel, ReloadButton, useLoad } from '../parts/common';
import { LifecycleChart, LifecycleHistory } from '../parts/EntityLifecycle';
import { StateBadges } from '../parts/StateBadges';

/** Where each entity type's own screen is, and the call that screen opens with. */
const ENTITY_SCREENS: Record<
  LifecycleEntityType,
  { path: (id: string) => string; call: StaffCallName }
> = {
  kyc: { path: (id) => `/kyc/${id}`, call: 'kycDetail' },
  account: { path: (id) => `/customers/${id}`, call: 'customerDetail' },
  deposit: { path: (id) => `/deposits/detail?id=${id}`, call: 'depositsDetail' },
  withdrawal: { path: (id) => `/withdrawals/detail?id=${id}`, call: 'withdrawalsDetail' },
  order: { path: (id) => `/orders/detail?id=${id}`, call: 'ordersDetail' },
  blockApplication: { path: () => `/block`, call: 'blockQueue' },
  // Corporate actions (docs/corporate-actions.md)
  corporateAction: { path: () => `/corporate`, call: 'corporateCalendar' },
  rightsApplication: { path: () => `/corporate`, call: 'corporateCalendar' },
  // IPO subscriptions (issue 12): the offerings desk
  subscription: { path: () => `/ipo`, call: 'ipoOfferings' },
  // Service (issue 13)
  seatAccount: { path: () => `/seat`, call: 'seatQueue' },
  newsArticle: { path: (id) => `/news?id=${id}`, call: 'newsArticle' },
  // Placements and auctions (issue 12): one set-up screen for both windows
  placement: { path: () => `/offerings`, call: 'offeringsList' },
  placementApplication: { path: () => `/offerings`, call: 'offeringsList' },
  auction: { path: () => `/offerings`, call: 'offeringsList' },
  auctionBid: { path: () => `/offerings`, call: 'offeringsList' },
  // Customer service (issue 13, docs/support.md)
  conversation: { path: (id) => `/support?id=${id}`, call: 'supportQueue' },
};

const isEntityType = (value: string | undefined): value is LifecycleEntityType =>
  (LIFECYCLE_ENTITY_TYPES as readonly (string | undefined)[]).includes(value);

/**
 * A lifecycle entity: its state, the machine's chart (the server marks the current state and the
 * path taken), and the history read as words: who, did what, from → to, when and why.
 */
export default function EntityScreen() {
  const { t } = useTranslation();
  const words = useLifecycleWords();
  const { me } = useStaffSession();
  const params = useParams();
  const entityType: LifecycleEntityType = isEntityType(params.entityType)
    ? params.entityType
    : 'kyc';
  const entityId = params.entityId ?? '';
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('entityView', { entityType, entityId }),
    `${entityType}:${entityId}`,
  );

  if (loading && !data) return <Loading />;
  if (!data) return failed ? <LoadFailed onRetry={reload} /> : null;
  const own = ENTITY_SCREENS[entityType];

  return (
    <>
      <PageTitle
        actions={
          <>
            {mayCall(me?.role, own.call) ? (
              <Button asChild size="sm" variant="outline">
                <Link to={own.path(entityId)} data-testid="entity-open-own">
                  {t(`entity.open.${entityType}`)}
                </Link>
              </Button>
            ) : null}
            <ReloadButton onClick={reload} />
          </>
        }
      >
        {t('entity.title', { type: t(`entity.types.${entityType}`), id: data.entityId })}
      </PageTitle>
      <Stack gap="5">
        <Panel>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.state')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="entity-state" data-state={data.state}>
                <StateBadges entityType={entityType} state={data.state} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.accepts')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="entity-accepts">
                {data.accepts.length === 0
                  ? '—'
                  : data.accepts.map((event) => words.event(event)).join(', ')}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('entity.version')}</DataList.ItemLabel>
              <DataList.ItemValue>{data.version}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Panel>
        <LifecycleChart chartSvg={data.chartSvg} />
        <LifecycleHistory entityType={entityType} transitions={data.transitions} />
      </Stack>
    </>
  );
}
