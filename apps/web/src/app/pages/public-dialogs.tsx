import { lazy, Suspense, useState } from 'react';

/** Loaded on first use, so the landing page does not ship the form code up front. */
const ContactUsDialog = lazy(async () => ({ default: (await import('../../features/contact/contact-dialogs')).ContactUsDialog }));
const LostCardDialog = lazy(async () => ({ default: (await import('../../features/contact/contact-dialogs')).LostCardDialog }));

export type TPublicDialog = 'contact' | 'lostCard' | null;

/**
 * The Contact Us and Lost/Stolen Card dialogs. Once opened a dialog stays mounted, so what was
 * typed survives closing it until it is sent.
 */
export function PublicDialogs({ open, onClose }: { open: TPublicDialog; onClose: () => void }) {
  const [opened, setOpened] = useState<{ contact: boolean; lostCard: boolean }>({ contact: false, lostCard: false });
  if (open && !opened[open]) setOpened({ ...opened, [open]: true });
  return (
    <Suspense fallback={null}>
      {opened.contact && <ContactUsDialog open={open === 'contact'} onClose={onClose} />}
      {opened.lostCard && <LostCardDialog open={open === 'lostCard'} onClose={onClose} />}
    </Suspense>
  );
}
