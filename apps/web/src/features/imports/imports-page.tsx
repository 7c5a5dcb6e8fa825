import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { IMPORT_MAX_BYTES, type ImportKindName } from '@apron/core/imports';
import { FileUpload } from '../../components/file-upload';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useCommitImport } from './api/batches';
import { useDryRun } from './api/dry-run';
import type { TImportMapping } from './api/types';
import { ColumnMapping } from './column-mapping';
import { CommitProgress } from './commit-progress';
import { DryRunResult } from './dry-run-result';
import { ImportHistory } from './import-history';
import { importColumnsOf } from './import-columns';
import { KindStep } from './kind-step';

/** The files the import reads (the server sniffs the content; the name only narrows the picker). */
const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);
/** The page's address of a batch whose commit (or outcome) is shown: it survives leaving and coming back. */
const BATCH_PARAM = 'batch';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = `import-step-${number}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1.5 }}>
        {number}. {title}
      </Typography>
      {children}
    </Paper>
  );
}

const sameMapping = (a: TImportMapping, b: TImportMapping) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** Steps 1 to 4: kind, file, mapping, dry run and Commit. Nothing is written before Commit. */
function ImportSteps({ onCommitted }: { onCommitted: (batchId: string) => void }) {
  const [kind, setKind] = useState<ImportKindName | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<TImportMapping>({});
  const dryRun = useDryRun();
  const commit = useCommitImport();
  const notify = useNotify();
  const preview = dryRun.data;
  const columns = kind ? importColumnsOf(kind, preview?.mapping) : [];
  const isMappingChanged = !!preview && !sameMapping(mapping, preview.mapping);

  const check = (input: { kind: ImportKindName; file: File; mapping?: TImportMapping }) => {
    dryRun.mutate(input, { onSuccess: (answer) => setMapping(answer.mapping) });
  };
  const chooseKind = (next: ImportKindName) => {
    setKind(next);
    setFile(null);
    setMapping({});
    dryRun.reset();
  };
  const chooseFile = (next: File) => {
    if (!kind) return;
    setFile(next);
    // First run without a mapping: the server guesses it (or starts from the one saved for the kind).
    check({ kind, file: next });
  };
  const commitPreview = async () => {
    if (!preview) return;
    try {
      await commit.mutateAsync(preview.batchId);
      onCommitted(preview.batchId);
    } catch (failure) {
      notify.error(failure);
    }
  };

  return (
    <Stack spacing={2}>
      <Step number={1} title="Choose what to import">
        <KindStep kind={kind} onKind={chooseKind} disabled={dryRun.isPending} />
      </Step>
      {kind && (
        <Step number={2} title="Upload the file">
          <FileUpload
            label="Choose a file"
            dropHint={`or drop it here. CSV or Excel (.xlsx), up to ${MAX_MB} MB.`}
            accept={IMPORT_ACCEPT}
            maxBytes={IMPORT_MAX_BYTES}
            tooLargeMessage={`The file is larger than ${MAX_MB} MB: split it into smaller files.`}
            disabled={dryRun.isPending}
            onFile={chooseFile}
          />
          {file && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              File: {file.name}
            </Typography>
          )}
        </Step>
      )}
      {dryRun.isPending && !preview && <Loader text="Checking the file" />}
      {dryRun.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(dryRun.error)}
        </Alert>
      )}
      {kind && file && preview && (
        <>
          <Step number={3} title="Match the columns">
            <ColumnMapping
              columns={columns}
              headers={preview.headers}
              mapping={mapping}
              onChange={setMapping}
              onCheck={() => check({ kind, file, mapping })}
              isChanged={isMappingChanged}
              isChecking={dryRun.isPending}
            />
          </Step>
          <Step number={4} title="Check and import">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Nothing has been written yet: this is what the file would do.
            </Typography>
            <DryRunResult preview={preview} columns={columns} isMappingChanged={isMappingChanged} isCommitting={commit.isPending} onCommit={commitPreview} />
          </Step>
        </>
      )}
    </Stack>
  );
}

/**
 * `/settings/import` (Settings admins): bring an airport's records in from a spreadsheet. The steps
 * stack on a phone; a committed batch's progress has its own address (`?batch=`), so the run can be
 * left and reopened, from the history too.
 */
export function ImportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const batchId = searchParams.get(BATCH_PARAM);
  const openBatch = useCallback((id: string) => setSearchParams({ [BATCH_PARAM]: id }), [setSearchParams]);

  return (
    <>
      <PageHeader title="Import" backTo="/settings" subtitle="Bring records in from a spreadsheet or your old system's export: one kind of record per file." />
      <Stack spacing={2}>
        {batchId ? (
          <Paper variant="outlined" component="section" aria-labelledby="import-run-heading" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h6" component="h2" id="import-run-heading" sx={{ mb: 1.5 }}>
              Import
            </Typography>
            <CommitProgress key={batchId} batchId={batchId} />
            <Button sx={{ mt: 2 }} onClick={() => setSearchParams({})}>
              Import another file
            </Button>
          </Paper>
        ) : (
          <ImportSteps onCommitted={openBatch} />
        )}
        <ImportHistory onOpenBatch={openBatch} />
      </Stack>
    </>
  );
}
