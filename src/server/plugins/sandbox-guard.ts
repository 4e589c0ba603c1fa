import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ErrorType } from '../../domain/errors';
import { requestAuthError } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Guard of the sandbox's control routes (dev outbox, emulator controls, simulated transfers).
     * Outside production it lets everyone through, as the sandbox is a development tool; on a
     * production staging site (ALLOW_SANDBOX_IN_PRODUCTION) only a current staff member with CEO
     * access passes, because those routes hand out sign-in codes and put money into wallets.
     */
    requireSandboxOperator: (request: FastifyRequest) => Promise<void>;
  }
}

export const sandboxGuardPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('requireSandboxOperator', async (request: FastifyRequest) => {
    if (!app.config.sandboxRestricted) return;
    if (!request.auth) throw requestAuthError(request);
    const member = await app.loadStaff(request.auth.clientId);
    if (!member?.isCurrentStaff || !member.access.includes('CEO')) {
      throw new AppError('You do not have permission to view this page.', {
        status: 403,
        type: ErrorType.Forbidden,
        additionalInfo: { reason: 'SandboxOperatorOnly' },
      });
    }
  });
});
