import { Alert, Button, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TradeProductDto } from '../../../contract/schemas/trade';
import { productsSetRequest } from '../../../contract/schemas/trade';
import type { TradeProductCode } from '../../../contract/trade';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import { EmptyRow, Loaded, PageTitle, Panel, ReloadButton, useLoad } from '../parts/common';
import { whole } from '../parts/formText';
import { FormActions, FormikInput, FormikSelect } from '../parts/FormikFields';
import { OnOffBadge } from '../parts/OnOffBadge';
import { leveragesOf, lockWords, percentOfPpm, ppmOfPercent, won } from '../parts/trade';
import { formErrors } from '../parts/validate';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';
import { ScrollX } from '../parts/ScrollX';

/**
 * The trading products' terms and whether each is open now. Operators and admins edit one with
 * a form checked by the contract's `productsSetRequest`; others read. A change applies to new
 * orders only: open orders keep the terms they were placed on, and the screen says so.
 */
export default function ProductsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const state = useLoad(() => staffCall('productsList', {}), 'products');
  const [editing, setEditing] = useState<TradeProductCode | null>(null);
  const mayEdit = mayCall(me?.role, 'productsSet');

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={state.reload} />}>{t('products.title')}</PageTitle>
      <Stack gap="5">
        <Alert.Root status="info" data-testid="products-terms-note">
          <Alert.Indicator />
          <Alert.Description>{t('products.termsNote')}</Alert.Description>
        </Alert.Root>
        <Panel>
          <Loaded state={state}>
            {(data) => (
              <ProductTable
                products={data.products}
                mayEdit={mayEdit}
                onEdit={(code) => setEditing(code)}
              />
            )}
          </Loaded>
          {mayEdit ? null : (
            <Text mt="3" fontSize="sm" color="fg.muted" data-testid="products-read-only">
              {t('products.readOnly')}
            </Text>
          )}
        </Panel>
        {mayEdit && editing !== null && state.data
          ? (() => {
              const product = state.data.products.find((p) => p.code === editing);
              return product ? (
                <ProductForm
                  key={editing}
                  product={product}
                  onClose={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    state.reload();
                  }}
                />
              ) : null;
            })()
          : null}
      </Stack>
    </>
  );
}

