import type { AddFundResponse } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** POST /api/wallet/add_fund: starts a card top-up; amount in kobo. */
export const addFund = ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
  api.post<AddFundResponse>('wallet/add_fund', { amount }, { idempotencyKey });

export const useAddFund = () => useMutation({ mutationFn: addFund });
