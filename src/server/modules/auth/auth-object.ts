import type { FastifyInstance } from 'fastify';
import type { AuthObject, StaffRecord } from '../../../domain/schemas/auth';
import { findClientById } from '../client';

/** The auth object (what cookie_auth answers) for a signed-in client: the client and its optional staff record. */
export async function loadAuthObject(
  app: Pick<FastifyInstance, 'db' | 'loadStaff'>,
  clientId: string,
): Promise<AuthObject | null> {
  const client = await findClientById(app.db, clientId);
  // An erased account has no one behind it: nobody is signed into it.
  if (!client || client.deletedAt) return null;
  const member = await app.loadStaff(clientId);
  const staff: StaffRecord | null = member
    ? {
        id: member.id,
        role: member.role,
        access: member.access,
        isCurrentStaff: member.isCurrentStaff,
        shift: member.shiftId ? { id: member.shiftId, workingNow: true } : null,
      }
    : null;
  return {
    isLogin: true,
    isVerified: client.isVerified,
    clientId: client.id,
    client: {
      id: client.id,
      phoneLocal: client.phoneLocal,
      phoneInternational: client.phoneInternational,
      firstname: client.firstname,
      lastname: client.lastname,
      email: client.email,
      staff,
    },
  };
}
