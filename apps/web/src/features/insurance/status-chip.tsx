import Chip from '@mui/material/Chip';
import type { TApprovalStatus, TComplianceStatus } from './api';

const STATUS_COLOR: Record<TComplianceStatus, 'success' | 'warning' | 'error'> = {
  Compliant: 'success',
  Expiring: 'warning',
  Deficient: 'error',
  Expired: 'error',
};

/** The agreement's compliance: colour and the word (the colour is never the only signal). */
export function ComplianceChip({ status }: { status: TComplianceStatus }) {
  return <Chip label={status} color={STATUS_COLOR[status]} variant={status === 'Expired' ? 'outlined' : 'filled'} />;
}

const APPROVAL_TEXT: Record<TApprovalStatus, string> = { Pending: 'Pending approval', Approved: 'Approved', Rejected: 'Rejected' };
const APPROVAL_COLOR: Record<TApprovalStatus, 'default' | 'success' | 'error'> = { Pending: 'default', Approved: 'success', Rejected: 'error' };

export function ApprovalChip({ status }: { status: TApprovalStatus }) {
  return <Chip size="small" label={APPROVAL_TEXT[status]} color={APPROVAL_COLOR[status]} />;
}
