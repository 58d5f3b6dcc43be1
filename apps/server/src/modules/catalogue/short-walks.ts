// Process-local memory of which way a search's first page is found: a hint for speed only (either
// way answers the same rows), so a second API process without it is merely slower once.

/**
 * First pages of searches whose walk came back short, for a while: the same search of the same
 * merchant goes straight to the trigram index next time, rather than walking again to the same
 * end. Only which way the page is found; both ways give the same rows.
 */
export const shortWalks = (() => {
  const KEPT = 1_000;
  const FOR_MS = 10 * 60_000;
  const seenAt = new Map<string, number>();
  return {
    isRemembered(key: string) {
      const at = seenAt.get(key);
      if (at === undefined) return false;
      if (Date.now() - at < FOR_MS) return true;
      seenAt.delete(key);
      return false;
    },
    remember(key: string) {
      // A Map keeps insertion order: the oldest goes first.
      if (seenAt.size >= KEPT) seenAt.delete(seenAt.keys().next().value!);
      seenAt.set(key, Date.now());
    },
  };
})();
