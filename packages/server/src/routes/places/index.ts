import { messages, type components } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';

interface PlacesAnswer {
  places?: {
    id?: string;
    displayName?: { text?: string };
    formattedAddress?: string;
    nationalPhoneNumber?: string;
    types?: string[];
  }[];
}

/** The client shows the first 5 suggestions (docs/product.md#business-constants). */
const MAX_RESULTS = 5;

/** Establishment search: answers REQUEST_DENIED until a places API key is configured. */
export async function placesRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/google-places/search', 'get'>>(
    '/api/google-places/search',
    async (request) => {
      const key = app.config.placesApiKey;
      if (key === undefined) {
        throw serviceUnavailable(messages.establishmentSearch.notConfigured, 'REQUEST_DENIED');
      }
      let answer: PlacesAnswer;
      try {
        const response = await fetch(app.config.placesApiUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-goog-api-key': key,
            'x-goog-fieldmask':
              'places.id,places.displayName,places.formattedAddress,places.nationalPhoneNumber,places.types',
          },
          body: JSON.stringify({
            textQuery: request.query.query,
            languageCode: 'fr',
            pageSize: MAX_RESULTS,
          }),
          signal: AbortSignal.timeout(5000),
        });
        if (response.status === 401 || response.status === 403) {
          throw serviceUnavailable(messages.establishmentSearch.notConfigured, 'REQUEST_DENIED');
        }
        if (!response.ok) throw new Error(`places answered ${response.status}`);
        answer = (await response.json()) as PlacesAnswer;
      } catch (error) {
        if (error instanceof Error && 'statusCode' in error) throw error;
        request.log.warn({ err: error }, 'places search failed');
        throw serviceUnavailable(messages.http[503]);
      }
      const establishments: components['schemas']['Establishment'][] = (answer.places ?? [])
        .filter((place) => typeof place.id === 'string')
        .slice(0, MAX_RESULTS)
        .map((place) => ({
          id: place.id ?? '',
          name: place.displayName?.text ?? '',
          address: place.formattedAddress ?? '',
          phone: place.nationalPhoneNumber ?? null,
          types: place.types ?? [],
        }));
      return { establishments };
    },
  );
}
