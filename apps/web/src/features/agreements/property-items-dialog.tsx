import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TAgreement, TAgreementProperty } from '@apron/core/agreements';
import { Documents } from '../../components/documents';
import { Loader } from '../../components/loader';
import { MoneyText } from '../../components/money-text';
import { Remarks } from '../../components/remarks';
import { errorMessage } from '../../lib/api-client';
import { AircraftPanel } from './aircraft-panel';
import { useAgreementPropertyDetail } from './api';
import { DepositForm } from './deposit-form';
import { InsurancesPanel } from './insurances-panel';

const TABS = ['Security Deposit', 'Insurances', 'Tenants', 'Documents', 'Remarks'] as const;

/** One property of the agreement: its deposit, insurances, tenants (aircraft), documents and remarks. */
export function PropertyItemsDialog({ agreement, property, onClose }: { agreement: TAgreement; property: TAgreementProperty; onClose: () => void }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [tab, setTab] = useState<(typeof TABS)[number]>('Security Deposit');
  const detail = useAgreementPropertyDetail(agreement._id, property.propertyId);
  const { abilities } = agreement;
  // documents and remarks hang off the link (ownerType 'agreementProperty', owner id = its `_id`)
  const canDeleteItems = abilities.editInsurance || abilities.editDeposit;
  return (
    <Dialog open onClose={onClose} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {property.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Rent <MoneyText dollars={property.rent} /> · {agreement.title}
        </Typography>
      </DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
        <Tabs value={tab} onChange={(_event, value: (typeof TABS)[number]) => setTab(value)} variant="scrollable" scrollButtons="auto" aria-label="Property details">
          {TABS.map((t) => (
            <Tab key={t} value={t} label={t} />
          ))}
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 320 }}>
        {detail.isPending && <Loader text="Loading" />}
        {detail.isError && <Typography role="alert">{errorMessage(detail.error)}</Typography>}
        {detail.data && tab === 'Security Deposit' && (
          <DepositForm key={detail.data.securityDeposit?.updatedAt ?? 'none'} agreementId={agreement._id} propertyId={property.propertyId} deposit={detail.data.securityDeposit} canEdit={abilities.editDeposit} />
        )}
        {detail.data && tab === 'Insurances' && (
          <InsurancesPanel
            agreementId={agreement._id}
            propertyId={property.propertyId}
            insurances={detail.data.insurances}
            canEdit={abilities.editInsurance}
          />
        )}
        {detail.data && tab === 'Tenants' && (
          <AircraftPanel agreementId={agreement._id} propertyId={property.propertyId} aircraft={detail.data.aircraft} canEdit={abilities.editAircraft} />
        )}
        {tab === 'Documents' && <Documents ownerType="agreementProperty" ownerId={property._id} canDelete={canDeleteItems} />}
        {tab === 'Remarks' && <Remarks ownerType="agreementProperty" ownerId={property._id} canDelete={canDeleteItems} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
