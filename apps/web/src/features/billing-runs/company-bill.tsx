import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TBillingChangeKind, TBillingCompany } from '@apron/core/invoices';
import { DateText } from '../../components/date-text';
import { MoneyText } from '../../components/money-text';

const CHANGE_LABELS: Record<TBillingChangeKind, string> = { new: 'New lease', ended: 'Ended lease', escalated: 'Rent up' };
const CHANGE_COLORS: Record<TBillingChangeKind, 'success' | 'default' | 'warning'> = { new: 'success', ended: 'default', escalated: 'warning' };

/** The chips of a company's changes from the last period (one per kind, with a count when several). */
function ChangeChips({ company }: { company: TBillingCompany }) {
  const kinds = [...new Set(company.changes.map((c) => c.kind))];
  return (
    <>
      {company.held && <Chip size="small" color="error" label="Held" />}
      {kinds.map((kind) => {
        const count = company.changes.filter((c) => c.kind === kind).length;
        return <Chip key={kind} size="small" color={CHANGE_COLORS[kind]} variant="outlined" label={count > 1 ? `${CHANGE_LABELS[kind]} x${count}` : CHANGE_LABELS[kind]} />;
      })}
    </>
  );
}

/**
 * One company of the preview: its total against last period's and the change chips in the
 * summary (the accordion's own h3, under the page's Companies h2); the lines, what changed and
 * the hold (with its reason) inside, with Hold / Release.
 */
export function CompanyBill(props: { company: TBillingCompany; canHold: boolean; onHold: () => void; onRelease: () => void }) {
  const { company, canHold, onHold, onRelease } = props;
  const summaryId = `bill-${company.companyId}`;
  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId} aria-controls={`${summaryId}-details`}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { sm: 'center' }, pr: 1 }}>
          <Typography component="span" sx={{ fontWeight: 600, flex: 1, overflowWrap: 'anywhere' }}>
            {company.companyName}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <ChangeChips company={company} />
          </Stack>
          <Typography variant="body2" sx={{ minWidth: 200, textAlign: { sm: 'right' } }}>
            <MoneyText dollars={company.total} /> <Box component="span" sx={{ color: 'text.secondary' }}>(last period <MoneyText dollars={company.lastPeriodTotal} />)</Box>
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-details`}>
        <Stack spacing={2}>
          {company.held && (
            <Alert severity="warning">
              Held by {company.held.by ?? 'staff'} on <DateText value={company.held.at} withTime />: {company.held.reason}
            </Alert>
          )}
          {company.lines.length === 0 ? (
            <Typography color="text.secondary">Nothing to bill this period.</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={`Lines of ${company.companyName}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Agreement</TableCell>
                    <TableCell>Property</TableCell>
                    <TableCell>Description</TableCell>
                    <TableCell align="right">Amount</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {company.lines.map((line, index) => (
                    <TableRow key={`${line.agreementNum}-${index}`}>
                      <TableCell>{line.agreementNum}</TableCell>
                      <TableCell>{line.propertyName}</TableCell>
                      <TableCell>{line.description}</TableCell>
                      <TableCell align="right">
                        <MoneyText dollars={line.amount} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {company.changes.length > 0 && (
            <Box component="ul" aria-label={`Changes for ${company.companyName}`} sx={{ m: 0, pl: 3 }}>
              {company.changes.map((change, index) => (
                <li key={`${change.kind}-${change.agreementNum}-${index}`}>
                  <Typography variant="body2">
                    {CHANGE_LABELS[change.kind]}: {change.agreementNum} {change.propertyName} - {change.detail}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          {canHold && (
            <Box>
              {company.held ? (
                <Button variant="outlined" onClick={onRelease}>
                  Release {company.companyName}
                </Button>
              ) : (
                <Button variant="outlined" color="warning" onClick={onHold} disabled={company.lines.length === 0}>
                  Hold {company.companyName}
                </Button>
              )}
            </Box>
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
