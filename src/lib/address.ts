/**
 * The address parse result of SPEC.md section 3: address (number and street, the street as the
 * post writes it: "5th Ave"), city, state (short
 * code), zipCode and country, from a geocoder result's address components.
 */
export interface ParsedAddress {
  address: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  zipCode: string;
  country: string;
}

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export function parseAddress(components: readonly AddressComponent[]): ParsedAddress {
  const find = (type: string) => components.find((component) => component.types.includes(type));
  const street = [find("street_number")?.long_name, find("route")?.short_name].filter(Boolean).join(" ");
  return {
    address: street || find("premise")?.long_name || "",
    city:
      find("locality")?.long_name ??
      find("postal_town")?.long_name ??
      find("sublocality")?.long_name ??
      find("administrative_area_level_3")?.long_name ??
      "",
    state: find("administrative_area_level_1")?.short_name ?? "",
    zipCode: find("postal_code")?.long_name ?? "",
    country: find("country")?.short_name ?? "",
  };
}
