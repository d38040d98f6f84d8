import { AppError } from '../../http/errors.ts';
import { createConnectorCall, upstreamError, type ConnectorCall, type MewsConnectorOptions } from './mews-connector.ts';
import { configurationReplySchema, reservationsReplySchema, type MewsReservation } from './mews-schemas.ts';
import { memoryHotelDirectory, type HotelDirectory } from './hotel-directory.ts';
import { syncHotelDirectory } from './mews-directory-sync.ts';
import { transferWithMews } from './mews-transfer.ts';
import { addNoteWithMews, addTaskWithMews, type HotelToken } from './mews-reservation-writes.ts';
import { postFeeWithMews } from './mews-bill.ts';
import { readMewsCatalog } from './mews-catalog.ts';
import { learnReservations } from './mews-learn-reservations.ts';
import { describe, readHotel, type Hotel } from './mews-describe.ts';
import { fixedTokenSource, hotelKeyOf, type HotelTokenSource } from './hotel-token-source.ts';
import type { KnownHotel, LookupHint, Pms, PmsLookup, PmsReservation } from './pms.ts';

export { hotelKeyOf };

export interface MewsPmsOptions extends MewsConnectorOptions {
  /**
   * The hotels' access tokens (Mews "enterprise"): a fixed list, a function asked on every lookup, or a source
   * that also hands out a known hotel's token whatever its standing (server/hotels/hotel-tokens.ts): the
   * connected hotels change while the process runs.
   */
  accessTokens: readonly string[] | (() => Promise<readonly string[]>) | HotelTokenSource;
  /** Where the hotel of each reservation found is remembered; in this process's memory when not given. */
  directory?: HotelDirectory;
  /**
   * How long one lookup (every hotel asked, the reservation found read in full) may take before it answers
   * `unknown`, naming the hotels still not answering: an import answers within this plus its own work.
   */
  lookupDeadlineMs?: number;
}

/** A reservation found, with the token of the hotel that holds it (the write side needs it). */
export type Located =
  | { kind: 'found'; accessToken: string; reservation: PmsReservation }
  | { kind: 'gone' }
  | { kind: 'unknown'; why: string; hotelKeys?: readonly string[] };

/** How many hotels one lookup asks at once: quick with a thousand hotels, and each hotel is asked once. */
const LOOKUP_CONCURRENCY = 16;
/** Mews' own calls time out at 10 s; a lookup gives up a little later so an import answers within 15 s. */
const DEFAULT_LOOKUP_DEADLINE_MS = 12_000;

/**
 * One lookup's view of the hotels it asks: the call bound to its deadline, the hotels with a call out and
 * those that failed to answer, so that a lookup answering `unknown` names the hotels it is waiting for.
 */
interface LookupScope {
  call: ConnectorCall;
  asking: Map<string, number>;
  silent: Set<string>;
}

