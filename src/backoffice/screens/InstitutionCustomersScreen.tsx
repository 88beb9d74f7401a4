import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { staffCall } from '../api';
import { BackToList } from '../parts/DetailOfId';
import { PageTitle, Pager, Panel, useLoad, Loaded } from '../parts/common';
import { CustomerTable } from './CustomersScreen';

/** The customers who registered with one institution's code. */
export default function InstitutionCustomersScreen() {
  const { t } = useTranslation();
  const institutionId = Number(useParams().institutionId);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('institutionCustomers', { institutionId, page, pageSize: 20 }),
    `${institutionId}:${page}`,
  );
  return (
    <>
      <PageTitle actions={<BackToList to="/institutions" />}>
        {t('institutions.membersTitle', { id: institutionId })}
      </PageTitle>
      <Panel>
        <Loaded state={{ loading, failed, data, reload }}>
          {(data) => (
            <>
              <CustomerTable data={data} />
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => setParams({ page: String(p) })}
              />
            </>
          )}
        </Loaded>
      </Panel>
    </>
  );
}
