import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '@apron/core/dates';
import { formatMoney, toCents } from '@apron/core/money';
import { useDashboard } from './api';
import type { TComplianceCounts } from '@apron/core/agreements';

const money = (dollars: number) => formatMoney(toCents(dollars));

/** One figure; the whole card links to the grid behind it. */
function Figure({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Box component="li">
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
              {title}
            </Typography>
            {children}
          </CardContent>
        </CardActionArea>
      </Card>
    </Box>
  );
}

function Big({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

function Small({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** Agreements per insurance compliance status; each links to the report filtered by it. */
function ComplianceFigure({ counts }: { counts: TComplianceCounts }) {
  const items = [
    { status: 'Compliant', count: counts.compliant },
    { status: 'Deficient', count: counts.deficient },
    { status: 'Expiring', count: counts.expiring },
    { status: 'Expired', count: counts.expired },
  ];
  return (
    <Box component="li">
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.4 }}>
            Insurance compliance
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5 }}>
            {items.map(({ status, count }) => (
              <li key={status}>
                <Link component={RouterLink} to={`/reports?report=insurance-compliance&status=${status}`} underline="hover" color={status === 'Compliant' ? 'inherit' : 'error'}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {count}
                  </Typography>{' '}
                  {status}
                </Link>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

const within = (w: { d30: number; d60: number; d90: number }) => `${w.d30} in 30 · ${w.d60} in 60 · ${w.d90} in 90 days`;

/** The signed-in home's figures (staff: by module; tenant: their company); above the menu tiles. */
export function Dashboard() {
  const query = useDashboard();
  if (query.isLoading) return <Box sx={{ minHeight: 120 }} aria-busy="true" />;
  if (!query.data) return query.isError ? <Typography role="alert" sx={{ mb: 2 }}>The dashboard could not be loaded.</Typography> : null;
  const d = query.data;
  const t = d.tenant;
  const figures: ReactNode[] = [];
  if (t) {
    figures.push(
      <Figure key="due" title="Amount due" to="/invoices">
        <Big>{money(t.amountDue)}</Big>
        <Small>{t.overdue > 0 ? `${money(t.overdue)} overdue` : 'Nothing overdue'}</Small>
      </Figure>,
      <Box component="li" key="next">
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="overline" component="h2" color="text.secondary">
              Next invoice due
            </Typography>
            {t.nextDue ? (
              <>
                <Big>{money(t.nextDue.amountDue)}</Big>
                <Small>
                  Invoice {t.nextDue.invoiceNumber}, due {formatDate(t.nextDue.dueDate)}
                </Small>
                <Button component={RouterLink} to={`/invoices/${t.nextDue._id}`} variant="contained" size="small" sx={{ mt: 1 }}>
                  Pay
                </Button>
              </>
            ) : (
              <Small>No invoice is due.</Small>
            )}
          </CardContent>
        </Card>
      </Box>,
      <Figure key="balance" title="Account balance" to={`/companies/${t.companyId}/balances`}>
        <Big>{money(t.balance)}</Big>
      </Figure>,
      <Figure key="agreements" title="Agreements expiring" to="/agreements">
        <Big>{t.agreementsExpiring.d90}</Big>
        <Small>{within(t.agreementsExpiring)}</Small>
      </Figure>,
    );
  }
  if (d.receivables) {
    figures.push(
      <Figure key="outstanding" title="Receivables outstanding" to="/reports?report=ar-aging">
        <Big>{money(d.receivables.outstanding)}</Big>
        <Small>{d.receivables.openInvoices} open invoices</Small>
      </Figure>,
      <Figure key="overdue" title="Receivables overdue" to="/reports?report=ar-aging">
        <Big>{money(d.receivables.overdue)}</Big>
      </Figure>,
    );
  }
  if (d.collected) {
    const change = d.collected.thisMonth - d.collected.lastMonth;
    figures.push(
      <Figure key="collected" title={`Collected ${d.collected.thisMonthLabel}`} to="/reports?report=monthly-collection">
        <Big>{money(d.collected.thisMonth)}</Big>
        <Small>
          {d.collected.lastMonthLabel}: {money(d.collected.lastMonth)} ({change >= 0 ? '+' : '−'}
          {money(Math.abs(change))})
        </Small>
      </Figure>,
    );
  }
  if (d.occupancy) {
    figures.push(
      <Figure key="occupancy" title="Occupancy (leased / available)" to="/properties/listings">
        {d.occupancy.length === 0 ? (
          <Small>No properties yet.</Small>
        ) : (
          d.occupancy.map((o) => (
            <Small key={o.typeId}>
              {o.type}: {o.leased} / {o.available}
            </Small>
          ))
        )}
      </Figure>,
    );
  }
  if (d.expiring) {
    figures.push(
      <Figure key="exp-agreements" title="Agreements expiring" to="/agreements">
        <Big>{d.expiring.agreements.d30}</Big>
        <Small>{within(d.expiring.agreements)}</Small>
      </Figure>,
      <Figure key="exp-insurances" title="Insurances expiring" to="/reports?report=expiring-soon-insurance">
        <Big>{d.expiring.insurances.d30}</Big>
        <Small>{within(d.expiring.insurances)}</Small>
      </Figure>,
    );
  }
  if (d.insuranceCompliance) figures.push(<ComplianceFigure key="insurance-compliance" counts={d.insuranceCompliance} />);
  if (d.waitlistLength !== undefined) {
    figures.push(
      <Figure key="waitlist" title="Wait list" to="/waitList">
        <Big>{d.waitlistLength}</Big>
        <Small>applicants waiting</Small>
      </Figure>,
    );
  }
  if (d.openInspections !== undefined) {
    figures.push(
      <Figure key="inspections" title="Open inspections" to="/inspection">
        <Big>{d.openInspections}</Big>
      </Figure>,
    );
  }
  if (d.openWorkorders !== undefined) {
    figures.push(
      <Figure key="workorders" title="Open work orders" to="/workorder">
        <Big>{d.openWorkorders}</Big>
      </Figure>,
    );
  }
  if (figures.length === 0) return null;
  return (
    <Box component="ul" aria-label="Dashboard figures" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
      {figures}
    </Box>
  );
}
