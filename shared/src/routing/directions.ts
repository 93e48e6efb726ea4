/**
 * A directions link to a place (SPEC §2 header: "directions links that open a maps service with the place
 * address"). The destination is the place's name and address as text, so the maps service finds it even
 * where coordinates are coarse; it needs no API key (SPEC decisions: nothing breaks without one).
 */
export function directionsUrl(place: { name?: string; address: string }): string {
  const destination = [place.name, place.address].filter((s) => s && s.trim()).join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
