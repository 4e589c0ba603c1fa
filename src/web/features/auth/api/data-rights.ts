import type { AccountDeletionResult, ClientDataExport } from '../../../../domain/schemas/privacy';
import { api } from '../../../lib/api-client';
import { clearLocalData } from '../../../lib/saved-copies';
import { tellWorkerSignedOut } from '../../../lib/staff-code';
import { useMutation } from '../../../lib/use-mutation';
import { useLeaveForHome } from './logout';

/** Everything held about the signed-in client, as one JSON document. */
export const exportMyData = () => api.get<ClientDataExport>('client/me/export');

/** Saves the export as a file on this device (the browser's usual download). */
export async function downloadMyData(): Promise<void> {
  const data = await exportMyData();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `arrive-my-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

/** Deletes the account; the server signs every device out, and this one forgets what it kept. */
export async function deleteMyAccount(input: { confirmation: string; idempotencyKey: string }) {
  const result = await api.post<AccountDeletionResult>(
    'client/me/delete',
    { confirmation: input.confirmation },
    { idempotencyKey: input.idempotencyKey },
  );
  await tellWorkerSignedOut();
  await clearLocalData().catch(() => undefined);
  return result;
}

export function useDeleteMyAccount() {
  const leave = useLeaveForHome();
  return useMutation({ mutationFn: deleteMyAccount, onSuccess: leave });
}