/** The hotel PMS port over the Mews Connector API (reservations/getAll/2023-06-06 and the calls it needs). */
export function createMewsPms(options: MewsPmsOptions): Pms {
  const call = createConnectorCall(options);
  const lookupDeadlineMs = options.lookupDeadlineMs ?? DEFAULT_LOOKUP_DEADLINE_MS;
  // Hotel data barely changes: one configuration/get per access token for the life of the process.
  const hotels = new Map<string, Promise<Hotel>>();
  const hotelOf = (accessToken: string) => {
    let hotel = hotels.get(accessToken);
    if (!hotel) {
      hotel = readHotel(call, accessToken);
      hotels.set(accessToken, hotel);
      // A failed read is not kept: the next lookup asks again.
      hotel.catch(() => hotels.delete(accessToken));
    }
    return hotel;
  };

  const source = options.accessTokens;
  const tokens: HotelTokenSource = 'searchable' in source ? source : fixedTokenSource(source);
  const currentTokens = () => tokens.searchable();
  const directory = options.directory ?? memoryHotelDirectory();
  const tokenWithKey = (accessTokens: readonly string[], key: string | undefined) =>
    key ? accessTokens.find((token) => hotelKeyOf(token) === key) : undefined;
  const unknown = (why: string, context: Record<string, unknown>, silent: Iterable<string> = []): Located => {
    const hotelKeys = [...silent].map(hotelKeyOf);
    options.logger?.info?.(
      { ...context, why, hotelKeys },
      'the hotel holding a reservation cannot be asked: its answer is unknown',
    );
    return { kind: 'unknown', why, hotelKeys };
  };

  /** One call of a lookup, its hotel counted as asked until it answers and as silent if it does not. */
  const asking = async <T>(scope: LookupScope, accessToken: string, work: () => Promise<T>) => {
    scope.asking.set(accessToken, (scope.asking.get(accessToken) ?? 0) + 1);
    try {
      return await work();
    } catch (error) {
      scope.silent.add(accessToken);
      throw error;
    } finally {
      const left = scope.asking.get(accessToken)! - 1;
      if (left) scope.asking.set(accessToken, left);
      else scope.asking.delete(accessToken);
    }
  };

  /** One hotel's reservations matching `filter`: the match, none (`gone` there), or no answer. */
  const askHotel = async (
    scope: LookupScope,
    accessToken: string,
    filter: Record<string, unknown>,
    matches: Matcher,
  ) => {
    try {
      const body = { ...filter, Limitation: { Count: 10 } };
      const reply = await asking(scope, accessToken, () =>
        scope.call(accessToken, 'reservations/getAll/2023-06-06', body, reservationsReplySchema),
      );
      return reply.Reservations.find(matches) ?? null;
    } catch {
      // This hotel's system failed or refused the token (already logged): what it holds is not known.
      return undefined;
    }
  };

  /** The reservation as the port promises it, its hotel remembered for the next lookup. */
  const answerFound = async (
    scope: LookupScope,
    accessToken: string,
    reservation: MewsReservation,
    remembered?: string,
  ) => {
    // Both references are remembered together, so a hotel already remembered for this one needs no write.
    if (hotelKeyOf(accessToken) !== remembered)
      await directory
        .remember([`id:${reservation.Id}`, `number:${reservation.Number}`], hotelKeyOf(accessToken))
        .catch((error: unknown) =>
          options.logger?.warn({ err: error }, 'could not remember the hotel of a reservation'),
        );
    try {
      return {
        kind: 'found',
        accessToken,
        reservation: await asking(scope, accessToken, () => describe(scope.call, accessToken, reservation, hotelOf)),
      } as const;
    } catch {
      const why = "the hotel's system failed while the reservation was read";
      return unknown(why, { reservationId: reservation.Id }, [accessToken]);
    }
  };

  /**
   * The hotel known to hold the reservation (stored with it, or remembered by the directory) is asked alone,
   * whatever its standing: its token unusable, or no answer, is `unknown`, never a search elsewhere. Otherwise
   * the hotel named by `hint` first, then the others, a bounded number at a time (one call per hotel, so no
   * hotel's rate limit is spent on it) until one has it. Where two hotels share a confirmation number, the one
   * first in that order wins, as if they were asked one by one. `gone` only when every hotel asked answered.
   */
  const findInAnyHotel = async (
    scope: LookupScope,
    filter: Record<string, unknown>,
    matches: Matcher,
    reference: string,
    known: { hint?: LookupHint; hotel?: KnownHotel },
  ): Promise<Located> => {
    const remembered = await directory.hotelOf(reference).catch(() => undefined);
    const holder = known.hotel ?? (remembered ? { hotelKey: remembered } : undefined);
    const holderToken = holder ? await tokens.ofHotel(holder) : { kind: 'not_a_known_hotel' as const };
    if (holderToken.kind === 'unusable') return unknown(holderToken.why, { reference, hotel: holder });
    if (holderToken.kind === 'usable') {
      const atHolder = await askHotel(scope, holderToken.token, filter, matches);
      if (atHolder === undefined)
        return unknown("the hotel's system did not answer", { reference, hotel: holder }, [holderToken.token]);
      if (atHolder) return answerFound(scope, holderToken.token, atHolder, remembered);
      // The hotel stored with the reservation answered that it has none: no other hotel holds it.
      if (known.hotel) return { kind: 'gone' };
    }
    const accessTokens = await currentTokens();
    const asked = holderToken.kind === 'usable' ? holderToken.token : undefined;
    const hinted = tokenWithKey(accessTokens, known.hint?.hotelKey);
    const first = hinted && hinted !== asked ? [hinted] : [];
    const order = [...first, ...accessTokens.filter((token) => token !== asked && !first.includes(token))];
    const found: (MewsReservation | null | undefined)[] = [];
    let anyFound = false;
    const ask = async (index: number) => {
      found[index] = await askHotel(scope, order[index]!, filter, matches);
      if (found[index]) anyFound = true;
    };
    let next = 0;
    while (next < first.length && !anyFound) await ask(next++);
    const askNext = async () => {
      while (next < order.length && !anyFound) await ask(next++);
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, order.length) }, askNext));
    const index = found.findIndex(Boolean);
    if (index !== -1) return answerFound(scope, order[index]!, found[index]!, remembered);
    if (found.includes(undefined)) return unknown("a hotel's system did not answer", { reference }, scope.silent);
    return { kind: 'gone' };
  };

  /**
   * A lookup bounded by the deadline: its calls are aborted then, and it answers `unknown` naming the hotels
   * still asked (and those already silent), so one slow hotel holds an import no longer than this.
   */
  const withinDeadline = async (
    reference: string,
    lookup: (scope: LookupScope) => Promise<Located>,
  ): Promise<Located> => {
    const controller = new AbortController();
    const scope: LookupScope = {
      call: (token, operation, body, schema, callOptions) =>
        call(token, operation, body, schema, { ...callOptions, signal: controller.signal }),
      asking: new Map(),
      silent: new Set(),
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<Located>((resolve) => {
      timer = setTimeout(() => {
        const late = [...scope.asking.keys(), ...scope.silent];
        resolve(unknown("the hotel's system did not answer in time", { reference }, new Set(late)));
        controller.abort();
      }, lookupDeadlineMs);
    });
    try {
      return await Promise.race([lookup(scope), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  const locate = (externalId: string, hotel?: KnownHotel) =>
    withinDeadline(`id:${externalId}`, (scope) =>
      findInAnyHotel(scope, { ReservationIds: [externalId] }, (r) => r.Id === externalId, `id:${externalId}`, {
        hotel,
      }),
    );

  /**
   * The token of the hotel holding a reservation, for a write: the hotel as stored (its standing whatever it is),
   * else the searchable hotel whose enterprise it is (a fixed list of tokens names hotels by token only).
   */
  const tokenOfHotel = async (hotel: KnownHotel): Promise<HotelToken> => {
    const known = await tokens.ofHotel(hotel);
    if (known.kind !== 'not_a_known_hotel') return known;
    for (const token of await currentTokens()) {
      const enterprise = await hotelOf(token).catch(() => null);
      if (enterprise?.enterpriseId === hotel.enterpriseId) return { kind: 'usable', token };
    }
    return { kind: 'unusable', why: 'no connected hotel holds this reservation' };
  };

  return {
    async findByConfirmationNumber(confirmationNumber, hint) {
      const number = confirmationNumber.trim();
      if (!number) return { kind: 'gone' };
      const filter = { Numbers: [number] };
      const reference = `number:${number}`;
      return portAnswer(
        await withinDeadline(reference, (scope) =>
          findInAnyHotel(scope, filter, (r) => r.Number === number, reference, { hint }),
        ),
      );
    },
    async findByExternalId(externalId, hotel) {
      if (!externalId) return { kind: 'gone' };
      return portAnswer(await locate(externalId, hotel));
    },
    transferToGuest: (externalId, guest, hotel) =>
      transferWithMews({ call, locate: (id) => locate(id, hotel) }, externalId, guest),
    postFeeToBill: (externalId, hotel, fee, done) =>
      postFeeWithMews({ call, locate: (id) => locate(id, hotel) }, externalId, fee, done),
    async readResaleCatalog(hotelKey) {
      const accessToken = tokenWithKey(await currentTokens(), hotelKey);
      if (!accessToken) throw upstreamError();
      return readMewsCatalog(call, accessToken).catch(asUpstreamError);
    },
    addReservationTask: async (hotel, task) => addTaskWithMews(call, await tokenOfHotel(hotel), task),
    addReservationNote: async (hotel, reservationId, text) =>
      addNoteWithMews(call, await tokenOfHotel(hotel), reservationId, text),
    syncDirectory: async (now, signal) =>
      syncHotelDirectory(
        { call, accessTokens: await currentTokens(), directory, hotelKeyOf, logger: options.logger },
        now,
        signal,
      ),
    async learnReservations(hotelKey, reservationIds) {
      const accessToken = tokenWithKey(await currentTokens(), hotelKey);
      if (!accessToken || !reservationIds.length) return 0;
      return learnReservations({ call, directory }, { accessToken, hotelKey }, reservationIds).catch(asUpstreamError);
    },
    async enterpriseOf(accessToken) {
      const { Enterprise: enterprise } = await call(accessToken, 'configuration/get', {}, configurationReplySchema);
      return { id: enterprise.Id, name: enterprise.Name, chainId: enterprise.ChainId ?? null };
    },
  };
}

type Matcher = (reservation: MewsReservation) => boolean;

/** The port's answer: the token the write side needs stays in the adapter. */
function portAnswer(located: Located): PmsLookup {
  return located.kind === 'found' ? { kind: 'found', reservation: located.reservation } : located;
}

/** Whatever went wrong talking to the hotel, the caller sees the one UPSTREAM_ERROR. */
function asUpstreamError(error: unknown): never {
  throw error instanceof AppError ? error : upstreamError();
}
