import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only failures that may pass on their own; a 4xx answers the same every time.
  const isTransient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
  return isTransient && failureCount < 2;
}

/**
 * The one cache of server data. A module rather than a root provider prop so that sign-in and
 * sign-out can empty it, and so that /sign-in, which needs no cache, loads none of this.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: shouldRetry, staleTime: 30_000 } },
});
