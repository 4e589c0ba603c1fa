import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import {
  effectiveShift,
  listPendingShiftActions,
  queuedShiftNotice,
  reconcilePendingShiftActions,
  submitShiftAction,
} from './shift-sync';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...real, api: { ...real.api, post } };
});

const offline = () => new ApiError({ type: 'Unknown', status: 0, message: 'No connection: check your network' });
const shift = (workingNow: boolean) => ({ shift: { id: 's1', workingNow, openingFloat: 500, closingCash: null } });

beforeEach(async () => {
  post.mockReset();
  await localDb.pendingActions.clear();
});

describe('shift actions', () => {
  it('records at once when the server answers, leaving nothing pending', async () => {
    post.mockResolvedValueOnce(shift(true));
    const result = await submitShiftAction('shift.start', { openingFloat: 500 });
    expect(result.status).toBe('recorded');
    expect(await listPendingShiftActions()).toEqual([]);
    expect(post.mock.calls[0]?.[2]?.idempotencyKey).toMatch(/[0-9a-f-]{36}/);
  });

  it('keeps an action the worker queued (202) as pending', async () => {
    post.mockImplementationOnce(async (_path: string, _body: unknown, options: { idempotencyKey: string }) => ({
      queued: true,
      key: options.idempotencyKey,
    }));
    const result = await submitShiftAction('shift.end', { closingCash: 700 });
    expect(result).toEqual({ status: 'queued' });
    const [pending] = await listPendingShiftActions();
    expect(pending).toMatchObject({
      kind: 'shift.end',
      status: 'pending',
      payload: { via: 'worker', body: { closingCash: 700 } },
    });
  });

  it('drops an action the server refuses and reports the refusal', async () => {
    post.mockRejectedValueOnce(
      new ApiError({ type: 'Conflict', status: 409, message: 'There is no open shift to end' }),
    );
    await expect(submitShiftAction('shift.end', { closingCash: 1 })).rejects.toThrow('There is no open shift to end');
    expect(await listPendingShiftActions()).toEqual([]);
  });

  it('without a worker, resends offline actions itself with the same key, in order, once online', async () => {
    post.mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline());
    await submitShiftAction('shift.start', { openingFloat: 100 });
    await submitShiftAction('shift.end', { closingCash: 100 });
    const queued = await listPendingShiftActions();
    expect(queued.map((a) => a.kind)).toEqual(['shift.start', 'shift.end']);

    expect(await reconcilePendingShiftActions(false)).toBe(0);
    post.mockResolvedValueOnce(shift(true)).mockResolvedValueOnce(shift(false));
    expect(await reconcilePendingShiftActions(true)).toBe(2);
    expect(await listPendingShiftActions()).toEqual([]);
    const resentKeys = post.mock.calls.slice(2).map((c) => c[2].idempotencyKey);
    expect(resentKeys).toEqual(queued.map((a) => a.id));
  });
});

describe('effectiveShift', () => {
  const action = (kind: 'shift.start' | 'shift.end', status: 'pending' | 'failed' = 'pending') => ({
    id: kind + status,
    kind,
    payload: { body: kind === 'shift.start' ? { openingFloat: 250 } : { closingCash: 1 }, via: 'worker' as const },
    createdAt: 1,
    status,
  });
  it('applies queued actions in order over the server state', () => {
    expect(effectiveShift(false, [action('shift.start')])).toMatchObject({ working: true, pendingFloat: 250 });
    expect(effectiveShift(true, [action('shift.end')]).working).toBe(false);
    expect(effectiveShift(true, [action('shift.end', 'failed')])).toMatchObject({
      working: true,
      failed: [{ kind: 'shift.end' }],
    });
  });
});

describe('queuedShiftNotice', () => {
  it('names the action that was taken', () => {
    expect(queuedShiftNotice('shift.end')).toBe('End shift will sync when the network returns.');
    expect(queuedShiftNotice('shift.start')).toBe('Start shift will sync when the network returns.');
  });
});
