import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useParams, useSearchParams } from 'react-router';
import { isModuleAdmin } from '@apron/core/access';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import { BILLING_PREVIEW_PAGE_SIZES, type TBillingPreview } from '@apron/core/invoices';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateText } from '../../components/date-text';
import { Loader } from '../../components/loader';
import { MoneyText } from '../../components/money-text';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { useReleaseHold } from './api/billing-holds';
import { useBillingPreview } from './api/billing-preview';
import { useStartBillingRun } from './api/billing-run';
import { CompanyBill } from './company-bill';
import { HoldDialog, type THoldTarget } from './hold-dialog';
import { RunProgress } from './run-progress';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Totals({ preview }: { preview: TBillingPreview }) {
  const items: Array<[string, number]> = [
    ['To bill', preview.total],
    ['Last period', preview.lastPeriodTotal],
    ['Held', preview.heldTotal],
  ];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} component="dl" aria-label="Totals" sx={{ m: 0 }}>
      {items.map(([label, dollars]) => (
        <Stack key={label} spacing={0}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            <MoneyText dollars={dollars} />
          </Typography>
        </Stack>
      ))}
      <Stack spacing={0}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Companies billed
        </Typography>
        <Typography component="dd" variant="h6" sx={{ m: 0 }}>
          {preview.billedCompanyCount} of {preview.companyCount}
        </Typography>
      </Stack>
    </Stack>
  );
}

/**
 * `/invoices/cycles/:cycleId/preview?period=&run=` (issue 24): what the cycle's run will bill for a
 * period - per company the lines, total, last period's and the changes - computed by the server with
 * the run's own planning. Invoices admins hold a company (reason required) or release it, and run
 * the period now: a confirmation with the count and total, then the run's progress bar, whose id is
 * kept in the address so a reload follows the same run.
 */
export function BillingPreviewPage() {
  const { cycleId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const period = search.get('period') ?? '';
  const runId = search.get('run');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(10);
  const preview = useBillingPreview({ cycleId, period, page, pageSize });
  const { user } = useAccess();
  const canAct = isModuleAdmin(user, 'Invoices');
  const notify = useNotify();
  const release = useReleaseHold(cycleId);
  const startRun = useStartBillingRun(cycleId);
  // One Idempotency-Key per cycle period for this page: a double click, or a retry after a network
  // failure, names the same run. The ref drops a second click at once (state would show it a render late).
  const runKeys = useRef(new Map<string, string>());
  const starting = useRef(false);
  const [isStarting, setStarting] = useState(false);
  const [holding, setHolding] = useState<THoldTarget | null>(null);
  const [confirmingRun, setConfirmingRun] = useState(false);
  const [releasing, setReleasing] = useState<THoldTarget | null>(null);

  const setParam = (name: 'period' | 'run', value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'period') {
      // Another period: the run followed so far was of the last one; this one may be run in turn.
      next.delete('run');
      starting.current = false;
    }
    setSearch(next, { replace: name === 'period' });
  };

  if (preview.isPending) return <Loader text="Loading the preview" asHeading />;
  if (preview.isError || !preview.data) {
    return (
      <>
        <PageHeader title="Billing run preview" backTo="/invoices/cycles" />
        <Alert severity="error">{errorMessage(preview.error)}</Alert>
      </>
    );
  }
  const data = preview.data;
  const periodLabel = `${formatDate(data.period.from)} - ${formatDate(data.period.to)}`;

  const run = async () => {
    if (starting.current) return;
    starting.current = true;
    setStarting(true);
    const key = runKeys.current.get(data.period.from) ?? newIdempotencyKey();
    runKeys.current.set(data.period.from, key);
    try {
      const { runId: started } = await startRun.mutateAsync({ period: data.period.from, idempotencyKey: key });
      // Started: the page follows the run (Run now is gone); a late second click sends nothing.
      setParam('run', started);
    } catch (error) {
      notify.failure(errorMessage(error));
      starting.current = false;
    } finally {
      setStarting(false);
      setConfirmingRun(false);
    }
  };

  const confirmRelease = () => {
    if (!releasing) return;
    release.mutate(
      { companyId: releasing.companyId, period: data.period.from },
      {
        onSuccess: () => notify.success(`${releasing.companyName} is released for ${periodLabel}`),
        onError: (error) => notify.failure(errorMessage(error)),
        onSettled: () => setReleasing(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Billing run preview"
        subtitle={`${data.cycleName}: ${periodLabel}`}
        backTo="/invoices/cycles"
        actions={
          canAct && !runId ? (
            <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => setConfirmingRun(true)} disabled={data.invoiceCount === 0 || isStarting}>
              Run now
            </Button>
          ) : undefined
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                type="date"
                size="small"
                label="Period (any date in it)"
                value={period || data.period.from}
                onChange={(event) => {
                  setPage(1);
                  setParam('period', event.target.value);
                }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Typography>
                Period {periodLabel}, scheduled for <DateText value={data.scheduledFor} />
              </Typography>
            </Stack>
            {data.alreadyRun && <Alert severity="info">This period has been run: what is listed is what is left to bill (held companies, leases added since).</Alert>}
            <Totals preview={data} />
          </Stack>
        </Paper>
        {runId && (
          <Paper variant="outlined" sx={{ p: 2 }} aria-label="Run progress" component="section">
            <RunProgress cycleId={cycleId} runId={runId} />
          </Paper>
        )}
        <Typography variant="h6" component="h2">
          Companies
        </Typography>
        {data.companyCount === 0 ? (
          <Typography color="text.secondary">Nothing to bill for this period.</Typography>
        ) : (
          <Stack spacing={1}>
            {data.companies.map((company) => (
              <CompanyBill
                key={company.companyId}
                company={company}
                canHold={canAct}
                onHold={() => setHolding({ companyId: company.companyId, companyName: company.companyName })}
                onRelease={() => setReleasing({ companyId: company.companyId, companyName: company.companyName })}
              />
            ))}
            <TablePagination
              component="div"
              count={data.companyCount}
              page={page - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...BILLING_PREVIEW_PAGE_SIZES]}
              onPageChange={(_event, next) => setPage(next + 1)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(1);
              }}
              labelRowsPerPage="Companies per page"
            />
          </Stack>
        )}
      </Stack>
      {holding && <HoldDialog cycleId={cycleId} period={{ from: data.period.from, to: data.period.to, label: periodLabel }} target={holding} onClose={() => setHolding(null)} />}
      <ConfirmDialog
        open={confirmingRun}
        title={`Run ${data.cycleName} now?`}
        message={`Bill ${plural(data.billedCompanyCount, 'company', 'companies')} ${formatMoney(toCents(data.total))} (${plural(data.invoiceCount, 'invoice', 'invoices')}) for ${periodLabel} now. Held companies are skipped.`}
        confirmLabel="Run now"
        busy={isStarting}
        onConfirm={() => void run()}
        onCancel={() => setConfirmingRun(false)}
      />
      <ConfirmDialog
        open={!!releasing}
        title={`Release ${releasing?.companyName ?? ''}?`}
        message={`The run for ${periodLabel} will bill ${releasing?.companyName ?? 'this company'} again.`}
        confirmLabel="Release"
        busy={release.isPending}
        onConfirm={confirmRelease}
        onCancel={() => setReleasing(null)}
      />
    </>
  );
}
