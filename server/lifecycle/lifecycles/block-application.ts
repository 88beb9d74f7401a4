import type {
  BlockApplicationContext,
  BlockApplicationEvent,
} from '../../../machines/block-application';
import { blockApplicationLifecycle as definition } from '../../../machines/block-application';
import { blockApplications } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/** Block-trade applications live in `block_applications`; no clock events. */
export const blockApplicationLifecycle: Lifecycle<BlockApplicationContext, BlockApplicationEvent> =
  {
    type: 'blockApplication',
    definition,
    storage: tableStorage<BlockApplicationContext>(blockApplications, {
      id: blockApplications.id,
      state: blockApplications.state,
      context: blockApplications.context,
      version: blockApplications.version,
    }),
    notFound: 'block.not_found',
  };
