import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '#lib/query-client.ts';

// Lazily loaded screens are transformed on first use, which takes a while when every test file
// of the monorepo runs at once; the defaults (1 s to find, 5 s per test) then fail for no reason.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lacks these browser APIs; Mantine reads them (colour scheme, ScrollArea, Select).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

window.HTMLElement.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; without this they would carry over into the next test.
  notifications.clean();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  // Test files share one jsdom (isolate: false): a screen that navigated must not leave the next
  // file's requests reporting its address (X-Page-Path) or starting from its route.
  window.history.replaceState(null, '', '/');
});
