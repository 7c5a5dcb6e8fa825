import { ListingsPage } from '../../features/listings/listings-page';
import { JoinWaitlistButtons } from '../../features/waitlist/join-waitlist-buttons';

/**
 * `/listings` with the wait list's Join WaitList and Property Fact Sheet buttons (features do not
 * import each other; they meet here). The dialog's code loads on the first click.
 */
export function ListingsRoute() {
  return <ListingsPage actions={<JoinWaitlistButtons />} />;
}
