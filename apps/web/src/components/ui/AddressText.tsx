import clsx from 'clsx';

/** The fields of a postal address, as the API gives them on an address and an order. */
export interface PostalAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postal_code: string;
  country: string;
  phone?: string | null;
}

let regions: Intl.DisplayNames | null = null;

/** A country's English name from its ISO 3166-1 alpha-2 code (the code itself if the browser does not know it). */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** An address as it goes on a parcel: name, lines, city with region and postal code, country, phone. */
export function AddressText({ address, className }: { address: PostalAddress; className?: string }) {
  const cityLine = [address.city, [address.region, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <address className={clsx('not-italic', className)}>
      <span className="block font-medium">{address.name}</span>
      <span className="block">{address.line1}</span>
      {address.line2 && <span className="block">{address.line2}</span>}
      <span className="block">{cityLine}</span>
      <span className="block">{countryName(address.country)}</span>
      {address.phone && <span className="block">{address.phone}</span>}
    </address>
  );
}
