// What a request's log line keeps of it. A mobile number in an address (a sign-in form sent before
// its script ran: `/login?mobileNumber=…`) is personal data and stays out of the logs.

/** Query parameters whose values are never logged. */
const PRIVATE_PARAMS = ['mobileNumber', 'phoneNumber'];

/** The address with the values of private query parameters replaced by `[redacted]`. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  if (!PRIVATE_PARAMS.some((name) => params.has(name))) return url;
  for (const name of PRIVATE_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, mark)}?${params.toString()}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | undefined;
};

/** Fastify's request log fields (method, address, host, remote address and port), the address cleaned. */
export function requestLogFields(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
