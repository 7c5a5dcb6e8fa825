import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useParams } from 'react-router';
import { hasModule } from '@apron/core/access';
import { INVOICE_MESSAGES, type TInvoice, type TLineItem } from '@apron/core/invoices';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loader } from '../../components/loader';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { SendNoticeButton } from '../../components/send-notice-button';
import { ApiError, isApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { useAccess } from '../../lib/session';
import { invoicePdfUrl, useCancelInvoice, useInvoice, useRemoveLine } from './api';
import { CommentsDialog, EmailDialog, LineItemDialog } from './invoice-dialogs';
import { InvoiceHeader, LineItemsTable } from './invoice-view';

/** What the payments part of the page gets (composed in app/: features do not import each other). */
export interface TInvoicePaymentsSlot {
  invoice: TInvoice;
  selectedLineIds: string[];
  clearSelection: () => void;
}

export type TRenderPayments = (slot: TInvoicePaymentsSlot) => ReactNode;
export type TRenderPaidCell = (line: TLineItem) => ReactNode;

type TDialog = { kind: 'line'; line: TLineItem | null } | { kind: 'remove'; line: TLineItem } | { kind: 'cancel' } | { kind: 'comments' } | { kind: 'email' } | null;

function InvoiceDetail(props: { invoice: TInvoice; renderPayments?: TRenderPayments; renderPaidCell?: TRenderPaidCell }) {
  const { invoice, renderPayments, renderPaidCell } = props;
  const notify = useNotify();
  const { user } = useAccess();
  const { abilities } = invoice;
  const [dialog, setDialog] = useState<TDialog>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const remove = useRemoveLine(invoice._id);
  const cancel = useCancelInvoice(invoice._id);
  // only lines still unpaid on the latest invoice count as selected
  const unpaidIds = new Set(invoice.lineItems.filter((l) => !l.isPaid).map((l) => l._id));
  const selected = new Set([...picked].filter((id) => unpaidIds.has(id)));
  const canPay = abilities.payOnline || abilities.manualPayment;
  const close = () => setDialog(null);

  const lineActions = abilities.editLines
    ? (line: TLineItem) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${line.name}`} onClick={() => setDialog({ kind: 'line', line })}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Remove">
            <IconButton size="small" aria-label={`Remove ${line.name}`} onClick={() => setDialog({ kind: 'remove', line })}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )
    : undefined;

  return (
    <>
      <PageHeader
        title={`Invoice #${invoice.invoiceNumber}: ${invoice.name}`}
        backTo={user?.isInternal ? '/invoices' : `/companies/${encodeURIComponent(invoice.tenantId)}/invoices`}
        actions={
          <>
            {abilities.comment && (
              <Button variant="outlined" onClick={() => setDialog({ kind: 'comments' })}>
                Comments
              </Button>
            )}
            {abilities.email && (
              <Button variant="outlined" onClick={() => setDialog({ kind: 'email' })}>
                Email
              </Button>
            )}
            <Button variant="outlined" component="a" href={invoicePdfUrl(invoice._id)} target="_blank" rel="noopener">
              PDF
            </Button>
            {/* notices are staff messages (PRODUCT-RULES 18: shares need the module); tenants have Email */}
            {hasModule(user, 'Invoices') && <SendNoticeButton module="Invoices" recordId={invoice._id} />}
            {user?.isInternal && abilities.comment && (
              <Tooltip title={invoice.status === 'Cancelled' ? 'The invoice is cancelled' : abilities.cancel ? '' : INVOICE_MESSAGES.cancelPaid}>
                <span>
                  <Button variant="outlined" color="error" disabled={!abilities.cancel} onClick={() => setDialog({ kind: 'cancel' })}>
                    Cancel Invoice
                  </Button>
                </span>
              </Tooltip>
            )}
          </>
        }
      />
      <InvoiceHeader invoice={invoice} />
      <Stack direction="row" sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Line Items
        </Typography>
        {abilities.addLine && (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setDialog({ kind: 'line', line: null })}>
            Invoice Items
          </Button>
        )}
      </Stack>
      <LineItemsTable
        invoice={invoice}
        selected={canPay ? selected : undefined}
        onToggle={(lineId, checked) =>
          setPicked((prev) => {
            const next = new Set(prev);
            if (checked) next.add(lineId);
            else next.delete(lineId);
            return next;
          })
        }
        onToggleAll={(checked) => setPicked(checked ? new Set(unpaidIds) : new Set())}
        lineActions={lineActions}
        paidCell={renderPaidCell}
      />
      {renderPayments?.({ invoice, selectedLineIds: [...selected], clearSelection: () => setPicked(new Set()) })}

      {dialog?.kind === 'line' && <LineItemDialog open invoiceId={invoice._id} line={dialog.line} onClose={close} />}
      {dialog?.kind === 'comments' && <CommentsDialog open invoice={invoice} onClose={close} readOnly={!abilities.comment} />}
      {dialog?.kind === 'email' && <EmailDialog open invoice={invoice} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Line Item"
        message={
          dialog?.kind === 'remove'
            ? `Remove ${dialog.line.name}?${unpaidIds.size === 1 && invoice.lineItems.length === 1 ? ' It is the last line: the invoice will be cancelled.' : ''}`
            : ''
        }
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'remove' &&
          remove.mutate(dialog.line.uid, {
            onSuccess: () => {
              notify.success(INVOICE_MESSAGES.removed);
              close();
            },
            onError: (error) => {
              notify.error(error);
              close();
            },
          })
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'cancel'}
        title="Cancel Invoice"
        message={`Cancel invoice #${invoice.invoiceNumber}? It can no longer be paid or changed.`}
        confirmLabel="Cancel Invoice"
        cancelLabel="Keep Invoice"
        destructive
        busy={cancel.isPending}
        onCancel={close}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              notify.success(INVOICE_MESSAGES.cancelled);
              close();
            },
            onError: (error) => {
              notify.error(error);
              close();
            },
          })
        }
      />
    </>
  );
}

/** `/invoices/:id`: the invoice, its lines and what the caller may do (the server's `abilities`). */
export function InvoicePage(props: { renderPayments?: TRenderPayments; renderPaidCell?: TRenderPaidCell }) {
  const { id = '' } = useParams();
  const query = useInvoice(id);
  if (query.isPending) return <Loader text="Loading invoice" />;
  if (query.isError) {
    // a malformed id (400) is as good as a missing one
    const error = isApiError(query.error) && query.error.status === 400 ? new ApiError(404, 'NOT_FOUND', INVOICE_MESSAGES.notFound) : query.error;
    return <RecordLoadError error={error} title="Invoice" backTo="/invoices" notFound={INVOICE_MESSAGES.notFound} />;
  }
  return <InvoiceDetail key={id} invoice={query.data} renderPayments={props.renderPayments} renderPaidCell={props.renderPaidCell} />;
}
