import { Stack, Tabs, Title } from '@mantine/core';
import { NewProductPanel } from './new-product-panel';
import { PricesPanel } from './prices-panel';
import { QuotasPanel } from './quotas-panel';
import { SuppliersPanel } from './suppliers-panel';
import { SuppliesPanel } from './supplies-panel';

/** Prices, quotas, suppliers and supplies: the data the counter sells from. */
export function UpdateDataScreen() {
  return (
    <Stack gap="md">
      <Title order={1}>Update data</Title>
      <Tabs defaultValue="prices" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="prices">Prices</Tabs.Tab>
          <Tabs.Tab value="quotas">Quotas</Tabs.Tab>
          <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
          <Tabs.Tab value="supplies">Supplies</Tabs.Tab>
          <Tabs.Tab value="product">New product</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="prices" pt="md">
          <PricesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="quotas" pt="md">
          <QuotasPanel />
        </Tabs.Panel>
        <Tabs.Panel value="suppliers" pt="md">
          <SuppliersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="supplies" pt="md">
          <SuppliesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="product" pt="md">
          <NewProductPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
