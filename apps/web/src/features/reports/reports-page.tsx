import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { hasModule } from '@apron/core/access';
import { isConsolidatable, REPORT_TYPES, type TPeriod, type TReportType } from '@apron/core/reports';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { useAccess } from '../../lib/session';
import { useReportPeriods } from './api';
import { useSavedReports } from './charts-api';
import { InvoiceReportView } from './invoice-report-view';
import { AgingReportView, InsuranceReportView, RentRollView } from './other-report-views';
import { ConsolidatedAgingView, ConsolidatedInvoiceView, ConsolidatedRentRollView } from './consolidated-views';
import { PeriodPicker } from './period-picker';
import { InsuranceComplianceView } from './insurance-compliance-view';
import { GASB87_REPORT_TYPES, Gasb87JournalEntriesView, Gasb87MaturityView, Gasb87RollForwardView } from './gasb87-views';

/** MUI X Charts is large: the charts tab loads it when first opened. */
const ChartsView = lazy(async () => ({ default: (await import('./charts-view')).ChartsView }));
const SavedChart = lazy(async () => ({ default: (await import('./charts-view')).SavedChart }));

const DEFAULT_REPORT = 'monthly-billing';

const SAVED_PREFIX = 'saved:';

/** "This airport" or "All airports": offered to authority-wide administrators only. */
function AirportsChoice({ all, onChange }: { all: boolean; onChange: (value: string) => void }) {
  return (
    <MuiTextField
      select
      size="small"
      label="Airports"
      value={all ? 'all' : 'airport'}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    >
      <option value="airport">This airport</option>
      <option value="all">All airports</option>
    </MuiTextField>
  );
}

function ReportsTab() {
  const [params, setParams] = useSearchParams();
  const { user } = useAccess();
  const periods = useReportPeriods();
  // The saved charts join the report types for Reports staff (spec: "plus server-defined reports").
  const saved = useSavedReports(!!user?.isInternal && hasModule(user, 'Reports'));
  const chosenKey = params.get('report') ?? DEFAULT_REPORT;
  const savedReport = chosenKey.startsWith(SAVED_PREFIX) ? saved.data?.find((r) => `${SAVED_PREFIX}${r._id}` === chosenKey) : undefined;
  const reportTypes = user?.isInternal ? REPORT_TYPES : REPORT_TYPES.filter((t) => !t.staffOnly);
  const type: TReportType = reportTypes.find((t) => t.key === chosenKey) ?? reportTypes.find((t) => t.key === DEFAULT_REPORT)!;
  // GASB 87 lease accounting is the finance office's: Reports staff and admins, never a tenant.
  const canReadGasb87 = hasModule(user, 'Reports');
  const gasb87 = canReadGasb87 ? GASB87_REPORT_TYPES.find((t) => t.key === chosenKey) : undefined;
  const [chosen, setChosen] = useState<Record<string, TPeriod>>({});
  if (periods.isLoading) return <Loader />;
  if (!periods.data) return <Box role="alert">Error Occurred</Box>;
  const data = periods.data;
  const kind = savedReport || gasb87 ? undefined : type.period;
  const defaultPeriod = kind === 'month' ? data.currentMonth : kind === 'quarter' ? data.currentQuarter : data.currentYear;
  const period = kind ? (chosen[kind] ?? defaultPeriod) : null;
  const setParam = (name: string, value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.set(name, value);
    return next;
  });
  const setType = (key: string) => setParam('report', key);
  // Authority-wide administrators may read billing, collection, aging and rent roll across airports.
  const consolidatable = !savedReport && !gasb87 && !!user?.isAuthorityAdmin && isConsolidatable(type);
  const allAirports = consolidatable && params.get('airports') === 'all';
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <MuiTextField
          select
          size="small"
          label="Report Type"
          value={savedReport || gasb87 ? chosenKey : type.key}
          onChange={(event) => setType(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          {reportTypes.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
          {canReadGasb87 && (
            <optgroup label="GASB 87 lease accounting">
              {GASB87_REPORT_TYPES.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.label}
                </option>
              ))}
            </optgroup>
          )}
          {(saved.data ?? []).length > 0 && (
            <optgroup label="Saved reports">
              {(saved.data ?? []).map((r) => (
                <option key={r._id} value={`${SAVED_PREFIX}${r._id}`}>
                  {r.label}
                </option>
              ))}
            </optgroup>
          )}
        </MuiTextField>
        {consolidatable && <AirportsChoice all={allAirports} onChange={(value) => setParam('airports', value)} />}
        {kind && period && <PeriodPicker kind={kind} periods={data} value={period} onChange={(next) => setChosen((prev) => ({ ...prev, [kind]: next }))} />}
      </Stack>
      {savedReport && (
        <Suspense fallback={<Loader />}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, maxWidth: 720 }}>
            <SavedChart report={savedReport} range={null} />
          </Box>
        </Suspense>
      )}
      {allAirports && <>
      {type.group === 'invoices' && period && type.kind && <ConsolidatedInvoiceView kind={type.kind} period={period} />}
      {type.key === 'ar-aging' && <ConsolidatedAgingView />}
      {type.key === 'rent-roll' && <ConsolidatedRentRollView />}
      </>}
      {gasb87?.key === 'gasb87-roll-forward' && <Gasb87RollForwardView periods={data} />}
      {gasb87?.key === 'gasb87-maturity' && <Gasb87MaturityView today={data.today} />}
      {gasb87?.key === 'gasb87-journal-entries' && <Gasb87JournalEntriesView periods={data} />}
      {savedReport || allAirports || gasb87 ? null : <>
      {type.group === 'invoices' && period && type.kind && <InvoiceReportView kind={type.kind} period={period} />}
      {type.key === 'expired-insurance' && <InsuranceReportView which="Expired" days={data.expiringSoonDays} />}
      {type.key === 'expiring-soon-insurance' && <InsuranceReportView which="Expiring Soon" days={data.expiringSoonDays} />}
      {type.key === 'insurance-compliance' && <InsuranceComplianceView />}
      {type.key === 'ar-aging' && <AgingReportView />}
      {type.key === 'rent-roll' && <RentRollView />}
      </>}
    </Stack>
  );
}

/** `/reports` and `/interactive`: the reports (type select, grids, exports) and the interactive charts. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useAccess();
  const tab = params.get('tab') === 'charts' ? 'charts' : 'reports';
  const setTab = (value: string) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.set('tab', value);
    return next;
  });
  return (
    <Box>
      <PageHeader title="Reports" />
      <Tabs value={tab} onChange={(_, value: string) => setTab(value)} sx={{ mb: 2 }} aria-label="Reports views">
        <Tab value="reports" label="Reports" />
        {user?.isInternal && <Tab value="charts" label="Interactive Reports" />}
      </Tabs>
      {tab === 'charts' && user?.isInternal ? (
        <Suspense fallback={<Loader />}>
          <ChartsView />
        </Suspense>
      ) : (
        <ReportsTab />
      )}
    </Box>
  );
}
