import { z } from 'zod';

/** The default address search service: OpenStreetMap Nominatim (GEOCODER_URL replaces it). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

/** The text people read when the address search service cannot answer. */
export const GEOCODER_UNAVAILABLE_MESSAGE = 'Address search is unavailable right now. You can still place the pin on the map.';

/** `GET /api/Geocode?q=`: an address or place name, 2–200 characters after trimming. */
export const ZGeocodeQuery = z.object({
  q: z
    .string({ error: 'Type at least 2 characters' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(200, 'Use at most 200 characters'),
});
export type TGeocodeQuery = z.infer<typeof ZGeocodeQuery>;

/** One place found by the address search. */
export const ZGeocodeResult = z.object({
  label: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;
