/**
 * A request's URL as it may be logged: the value of every query parameter that carries a secret is replaced. The
 * hotel's system (Mews) can only authenticate its webhook calls with `?Token=` in the URL, so without this the
 * webhook secret would be written to the request log on every call.
 */
const SECRET_PARAMETERS = /([?&](?:token|access_token|code)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_PARAMETERS, '$1[redacted]');
}
