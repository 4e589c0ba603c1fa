import type { FastifyPluginAsync } from 'fastify';

/** The Paystack emulator served under /sandbox in sandbox mode (see DESIGN: integrations). */
export const paystackEmulator: FastifyPluginAsync = async () => {};
