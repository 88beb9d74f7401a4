import type {
  CorporateActionContext,
  CorporateActionEvent,
} from '../../../machines/corporate-action';
import { corporateActionLifecycle as definition } from '../../../machines/corporate-action';
import { corporateActions } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Corporate actions live in `corporate_actions`. Their clock events are jobs the corporate module
 * writes (server/modules/corporate): the record date's when staff announce the action (it starts
 * in `announced`, which no transition enters), the payment date's on recording, by kind.
 */
export const corporateActionLifecycle: Lifecycle<CorporateActionContext, CorporateActionEvent> = {
  type: 'corporateAction',
  definition,
  storage: tableStorage<CorporateActionContext>(corporateActions, {
    id: corporateActions.id,
    state: corporateActions.state,
    context: corporateActions.context,
    version: corporateActions.version,
  }),
  notFound: 'corporate.not_found',
};
