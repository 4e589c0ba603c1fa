import { Stack, Tabs, Title } from '@mantine/core';
import { NewProductPanel } from './new-product-panel';
import { PricesPanel } from './prices-panel';
import { QuotasPanel } from './quotas-panel';
import { SuppliersPanel } from './suppliers-panel';
import { SuppliesPanel } from './supplies-panel';

const tabs = [
  { value: 'prices', label: 'Prices', Panel: PricesPanel },
  { value: 'quotas', label: 'Quotas', Panel: QuotasPanel },
  { value: 'suppliers', label: 'Suppliers', Panel: SuppliersPanel },
  { value: 'supplies', label: 'Supplies', Panel: SuppliesPanel },
  { value: 'product', label: 'New product', Panel: NewProductPanel },
];

/** Prices, quotas, suppliers and supplies: the data the counter sells from. */
export function UpdateDataScreen() {
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
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
