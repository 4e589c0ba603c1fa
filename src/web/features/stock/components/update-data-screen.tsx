import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenterPicker, useCenterChoice } from './center-choice';
import { NewProductPanel } from './new-product-panel';
import { PricesPanel } from './prices-panel';
import { QuotasPanel } from './quotas-panel';
import { StockReportCard } from './stock-report';
import { SuppliersPanel } from './suppliers-panel';
import { SuppliesPanel } from './supplies-panel';

/**
 * The quotas of one gas center (CEO and Manager choose it, others see their shift's), and the
 * stock report under them (CEO and Manager: every center and the company's total).
 */
function CenterQuotasPanel({ canChooseCenter }: { canChooseCenter: boolean }) {
  const choice = useCenterChoice(canChooseCenter);
  return (
    <Stack gap="md">
      <CenterPicker choice={choice} canChoose={canChooseCenter} label="Stock at" />
      <QuotasPanel key={choice.centerId ?? 'shift'} {...(choice.centerId ? { centerId: choice.centerId } : {})} />
      <StockReportCard centers={choice.centers} choosesCenter={canChooseCenter} />
    </Stack>
  );
}

const tabs: { value: string; label: string; Panel: (props: { canChooseCenter: boolean }) => ReactNode }[] = [
  { value: 'prices', label: 'Prices', Panel: PricesPanel },
  { value: 'quotas', label: 'Quotas', Panel: CenterQuotasPanel },
  { value: 'suppliers', label: 'Suppliers', Panel: SuppliersPanel },
  { value: 'supplies', label: 'Supplies', Panel: SuppliesPanel },
  { value: 'product', label: 'New product', Panel: NewProductPanel },
];

/**
 * Prices, quotas, suppliers and supplies: the data the counter sells from. `canChooseCenter`: CEO
 * and Manager access see any gas center's stock; others their shift's.
 */
export function UpdateDataScreen({ canChooseCenter = false }: { canChooseCenter?: boolean }) {
  return (
    <Stack gap="md">
      <Title order={1}>Update data</Title>
      <Tabs defaultValue="prices" keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel canChooseCenter={canChooseCenter} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
