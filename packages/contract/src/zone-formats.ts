/**
 * `make(timeZone)`, made once per zone and kept: making an Intl.DateTimeFormat costs about as much
 * as a hundred uses of it, and placing an order asks for several dates.
 */
export function perZone(
  make: (timeZone: string) => Intl.DateTimeFormat,
): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = made.get(timeZone);
    // Throws RangeError for a zone the runtime does not know, which is what a caller should see.
    if (!format) made.set(timeZone, (format = make(timeZone)));
    return format;
  };
}
