import { Alert, Button, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { type BulkProductsResult, PRODUCT_CSV_COLUMNS, productCsvTemplate } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { saveTextFile } from '#lib/save-file.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { useImportProducts } from '../api/bulk-products.ts';
import { readImportFile } from '../model/import-file.ts';
import { ImportSummary } from './import-summary.tsx';

const plural = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** Nothing is written until a dry run of the same file came back clean. */
function canImport(result: BulkProductsResult | null): result is BulkProductsResult {
  return (
    result !== null && !result.is_written && result.errors.length === 0 && result.created + result.updated > 0
  );
}

function ImportFlow(props: { onClose: () => void }) {
  const run = useImportProducts();
  const [fileName, setFileName] = useState<string | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BulkProductsResult | null>(null);
  const [isReading, setIsReading] = useState(false);

  const send = (text: string, isDryRun: boolean) => {
    setProblem(null);
    run.mutate(
      { csv: text, isDryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.is_written) showSuccessToast(`${plural(answer.created + answer.updated)} imported`);
        },
        onError: (error) => {
          // A refusal of the file itself (too large, empty); other failures were toasted already.
          if (error instanceof ApiError && error.status !== 0) setProblem(error.message);
        },
      },
    );
  };

  const onPick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCsv(null);
    setResult(null);
    setProblem(null);
    setIsReading(true);
    const read = await readImportFile(file).finally(() => setIsReading(false));
    if (!read.ok) return setProblem(read.message);
    setCsv(read.csv);
    send(read.csv, true);
  };

  const isWritten = result?.is_written === true;
  const isChecking = isReading || (run.isPending && run.variables.isDryRun);
  const isImporting = run.isPending && !run.variables.isDryRun;

  return (
    <Stack gap="md">
      <Text size="sm">
        Choose a CSV file with a header row. Rows whose SKU you already use update that product; the others
        are added. Brands, suppliers, categories and units are matched by name and created when new. We check
        the whole file first and import nothing until it is clean.
      </Text>
      <Text size="xs" c="dimmed">
        Columns: <Code>{PRODUCT_CSV_COLUMNS.join(', ')}</Code>. Prices are in dollars. Units may be named by
        name or abbreviation. Export CSV gives a file in this format.
      </Text>
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() =>
            saveTextFile({
              text: productCsvTemplate(),
              filename: 'products-template.csv',
              type: 'text/csv;charset=utf-8',
            })
          }
        >
          Download template
        </Button>
      </Group>
      <Dropzone
        onDrop={(files) => void onPick(files[0])}
        // A refused file is still read, so that readImportFile says why in the words it uses for any file.
        onReject={(rejections) => void onPick(rejections[0]?.file)}
        accept={{ 'text/csv': ['.csv'] }}
        multiple={false}
        disabled={run.isPending || isReading}
        inputProps={{ 'aria-label': 'CSV file' }}
        // react-dropzone makes the area focusable (Enter or Space opens the picker) as a "presentation";
        // to a screen reader it is a button.
        role="button"
        aria-label="Choose the file to import"
      >
        <Stack gap={4} align="center" py="md" style={{ pointerEvents: 'none' }}>
          <Text fw={500}>
            {fileName
              ? 'Drop another CSV file here, or click to choose one'
              : 'Drop a CSV file here, or click to choose one'}
          </Text>
          {fileName && <Text size="sm">{fileName}</Text>}
        </Stack>
      </Dropzone>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {isChecking && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Checking the file…</Text>
        </Group>
      )}
      {result && !isChecking && <ImportSummary result={result} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose} disabled={isImporting}>
          {isWritten ? 'Done' : 'Cancel'}
        </Button>
        {!isWritten && (
          <Button
            onClick={() => csv && send(csv, false)}
            disabled={!canImport(result) || isChecking}
            loading={isImporting}
          >
            {canImport(result) ? `Import ${plural(result.created + result.updated)}` : 'Import'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** CSV import: choose a file, see what a dry run of it would do, then import it. */
export function ImportProductsModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Import products" size="lg" centered>
      {/* Mounted only while open, so each import starts afresh. */}
      {props.opened && <ImportFlow onClose={props.onClose} />}
    </Modal>
  );
}
