/**
 * The number to show under a client's name, or null when the name is the number already (a client
 * without a name is shown by their number: once).
 */
export const phoneUnderName = (client: { clientName: string; clientPhone: string }) =>
  client.clientPhone === client.clientName ? null : client.clientPhone;
