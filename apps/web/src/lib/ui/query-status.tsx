import { Alert, Button, Loader } from '@mantine/core';

type RetryableQuery = { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };

/** What stands in for a query's data: a loader while it loads, and its failure with a retry. */
export function QueryStatus(props: { query: RetryableQuery; loadingLabel: string; errorTitle: string }) {
  const { query } = props;
  return (
    <>
      {query.isPending && <Loader role="status" aria-label={props.loadingLabel} />}
      {query.isError && (
        <Alert color="red" variant="light" title={props.errorTitle}>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
    </>
  );
}
