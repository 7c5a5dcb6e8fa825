import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney, toCents } from '@apron/core/money';
import { WAITLIST_MESSAGES, ZWaitlistJoin, ZWaitlistJoinPublic, type TWaitlistJoin, type TWaitlistJoined, type TWaitlistJoinInfo, type TWaitlistJoinInput } from '@apron/core/waitlist';
import { CardEntry, NO_CARD, type TCardEntryHandle, type TCardEntryState } from '../../components/card-entry';
import { FormDialog } from '../../components/form-dialog';
import { HoneypotField } from '../../components/honeypot-field';
import { KitFields } from '../../components/schema-form-fields';
import { isApiError } from '../../lib/api-client';
import { reportFormError } from '../../lib/form-submit';
import { useMoneyAttempt } from '../../lib/money-attempt';
import { useNotify } from '../../lib/notify';
import { useJoinInfo, useJoinWaitlist } from './api-public';
import { applicantFields } from './applicant-fields';

const EMPTY: TWaitlistJoinInput = { propertyType: '', aircrafttype: '', firstName: '', lastName: '', phone: '', email: '', organization: '', website: '' };

/**
 * Join Waitlist (spec doc 1 §2): Property Type ('Please Select' first), Aircraft Type, names,
 * Phone, Email, Organization. Whether phone, e-mail and organization are required is the server's
 * answer for the caller's role (`staffForm`), and the server checks it again. With a charge the
 * button reads 'Pay and Submit', the card is the card kit (test card number or Square's fields)
 * and the server charges its own amount. One Idempotency-Key and one source token per attempt
 * (the form and the card): a retry after a network or provider failure sends both again, so a
 * second click is the same join; a decline ends the attempt and the next click tokenizes again.
 */
export function JoinWaitlistDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const info = useJoinInfo(open);
  if (!open) return null;
  if (info.isPending || info.isError) {
    return (
      <Dialog open onClose={onClose} aria-label="Join WaitList">
        <DialogTitle>Join WaitList</DialogTitle>
        <DialogContent>{info.isError ? <Alert severity="error">Error Occurred</Alert> : <Typography role="status">Loading…</Typography>}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return <JoinForm info={info.data} onClose={onClose} />;
}

function JoinForm({ info, onClose }: { info: TWaitlistJoinInfo; onClose: () => void }) {
  const notify = useNotify();
  const join = useJoinWaitlist();
  const charged = info.charge > 0;
  const schema = info.staffForm ? ZWaitlistJoin : ZWaitlistJoinPublic;
  const form = useForm<TWaitlistJoinInput, unknown, TWaitlistJoin>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const cardEntry = useRef<TCardEntryHandle>(null);
  const [card, setCard] = useState<TCardEntryState>(NO_CARD);
  const [cardError, setCardError] = useState('');
  const [done, setDone] = useState<TWaitlistJoined | null>(null);
  // The kit's money pattern: one request at a time; one key and one card token per attempt (form + card),
  // kept after a network or provider failure.
  const attempt = useMoneyAttempt<string | undefined>();
  const { control } = form;
  const busy = attempt.running;

  const send = async (values: TWaitlistJoin) => {
    const fingerprint = JSON.stringify([values, charged ? card.card : null]);
    const tokenize = charged ? () => cardEntry.current!.tokenize() : undefined;
    try {
      const outcome = await attempt.run(
        fingerprint,
        (idempotencyKey, sourceId) => join.mutateAsync({ body: { ...values, ...(sourceId ? { sourceId } : {}) }, idempotencyKey }),
        tokenize,
      );
      if (outcome.sent) {
        notify.success(WAITLIST_MESSAGES.added);
        setDone(outcome.answer);
      } else if (outcome.reason === 'not-started') {
        setCardError(outcome.error instanceof Error ? outcome.error.message : 'The card could not be read.');
      }
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.sourceId) setCardError(error.fieldErrors.sourceId);
      reportFormError(error, form.setError, schema, notify);
    }
  };

  if (done) {
    return (
      <Dialog open onClose={onClose} aria-labelledby="waitlist-done-title">
        <DialogTitle id="waitlist-done-title">{WAITLIST_MESSAGES.added}</DialogTitle>
        <DialogContent>
          <Typography>
            {done.amount > 0 ? `We charged ${formatMoney(toCents(done.amount))}. ` : ''}
            {form.getValues('email') ? 'We e-mailed you a private link: it shows your place in the queue and lets you message our staff.' : 'The applicant is on the wait list.'}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const f = applicantFields<TWaitlistJoinInput>(info.propertyTypes, !info.staffForm);
  const fields = [f.propertyType, f.aircrafttype, { ...f.firstName, half: true }, { ...f.lastName, half: true }, { ...f.phone, half: true }, { ...f.email, half: true }, f.organization];
  return (
    <FormDialog
      open
      title="Join WaitList"
      onClose={onClose}
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      submitting={busy}
      submitLabel={busy ? 'Sending…' : charged ? 'Pay and Submit' : 'Submit'}
    >
      {info.factSheetUrl && (
        <Button href={info.factSheetUrl} target="_blank" rel="noopener" sx={{ alignSelf: 'flex-start' }}>
          Property Fact Sheet
        </Button>
      )}
      <KitFields fields={fields} control={control} autoFocusFirst={false} />
      <HoneypotField {...form.register('website')} />
      {charged && (
        <Box component="section" aria-label="Payment">
          <Typography variant="subtitle1" component="h3">
            Wait list fee: {formatMoney(toCents(info.charge))}
          </Typography>
          <CardEntry
            ref={cardEntry}
            error={cardError}
            onCardChange={(state) => {
              setCard(state);
              setCardError('');
            }}
          />
        </Box>
      )}
    </FormDialog>
  );
}
