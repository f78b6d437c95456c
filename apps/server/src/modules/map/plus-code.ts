/** Open Location Code ("plus code") of a point: works offline, the fallback three-word address. */
import { OpenLocationCode } from 'open-location-code';

const codes = new OpenLocationCode();

/** The 10-digit code (about 14 × 14 m), e.g. `86HJV96M+W8`. */
export function plusCode(lat: number, lng: number): string {
  return codes.encode(lat, lng);
}
