import { z } from 'zod';
import { ZEmail, ZHoneypot, ZPhoneOptional, zOneLineText, zRequiredText } from './common/text';

/** Contact Us (public dialog). */
export const ZContactMessage = z.object({
  name: zRequiredText('Name', 120),
  email: ZEmail,
  phone: ZPhoneOptional,
  subject: zOneLineText('Subject', 200),
  message: zRequiredText('Message', 4000),
  website: ZHoneypot,
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/** Lost/Stolen Card (public dialog). */
export const ZLostCardReport = z.object({
  name: zRequiredText('Name', 120),
  email: ZEmail,
  phone: ZPhoneOptional,
  company: z.string().trim().max(200).optional().default(''),
  cardNumber: z.string().trim().max(50).optional().default(''),
  message: zRequiredText('Details', 4000),
  website: ZHoneypot,
});
export type TLostCardReport = z.infer<typeof ZLostCardReport>;
