import { eq } from 'drizzle-orm';
import type {
  RightsApplicationContext,
  RightsApplicationEvent,
} from '../../../machines/rights-application';
import { rightsApplicationLifecycle as definition } from '../../../machines/rights-application';
import { corporateActions, rightsApplications } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Rights applications live in `rights_applications`. Clock rule: a paid application lists on its
 * issue's listing date (`pay_at`). The window's close is a job the apply call writes (an
 * application starts in `applied`, which no transition enters).
 */
export const rightsApplicationLifecycle: Lifecycle<
  RightsApplicationContext,
  RightsApplicationEvent
> = {
  type: 'rightsApplication',
  definition,
  storage: tableStorage<RightsApplicationContext>(rightsApplications, {
    id: rightsApplications.id,
    state: rightsApplications.state,
    context: rightsApplications.context,
    version: rightsApplications.version,
  }),
  notFound: 'corporate.not_found',
  clock: {
    listingAt: async (tx, { id, now }) => {
      const [row] = await tx
        .select({ payAt: corporateActions.payAt })
        .from(rightsApplications)
        .innerJoin(corporateActions, eq(corporateActions.id, rightsApplications.actionId))
        .where(eq(rightsApplications.id, id));
      return row?.payAt ?? now;
    },
  },
};
