import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PickupItemsTable } from './pickup-items-table';

describe('PickupItemsTable', () => {
  it('reads a gas line as a refill in kg with its cylinder, and other lines as a count', async () => {
    renderWithProviders(
      <PickupItemsTable
        label="Items to hand over"
        total={1_250_000}
        items={[
          { name: 'Cooking gas (12.5 kg cylinder)', quantity: 12.5, sizeKg: 12.5 },
          { name: 'Single burner', quantity: 2, sizeKg: null },
        ]}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Items to hand over' });
    const [gas, burner] = within(table).getAllByRole('row');
    expect(gas).toHaveTextContent('Cooking gas12.5 kg refill (12.5 kg cylinder)');
    expect(gas).not.toHaveTextContent('×');
    expect(burner).toHaveTextContent('Single burner× 2');
  });
});