function ProductTable({
  products,
  mayEdit,
  onEdit,
}: {
  products: TradeProductDto[];
  mayEdit: boolean;
  onEdit: (code: TradeProductCode) => void;
}) {
  const { t } = useTranslation();
  const columns = mayEdit ? 11 : 10;
  return (
    <ScrollX>
      <Table.Root size="sm" minW="4xl" data-testid="product-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('products.product')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('products.enabled')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('products.openNow')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('products.lotSize')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('products.leverages')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('products.minOpenAmount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('products.lock')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('products.commission')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('products.maintenance')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('products.closesAtSessionEnd')}</Table.ColumnHeader>
            {mayEdit ? <Table.ColumnHeader /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {products.length === 0 ? (
            <EmptyRow columns={columns} testId="product-table-empty" />
          ) : null}
          {products.map((p) => {
            const lock = lockWords(p.lock);
            return (
              <Table.Row key={p.code} data-testid={`product-row-${p.code}`}>
                <Table.Cell fontWeight="medium">{t(`trade.products.${p.code}`)}</Table.Cell>
                <Table.Cell>
                  <OnOffBadge on={p.enabled} testId={`product-enabled-${p.code}`} />
                </Table.Cell>
                <Table.Cell>
                  <OnOffBadge
                    on={p.openNow}
                    words={['products.open', 'products.closed']}
                    testId={`product-open-${p.code}`}
                  />
                </Table.Cell>
                <Table.Cell textAlign="end">{p.lotSize}</Table.Cell>
                <Table.Cell>{p.leverages.map((x) => `${x}×`).join(', ')}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {won(p.minOpenAmount)}
                </Table.Cell>
                <Table.Cell>{t(lock.key, { n: lock.count })}</Table.Cell>
                <Table.Cell textAlign="end">{percentOfPpm(p.commissionPpm)} %</Table.Cell>
                <Table.Cell textAlign="end">{p.maintenancePct} %</Table.Cell>
                <Table.Cell>
                  <OnOffBadge on={p.closesAtSessionEnd} />
                </Table.Cell>
                {mayEdit ? (
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      data-testid={`product-edit-${p.code}`}
                      onClick={() => onEdit(p.code)}
                    >
                      {t('products.edit')}
                    </Button>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </ScrollX>
  );
}

/** What the form holds: text as typed, booleans as the select's "1"/"0". */
interface ProductDraft {
  lotSize: string;
  leverages: string;
  minOpenAmount: string;
  lockKind: string;
  lockCount: string;
  commission: string;
  maintenancePct: string;
  closesAtSessionEnd: string;
  enabled: string;
}
type DraftField = keyof ProductDraft;

const draftOf = (p: TradeProductDto): ProductDraft => ({
  lotSize: String(p.lotSize),
  leverages: p.leverages.join(', '),
  minOpenAmount: String(p.minOpenAmount),
  lockKind: p.lock.kind,
  lockCount: String(p.lock.count),
  commission: percentOfPpm(p.commissionPpm),
  maintenancePct: String(p.maintenancePct),
  closesAtSessionEnd: p.closesAtSessionEnd ? '1' : '0',
  enabled: p.enabled ? '1' : '0',
});

function requestOf(code: TradeProductCode, d: ProductDraft): StaffRequestOf<'productsSet'> {
  return {
    code,
    lotSize: whole(d.lotSize),
    leverages: leveragesOf(d.leverages),
    minOpenAmount: whole(d.minOpenAmount),
    lock: { kind: d.lockKind === 'days' ? 'days' : 'minutes', count: whole(d.lockCount) },
    commissionPpm: ppmOfPercent(d.commission),
    maintenancePct: whole(d.maintenancePct),
    closesAtSessionEnd: d.closesAtSessionEnd === '1',
    enabled: d.enabled === '1',
  };
}

/** The form field a schema path is about. */
function fieldOf(path: string): DraftField {
  if (path.startsWith('leverages')) return 'leverages';
  if (path === 'lock.kind') return 'lockKind';
  if (path === 'lock.count') return 'lockCount';
  if (path === 'commissionPpm') return 'commission';
  const known: readonly string[] = [
    'lotSize',
    'minOpenAmount',
    'maintenancePct',
    'closesAtSessionEnd',
    'enabled',
  ];
  return (known.includes(path) ? path : 'lotSize') as DraftField;
}

const LABELS: Record<DraftField, string> = {
  lotSize: 'products.lotSize',
  leverages: 'products.leverages',
  minOpenAmount: 'products.minOpenAmount',
  lockKind: 'products.lockKind',
  lockCount: 'products.lockCount',
  commission: 'products.commission',
  maintenancePct: 'products.maintenance',
  closesAtSessionEnd: 'products.closesAtSessionEnd',
  enabled: 'products.enabled',
};

/** A typed field of the product form: labelled from LABELS, test id `product-<name>`. */
function ProductInput({
  name,
  inputMode,
  helper,
}: {
  name: DraftField;
  inputMode?: 'numeric' | 'decimal';
  helper: string;
}) {
  const { t } = useTranslation();
  return (
    <FormikInput
      name={name}
      label={t(LABELS[name])}
      inputMode={inputMode}
      helper={helper}
      testId={`product-${name}`}
    />
  );
}

/** A yes/no field of the product form, held as "1"/"0". */
function YesNoSelect({ name }: { name: 'closesAtSessionEnd' | 'enabled' }) {
  const { t } = useTranslation();
  return (
    <FormikSelect name={name} label={t(LABELS[name])} testId={`product-${name}`}>
      <option value="1">{t('common.yes')}</option>
      <option value="0">{t('common.no')}</option>
    </FormikSelect>
  );
}

function ProductForm({
  product,
  onClose,
  onSaved,
}: {
  product: TradeProductDto;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const name = t(`trade.products.${product.code}`);
  const label = (field: DraftField) => t(LABELS[field]);
  return (
    <Panel title={t('products.editTitle', { product: name })}>
      <Formik<ProductDraft>
        initialValues={draftOf(product)}
        validate={(values) =>
          formErrors(productsSetRequest, requestOf(product.code, values), fieldOf, label)
        }
        onSubmit={async (values) => {
          try {
            await staffCall('productsSet', requestOf(product.code, values));
            toast(t('products.saved', { product: name }), 'success');
            onSaved();
          } catch {
            // refused: toasted, the form stays to fix
          }
        }}
      >
        {({ isSubmitting, dirty }) => (
          <Form noValidate data-testid="product-form" aria-label={name}>
            <Stack gap="4">
              <Text fontSize="sm" color="fg.muted">
                {t('products.termsNote')}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <ProductInput
                  name="lotSize"
                  inputMode="numeric"
                  helper={t('products.lotSizeHelp')}
                />
                <ProductInput name="leverages" helper={t('products.leveragesHelp')} />
                <ProductInput name="minOpenAmount" inputMode="numeric" helper="KRW" />
                <FormikSelect name="lockKind" label={label('lockKind')} testId="product-lockKind">
                  <option value="minutes">{t('products.lockMinutes')}</option>
                  <option value="days">{t('products.lockDays')}</option>
                </FormikSelect>
                <ProductInput
                  name="lockCount"
                  inputMode="numeric"
                  helper={t('products.lockCountHelp')}
                />
                <ProductInput
                  name="commission"
                  inputMode="decimal"
                  helper={t('products.commissionHelp')}
                />
                <ProductInput
                  name="maintenancePct"
                  inputMode="numeric"
                  helper={t('products.maintenanceHelp')}
                />
                <YesNoSelect name="closesAtSessionEnd" />
                <YesNoSelect name="enabled" />
              </SimpleGrid>
              <FormActions
                label={t('products.save')}
                testId="product-save"
                submitting={isSubmitting}
                disabled={!dirty}
                onCancel={onClose}
              />
            </Stack>
          </Form>
        )}
      </Formik>
    </Panel>
  );
}
